import type { FastifyInstance } from 'fastify';
import { testRunEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { requireSite } from '../policy/index.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { resolvePlace } from '../place/index.js';
import { submitTestRun, testRunResult } from './service.js';

/** Online self-test. Prefix /api. */
export async function testRunRoutes(app: FastifyInstance, ctx: AppContext) {
  // Running code costs judge time: the same permission as submitting.
  serve(app, ep.submit, { preHandler: requireSite('submit') }, async ({ body, req }) => {
    const user = userOf(req);
    // HOJ's `type` says where the problem is tested from: a contest; otherwise a training (its problems,
    // hidden ones too, are tested where they are submitted) or a group's problem names its group.
    const place = await resolvePlace(ctx, user, body.type === 'contest' ? { cid: body.cid } : { tid: body.tid || undefined, gid: body.gid || undefined });
    return ok(await submitTestRun(ctx, user, place, body));
  });

  serve(app, ep.result, { preHandler: requireLogin }, async ({ query, req }) => ok(await testRunResult(ctx, userOf(req), query.testJudgeKey)));
}
