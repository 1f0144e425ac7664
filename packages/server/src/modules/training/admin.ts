/**
 * /admin/training (training management; HOJ admin training calls, §11.5): the list, the
 * form, visibility, deleting, and the training's problems. Who: site roles of the admin area list and
 * create; edit, problems and visibility are the training's admins'; deleting a site training is the
 * super admin's (policy `may`).
 */
import { and, asc, count, eq, ilike, notInArray, or, type SQL } from 'drizzle-orm';
import {
  may,
  TrainingAuth,
  type Actor,
  type AdminTraining,
  type AdminTrainingBody,
  type AdminTrainingDetail,
  type AdminTrainingListRow,
  type Page,
  type TrainingProblemAdminList,
  type TrainingProblemLink,
  type addTrainingProblemBody,
  type adminTrainingListQuery,
  type adminTrainingProblemListQuery,
  type updateTrainingProblemBody,
} from '@oj/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { problems, trainingCategories, trainingProblems, trainingRegisters, trainings } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden, notFound } from '../../lib/errors.js';
import { uniqueViolation } from '../../lib/users.js';
import { likeOf } from '../../lib/like.js';
import { ownerColumns, ownerFilter, siteOwner, type Owner } from '../owner/index.js';
import { bankProblems } from '../problem/bank.js';
import { usableBankProblem, usableProblemsWhere } from '../problem/use-policy.js';
import { administeredTraining, administeredTrainingStanding, isTrainingAdmin, ownedTraining, trainingResource, type TrainingRow } from './access.js';
import { toCategory, usableCategory } from './categories.js';
import { trainingPage } from './list.js';

/** The admin view; the password only for the training's admins (`actor`: the caller in the training's place). */
export const toAdmin = (t: TrainingRow, actor: Actor | null): AdminTraining => ({
  id: t.id,
  title: t.title,
  description: t.description,
  author: t.author ?? '',
  uid: t.uid,
  auth: t.auth,
  privatePwd: isTrainingAdmin(t, actor) ? t.privatePwd : null,
  rank: t.rank,
  status: t.status,
  gid: t.gid,
  gmtCreate: t.gmtCreate.toISOString(),
  gmtModified: t.gmtModified.toISOString(),
});

/**
 * Every training of the owner, hidden ones too (HOJ lists them all to the admin area); passwords and
 * buttons follow `may` with the caller as the owner reads him.
 */
export async function adminTrainingList(db: DbOrTx, owner: Owner, q: z.infer<typeof adminTrainingListQuery>): Promise<Page<AdminTrainingListRow>> {
  const conds: (SQL | undefined)[] = [ownerFilter(owner, trainings.gid)];
  if (q.keyword) conds.push(ilike(trainings.title, likeOf(q.keyword)));
  const { rows, total } = await trainingPage(db, and(...conds), q);
  return {
    records: rows.map((r) => ({ ...toAdmin(r.t, owner.actor), categoryName: r.categoryName, categoryColor: r.categoryColor, problemCount: r.problemCount })),
    total,
  };
}

async function detailOf(db: DbOrTx, t: TrainingRow, actor: Actor | null): Promise<AdminTrainingDetail> {
  const [c] = t.categoryId === null ? [] : await db.select().from(trainingCategories).where(eq(trainingCategories.id, t.categoryId));
  return { training: toAdmin(t, actor), trainingCategory: c ? toCategory(c) : null };
}

/**
 * The calls on one training below take `within`, the owner the call was made in (a group's calls: only
 * that group's trainings), else the training's own owner (access.ts `ownedTraining`).
 */
export async function adminTraining(db: DbOrTx, user: AuthUser, tid: number, within?: Owner): Promise<AdminTrainingDetail> {
  const s = await administeredTrainingStanding(db, tid, user, within);
  return detailOf(db, s.training, s.actor);
}

/**
 * The form's rules, with the form's own messages; then the category, one
 * a training of the owner may have (the site's, or the owner's own).
 */
