import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { groupContestEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { announcements } from '../../db/schema/index.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { ApiError, notFound } from '../../lib/errors.js';
import * as admin from '../contest/admin.js';
import * as ann from '../contest/announcements.js';
import * as probs from '../contest/problems.js';
import { contestGroupOwner, createGroupContest, groupAdminContestList, groupContestList } from './service.js';

/**
 * Group contests (HOJ /api/group/... contest calls). Prefix /api; every call needs
 * a login. Calls on one contest resolve the group holding it as the owner (a member's call; a site contest
 * does not exist here) and run the contest module's own service within it, which asks contest admin (group
 * root or creator) through the policy. Downloading accepted submissions is the contest's
 * `file/download-contest-ac-submission`.
 */
export async function groupContestRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const login = { preHandler: requireLogin };
  /** The group holding contest `cid`, with the caller in it. */
  const held = (req: FastifyRequest, cid: number) => contestGroupOwner(db, userOf(req), cid);

  serve(app, ep.list, login, async ({ query, req }) => ok(await groupContestList(ctx, userOf(req), query)));
  serve(app, ep.adminList, login, async ({ query, req }) => ok(await groupAdminContestList(ctx, userOf(req), query)));

  serve(app, ep.get, login, async ({ query, req }) => ok(await admin.adminContest(ctx, userOf(req), query.cid, await held(req, query.cid))));
  serve(app, ep.create, login, async ({ body, req }) => ok(await createGroupContest(ctx, userOf(req), body)));
  serve(app, ep.update, login, async ({ body, req }) => {
    if (!body.id) throw new ApiError('id: required', 400, 400);
    return ok(await admin.updateContest(ctx, userOf(req), body, await held(req, body.id)));
  });
  serve(app, ep.remove, login, async ({ query, req }) => {
    await admin.deleteContest(ctx, userOf(req), query.cid, await held(req, query.cid));
    return ok(null);
  });
  serve(app, ep.changeVisible, login, async ({ query, req }) => {
    await admin.changeVisible(ctx, userOf(req), query.cid, query.visible, await held(req, query.cid));
    return ok(null);
  });

  serve(app, ep.problems, login, async ({ query, req }) => ok(await probs.adminProblemList(ctx, userOf(req), query, await held(req, query.cid))));
  serve(app, ep.problemLink, login, async ({ query, req }) =>
    ok(await probs.adminProblemLink(ctx, userOf(req), query.cid, query.pid, await held(req, query.cid))),
  );
  serve(app, ep.updateLink, login, async ({ body, req }) => ok(await probs.updateLink(ctx, userOf(req), body, await held(req, body.cid))));
  serve(app, ep.removeProblem, login, async ({ query, req }) => {
    await probs.removeProblem(ctx, userOf(req), query.cid, query.pid, await held(req, query.cid));
    return ok(null);
  });
  serve(app, ep.addFromPublic, login, async ({ body, req }) => ok(await probs.addFromPublic(ctx, userOf(req), body, await held(req, body.cid))));
  serve(app, ep.addFromGroup, login, async ({ query, req }) => ok(await probs.addFromGroup(ctx, userOf(req), query, await held(req, query.cid))));

  serve(app, ep.announcements, login, async ({ query, req }) => ok(await ann.adminAnnouncements(ctx, userOf(req), query, await held(req, query.cid))));
  serve(app, ep.addAnnouncement, login, async ({ body, req }) => {
    const owner = await held(req, body.cid);
    return ok(await ann.saveAnnouncement(ctx, userOf(req), { ...body, announcement: { ...body.announcement, id: undefined } }, owner));
  });
  serve(app, ep.updateAnnouncement, login, async ({ body, req }) => {
    if (!body.announcement.id) throw new ApiError('announcement.id: required', 400, 400);
    return ok(await ann.saveAnnouncement(ctx, userOf(req), body, await held(req, body.cid)));
  });
  serve(app, ep.removeAnnouncement, login, async ({ query, req }) => {
    const owner = await held(req, query.cid);
    // The announcement must be this contest's (HOJ sends both ids).
    const [a] = await db.select({ cid: announcements.cid }).from(announcements).where(eq(announcements.id, query.aid));
    if (!a || a.cid !== query.cid) throw notFound('announcementNotFound');
    await ann.deleteAnnouncement(ctx, userOf(req), query.aid, owner);
    return ok(null);
  });
}
