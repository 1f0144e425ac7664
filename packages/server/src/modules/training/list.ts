/** /training: the list, a training's detail, its password and access. */
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { TrainingAuth, type Page, type TrainingAccess, type TrainingDetail, type TrainingListRow, type trainingListQuery } from '@oj/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { trainingCategories, trainingProblems, trainingRegisters, trainings } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { clearPasswordTries, countPasswordTry } from '../../lib/password-tries.js';
import { likeOf } from '../../lib/like.js';
import { passwordMatches } from '../contest/access.js';
import { ownerFilter, type Owner } from '../owner/index.js';
import { hasAccess, TRAINING_PASSWORD_TRIES, visibleTraining, visibleTrainingStanding, type TrainingRow } from './access.js';
import { acCounts } from './progress.js';

/** Problems per training, counted in one query for a page of trainings. */
export const problemCountSql = sql<number>`(select count(*)::int from ${trainingProblems} where ${trainingProblems.tid} = ${trainings.id})`;

const rowColumns = {
  t: trainings,
  categoryName: trainingCategories.name,
  categoryColor: trainingCategories.color,
  problemCount: problemCountSql,
};

type Joined = { t: TrainingRow; categoryName: string | null; categoryColor: string | null; problemCount: number };

/** One page of trainings in the list order, with their category and problem count (the site's and the admin's list). */
export async function trainingPage(db: DbOrTx, where: SQL | undefined, q: { currentPage: number; limit: number }): Promise<{ rows: Joined[]; total: number }> {
  const { records: rows, total } = await pageOf(
    db
      .select(rowColumns)
      .from(trainings)
      .leftJoin(trainingCategories, eq(trainingCategories.id, trainings.categoryId))
      .where(where)
      .orderBy(...trainingOrder)
      .limit(q.limit)
      .offset(pageOffset(q.currentPage, q.limit)),
    db.select({ n: count() }).from(trainings).where(where),
  );
  return { rows, total };
}

/** A list row with the caller's progress (the site's list and a group's). */
export const toListRow = (r: Joined, acCount: number): TrainingListRow => ({
  id: r.t.id,
  rank: r.t.rank,
  title: r.t.title,
  auth: r.t.auth,
  categoryId: r.t.categoryId,
  categoryName: r.categoryName,
  categoryColor: r.categoryColor,
  acCount,
  problemCount: r.problemCount,
  author: r.t.author ?? '',
  gmtModified: r.t.gmtModified.toISOString(),
  gid: r.t.gid,
});

/** Trainings in the list order (HOJ: rank, then newest). */
export const trainingOrder = [asc(trainings.rank), desc(trainings.id)];

/** The owner's visible trainings (a group's are listed in their group only), with the caller's progress. */
export async function trainingList(
  db: DbOrTx,
  user: AuthUser | null,
  owner: Owner,
  q: Pick<z.infer<typeof trainingListQuery>, 'currentPage' | 'limit'> & Partial<z.infer<typeof trainingListQuery>>,
): Promise<Page<TrainingListRow>> {
  const conds: (SQL | undefined)[] = [ownerFilter(owner, trainings.gid), eq(trainings.status, true)];
  if (q.keyword) conds.push(ilike(trainings.title, likeOf(q.keyword)));
  if (q.categoryId !== undefined) conds.push(eq(trainings.categoryId, q.categoryId));
  if (q.auth) conds.push(eq(trainings.auth, q.auth));
  const { rows, total } = await trainingPage(db, and(...conds), q);
  const acs = user
    ? await acCounts(
        db,
        user.uid,
        rows.map((r) => r.t),
      )
    : new Map<number, number>();
  return { records: rows.map((r) => toListRow(r, acs.get(r.t.id) ?? 0)), total };
}

/** get-training-detail (login): the header and introduction, shown with the password card before access. */
export async function trainingDetail(db: DbOrTx, user: AuthUser, tid: number): Promise<TrainingDetail> {
  const t = await visibleTraining(db, tid, user);
  const [row] = await db
    .select(rowColumns)
    .from(trainings)
    .leftJoin(trainingCategories, eq(trainingCategories.id, trainings.categoryId))
    .where(eq(trainings.id, t.id));
  const acs = await acCounts(db, user.uid, [t]);
  return { ...toListRow(row!, acs.get(t.id) ?? 0), description: t.description };
}

/** register-training: the password of a private training, counted against brute force. */
export async function registerTraining(db: DbOrTx, user: AuthUser, tid: number, password: string): Promise<void> {
  const t = await visibleTraining(db, tid, user);
  if (t.auth !== TrainingAuth.PRIVATE) throw fail('trainingNeedsNoRegister');
  if (!password) throw fail('enterTrainingPassword');
  await countPasswordTry(db, TRAINING_PASSWORD_TRIES, t.id, user.uid);
  if (!passwordMatches(t.privatePwd, password)) throw fail('trainingPasswordWrong');
  await clearPasswordTries(db, TRAINING_PASSWORD_TRIES, t.id, user.uid);
  const inserted = await db.insert(trainingRegisters).values({ tid: t.id, uid: user.uid }).onConflictDoNothing().returning({ tid: trainingRegisters.tid });
  if (!inserted.length) throw fail('trainingAlreadyRegistered');
}

export async function trainingAccess(db: DbOrTx, user: AuthUser, tid: number): Promise<TrainingAccess> {
  return { access: await hasAccess(db, await visibleTrainingStanding(db, tid, user), user) };
}
