import type { FastifyInstance } from 'fastify';
import {
  addContestProblemBody,
  checkAcInfoBody,
  contestAcInfoQuery,
  contestPrintQuery,
  downloadAcSubmissionQuery,
  printIdQuery,
  submitPrintBody,
  contestProblemLinkQuery as rejudgeContestProblemQuery,
  adminContestListQuery,
  adminContestProblemListQuery,
  adminProblemBody,
  adminProblemUploadRef,
  contestProblemTarget,
  announcementIdQuery,
  changeContestVisibleQuery,
  cidQuery,
  contestAnnouncementBody,
  contestAnnouncementQuery,
  contestBody,
  contestListQuery,
  contestProblemLinkQuery,
  contestProblemQuery,
  contestRankBody,
  scrollBoardSubmissionQuery,
  MSG,
  notReadAnnouncementBody,
  registerContestBody,
  updateContestProblemBody,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import { optionalUser, requireLogin, requirePermission, userOf } from '../../lib/auth.js';
import { requireSite } from '../policy/index.js';
import { ok } from '../../lib/envelope.js';
import { ApiError } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
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

/** Taking part in contests (spec 2 §7 "Contest"). Prefix /api. */
export async function contestRoutes(app: FastifyInstance, ctx: AppContext) {
  const login = { preHandler: requireLogin };

  app.get('/get-contest-list', async (req) => ok(await part.contestList(ctx, parse(contestListQuery, req.query))));

  app.get('/get-contest-info', async (req, reply) => ok(await part.contestInfo(ctx, await optionalUser(req, reply), parse(cidQuery, req.query).cid)));

  app.get('/get-contest-outsize-info', async (req, reply) => ok(await part.outsideInfo(ctx, await optionalUser(req, reply), parse(cidQuery, req.query).cid)));

  app.post('/register-contest', login, async (req) => {
    const { cid, password } = parse(registerContestBody, req.body);
    await part.registerContest(ctx, userOf(req), cid, password ?? '');
    return ok(null, MSG.contestRegistered);
  });

  app.get('/get-contest-access', login, async (req) => ok(await part.contestAccess(ctx, userOf(req), parse(cidQuery, req.query).cid)));

  app.get('/get-contest-problem', login, async (req) => {
    const { cid, containsEnd } = parse(contestProblemQuery, req.query);
    return ok(await probs.contestProblemList(ctx, userOf(req), cid, containsEnd ?? false));
  });

  app.get('/get-contest-announcement', login, async (req) => ok(await ann.contestAnnouncements(ctx, userOf(req), parse(contestAnnouncementQuery, req.query))));

  app.post('/get-contest-not-read-announcement', login, async (req) => {
    const { cid, readAnnouncementList } = parse(notReadAnnouncementBody, req.body);
    return ok(await ann.notReadAnnouncements(ctx, userOf(req), cid, readAnnouncementList));
  });

  app.post('/get-contest-rank', login, async (req) => ok(await rank.contestRank(ctx, userOf(req), parse(contestRankBody, req.body))));

  app.post('/get-contest-outside-scoreboard', async (req, reply) =>
    ok(await rank.outsideRank(ctx, await optionalUser(req, reply), parse(contestRankBody, req.body))),
  );

  // The scroll board (resolver): the contest admin's, ACM only, after the end (scroll-board.ts).
  app.get('/get-contest-scroll-board-info', login, async (req) => ok(await scrollBoard.scrollBoardInfo(ctx, userOf(req), parse(cidQuery, req.query).cid)));
  app.get('/get-contest-scroll-board-submission', login, async (req) => {
    const { cid, removeStar } = parse(scrollBoardSubmissionQuery, req.query);
    return ok(await scrollBoard.scrollBoardSubmissions(ctx, userOf(req), cid, removeStar));
  });

  // Contest admin tools inside the contest (creator or super admin, checked per contest).
  app.get('/get-contest-ac-info', login, async (req) => ok(await acInfo.acInfo(ctx, userOf(req), parse(contestAcInfoQuery, req.query))));
  app.put('/check-contest-ac-info', login, async (req) => {
    await acInfo.checkAcInfo(ctx, userOf(req), parse(checkAcInfoBody, req.body));
    return ok(null);
  });

  app.post('/submit-print-text', login, async (req) => {
    const { cid, content } = parse(submitPrintBody, req.body);
    await print.submitPrint(ctx, userOf(req), cid, content);
    return ok(null);
  });
  app.get('/get-contest-print', login, async (req) => ok(await print.printList(ctx, userOf(req), parse(contestPrintQuery, req.query))));
  app.put('/check-contest-print-status', login, async (req) => {
    const { id, cid } = parse(printIdQuery, req.query);
    await print.markPrinted(ctx, userOf(req), id, cid);
    return ok(null);
  });
  app.get('/file/download-contest-print-text', login, async (req, reply) => {
    const { id, cid } = parse(printIdQuery, req.query);
    const job = await print.printJob(ctx, userOf(req), id, cid);
    return reply
      .header('Content-Type', 'text/plain; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="print_${job.id}_${job.username.replace(/[^\w.-]+/g, '_')}.txt"`)
      .header('Cache-Control', 'no-store')
      .send(job.content);
  });
  app.get('/file/download-contest-ac-submission', login, async (req, reply) => {
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
  const guard = { preHandler: requirePermission('contest_admin') };

  app.get('/contest/get-contest-list', guard, async (req) => ok(await admin.adminContestList(ctx, userOf(req), parse(adminContestListQuery, req.query))));
  app.get('/contest', guard, async (req) => ok(await admin.adminContest(ctx, userOf(req), parse(cidQuery, req.query).cid)));
  app.post('/contest', guard, async (req) => ok(await admin.createContest(ctx, userOf(req), parse(contestBody, req.body))));
  app.put('/contest', guard, async (req) => ok(await admin.updateContest(ctx, userOf(req), parse(contestBody, req.body))));
  app.delete('/contest', guard, async (req) => {
    await admin.deleteContest(ctx, userOf(req), parse(cidQuery, req.query).cid);
    return ok(null);
  });
  app.put('/contest/change-contest-visible', guard, async (req) => {
    const { cid, visible } = parse(changeContestVisibleQuery, req.query);
    await admin.changeVisible(ctx, userOf(req), cid, visible);
    return ok(null);
  });

  app.get('/contest/get-problem-list', guard, async (req) =>
    ok(await probs.adminProblemList(ctx, userOf(req), parse(adminContestProblemListQuery, req.query))),
  );
  app.get('/contest/contest-problem', guard, async (req) => {
    const { cid, pid } = parse(contestProblemLinkQuery, req.query);
    return ok(await probs.adminProblemLink(ctx, userOf(req), cid, pid));
  });
  app.put('/contest/contest-problem', guard, async (req) => ok(await probs.updateLink(ctx, userOf(req), parse(updateContestProblemBody, req.body))));
  app.post('/contest/add-problem-from-public', guard, async (req) => ok(await probs.addFromPublic(ctx, userOf(req), parse(addContestProblemBody, req.body))));
  // A new or edited problem of the contest (HOJ POST/PUT /api/admin/contest/problem): making problems is
  // problem management, so root and problem admins only, and the contest must be theirs.
  const problemGuard = { preHandler: requireSite('manageProblems') };
  app.post('/contest/problem', problemGuard, async (req) =>
    ok(
      await probs.createContestProblem(
        ctx,
        userOf(req),
        parse(contestProblemTarget, req.body),
        parse(adminProblemBody, req.body),
        parse(adminProblemUploadRef, req.body),
      ),
    ),
  );
  app.put('/contest/problem', problemGuard, async (req) =>
    ok(
      await probs.updateContestProblem(
        ctx,
        userOf(req),
        parse(contestProblemTarget, req.body),
        parse(adminProblemBody, req.body),
        parse(adminProblemUploadRef, req.body),
      ),
    ),
  );
  app.delete('/contest/problem', guard, async (req) => {
    const { cid, pid } = parse(contestProblemLinkQuery, req.query);
    await probs.removeProblem(ctx, userOf(req), cid, pid);
    return ok(null);
  });

  app.get('/contest/announcement', guard, async (req) => ok(await ann.adminAnnouncements(ctx, userOf(req), parse(contestAnnouncementQuery, req.query))));
  app.post('/contest/announcement', guard, async (req) => ok(await ann.saveAnnouncement(ctx, userOf(req), parse(contestAnnouncementBody, req.body))));
  app.put('/contest/announcement', guard, async (req) => {
    const body = parse(contestAnnouncementBody, req.body);
    if (!body.announcement.id) throw new ApiError('announcement.id: required', 400, 400);
    return ok(await ann.saveAnnouncement(ctx, userOf(req), body));
  });
  app.delete('/contest/announcement', guard, async (req) => {
    await ann.deleteAnnouncement(ctx, userOf(req), parse(announcementIdQuery, req.query).aid);
    return ok(null);
  });

  // Spec 2 §6: the rejudge tab is the super admin's.
  app.get('/judge/rejudge-contest-problem', { preHandler: requireSite('superviseJudging') }, async (req) => {
    const { cid, pid } = parse(rejudgeContestProblemQuery, req.query);
    return ok(await rejudgeContestProblem(ctx, cid, pid));
  });
}
