import type { FastifyInstance } from 'fastify';
import { commentEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { optionalUser, requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import * as svc from './service.js';

/** Comments and replies of discussions and contests. Prefix /api. */
export async function commentRoutes(app: FastifyInstance, ctx: AppContext) {
  const login = { preHandler: requireLogin };
  serve(app, ep.list, {}, async ({ query, req, reply }) => ok(await svc.listComments(ctx, await optionalUser(req, reply), query)));
  serve(app, ep.add, login, async ({ body, req }) => ok(await svc.addComment(ctx, userOf(req), body)));
  serve(app, ep.remove, login, async ({ query, req }) => {
    await svc.removeComment(ctx, userOf(req), query.id);
    return ok(null);
  });
  serve(app, ep.like, login, async ({ query, req }) => ok(await svc.likeComment(ctx, userOf(req), query)));
  serve(app, ep.replies, {}, async ({ query, req, reply }) => ok(await svc.listReplies(ctx, await optionalUser(req, reply), query)));
  serve(app, ep.addReply, login, async ({ body, req }) => ok(await svc.addReply(ctx, userOf(req), body)));
  serve(app, ep.removeReply, login, async ({ query, req }) => {
    await svc.removeReply(ctx, userOf(req), query.id);
    return ok(null);
  });
}
