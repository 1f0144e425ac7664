import type { FastifyInstance } from 'fastify';
import {
  checkSubmissionsStatusBody,
  lastAcCodeQuery,
  manualJudgeQuery,
  MSG,
  Role,
  shareSubmissionBody,
  submissionListQuery,
  submitBody,
  submitIdQuery,
  type ApiResponse,
  type SubmitConfig,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import { optionalUser, requireLogin, requirePermission, requireRoles, userOf } from '../../lib/auth.js';
import { ok } from '../../lib/envelope.js';
import { getSetting } from '../../lib/site-config.js';
import { parse } from '../../lib/validate.js';
import * as subs from './service.js';

/** Submissions (spec 1 §2 status pages, §4, §5, §7). Prefix /api. */
export async function submissionRoutes(app: FastifyInstance, ctx: AppContext) {
  const login = { preHandler: requireLogin };

  app.post('/submit-problem-judge', { preHandler: requirePermission('submit') }, async (req) =>
    ok(await subs.submit(ctx, userOf(req), parse(submitBody, req.body), req.ip)),
  );

  // What the problem page must know before submitting (the switches themselves are root only).
  app.get('/get-submit-config', async (): Promise<ApiResponse<SubmitConfig>> => {
    const { submitCaptcha } = await getSetting(ctx.database.db, 'switch');
    return ok({ submitCaptcha });
  });

  app.get('/get-submission-detail', async (req, reply) => {
    const { submitId } = parse(submitIdQuery, req.query);
    return ok(await subs.submissionDetail(ctx, await optionalUser(req, reply), submitId));
  });

  app.get('/get-all-case-result', async (req, reply) => {
    const { submitId } = parse(submitIdQuery, req.query);
    return ok(await subs.allCaseResult(ctx, await optionalUser(req, reply), submitId));
  });

  app.get('/get-submission-list', async (req, reply) =>
    ok(await subs.submissionList(ctx, await optionalUser(req, reply), parse(submissionListQuery, req.query))),
  );

  app.post('/check-submissions-status', async (req, reply) => {
    const { submitIds, cid } = parse(checkSubmissionsStatusBody, req.body);
    return ok(await subs.checkStatus(ctx, await optionalUser(req, reply), submitIds, cid ?? 0));
  });

  app.put('/submission', login, async (req) => {
    const { submitId, share } = parse(shareSubmissionBody, req.body);
    await subs.setShare(ctx, userOf(req), submitId, share);
    return ok(null, MSG.success);
  });

  app.get('/get-last-ac-code', login, async (req) => {
    const { pid, cid } = parse(lastAcCodeQuery, req.query);
    return ok(await subs.lastAcCode(ctx, userOf(req), pid, cid ?? 0));
  });
}

/** Judging by administrators. Prefix /api/admin (the admin-area guard already ran). */
export async function adminJudgeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/judge/rejudge', { preHandler: requirePermission('rejudge') }, async (req) =>
    ok(await subs.adminRejudge(ctx, parse(submitIdQuery, req.query).submitId)),
  );

  app.get('/judge/manual-judge', { preHandler: requireRoles(Role.ROOT) }, async (req) =>
    ok(await subs.manualJudge(ctx, userOf(req), parse(manualJudgeQuery, req.query))),
  );

  app.get('/judge/cancel-judge', { preHandler: requireRoles(Role.ROOT) }, async (req) =>
    ok(await subs.adminCancel(ctx, userOf(req), parse(submitIdQuery, req.query).submitId)),
  );
}
