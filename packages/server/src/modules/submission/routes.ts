import type { FastifyInstance } from 'fastify';
import { MSG, remoteJudgeEndpoints as remoteEp, submissionEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { optionalUser, requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { getSetting } from '../../lib/site-config.js';
import { resolvePlace } from '../place/index.js';
import { requireSite } from '../policy/index.js';
import * as subs from './service.js';

/** Submissions (status pages, judging, code visibility). Prefix /api. */
export async function submissionRoutes(app: FastifyInstance, ctx: AppContext) {
  const login = { preHandler: requireLogin };

  serve(app, ep.submit, { preHandler: requireSite('submit') }, async ({ body, req }) => {
    const user = userOf(req);
    const place = await resolvePlace(ctx, user, { cid: body.cid, tid: body.tid, gid: body.gid });
    return ok(await subs.submit(ctx, user, place, body, req.ip));
  });

  // What the problem page must know before submitting (the switches themselves are root only).
  serve(app, ep.submitConfig, {}, async () => {
    const { submitCaptcha } = await getSetting(ctx.database.db, 'switch');
    return ok({ submitCaptcha });
  });

  serve(app, ep.detail, {}, async ({ query, req, reply }) => ok(await subs.submissionDetail(ctx, await optionalUser(req, reply), query.submitId)));

  serve(app, ep.caseResult, {}, async ({ query, req, reply }) => ok(await subs.allCaseResult(ctx, await optionalUser(req, reply), query.submitId)));

  serve(app, ep.list, {}, async ({ query, req, reply }) => {
    const place = await resolvePlace(ctx, await optionalUser(req, reply), { gid: query.gid });
    return ok(await subs.submissionList(place, query));
  });

  // With a contest id this is check-contest-submissions-status (the contest place: login and its rules).
  serve(app, ep.checkStatus, {}, async ({ body, req, reply }) => {
    const place = await resolvePlace(ctx, await optionalUser(req, reply), { cid: body.cid, gid: body.gid });
    return ok(await subs.checkStatus(place, body.submitIds));
  });

  // A contest's submissions as the viewer may see them (the seal rules of place/contest.ts).
  serve(app, ep.contestList, login, async ({ query, req }) => {
    const place = await resolvePlace(ctx, userOf(req), { cid: query.contestID });
    return ok(await subs.submissionList(place, query));
  });

  serve(app, ep.checkContestStatus, login, async ({ body, req }) => {
    const place = await resolvePlace(ctx, userOf(req), { cid: body.cid });
    return ok(await subs.checkStatus(place, body.submitIds));
  });

  serve(app, ep.share, login, async ({ body, req }) => {
    await subs.setShare(ctx, userOf(req), body.submitId, body.share);
    return ok(null, MSG.success);
  });

  serve(app, remoteEp.resubmit, login, async ({ query, req }) => ok(await subs.resubmit(ctx, userOf(req), query.submitId)));

  serve(app, ep.lastAcCode, login, async ({ query, req }) => {
    const user = userOf(req);
    return ok(await subs.lastAcCode(ctx, user, await resolvePlace(ctx, user, { cid: query.cid }), query.pid));
  });
}

/** Judging by administrators. Prefix /api/admin (the admin-area guard already ran). */
export async function adminJudgeRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ep.rejudge, { preHandler: requireSite('rejudge') }, async ({ query }) => ok(await subs.adminRejudge(ctx, query.submitId)));

  serve(app, ep.manualJudge, { preHandler: requireSite('superviseJudging') }, async ({ query, req }) => ok(await subs.manualJudge(ctx, userOf(req), query)));

  serve(app, ep.cancel, { preHandler: requireSite('superviseJudging') }, async ({ query, req }) =>
    ok(await subs.adminCancel(ctx, userOf(req), query.submitId)),
  );
}
