import type { FastifyInstance } from 'fastify';
import { adminTrainingEndpoints as admin, MSG, trainingEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { optionalUser, requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { siteOwner } from '../owner/index.js';
import * as adm from './admin.js';
import * as cats from './categories.js';
import * as list from './list.js';
import { trainingProblemDetails, trainingProblemList } from './problems.js';
import { cachedTrainingRank } from './rank.js';

/** Trainings. Prefix /api. Visitors may list; opening a training needs login. */
export async function trainingRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const login = { preHandler: requireLogin };

  serve(app, ep.categories, {}, async () => ok(await cats.categoriesOf(db, siteOwner(null))));

  serve(app, ep.list, {}, async ({ query, req, reply }) => {
    const user = await optionalUser(req, reply);
    return ok(await list.trainingList(db, user, siteOwner(user), query));
  });

  serve(app, ep.detail, login, async ({ query, req }) => ok(await list.trainingDetail(db, userOf(req), query.tid)));

  serve(app, ep.register, login, async ({ body, req }) => {
    await list.registerTraining(db, userOf(req), body.tid, body.password);
    return ok(null, MSG.trainingRegistered);
  });

  serve(app, ep.access, login, async ({ query, req }) => ok(await list.trainingAccess(db, userOf(req), query.tid)));

  serve(app, ep.problems, login, async ({ query, req }) => ok(await trainingProblemList(db, userOf(req), query.tid)));

  serve(app, ep.rank, login, async ({ query, req }) => ok(await cachedTrainingRank(ctx, userOf(req), query)));

  serve(app, ep.problemDetails, login, async ({ query, req }) => ok(await trainingProblemDetails(db, userOf(req), query.tid, query.displayId)));
}

/**
 * /admin/training. Prefix /api/admin: the admin-area guard (root, admin, problem admin)
 * already ran; each call asks the policy for the training or category at hand.
 */
export async function adminTrainingRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  serve(app, admin.list, {}, async ({ query, req }) => ok(await adm.adminTrainingList(db, siteOwner(userOf(req)), query)));

  serve(app, admin.get, {}, async ({ query, req }) => ok(await adm.adminTraining(db, userOf(req), query.tid)));

  serve(app, admin.add, {}, async ({ body, req }) => ok(await adm.addTraining(db, userOf(req), body)));

  serve(app, admin.update, {}, async ({ body, req }) => ok(await adm.updateTraining(db, userOf(req), body)));

  serve(app, admin.remove, {}, async ({ query, req }) => {
    await adm.deleteTraining(db, userOf(req), query.tid);
    return ok(null);
  });

  serve(app, admin.changeStatus, {}, async ({ query, req }) => {
    await adm.changeTrainingStatus(db, userOf(req), query.tid, query.status);
    return ok(null);
  });

  serve(app, admin.problems, {}, async ({ query, req }) => ok(await adm.adminTrainingProblems(db, userOf(req), query)));

  serve(app, admin.updateProblem, {}, async ({ body, req }) => ok(await adm.updateTrainingProblem(db, userOf(req), body)));

  serve(app, admin.removeProblem, {}, async ({ query, req }) => {
    await adm.removeTrainingProblem(db, userOf(req), query.tid, query.pid);
    return ok(null);
  });

  serve(app, admin.addFromPublic, {}, async ({ body, req }) => ok(await adm.addProblemFromPublic(db, userOf(req), body)));

  serve(app, admin.addCategory, {}, async ({ body, req }) => ok(await cats.addCategory(db, siteOwner(userOf(req)), body)));

  serve(app, admin.updateCategory, {}, async ({ body, req }) => ok(await cats.updateCategory(db, siteOwner(userOf(req)), body)));

  serve(app, admin.removeCategory, {}, async ({ query, req }) => {
    await cats.removeCategory(db, siteOwner(userOf(req)), query.cid);
    return ok(null);
  });
}
