/** Judge jobs as a task kind of the judge queue: leased from `judge_job`, outputs and results posted under /api/judge/job. */
import type { Readable } from 'node:stream';
import { judgeEndpoints, judgeJobOutputQuery } from '@oj/shared';
import { serve, urlUnder } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { parse } from '../../lib/validate.js';
import { protocolError } from '../judge/protocol-error.js';
import type { TaskKind } from '../judge/task-kinds.js';
import { JobUploadRefused, leaseJob, releaseJob, storeJobOutput, storeJobResult } from './service.js';

export const judgeJobTasks: TaskKind = {
  name: 'job',
  lane: 'local',
  async lease(ctx, judge) {
    const task = await leaseJob(ctx, judge.id, 'local');
    return task && { task, release: () => releaseJob(ctx, task) };
  },
  routes(app, ctx) {
    // A step's output arrives as its bytes, streamed into the store (never read into memory).
    app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
    const ep = judgeEndpoints.jobOutput;
    app.post(urlUnder(app, ep), { bodyLimit: Number.MAX_SAFE_INTEGER }, async (req, reply) => {
      const { taskId, leaseToken } = parse(judgeJobOutputQuery, req.query);
      if (!req.body || typeof (req.body as Readable).pipe !== 'function') throw protocolError.badRequest('the body must be application/octet-stream');
      try {
        const stored = await storeJobOutput(ctx, taskId, leaseToken, req.body as Readable);
        if (!stored) throw protocolError.leaseLost();
        return reply.send(ok(stored));
      } catch (e) {
        if (e instanceof JobUploadRefused) throw protocolError.tooLarge(e.message);
        throw e;
      }
    });
    serve(app, judgeEndpoints.jobResult, {}, async ({ body }) => {
      const res = await storeJobResult(ctx, body);
      if (!res) throw protocolError.leaseLost();
      return ok(res);
    });
  },
};

/** Remote jobs (fetch a problem, the sites' contest lists) for a daemon's remote workers; results come back on the routes above. */
export const remoteJobTasks: TaskKind = {
  name: 'remote job',
  lane: 'remote',
  async lease(ctx, judge) {
    const task = await leaseJob(ctx, judge.id, 'remote');
    return task && { task, release: () => releaseJob(ctx, task) };
  },
  routes() {},
};
