/**
 * What the group training calls add to the site's training services (modules/training): a training
 * reached through a group call must be a group's, and a training may take one of its group's own
 * problems by the id it is shown with (no site twin: the site's trainings take bank problems).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TrainingProblemLink, groupTrainingProblemFromGroupQuery } from '@oj/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { problems, trainingCategories } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, notFound } from '../../lib/errors.js';
import { administeredTraining, trainingById, type TrainingRow } from '../training/access.js';
import { linkProblem } from '../training/admin.js';

/** A training of some group (the group calls never reach the site's trainings: those have /admin/training). */
export async function groupTraining(db: DbOrTx, tid: number): Promise<TrainingRow & { gid: number }> {
  const t = await trainingById(db, tid);
  if (!t || t.gid === null) throw fail('trainingNotFound');
  return t as TrainingRow & { gid: number };
}

/**
 * The group a category reached through a group call belongs to, so the call can resolve that group as
 * the owner (the site's categories have /admin/training and are "not found" here).
 */
export async function groupOfCategory(db: DbOrTx, cid: number | undefined): Promise<number> {
  const [c] = cid === undefined ? [] : await db.select({ gid: trainingCategories.gid }).from(trainingCategories).where(eq(trainingCategories.id, cid));
  if (!c || c.gid === null) throw fail('trainingCategoryNotFound');
  return c.gid;
}

/**
 * add-training-problem-from-group: one of the group's own problems, by the id it is shown with (the
 * group's prefixed id, case-insensitive). Problems of other groups are "not found" here.
 */
export async function addProblemFromGroup(db: DbOrTx, user: AuthUser, q: z.infer<typeof groupTrainingProblemFromGroupQuery>): Promise<TrainingProblemLink> {
  const t = await administeredTraining(db, (await groupTraining(db, q.tid)).id, user);
  const [p] = await db
    .select({ id: problems.id, problemId: problems.problemId })
    .from(problems)
    .where(and(eq(problems.gid, t.gid!), sql`upper(${problems.problemId}) = upper(${q.problemId})`));
  if (!p) throw notFound('problemNotFound');
  return linkProblem(db, t.id, p, p.problemId);
}
