import type { FastifyInstance } from 'fastify';
import { plagiarismEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { checkView, listChecks, pairDetail, pairPage, setReviewed, startCheck } from './service.js';

/** Plagiarism checks of contest and problem staff. Prefix /api; each call asks the policy on its contest or problem. */
export async function plagiarismRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  serve(app, ep.start, { preHandler: requireLogin }, async ({ body, req }) => ok(await startCheck(db, userOf(req), body)));
  serve(app, ep.checks, { preHandler: requireLogin }, async ({ query, req }) => ok(await listChecks(db, userOf(req), query)));
  serve(app, ep.check, { preHandler: requireLogin }, async ({ query, req }) => ok(await checkView(db, userOf(req), query.id)));
  serve(app, ep.pairs, { preHandler: requireLogin }, async ({ query, req }) => ok(await pairPage(db, userOf(req), query)));
  serve(app, ep.pair, { preHandler: requireLogin }, async ({ query, req }) => ok(await pairDetail(db, userOf(req), query.id)));
  serve(app, ep.reviewed, { preHandler: requireLogin }, async ({ body, req }) => {
    await setReviewed(db, userOf(req), body.id, body.reviewed);
    return ok(null);
  });
}
