/**
 * Contest problems: the admin side (link public problems with a letter, title and balloon colour)
 * and the participant side (list with counts and own status, statement by letter).
 */
import { and, asc, count, eq, ilike, notInArray, or, sql } from 'drizzle-orm';
import {
  JudgeStatus,
  sealActive,
  type AdminContestProblemRow,
  type ContestProblemLink,
  type ContestProblemRow,
  type EligibleProblemRow,
  type Page,
  type ProblemCount,
  contestRule,
  PROBLEM_TYPE_LABELS,
} from '@oj/shared';
import type { z } from 'zod';
import type {
  addContestProblemBody,
  adminContestProblemListQuery,
  AdminProblemBody,
  AdminProblemUploadRef,
  contestProblemTarget,
  ContestProblemSaved,
  updateContestProblemBody,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contestProblems, problems } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, notFound } from '../../lib/errors.js';
import { uniqueViolation } from '../../lib/users.js';
import { createProblem, deleteProblem, updateProblem } from '../problem/admin.js';
import { problemById } from '../problem/service.js';
import { likeOf } from '../../lib/like.js';
import { usableBankProblem, usableProblemsWhere } from '../problem/use-policy.js';
import { ownerFilter, type Owner } from '../owner/index.js';
import { bankProblems } from '../problem/bank.js';
import { administeredContest, administeredContestOf, assertCanView, isContestAdmin, visibleContest, type ContestRow } from './access.js';
import { foldedOwnScores, forgetBoards } from './board.js';

type LinkRow = typeof contestProblems.$inferSelect;

const link = (r: LinkRow): ContestProblemLink => ({
  id: r.id,
  cid: r.cid,
  pid: r.pid,
  displayId: r.displayId,
  displayTitle: r.displayTitle,
  color: r.color,
});

/** Letters in natural order (A, B, …, Z, AA; 1, 2, 10). */
const byDisplayId = sql`length(${contestProblems.displayId}), ${contestProblems.displayId}`;

export async function linksOf(db: DbOrTx, cid: number): Promise<LinkRow[]> {
  return db.select().from(contestProblems).where(eq(contestProblems.cid, cid)).orderBy(byDisplayId);
}

export async function linkByDisplayId(db: DbOrTx, cid: number, displayId: string): Promise<LinkRow | undefined> {
  const [row] = await db
    .select()
    .from(contestProblems)
    .where(and(eq(contestProblems.cid, cid), sql`upper(${contestProblems.displayId}) = upper(${displayId})`));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Admin

/**
 * queryExisted (default): the contest's problems; otherwise bank problems the caller could add. "Add
 * from public" offers any contest, a group's too, the bank (problem/bank.ts); "add from group" offers
 * the contest's owner's own problems (`addFromGroup`).
 */
export async function adminProblemList(
  ctx: AppContext,
  user: AuthUser,
  q: z.infer<typeof adminContestProblemListQuery>,
  within?: Owner,
): Promise<Page<AdminContestProblemRow | EligibleProblemRow>> {
  const { db } = ctx.database;
  const c = await administeredContest(db, q.cid, user, within);
  const keyword = q.keyword?.trim();
  const like = keyword ? likeOf(keyword) : null;
  const offset = pageOffset(q.currentPage, q.limit);
  if (q.queryExisted) {
    const where = and(
      eq(contestProblems.cid, c.id),
      like ? or(ilike(contestProblems.displayId, like), ilike(contestProblems.displayTitle, like), ilike(problems.problemId, like)) : undefined,
    );
    const { records: rows, total } = await pageOf(
      db
        .select({
          l: contestProblems,
          problemId: problems.problemId,
          title: problems.title,
          type: problems.type,
          auth: problems.auth,
          isRemote: problems.isRemote,
        })
        .from(contestProblems)
        .innerJoin(problems, eq(problems.id, contestProblems.pid))
        .where(where)
        .orderBy(byDisplayId)
        .limit(q.limit)
        .offset(offset),
      db.select({ n: count() }).from(contestProblems).innerJoin(problems, eq(problems.id, contestProblems.pid)).where(where),
    );
    return {
      records: rows.map((r) => ({ ...link(r.l), problemId: r.problemId, title: r.title, type: r.type, auth: r.auth, isRemote: r.isRemote })),
      total,
    };
  }
  const existing = (await linksOf(db, c.id)).map((l) => l.pid);
  const where = and(
    bankProblems,
    usableProblemsWhere(user),
    or(eq(problems.type, c.type), eq(problems.isRemote, true)),
    existing.length ? notInArray(problems.id, existing) : undefined,
    like ? or(ilike(problems.problemId, like), ilike(problems.title, like)) : undefined,
  );
  return pageOf(
    db
      .select({ pid: problems.id, problemId: problems.problemId, title: problems.title, type: problems.type, isRemote: problems.isRemote })
      .from(problems)
      .where(where)
      .orderBy(asc(problems.id))
      .limit(q.limit)
      .offset(offset),
    db.select({ n: count() }).from(problems).where(where),
  );
}

export async function adminProblemLink(ctx: AppContext, user: AuthUser, cid: number, pid: number, within?: Owner): Promise<ContestProblemLink> {
  const { db } = ctx.database;
  const c = await administeredContest(db, cid, user, within);
  const [row] = await db
    .select()
    .from(contestProblems)
    .where(and(eq(contestProblems.cid, c.id), eq(contestProblems.pid, pid)));
  if (!row) throw notFound('problemNotFound');
  return link(row);
}

function linkConflict(err: unknown, displayId: string): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'contest_problem_pid_uq') throw fail('contestProblemExists');
  if (constraint === 'contest_problem_display_uq') throw fail('contestDisplayIdExists', { displayId });
  throw err;
}

