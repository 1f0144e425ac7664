/**
 * Remote problem imports (HOJ's import-remote-oj-problem calls): into the bank, a training, a contest, or
 * a group's problems; the other sites' contests; linking a run made on a site. Each import checks the caller's rights on where the problem goes before the site is asked.
 */
import type { FastifyInstance } from 'fastify';
import { MSG, remoteJudgeEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { administeredContest } from '../contest/access.js';
import { addFromPublic } from '../contest/problems.js';
import { groupOwner } from '../group/owner.js';
import { siteOwner } from '../owner/index.js';
import { requireSite } from '../policy/index.js';
import { administeredTraining } from '../training/access.js';
import { linkProblem } from '../training/admin.js';
import { importRemote } from './import.js';
import { linkRun } from './link-run.js';
import { resolvePlace } from '../place/index.js';
import { recentOtherContests } from './other-contests.js';

/** Prefix /api/admin. */
export async function adminRemoteImportRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  serve(app, ep.importToBank, { preHandler: requireSite('manageProblems') }, async ({ query, req }) => {
    const user = userOf(req);
    return ok(await importRemote(ctx, siteOwner(user), user, query), MSG.success);
  });

  serve(app, ep.importToTraining, {}, async ({ query, req }) => {
    const user = userOf(req);
    const t = await administeredTraining(db, query.tid, user);
    return ok(await importRemote(ctx, siteOwner(user), user, query, (tx, p) => linkProblem(tx, t.id, p, p.problemId)), MSG.success);
  });

  serve(app, ep.importToContest, { preHandler: requireSite('manageContests') }, async ({ query, req }) => {
    const user = userOf(req);
    await administeredContest(db, query.cid, user);
    const link = (tx: DbOrTx, p: { id: number }) => addFromPublic(ctx, user, { cid: query.cid, pid: p.id, displayId: query.displayId }, undefined, tx);
    return ok(await importRemote(ctx, siteOwner(user), user, query, link), MSG.success);
  });
}

/** Prefix /api: a group's admins import into the group's problems (display id with the group's prefix); the home page's contests of other sites. */
export async function remoteJudgeRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ep.recentOtherContests, {}, async ({ req }) => ok(await recentOtherContests(ctx, (msg) => req.log.warn(msg))));
  serve(app, ep.linkRun, { preHandler: requireSite('submit') }, async ({ body, req }) => {
    const user = userOf(req);
    const place = await resolvePlace(ctx, user, { tid: body.tid, gid: body.gid });
    return ok(await linkRun(ctx, user, place, body, req.ip));
  });

  serve(app, ep.importToGroup, { preHandler: requireLogin }, async ({ query, req }) => {
    const user = userOf(req);
    const owner = await groupOwner(ctx.database.db, user, query.gid, 'admin');
    return ok(await importRemote(ctx, owner, user, query), MSG.success);
  });
}
