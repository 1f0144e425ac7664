import type { FastifyInstance } from 'fastify';
import {
  adminContestEndpoints as adm,
  contestEndpoints as ep,
  contestVirtualEndpoints as vep,
  downloadAcSubmissionQuery,
  fileTransferEndpoints,
  MSG,
  printIdQuery,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import { optionalUser, requireLogin, userOf } from '../../lib/auth.js';
import { serve, urlUnder } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { ApiError } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { siteOwner } from '../owner/index.js';
import { requireSite } from '../policy/index.js';
import * as acInfo from './ac-info.js';
import * as admin from './admin.js';
import * as ann from './announcements.js';
import * as part from './participate.js';
import { acSubmissionsZip } from './download.js';
import * as print from './print.js';
import * as probs from './problems.js';
import * as rank from './rank.js';
import { rejudgeContestProblem } from './rejudge.js';
import * as scrollBoard from './scroll-board.js';
import * as virtual from './virtual.js';
import { virtualRank } from './virtual-board.js';

/**
 * Taking part in contests. Prefix /api. A contest's submissions, its problem
 * statements and the focus mode's bar are served by the submission and place modules (the contest place).
 */
export async function contestRoutes(app: FastifyInstance, ctx: AppContext) {
  const login = { preHandler: requireLogin };

  serve(app, ep.list, {}, async ({ query }) => ok(await part.contestList(ctx, siteOwner(null), query)));

  serve(app, ep.info, {}, async ({ query, req, reply }) => ok(await part.contestInfo(ctx, await optionalUser(req, reply), query.cid)));

  serve(app, ep.outsideInfo, {}, async ({ query, req, reply }) => ok(await part.outsideInfo(ctx, await optionalUser(req, reply), query.cid)));

  serve(app, ep.register, login, async ({ body, req }) => {
    await part.registerContest(ctx, userOf(req), body.cid, body.password ?? '');
    return ok(null, MSG.contestRegistered);
  });

  serve(app, ep.access, login, async ({ query, req }) => ok(await part.contestAccess(ctx, userOf(req), query.cid)));

  serve(app, ep.problems, login, async ({ query, req }) => ok(await probs.contestProblemList(ctx, userOf(req), query.cid, query.containsEnd ?? false)));

  serve(app, ep.announcements, login, async ({ query, req }) => ok(await ann.contestAnnouncements(ctx, userOf(req), query)));

  serve(app, ep.notReadAnnouncements, login, async ({ body, req }) =>
    ok(await ann.notReadAnnouncements(ctx, userOf(req), body.cid, body.readAnnouncementList)),
  );

  serve(app, ep.rank, login, async ({ body, req }) => ok(await rank.contestRank(ctx, userOf(req), body)));

  serve(app, ep.outsideRank, {}, async ({ body, req, reply }) => ok(await rank.outsideRank(ctx, await optionalUser(req, reply), body)));

  // Virtual participation (virtual.ts): by contest id, so a group's contests are served the same way.
  serve(app, vep.state, login, async ({ query, req }) => ok(await virtual.virtualState(ctx, userOf(req), query.cid)));
  serve(app, vep.start, login, async ({ body, req }) => ok(await virtual.startVirtual(ctx, userOf(req), body.cid), MSG.contestVirtualStarted));
  serve(app, vep.rank, login, async ({ body, req }) => ok(await virtualRank(ctx, userOf(req), body)));

  // The scroll board (resolver): the contest admin's, ACM only, after the end (scroll-board.ts).
  serve(app, ep.scrollBoardInfo, login, async ({ query, req }) => ok(await scrollBoard.scrollBoardInfo(ctx, userOf(req), query.cid)));
  serve(app, ep.scrollBoardSubmissions, login, async ({ query, req }) =>
    ok(await scrollBoard.scrollBoardSubmissions(ctx, userOf(req), query.cid, query.removeStar)),
  );

  // Contest admin tools inside the contest (creator or super admin, checked per contest).
  serve(app, ep.acInfo, login, async ({ query, req }) => ok(await acInfo.acInfo(ctx, userOf(req), query)));
  serve(app, ep.checkAcInfo, login, async ({ body, req }) => {
    await acInfo.checkAcInfo(ctx, userOf(req), body);
    return ok(null);
  });

  serve(app, ep.submitPrint, login, async ({ body, req }) => {
    await print.submitPrint(ctx, userOf(req), body.cid, body.content);
    return ok(null);
  });
  serve(app, ep.printList, login, async ({ query, req }) => ok(await print.printList(ctx, userOf(req), query)));
  serve(app, ep.markPrinted, login, async ({ query, req }) => {
    await print.markPrinted(ctx, userOf(req), query.id, query.cid);
    return ok(null);
  });
  // Downloads answer files, not the envelope: plain routes.
  app.get(urlUnder(app, fileTransferEndpoints.contestPrintText), login, async (req, reply) => {
    const { id, cid } = parse(printIdQuery, req.query);
    const job = await print.printJob(ctx, userOf(req), id, cid);
    return reply
      .header('Content-Type', 'text/plain; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="print_${job.id}_${job.username.replace(/[^\w.-]+/g, '_')}.txt"`)
      .header('Cache-Control', 'no-store')
      .send(job.content);
  });
  app.get(urlUnder(app, fileTransferEndpoints.contestAcSubmissions), login, async (req, reply) => {
    const file = await acSubmissionsZip(ctx, userOf(req), parse(downloadAcSubmissionQuery, req.query));
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${file.name}"`)
      .header('Cache-Control', 'no-store')
      .send(file.zip);
  });
}

/**
 * Contest management (HOJ /api/admin/contest/*). The admin-area guard already ran; creating needs the
 * contest_admin permission, everything on an existing contest its contest admin (creator or super admin).
 */
export async function adminContestRoutes(app: FastifyInstance, ctx: AppContext) {
  const guard = { preHandler: requireSite('manageContests') };

  serve(app, adm.list, guard, async ({ query, req }) => ok(await admin.adminContestList(ctx, userOf(req), query)));
  serve(app, adm.get, guard, async ({ query, req }) => ok(await admin.adminContest(ctx, userOf(req), query.cid)));
  serve(app, adm.create, guard, async ({ body, req }) => ok(await admin.createContest(ctx, userOf(req), siteOwner(userOf(req)), body)));
  serve(app, adm.update, guard, async ({ body, req }) => ok(await admin.updateContest(ctx, userOf(req), body)));
  serve(app, adm.remove, guard, async ({ query, req }) => {
    await admin.deleteContest(ctx, userOf(req), query.cid);
    return ok(null);
  });
  serve(app, adm.changeVisible, guard, async ({ query, req }) => {
    await admin.changeVisible(ctx, userOf(req), query.cid, query.visible);
    return ok(null);
  });

  serve(app, adm.problems, guard, async ({ query, req }) => ok(await probs.adminProblemList(ctx, userOf(req), query)));
  serve(app, adm.problemLink, guard, async ({ query, req }) => ok(await probs.adminProblemLink(ctx, userOf(req), query.cid, query.pid)));
  serve(app, adm.updateLink, guard, async ({ body, req }) => ok(await probs.updateLink(ctx, userOf(req), body)));
  serve(app, adm.addFromPublic, guard, async ({ body, req }) => ok(await probs.addFromPublic(ctx, userOf(req), body)));
  // A new or edited problem of the contest (HOJ POST/PUT /api/admin/contest/problem): making problems is
  // problem management (policy `manageProblems`), and the contest must be theirs.
  const problemGuard = { preHandler: requireSite('manageProblems') };
  serve(app, adm.createProblem, problemGuard, async ({ body, req }) => ok(await probs.createContestProblem(ctx, userOf(req), body, body, body)));
  serve(app, adm.updateProblem, problemGuard, async ({ body, req }) => ok(await probs.updateContestProblem(ctx, userOf(req), body, body, body)));
  serve(app, adm.removeProblem, guard, async ({ query, req }) => {
    await probs.removeProblem(ctx, userOf(req), query.cid, query.pid);
    return ok(null);
  });

  serve(app, adm.announcements, guard, async ({ query, req }) => ok(await ann.adminAnnouncements(ctx, userOf(req), query)));
  serve(app, adm.addAnnouncement, guard, async ({ body, req }) => ok(await ann.saveAnnouncement(ctx, userOf(req), body)));
  serve(app, adm.updateAnnouncement, guard, async ({ body, req }) => {
    if (!body.announcement.id) throw new ApiError('announcement.id: required', 400, 400);
    return ok(await ann.saveAnnouncement(ctx, userOf(req), body));
  });
  serve(app, adm.removeAnnouncement, guard, async ({ query, req }) => {
    await ann.deleteAnnouncement(ctx, userOf(req), query.aid);
    return ok(null);
  });

  // The rejudge tab is the super admin's (policy `superviseJudging`).
  serve(app, adm.rejudgeProblem, { preHandler: requireSite('superviseJudging') }, async ({ query }) =>
    ok(await rejudgeContestProblem(ctx, query.cid, query.pid)),
  );
}
