import type { FastifyInstance } from 'fastify';
import { contestEndpoints, problemEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { problemDetail } from './problem.js';
import { resolvePlace } from './registry.js';

/** A problem opened in a place: statement, own status, the focus mode's problem bar. Prefix /api. */
export async function placeRoutes(app: FastifyInstance, ctx: AppContext) {
  // Viewing a problem requires login.
  const login = { preHandler: requireLogin };

  serve(app, ep.detail, login, async ({ query, req }) => {
    const user = userOf(req);
    return ok(await problemDetail(ctx, await resolvePlace(ctx, user, { tid: query.tid, gid: query.gid }), query.problemId));
  });

  // A contest problem under its letter and title (HOJ's own call for it).
  serve(app, contestEndpoints.problemDetail, login, async ({ query, req }) => {
    const user = userOf(req);
    return ok(await problemDetail(ctx, await resolvePlace(ctx, user, { cid: query.cid }), query.displayId, { containsEnd: query.containsEnd }));
  });

  serve(app, ep.userStatus, login, async ({ body, req }) => {
    const user = userOf(req);
    const place = await resolvePlace(ctx, user, { cid: body.isContestProblemList ? body.cid : undefined, tid: body.tid, gid: body.gid });
    return ok(await place.userProblemStatus(body.pidList));
  });

  serve(app, ep.fullScreenList, login, async ({ query, req }) => {
    const user = userOf(req);
    return ok(await (await resolvePlace(ctx, user, { cid: query.cid, tid: query.tid, gid: query.gid })).problemBar());
  });
}
