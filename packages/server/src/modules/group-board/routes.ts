import type { FastifyInstance } from 'fastify';
import { groupBoardEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { type AuthUser, requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { moderateDiscussion } from '../discussion/admin.js';
import { assertGroupDiscussionOpen } from '../discussion/access.js';
import { adminDiscussionList, discussionList } from '../discussion/list.js';
import { addDiscussion, deleteDiscussion, updateDiscussion } from '../discussion/write.js';
import * as ann from '../announcement/service.js';
import { memberStanding } from '../group/access.js';
import { groupOwner } from '../group/owner.js';
import { groupRankScope, rankList } from '../rank/service.js';
import { announcementGroupOwner, groupAnnouncementView } from './announcements.js';
import { discussionGroupOwner } from './discussions.js';

/**
 * A group's announcements, rank and discussions (HOJ paths of §10 and get-group-rank-list).
 * Prefix /api. Every call needs a login and the caller's standing in the group (group/access.ts); the
 * discussion calls are first closed by the site switch openGroupDiscussion (403 for everyone).
 */
export async function groupBoardRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const login = { preHandler: requireLogin };
  const discussion = { preHandler: [async () => assertGroupDiscussionOpen(db), requireLogin] };

  /** Members read the shown announcements; the group's admins list all and write them. */
  const page = async (q: { gid: number; currentPage: number; limit: number }, user: AuthUser, all: boolean) => {
    const p = await ann.ownerAnnouncements(ctx, await groupOwner(db, user, q.gid, all ? 'admin' : 'member'), q, !all);
    return { records: p.records.map(groupAnnouncementView), total: p.total };
  };
  const asAdmin = (user: AuthUser, gid: number) => groupOwner(db, user, gid, 'admin');

  serve(app, ep.announcements, login, async ({ query, req }) => ok(await page(query, userOf(req), false)));
  serve(app, ep.adminAnnouncements, login, async ({ query, req }) => ok(await page(query, userOf(req), true)));
  serve(app, ep.addAnnouncement, login, async ({ body, req }) =>
    ok(groupAnnouncementView(await ann.addAnnouncement(ctx, await asAdmin(userOf(req), body.gid), body))),
  );
  // A PUT without an id adds one, as the group's save call always did.
  serve(app, ep.updateAnnouncement, login, async ({ body, req }) => {
    const owner = await asAdmin(userOf(req), body.gid);
    return ok(groupAnnouncementView(await (body.id ? ann.updateAnnouncement : ann.addAnnouncement)(ctx, owner, body)));
  });
  serve(app, ep.removeAnnouncement, login, async ({ query, req }) => {
    await ann.deleteAnnouncement(ctx, await announcementGroupOwner(db, userOf(req), query.aid), query.aid);
    return ok(null);
  });

  // The site's rank service under the group's scope; members only.
  serve(app, ep.rank, login, async ({ query, req }) => {
    const { group } = await memberStanding(db, userOf(req), query.gid);
    return ok(await rankList(ctx, groupRankScope(group.id), query));
  });

  serve(app, ep.discussions, discussion, async ({ query, req }) => {
    const user = userOf(req);
    return ok(await discussionList(ctx, user, await groupOwner(db, user, query.gid, 'member'), query));
  });
  serve(app, ep.adminDiscussions, discussion, async ({ query, req }) => ok(await adminDiscussionList(ctx, await asAdmin(userOf(req), query.gid), query)));
  serve(app, ep.addDiscussion, discussion, async ({ body, req }) => {
    const user = userOf(req);
    return ok(await addDiscussion(db, user, await groupOwner(db, user, body.gid, 'member'), body));
  });
  serve(app, ep.updateDiscussion, discussion, async ({ body, req }) => {
    const user = userOf(req);
    await discussionGroupOwner(db, user, body.id);
    return ok(await updateDiscussion(db, user, body));
  });
  serve(app, ep.removeDiscussion, discussion, async ({ query, req }) => {
    const user = userOf(req);
    await discussionGroupOwner(db, user, query.did);
    await deleteDiscussion(db, user, query.did);
    return ok(null);
  });
  serve(app, ep.moderateDiscussion, discussion, async ({ body, req }) => {
    const user = userOf(req);
    await discussionGroupOwner(db, user, body.id);
    await moderateDiscussion(db, user, body);
    return ok(null);
  });
}