async function checkedForm(db: DbOrTx, body: AdminTrainingBody, owner: Owner) {
  const f = body.training;
  if (!f.title) throw fail('trainingTitleRequired');
  if (!f.description.trim()) throw fail('trainingDescriptionRequired');
  const categoryId = body.trainingCategory?.id;
  if (categoryId === undefined) throw fail('trainingCategoryRequired');
  const privatePwd = f.auth === TrainingAuth.PRIVATE ? (f.privatePwd ?? '') : null;
  if (privatePwd === '') throw fail('trainingPasswordRequired');
  const category = await usableCategory(db, owner, categoryId);
  return {
    values: { title: f.title, description: f.description, auth: f.auth, privatePwd, rank: f.rank, status: f.status, categoryId: category.id },
  };
}

/** A new training of the owner (policy `create` with the caller as the owner reads him). */
export async function addTraining(db: DbOrTx, user: AuthUser, body: AdminTrainingBody, owner: Owner = siteOwner(user)): Promise<AdminTrainingDetail> {
  const { gid } = ownerColumns(owner);
  if (!may(owner.actor, 'create', { kind: 'training', uid: null, gid })) throw forbidden();
  const { values } = await checkedForm(db, body, owner);
  const [row] = await db
    .insert(trainings)
    .values({ ...values, gid, uid: user.uid, author: user.username })
    .returning();
  return detailOf(db, row!, owner.actor);
}

export async function updateTraining(db: DbOrTx, user: AuthUser, body: AdminTrainingBody, within?: Owner): Promise<AdminTrainingDetail> {
  if (body.training.id === undefined) throw fail('trainingNotFound');
  const { training: t, owner, actor } = await administeredTrainingStanding(db, body.training.id, user, within);
  const { values } = await checkedForm(db, body, owner);
  return db.transaction(async (tx) => {
    // A new password (or a training made public) drops the registrations made with the old one.
    if (values.privatePwd !== t.privatePwd) await tx.delete(trainingRegisters).where(eq(trainingRegisters.tid, t.id));
    const [row] = await tx
      .update(trainings)
      .set({ ...values, gmtModified: new Date() })
      .where(eq(trainings.id, t.id))
      .returning();
    return detailOf(tx, row!, actor);
  });
}

/**
 * Deletes the training with its problem links, registrations, password counts and rank rows (one
 * statement, the foreign keys cascade). Its submissions stay, tid kept: they are the users' work.
 */
export async function deleteTraining(db: DbOrTx, user: AuthUser, tid: number, within?: Owner): Promise<void> {
  const { training: t, owner } = await ownedTraining(db, tid, user, within);
  if (!may(owner.actor, 'delete', trainingResource(t))) throw forbidden();
  await db.delete(trainings).where(eq(trainings.id, t.id));
}

export async function changeTrainingStatus(db: DbOrTx, user: AuthUser, tid: number, status: boolean, within?: Owner): Promise<void> {
  const t = await administeredTraining(db, tid, user, within);
  await db.update(trainings).set({ status, gmtModified: new Date() }).where(eq(trainings.id, t.id));
}

// ---------------------------------------------------------------------------------------------
// The training's problems

type LinkRow = typeof trainingProblems.$inferSelect;

const toLink = (l: LinkRow): TrainingProblemLink => ({ id: l.id, tid: l.tid, pid: l.pid, rank: l.rank, displayId: l.displayId });

const adminProblemColumns = {
  id: problems.id,
  problemId: problems.problemId,
  title: problems.title,
  author: problems.author,
  auth: problems.auth,
  difficulty: problems.difficulty,
  gid: problems.gid,
};

const touch = (db: DbOrTx, tid: number) => db.update(trainings).set({ gmtModified: new Date() }).where(eq(trainings.id, tid));

/**
 * queryExisted (default): the training's problems in its order, with their links keyed by pid;
 * otherwise the bank problems the caller may add (problem/use-policy.ts) that are not in it yet.
 */
