import type { FastifyInstance } from 'fastify';
import { groupEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { groupStanding, memberCount, toGroup } from './access.js';

/**
 * Groups (spec 3, HOJ paths of §10). Prefix /api. Every group call needs a login (visitors: 401
 * "Please login first!", the web opens the login dialog).
 */
export async function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const login = { preHandler: requireLogin };

  serve(app, ep.detail, login, async ({ query, req }) => {
    const { group, info } = await groupStanding(db, userOf(req), query.gid);
    return ok(toGroup(group, await memberCount(db, group.id), info));
  });

  serve(app, ep.auth, login, async ({ query, req }) => ok((await groupStanding(db, userOf(req), query.gid)).info.level));

  serve(app, ep.access, login, async ({ query, req }) => ok((await groupStanding(db, userOf(req), query.gid)).info));
}
