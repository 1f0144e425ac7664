import type { FastifyInstance } from 'fastify';
import { adminNoticeEndpoints, messageEndpoints as ep, siteEndpoints } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { requireSite } from '../policy/index.js';
import { cleanMessages, listReminds, listSystem } from './inbox.js';
import { addNotice, listNotices, removeNotice, sendNoticeNow, updateNotice } from './notices.js';
import { unreadCounts } from './service.js';

/** The message centre. Prefix /api. */
export async function messageRoutes(app: FastifyInstance, ctx: AppContext) {
  const login = { preHandler: requireLogin };
  serve(app, siteEndpoints.unread, login, async ({ req }) => ok(await unreadCounts(ctx, userOf(req).uid)));
  serve(app, ep.comment, login, async ({ query, req }) => ok(await listReminds(ctx, userOf(req).uid, 'Discuss', query)));
  serve(app, ep.reply, login, async ({ query, req }) => ok(await listReminds(ctx, userOf(req).uid, 'Reply', query)));
  serve(app, ep.like, login, async ({ query, req }) => ok(await listReminds(ctx, userOf(req).uid, 'Like', query)));
  serve(app, ep.sys, login, async ({ query, req }) => ok(await listSystem(ctx, userOf(req).uid, 'Sys', query)));
  serve(app, ep.mine, login, async ({ query, req }) => ok(await listSystem(ctx, userOf(req).uid, 'Mine', query)));
  serve(app, ep.clean, login, async ({ query, req }) => {
    await cleanMessages(ctx, userOf(req).uid, query.type, query.id);
    return ok(null);
  });
}

/** Admin notices (super admin). Prefix /api/admin. */
export async function adminNoticeRoutes(app: FastifyInstance, ctx: AppContext) {
  const guard = { preHandler: requireSite('sendNotices') };
  const ep = adminNoticeEndpoints;
  serve(app, ep.list, guard, async ({ query }) => ok(await listNotices(ctx, query)));
  serve(app, ep.add, guard, async ({ body, req }) => ok(await addNotice(ctx, userOf(req), body)));
  serve(app, ep.update, guard, async ({ body }) => ok(await updateNotice(ctx, body)));
  serve(app, ep.remove, guard, async ({ query }) => {
    await removeNotice(ctx, query.id);
    return ok(null);
  });
  serve(app, ep.sendNow, guard, async ({ body }) => ok(await sendNoticeNow(ctx, body.id)));
}
