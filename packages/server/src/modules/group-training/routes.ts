import type { FastifyInstance, FastifyRequest } from 'fastify';
import { groupTrainingEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { fail } from '../../lib/errors.js';
import { groupOwner } from '../group/owner.js';
import * as cats from '../training/categories.js';
import * as adm from '../training/admin.js';
import * as list from '../training/list.js';
import * as svc from './from-group.js';

/**
 * Group trainings (HOJ paths of §10). Prefix /api; every call needs a login.
 * Lists and categories check the caller's standing in the group; calls on one training resolve the group
 * holding it as the owner (members only) and go to the site's training services within that owner, whose
 * checks ask the policy with the caller's level there (admin = author while a group admin, group root,
 * super admin).
 */
export async function groupTrainingRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const login = { preHandler: requireLogin };
  /** The group holding training `tid`, with the caller in it (a site training is "not found" here). */
  const inGroup = (tid: number, req: FastifyRequest) => svc.trainingGroupOwner(db, userOf(req), tid);

  serve(app, ep.list, login, async ({ query, req }) => {
    const user = userOf(req);
    return ok(await list.trainingList(db, user, await groupOwner(db, user, query.gid, 'member'), query));
  });

  serve(app, ep.adminList, login, async ({ query, req }) => ok(await adm.adminTrainingList(db, await groupOwner(db, userOf(req), query.gid, 'admin'), query)));

  serve(app, ep.get, login, async ({ query, req }) => ok(await adm.adminTraining(db, userOf(req), query.tid, await inGroup(query.tid, req))));

  serve(app, ep.add, login, async ({ body, req }) => {
    const user = userOf(req);
    return ok(await adm.addTraining(db, user, body, await groupOwner(db, user, body.training.gid, 'admin')));
  });

  serve(app, ep.update, login, async ({ body, req }) => {
    const within = body.training.id === undefined ? undefined : await inGroup(body.training.id, req);
    return ok(await adm.updateTraining(db, userOf(req), body, within));
  });

  serve(app, ep.remove, login, async ({ query, req }) => {
    await adm.deleteTraining(db, userOf(req), query.tid, await inGroup(query.tid, req));
    return ok(null);
  });

  serve(app, ep.changeStatus, login, async ({ query, req }) => {
    await adm.changeTrainingStatus(db, userOf(req), query.tid, query.status, await inGroup(query.tid, req));
    return ok(null);
  });

  serve(app, ep.problems, login, async ({ query, req }) => ok(await adm.adminTrainingProblems(db, userOf(req), query, await inGroup(query.tid, req))));

  serve(app, ep.updateProblem, login, async ({ body, req }) => ok(await adm.updateTrainingProblem(db, userOf(req), body, (tid) => inGroup(tid, req))));

  serve(app, ep.removeProblem, login, async ({ query, req }) => {
    await adm.removeTrainingProblem(db, userOf(req), query.tid, query.pid, await inGroup(query.tid, req));
    return ok(null);
  });

  serve(app, ep.addFromPublic, login, async ({ body, req }) => ok(await adm.addProblemFromPublic(db, userOf(req), body, await inGroup(body.tid, req))));

  serve(app, ep.addFromGroup, login, async ({ query, req }) => ok(await svc.addProblemFromGroup(db, userOf(req), query)));

  serve(app, ep.categories, login, async ({ query, req }) => ok(await cats.categoriesOf(db, await groupOwner(db, userOf(req), query.gid, 'member'))));

  serve(app, ep.addCategory, login, async ({ body, req }) => {
    if (body.gid === undefined) throw fail('groupNotFound');
    return ok(await cats.addCategory(db, await groupOwner(db, userOf(req), body.gid, 'admin'), body));
  });

  /** The group of a category, with the caller as one of its admins (an outsider learns nothing of it). */
  const categoryOwner = (cid: number | undefined, req: FastifyRequest) => svc.categoryGroupOwner(db, userOf(req), cid);

  serve(app, ep.updateCategory, login, async ({ body, req }) => ok(await cats.updateCategory(db, await categoryOwner(body.id, req), body)));

  serve(app, ep.removeCategory, login, async ({ query, req }) => {
    await cats.removeCategory(db, await categoryOwner(query.cid, req), query.cid);
    return ok(null);
  });
}
