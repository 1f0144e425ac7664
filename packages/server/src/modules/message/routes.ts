import type { FastifyInstance } from 'fastify';
import { siteEndpoints } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { unreadCounts } from './service.js';

/** The message centre. Prefix /api. */
export async function messageRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, siteEndpoints.unread, { preHandler: requireLogin }, async ({ req }) => ok(await unreadCounts(ctx, userOf(req).uid)));
}
