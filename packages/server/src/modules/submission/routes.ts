import type { FastifyInstance } from 'fastify';
import { MSG, Role, submissionEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { optionalUser, requireLogin, requirePermission, requireRoles, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { getSetting } from '../../lib/site-config.js';
import * as subs from './service.js';

/** Submissions (spec 1 §2 status pages, §4, §5, §7). Prefix /api. */
export async function submissionRoutes(app: FastifyInstance, ctx: AppContext) {
  const login = { preHandler: requireLogin };

  serve(app, ep.submit, { preHandler: requirePermission('submit') }, async ({ body, req }) => ok(await subs.submit(ctx, userOf(req), body, req.ip)));

  // What the problem page must know before submitting (the switches themselves are root only).
  serve(app, ep.submitConfig, {}, async () => {
    const { submitCaptcha } = await getSetting(ctx.database.db, 'switch');
    return ok({ submitCaptcha });
  });

  serve(app, ep.detail, {}, async ({ query, req, reply }) => ok(await subs.submissionDetail(ctx, await optionalUser(req, reply), query.submitId)));

  serve(app, ep.caseResult, {}, async ({ query, req, reply }) => ok(await subs.allCaseResult(ctx, await optionalUser(req, reply), query.submitId)));

  serve(app, ep.list, {}, async ({ query, req, reply }) => ok(await subs.submissionList(ctx, await optionalUser(req, reply), query)));

  serve(app, ep.checkStatus, {}, async ({ body, req, reply }) =>
    ok(await subs.checkStatus(ctx, await optionalUser(req, reply), body.submitIds, body.cid ?? 0)),
  );

  serve(app, ep.share, login, async ({ body, req }) => {
    await subs.setShare(ctx, userOf(req), body.submitId, body.share);
    return ok(null, MSG.success);
  });

  serve(app, ep.lastAcCode, login, async ({ query, req }) => ok(await subs.lastAcCode(ctx, userOf(req), query.pid, query.cid ?? 0)));
}

/** Judging by administrators. Prefix /api/admin (the admin-area guard already ran). */
export async function adminJudgeRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ep.rejudge, { preHandler: requirePermission('rejudge') }, async ({ query }) => ok(await subs.adminRejudge(ctx, query.submitId)));

  serve(app, ep.manualJudge, { preHandler: requireRoles(Role.ROOT) }, async ({ query, req }) => ok(await subs.manualJudge(ctx, userOf(req), query)));

  serve(app, ep.cancel, { preHandler: requireRoles(Role.ROOT) }, async ({ query, req }) => ok(await subs.adminCancel(ctx, userOf(req), query.submitId)));
}