/**
 * An ACM contest takes ACM and remote problems, an OI contest OI and remote ones; only
 * problems the caller may use (`problem/use-policy.ts`).
 */
export async function addFromPublic(
  ctx: AppContext,
  user: AuthUser,
  body: z.infer<typeof addContestProblemBody>,
  within?: Owner,
  /** the transaction that made the problem (a remote import links it in the same one) */
  db: DbOrTx = ctx.database.db,
): Promise<ContestProblemLink> {
  const c = await administeredContest(db, body.cid, user, within);
  const p = await usableBankProblem(db, user, body.pid);
  if (p.type !== contestRule(c.type).problemType && !p.isRemote)
    throw fail('contestProblemTypeMismatch', { type: PROBLEM_TYPE_LABELS[contestRule(c.type).problemType] });
  try {
    const [row] = await db
      .insert(contestProblems)
      .values({ cid: c.id, pid: p.id, displayId: body.displayId, displayTitle: body.displayTitle?.trim() || p.title, color: body.color ?? null })
      .returning();
    await forgetBoards(ctx, c.id);
    return link(row!);
  } catch (err) {
    return linkConflict(err, body.displayId);
  }
}

/**
 * HOJ add-contest-problem-from-group: one of the owner's own problems (by its problem id; the owner of
 * the contest, a group: its group only) under the letter `displayId`, by the same rule of types as the
 * bank's. The group routes alone offer it.
 */
export async function addFromGroup(
  ctx: AppContext,
  user: AuthUser,
  q: { cid: number; problemId: string; displayId: string },
  within?: Owner,
): Promise<ContestProblemLink> {
  const { db } = ctx.database;
  const { c, owner } = await administeredContestOf(db, q.cid, user, within);
  const [p] = await db
    .select()
    .from(problems)
    .where(and(ownerFilter(owner, problems.gid), sql`lower(${problems.problemId}) = lower(${q.problemId})`));
  if (!p) throw notFound('problemNotFound');
  assertRule(c, p.type, p.isRemote);
  try {
    const [row] = await db.insert(contestProblems).values({ cid: c.id, pid: p.id, displayId: q.displayId, displayTitle: p.title }).returning();
    await forgetBoards(ctx, c.id);
    return link(row!);
  } catch (err) {
    return linkConflict(err, q.displayId);
  }
}

export async function updateLink(ctx: AppContext, user: AuthUser, body: z.infer<typeof updateContestProblemBody>, within?: Owner): Promise<ContestProblemLink> {
  const { db } = ctx.database;
  const c = await administeredContest(db, body.cid, user, within);
  try {
    const [row] = await db
      .update(contestProblems)
      .set({ displayId: body.displayId, ...(body.displayTitle?.trim() ? { displayTitle: body.displayTitle.trim() } : {}), color: body.color ?? null })
      .where(and(eq(contestProblems.cid, c.id), eq(contestProblems.pid, body.pid)))
      .returning();
    if (!row) throw notFound('problemNotFound');
    await forgetBoards(ctx, c.id);
    return link(row);
  } catch (err) {
    return linkConflict(err, body.displayId);
  }
}

