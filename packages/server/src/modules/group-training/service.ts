/**
 * Group trainings (spec 3 §2 "Group trainings", §6): the group's list for its members, the admin list
 * for its admins, and the training's problems taken from the group's own problems (its categories are
 * the site's service under the group's owner: training/categories.ts). The form, visibility, deleting and the other problem calls are the site's
 * training services (modules/training/admin.ts), whose checks read the caller's group level through
 * `actorIn` (training/access.ts); here a training must belong to a group at all.
 */
import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type {
  AdminTrainingListRow,
  Page,
  TrainingListRow,
  TrainingProblemLink,
  groupAdminTrainingListQuery,
  groupTrainingListQuery,
  groupTrainingProblemFromGroupQuery,
} from '@oj/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { problems, trainings } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, notFound } from '../../lib/errors.js';
import { adminStanding, memberStanding } from '../group/access.js';
import { likeOf } from '../../lib/like.js';
import { administeredTraining, trainingById, type TrainingRow } from '../training/access.js';
import { linkProblem, toAdmin } from '../training/admin.js';
import { toListRow, trainingPage } from '../training/list.js';
import { acCounts } from '../training/progress.js';

/** A training of some group (the group calls never reach the site's trainings: those have /admin/training). */
export async function groupTraining(db: DbOrTx, tid: number): Promise<TrainingRow & { gid: number }> {
  const t = await trainingById(db, tid);
  if (!t || t.gid === null) throw fail('trainingNotFound');
  return t as TrainingRow & { gid: number };
}

/** get-training-list (members): the group's visible trainings with the caller's progress. */
export async function groupTrainingList(db: DbOrTx, user: AuthUser, q: z.infer<typeof groupTrainingListQuery>): Promise<Page<TrainingListRow>> {
  const { group } = await memberStanding(db, user, q.gid);
  const { rows, total } = await trainingPage(db, and(eq(trainings.gid, group.id), eq(trainings.status, true)), q);
  const acs = await acCounts(
    db,
    user.uid,
    rows.map((r) => r.t),
  );
  return { records: rows.map((r) => toListRow(r, acs.get(r.t.id) ?? 0)), total };
}

/** get-admin-training-list (group admins): every training of the group, hidden ones too; passwords only to each one's admins. */
export async function groupAdminTrainingList(db: DbOrTx, user: AuthUser, q: z.infer<typeof groupAdminTrainingListQuery>): Promise<Page<AdminTrainingListRow>> {
  const { group, actor } = await adminStanding(db, user, q.gid);
  const conds: (SQL | undefined)[] = [eq(trainings.gid, group.id)];
  if (q.keyword) conds.push(ilike(trainings.title, likeOf(q.keyword)));
  const { rows, total } = await trainingPage(db, and(...conds), q);
  return {
    records: rows.map((r) => ({ ...toAdmin(r.t, actor), categoryName: r.categoryName, categoryColor: r.categoryColor, problemCount: r.problemCount })),
    total,
  };
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
