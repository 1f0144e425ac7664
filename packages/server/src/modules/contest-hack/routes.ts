import type { FastifyInstance } from 'fastify';
import { contestHackEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { requireSite } from '../policy/index.js';
import { hackKit, saveHackKit } from './kit.js';
import { hackTarget, listHacks, lockProblem, myLocks, submitHack } from './service.js';
import { hacksToTests } from './to-tests.js';

/** A contest's hacks. Prefix /api. */
export async function contestHackRoutes(app: FastifyInstance, ctx: AppContext) {
  const login = { preHandler: requireLogin };
  // Locking and hacking are submitting: the same site right.
  const submit = { preHandler: requireSite('submit') };
  serve(app, ep.lock, submit, async ({ body, req }) => ok(await lockProblem(ctx, userOf(req), body.cid, body.displayId)));
  serve(app, ep.locks, login, async ({ query, req }) => ok(await myLocks(ctx, userOf(req), query.cid)));
  serve(app, ep.target, submit, async ({ query, req }) => ok(await hackTarget(ctx, userOf(req), query.cid, query.submitId)));
  serve(app, ep.submit, submit, async ({ body, req }) => ok(await submitHack(ctx, userOf(req), body)));
  serve(app, ep.list, login, async ({ query, req }) => ok(await listHacks(ctx, userOf(req), query.cid)));
}

/** The staff's hack calls. Prefix /api/admin (the admin area's guard is in front). */
export async function adminContestHackRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ep.toTests, { preHandler: requireLogin }, async ({ body, req }) => ok(await hacksToTests(ctx, userOf(req), body.cid)));
  const problems = { preHandler: requireSite('manageProblems') };
  serve(app, ep.kit, problems, async ({ query, req }) => ok(await hackKit(ctx, userOf(req), query.pid)));
  serve(app, ep.saveKit, problems, async ({ body, req }) => ok(await saveHackKit(ctx, userOf(req), body)));
}
