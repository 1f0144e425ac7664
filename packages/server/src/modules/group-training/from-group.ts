/**
 * What the group training calls add to the site's training services (modules/training): the group a
 * call acts in is the one holding the training or category it names (a site training or category is
 * "not found" there: those have /admin/training), resolved as the owner with the caller in it; and a
 * training may take one of its group's own problems by the id it is shown with (no site twin: the
 * site's trainings take bank problems).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TrainingProblemLink, groupTrainingProblemFromGroupQuery } from '@oj/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { problems, trainingCategories, trainings } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, notFound } from '../../lib/errors.js';
import { groupOwnerOfRow } from '../group/owner.js';
import { ownerFilter, type Owner } from '../owner/index.js';
import { administeredTraining } from '../training/access.js';
import { linkProblem } from '../training/admin.js';

/**
 * The group holding training `tid` as the owner, for one of its members (the training services then ask
 * the policy whether he administers it there).
 */
export async function trainingGroupOwner(db: DbOrTx, user: AuthUser, tid: number): Promise<Owner> {
  const [t] = await db.select({ gid: trainings.gid }).from(trainings).where(eq(trainings.id, tid));
  return groupOwnerOfRow(db, user, t?.gid, fail('trainingNotFound'));
}

/** The group holding category `cid` as the owner, for one of its admins (an outsider learns nothing of it). */
export async function categoryGroupOwner(db: DbOrTx, user: AuthUser, cid: number | undefined): Promise<Owner> {
  const [c] = cid === undefined ? [] : await db.select({ gid: trainingCategories.gid }).from(trainingCategories).where(eq(trainingCategories.id, cid));
  return groupOwnerOfRow(db, user, c?.gid, fail('trainingCategoryNotFound'), 'admin');
}

/**
 * add-training-problem-from-group: one of the group's own problems, by the id it is shown with (the
 * group's prefixed id, case-insensitive). Problems of other groups are "not found" here.
 */
export async function addProblemFromGroup(db: DbOrTx, user: AuthUser, q: z.infer<typeof groupTrainingProblemFromGroupQuery>): Promise<TrainingProblemLink> {
  const owner = await trainingGroupOwner(db, user, q.tid);
  const t = await administeredTraining(db, q.tid, user, owner);
  const [p] = await db
    .select({ id: problems.id, problemId: problems.problemId })
    .from(problems)
    .where(and(ownerFilter(owner, problems.gid), sql`upper(${problems.problemId}) = upper(${q.problemId})`));
  if (!p) throw notFound('problemNotFound');
  return linkProblem(db, t.id, p, p.problemId);
}