/** Takes the problem out of the contest (the problem itself stays in the bank). */
export async function removeProblem(ctx: AppContext, user: AuthUser, cid: number, pid: number, within?: Owner): Promise<void> {
  const { db } = ctx.database;
  const c = await administeredContest(db, cid, user, within);
  const rows = await db
    .delete(contestProblems)
    .where(and(eq(contestProblems.cid, c.id), eq(contestProblems.pid, pid)))
    .returning({ id: contestProblems.id });
  if (!rows.length) throw notFound('problemNotFound');
  await forgetBoards(ctx, c.id);
}

type Target = z.infer<typeof contestProblemTarget>;

/** A new (local) problem must follow the contest's rule, as problems added from the bank do. */
function assertRule(c: ContestRow, type: number, isRemote = false) {
  if (type !== contestRule(c.type).problemType && !isRemote)
    throw fail('contestProblemTypeMismatch', { type: PROBLEM_TYPE_LABELS[contestRule(c.type).problemType] });
}

async function assertFreeLetter(db: DbOrTx, cid: number, displayId: string, exceptPid?: number) {
  const taken = await linkByDisplayId(db, cid, displayId);
  if (taken && taken.pid !== exceptPid) throw fail('contestDisplayIdExists', { displayId });
}

/**
 * contest/{cid}/problem/create (HOJ POST /api/admin/contest/problem): creates a problem
 * with the problem form and links it under `displayId`. The letter is checked first; should linking
 * still fail (a concurrent add), the new problem is removed again, so nothing half-made is left.
 */
export async function createContestProblem(
  ctx: AppContext,
  user: AuthUser,
  target: Target,
  body: AdminProblemBody,
  upload: AdminProblemUploadRef,
): Promise<ContestProblemSaved> {
  const { db } = ctx.database;
  const c = await administeredContest(db, target.cid, user);
  assertRule(c, body.problem.type);
  await assertFreeLetter(db, c.id, target.displayId);
  const created = await createProblem(ctx, user, body, upload);
  try {
    const [row] = await db
      .insert(contestProblems)
      .values({ cid: c.id, pid: created.pid, displayId: target.displayId, displayTitle: target.displayTitle?.trim() || body.problem.title })
      .returning();
    await forgetBoards(ctx, c.id);
    return { ...created, link: link(row!) };
  } catch (err) {
    await deleteProblem(ctx, created.pid).catch(() => undefined);
    return linkConflict(err, target.displayId);
  }
}

/**
 * contest/{cid}/problem/{pid}/edit (HOJ PUT /api/admin/contest/problem): saves a problem
 * of this contest and its letter and title there (the balloon colour stays).
 */
export async function updateContestProblem(
  ctx: AppContext,
  user: AuthUser,
  target: Target,
  body: AdminProblemBody,
  upload: AdminProblemUploadRef,
): Promise<ContestProblemSaved> {
  const { db } = ctx.database;
  const c = await administeredContest(db, target.cid, user);
  const pid = body.problem.id;
  const [current] = pid
    ? await db
        .select()
        .from(contestProblems)
        .where(and(eq(contestProblems.cid, c.id), eq(contestProblems.pid, pid)))
    : [];
  const p = current ? await problemById(db, current.pid) : undefined;
  if (!current || !p) throw notFound('problemNotFound');
  assertRule(c, body.problem.type, p.isRemote);
  await assertFreeLetter(db, c.id, target.displayId, p.id);
  const saved = await updateProblem(ctx, user, p.id, body, upload);
  try {
    const [row] = await db
      .update(contestProblems)
      .set({ displayId: target.displayId, displayTitle: target.displayTitle?.trim() || body.problem.title })
      .where(eq(contestProblems.id, current.id))
      .returning();
    await forgetBoards(ctx, c.id);
    return { ...saved, link: link(row!) };
  } catch (err) {
    return linkConflict(err, target.displayId);
  }
}

// ---------------------------------------------------------------------------------------------
// Participants

/** Until when results count for the viewer: the seal time when sealed for them, else the end (or never). */
export async function resultBound(
  db: DbOrTx,
  c: ContestRow,
  user: AuthUser | null,
  containsEnd: boolean,
  now = Date.now(),
): Promise<{ sealed: boolean; bound: Date | null }> {
  const sealed =
    !(await isContestAdmin(db, c, user)) && sealActive({ ...c, sealRankTime: c.sealRankTime?.getTime() ?? null, endTime: c.endTime.getTime() }, now);
  if (sealed) return { sealed, bound: c.sealRankTime };
  return { sealed, bound: containsEnd && c.allowEndSubmit ? null : c.endTime };
}