export async function adminTrainingProblems(
  db: DbOrTx,
  user: AuthUser,
  q: z.infer<typeof adminTrainingProblemListQuery>,
  within?: Owner,
): Promise<TrainingProblemAdminList> {
  const t = await administeredTraining(db, q.tid, user, within);
  const like = q.keyword ? likeOf(q.keyword) : null;
  const offset = pageOffset(q.currentPage, q.limit);
  const match = like ? or(ilike(problems.problemId, like), ilike(problems.title, like)) : undefined;
  if (q.queryExisted) {
    const where = and(eq(trainingProblems.tid, t.id), match);
    const { records: rows, total } = await pageOf(
      db
        .select({ link: trainingProblems, p: adminProblemColumns })
        .from(trainingProblems)
        .innerJoin(problems, eq(problems.id, trainingProblems.pid))
        .where(where)
        .orderBy(asc(trainingProblems.rank), asc(trainingProblems.id))
        .limit(q.limit)
        .offset(offset),
      db.select({ n: count() }).from(trainingProblems).innerJoin(problems, eq(problems.id, trainingProblems.pid)).where(where),
    );
    return {
      problemList: { records: rows.map((r) => r.p), total },
      trainingProblemMap: Object.fromEntries(rows.map((r) => [String(r.p.id), toLink(r.link)])),
    };
  }
  const existing = (await db.select({ pid: trainingProblems.pid }).from(trainingProblems).where(eq(trainingProblems.tid, t.id))).map((r) => r.pid);
  const where = and(bankProblems, usableProblemsWhere(user), existing.length ? notInArray(problems.id, existing) : undefined, match);
  const { records: rows, total } = await pageOf(
    db.select(adminProblemColumns).from(problems).where(where).orderBy(asc(problems.id)).limit(q.limit).offset(offset),
    db.select({ n: count() }).from(problems).where(where),
  );
  return { problemList: { records: rows, total }, trainingProblemMap: {} };
}

/** Adds a bank problem the caller may use; at the training's default rank, so it lands after those before it. */
export async function addProblemFromPublic(
  db: DbOrTx,
  user: AuthUser,
  body: z.infer<typeof addTrainingProblemBody>,
  within?: Owner,
): Promise<TrainingProblemLink> {
  const t = await administeredTraining(db, body.tid, user, within);
  const p = await usableBankProblem(db, user, body.pid);
  return linkProblem(db, t.id, p, body.displayId || p.problemId);
}

/** Puts problem `p` into training `tid` (the caller administers it and may use `p`); a second time is refused. */
export async function linkProblem(db: DbOrTx, tid: number, p: { id: number }, displayId: string): Promise<TrainingProblemLink> {
  try {
    const [row] = await db.insert(trainingProblems).values({ tid, pid: p.id, displayId }).returning();
    await touch(db, tid);
    return toLink(row!);
  } catch (err) {
    if (uniqueViolation(err) === 'training_problem_uq') throw fail('trainingProblemExists');
    throw err;
  }
}

/**
 * The rank (order) and display id of a problem in the training. `within`: the owner the call is made
 * in, resolved from the link's training by the caller (the group calls accept only a group's training).
 */
export async function updateTrainingProblem(
  db: DbOrTx,
  user: AuthUser,
  body: z.infer<typeof updateTrainingProblemBody>,
  within?: (tid: number) => Promise<Owner>,
): Promise<TrainingProblemLink> {
  const [link] = await db.select().from(trainingProblems).where(eq(trainingProblems.id, body.id));
  if (!link || (body.tid !== undefined && body.tid !== link.tid)) throw notFound('problemNotFound');
  await administeredTraining(db, link.tid, user, await within?.(link.tid));
  const [row] = await db
    .update(trainingProblems)
    .set({ rank: body.rank, ...(body.displayId?.trim() ? { displayId: body.displayId.trim() } : {}) })
    .where(eq(trainingProblems.id, link.id))
    .returning();
  await touch(db, link.tid);
  return toLink(row!);
}

/** Takes the problem out of the training (the problem stays in the bank; the rank forgets it). */
export async function removeTrainingProblem(db: DbOrTx, user: AuthUser, tid: number, pid: number, within?: Owner): Promise<void> {
  const t = await administeredTraining(db, tid, user, within);
  const rows = await db
    .delete(trainingProblems)
    .where(and(eq(trainingProblems.tid, t.id), eq(trainingProblems.pid, pid)))
    .returning({ id: trainingProblems.id });
  if (!rows.length) throw notFound('problemNotFound');
  await touch(db, t.id);
}
