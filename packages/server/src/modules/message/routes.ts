import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { ok } from '../../lib/envelope.js';
import { unreadCounts } from './service.js';

/** The message centre. Prefix /api. */
export async function messageRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/msg/unread', { preHandler: requireLogin }, async (req) => ok(await unreadCounts(ctx, userOf(req).uid)));
}