/** Verdict counts of the contest's submissions per problem, from the start up to `bound`. */
export async function contestCounts(db: DbOrTx, c: ContestRow, bound: Date | null): Promise<Map<number, ProblemCount>> {
  const S = JudgeStatus;
  const res = await db.execute<Record<string, number>>(sql`
    select pid,
      count(*)::int as total,
      (count(*) filter (where status = ${S.ACCEPTED}))::int as ac,
      (count(*) filter (where status = ${S.WRONG_ANSWER}))::int as wa,
      (count(*) filter (where status = ${S.TIME_LIMIT_EXCEEDED}))::int as tle,
      (count(*) filter (where status = ${S.MEMORY_LIMIT_EXCEEDED}))::int as mle,
      (count(*) filter (where status = ${S.RUNTIME_ERROR}))::int as re,
      (count(*) filter (where status = ${S.PRESENTATION_ERROR}))::int as pe,
      (count(*) filter (where status = ${S.COMPILE_ERROR}))::int as ce,
      (count(*) filter (where status = ${S.SYSTEM_ERROR}))::int as se,
      (count(*) filter (where status = ${S.PARTIAL_ACCEPTED}))::int as pa
    from judge
    where cid = ${c.id} and vid is null and submit_time >= ${c.startTime.toISOString()}
      ${bound ? sql`and submit_time < ${bound.toISOString()}` : sql``}
    group by pid`);
  const out = new Map<number, ProblemCount>();
  for (const { pid, ...rest } of res.rows) out.set(Number(pid), rest as unknown as ProblemCount);
  return out;
}

/**
 * The viewer's state per problem: accepted if any submission was, else the latest one's status, and the
 * best score (IOI: the score the board gives the problem, best per subtask). In a sealed OI contest the
 * viewer's own results after the seal stay unknown too (-5), as in HOJ.
 */
export async function myStatuses(
  db: DbOrTx,
  c: ContestRow,
  uid: string,
  hideFrom: Date | null,
): Promise<Map<number, { status: number; score: number | null }>> {
  const visible = hideFrom ? sql`submit_time < ${hideFrom.toISOString()}` : sql`true`;
  const [res, folded] = await Promise.all([
    db.execute<{ pid: number; status: number | null; score: number | null; hidden: boolean }>(sql`
    select pid,
      (array_agg(status order by (status = ${JudgeStatus.ACCEPTED}) desc, submit_id desc) filter (where ${visible}))[1] as status,
      max(score) filter (where ${visible}) as score,
      coalesce(bool_or(not (${visible})), false) as hidden
    from judge where cid = ${c.id} and uid = ${uid}
    group by pid`),
    // IOI: the problem's score is the best of each subtask summed, not one submission's.
    foldedOwnScores(db, c, uid, hideFrom),
  ]);
  const out = new Map<number, { status: number; score: number | null }>();
  for (const r of res.rows) {
    const unknown = r.hidden && r.status !== JudgeStatus.ACCEPTED;
    out.set(Number(r.pid), {
      status: unknown ? JudgeStatus.SUBMITTED_UNKNOWN_RESULT : (r.status ?? JudgeStatus.NOT_SUBMITTED),
      score: unknown || r.score === null ? null : (folded?.get(Number(r.pid)) ?? r.score),
    });
  }
  return out;
}

export async function contestProblemList(ctx: AppContext, user: AuthUser, cid: number, containsEnd: boolean): Promise<ContestProblemRow[]> {
  const { db } = ctx.database;
  const c = await visibleContest(db, cid, user);
  await assertCanView(db, c, user);
  const { sealed, bound } = await resultBound(db, c, user, containsEnd);
  const [links, counts, mine] = await Promise.all([
    linksOf(db, c.id),
    contestCounts(db, c, bound),
    myStatuses(db, c, user.uid, sealed && contestRule(c.type).sealsOwnResults ? c.sealRankTime : null),
  ]);
  return links.map((l) => {
    const n = counts.get(l.pid);
    const m = mine.get(l.pid);
    return { ...link(l), ac: n?.ac ?? 0, total: n?.total ?? 0, myStatus: m?.status ?? JudgeStatus.NOT_SUBMITTED, score: m?.score ?? null };
  });
}
