/** Test runs as a task kind of the judge queue: leased from `test_run`, results posted to /test-run/result. */
import { judgeEndpoints } from '@oj/shared';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { protocolError } from '../judge/protocol-error.js';
import type { TaskKind } from '../judge/task-kinds.js';
import { leaseTestRun, releaseTestRun, storeTestRunResult } from './service.js';

export const testRunTasks: TaskKind = {
  name: 'test run',
  lane: 'local',
  async lease(ctx, judge) {
    const task = await leaseTestRun(ctx, judge.id);
    return task && { task, release: () => releaseTestRun(ctx, task) };
  },
  routes(app, ctx) {
    serve(app, judgeEndpoints.testRunResult, {}, async ({ body }) => {
      const res = await storeTestRunResult(ctx, body);
      if (!res) throw protocolError.leaseLost();
      return ok(res);
    });
  },
};
