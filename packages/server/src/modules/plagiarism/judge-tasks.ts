/** Plagiarism checks as a task kind of the judge queue: leased from `plagiarism_check`, sources, progress and pairs under /api/judge/plagiarism. */
import { judgeEndpoints, PLAGIARISM_OVERDUE_MS } from '@oj/shared';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { protocolError } from '../judge/protocol-error.js';
import type { TaskKind } from '../judge/task-kinds.js';
import { checkProgress, checkSources, failCheck, leaseCheck, releaseCheck, storeCheckResult, sweepChecks } from './queue.js';

export const plagiarismTasks: TaskKind = {
  name: 'plagiarism',
  lane: 'local',
  async lease(ctx, judge) {
    const task = await leaseCheck(ctx, judge.id);
    return task && { task, release: () => releaseCheck(ctx, task) };
  },
  giveBack: releaseCheck,
  routes(app, ctx) {
    serve(app, judgeEndpoints.plagiarismSources, {}, async ({ query }) => {
      const sources = await checkSources(ctx, query.taskId, query.leaseToken);
      if (!sources) throw protocolError.leaseLost();
      return ok(sources);
    });
    serve(app, judgeEndpoints.plagiarismProgress, {}, async ({ body }) => {
      if (!(await checkProgress(ctx, body))) throw protocolError.leaseLost();
      return ok(null);
    });
    // Up to 5 000 pairs with their fragments: more than the protocol's usual megabyte.
    serve(app, judgeEndpoints.plagiarismResult, { bodyLimit: 64 * 1024 * 1024 }, async ({ body }) => {
      const res = await storeCheckResult(ctx, body);
      if (!res) throw protocolError.leaseLost();
      return ok(res);
    });
    serve(app, judgeEndpoints.plagiarismFail, {}, async ({ body }) => {
      if (!(await failCheck(ctx, body))) throw protocolError.leaseLost();
      return ok(null);
    });
  },
  sweep: sweepChecks,
};

/**
 * The checks that waited PLAGIARISM_OVERDUE_MS behind submissions, polled before them: the same tasks
 * (kind 'plagiarism', served by the routes above), only their turn comes earlier.
 */
export const overduePlagiarismTasks: TaskKind = {
  name: 'plagiarismOverdue',
  lane: 'local',
  async lease(ctx, judge) {
    const task = await leaseCheck(ctx, judge.id, PLAGIARISM_OVERDUE_MS);
    return task && { task, release: () => releaseCheck(ctx, task) };
  },
  routes() {},
};
