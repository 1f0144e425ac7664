import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminDiscussionEndpoints as admin, discussionEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { optionalUser, requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { getSetting } from '../../lib/site-config.js';
import { siteOwner } from '../owner/index.js';
import { maySite, requireSite } from '../policy/index.js';
import { assertDiscussionOpen, assertDiscussionPlaceOpen } from './access.js';
import * as adm from './admin.js';
import { listCategories, saveCategories } from './categories.js';
import { viewDiscussion } from './detail.js';
import { likeDiscussion } from './like.js';
import { adminDiscussionList, discussionList } from './list.js';
import { reportDiscussion } from './report.js';
import { addDiscussion, deleteDiscussion, updateDiscussion } from './write.js';

/**
 * Discussions. Prefix /api. Every call first asks the site switch
 * (openPublicDiscussion: closed → 403 "No Access" for everyone), then the login where one is needed.
 */
export async function discussionRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const open = async () => assertDiscussionOpen(db);
  const anyone = { preHandler: open };
  const login = { preHandler: [open, requireLogin] };
  // Calls on one discussion: a group's is closed by the group switch, not the public one.
  const openFor = (didOf: (req: FastifyRequest) => unknown) => async (req: FastifyRequest) => assertDiscussionPlaceOpen(db, didOf(req));
  const byQuery = openFor((req) => (req.query as { did?: unknown } | undefined)?.did);
  const byBody = (key: 'did' | 'id') => openFor((req) => (req.body as Record<string, unknown> | undefined)?.[key]);
  // The super admin's category editor is also in the back office, which the switch does not close.
  const openOrCategoryEditor = async (req: FastifyRequest, reply: FastifyReply) => {
    const user = await optionalUser(req, reply);
    if (!user || !maySite(user, 'editDiscussionCategories')) await open();
  };

  // The categories serve the group discussion pages too: open while either discussion area is.
  const eitherAreaOrEditor = async (req: FastifyRequest, reply: FastifyReply) => {
    const website = await getSetting(db, 'website');
    if (!website.openGroupDiscussion) await openOrCategoryEditor(req, reply);
  };
  serve(app, ep.categories, { preHandler: eitherAreaOrEditor }, async () => ok(await listCategories(db)));

  serve(app, ep.saveCategories, { preHandler: [openOrCategoryEditor, requireLogin] }, async ({ body, req }) => ok(await saveCategories(db, userOf(req), body)));

  serve(app, ep.list, anyone, async ({ query, req, reply }) => {
    const user = await optionalUser(req, reply);
    return ok(await discussionList(ctx, user, siteOwner(user), query));
  });

  serve(app, ep.detail, { preHandler: byQuery }, async ({ query, req, reply }) => ok(await viewDiscussion(db, await optionalUser(req, reply), query.did)));

  serve(app, ep.add, login, async ({ body, req }) => {
    const user = userOf(req);
    return ok(await addDiscussion(db, user, siteOwner(user), body));
  });

  serve(app, ep.update, { preHandler: [byBody('id'), requireLogin] }, async ({ body, req }) => ok(await updateDiscussion(db, userOf(req), body)));

  serve(app, ep.remove, { preHandler: [byQuery, requireLogin] }, async ({ query, req }) => {
    await deleteDiscussion(db, userOf(req), query.did);
    return ok(null);
  });

  serve(app, ep.like, { preHandler: [byQuery, requireLogin] }, async ({ query, req }) => ok(await likeDiscussion(db, userOf(req), query.did, query.toLike)));

  serve(app, ep.report, { preHandler: [byBody('did'), requireLogin] }, async ({ body, req }) => {
    await reportDiscussion(db, userOf(req), body);
    return ok(null);
  });
}

/**
 * /admin/discussion. Prefix /api/admin: the admin-area guard already ran; the policy's
 * moderateDiscussions decides. The site switch does not close the back office.
 */
export async function adminDiscussionRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const moderator = { preHandler: requireSite('moderateDiscussions') };

  serve(app, admin.list, moderator, async ({ query, req }) => ok(await adminDiscussionList(ctx, siteOwner(userOf(req)), query)));

  serve(app, admin.update, moderator, async ({ body, req }) => {
    await adm.moderateDiscussion(db, userOf(req), body);
    return ok(null);
  });

  serve(app, admin.remove, moderator, async ({ body, req }) => {
    await adm.deleteDiscussions(db, userOf(req), body.ids);
    return ok(null);
  });

  serve(app, admin.reports, moderator, async ({ query, req }) => ok(await adm.reportList(db, userOf(req), query)));

  serve(app, admin.handleReport, moderator, async ({ body, req }) => {
    await adm.handleReport(db, userOf(req), body.id, body.status);
    return ok(null);
  });
}
