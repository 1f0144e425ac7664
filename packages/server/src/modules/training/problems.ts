/**
 * The problems of a training as its participants see them, and
 * what the place resolver needs to open one of them: the full-screen list, the statement's access
 * check and the caller's status per problem.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { JudgeStatus, type FullScreenProblem, type TrainingProblemDetails, type TrainingProblemRow } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { problems, trainingProblems } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { tagsOf, type ProblemRow } from '../problem/service.js';
import { countsOf } from '../problem/verdict-counts.js';
import { enteredTraining, type TrainingRow } from './access.js';
import { problemStatuses } from './progress.js';

/** The training's problems in its order: rank, then the order they were added in. */
export async function problemsOf(db: DbOrTx, tid: number): Promise<{ link: typeof trainingProblems.$inferSelect; problem: ProblemRow }[]> {
  return db
    .select({ link: trainingProblems, problem: problems })
    .from(trainingProblems)
    .innerJoin(problems, eq(problems.id, trainingProblems.pid))
    .where(eq(trainingProblems.tid, tid))
    .orderBy(asc(trainingProblems.rank), asc(trainingProblems.id));
}

/** The ids shown for the training's problems (the rank's cell keys), without reading the statements. */
export async function problemIdsOf(db: DbOrTx, tid: number): Promise<{ pid: number; problemId: string }[]> {
  return db
    .select({ pid: trainingProblems.pid, problemId: problems.problemId })
    .from(trainingProblems)
    .innerJoin(problems, eq(problems.id, trainingProblems.pid))
    .where(eq(trainingProblems.tid, tid));
}

/** get-training-problem-list (login, access): statement-level facts, counts and the caller's state. */
export async function trainingProblemList(db: DbOrTx, user: AuthUser, tid: number): Promise<TrainingProblemRow[]> {
  const t = await enteredTraining(db, tid, user);
  const rows = await problemsOf(db, t.id);
  const pids = rows.map((r) => r.problem.id);
  const [tags, counts, mine] = await Promise.all([tagsOf(db, pids), countsOf(db, pids), problemStatuses(db, user.uid, t, pids)]);
  return rows.map(({ link, problem }) => ({
    pid: problem.id,
    problemId: problem.problemId,
    title: problem.title,
    difficulty: problem.difficulty,
    tags: tags.get(problem.id) ?? [],
    ac: counts.get(problem.id)?.ac ?? 0,
    total: counts.get(problem.id)?.total ?? 0,
    myStatus: mine[problem.id]?.status ?? JudgeStatus.NOT_SUBMITTED,
    rank: link.rank,
  }));
}

/**
 * get-full-screen-problem-list with tid: the bottom bar of the full-screen problem page inside a
 * training (the place resolver answers the call with this).
 */
export async function trainingFullScreenProblems(db: DbOrTx, user: AuthUser, tid: number): Promise<FullScreenProblem[]> {
  const t = await enteredTraining(db, tid, user);
  const rows = await problemsOf(db, t.id);
  const mine = await problemStatuses(
    db,
    user.uid,
    t,
    rows.map((r) => r.problem.id),
  );
  return rows.map(({ problem }) => ({
    pid: problem.id,
    problemId: problem.problemId,
    title: problem.title,
    status: mine[problem.id]?.status ?? JudgeStatus.NOT_SUBMITTED,
    score: mine[problem.id]?.score ?? null,
  }));
}

/**
 * get-training-problem-details (login, access as the training's other calls): the training problem
 * bar. With `displayId` the problem beside it must be one of the training's (else
 * trainingProblemNotFound), so the page learns both from one call.
 */
export async function trainingProblemDetails(db: DbOrTx, user: AuthUser, tid: number, displayId?: string): Promise<TrainingProblemDetails> {
  const list = await trainingFullScreenProblems(db, user, tid);
  let current: string | null = null;
  if (displayId !== undefined) {
    const found = list.find((p) => p.problemId.toUpperCase() === displayId.toUpperCase());
    if (!found) throw fail('trainingProblemNotFound', { problemId: displayId.slice(0, 50) });
    current = found.problemId;
  }
  return {
    tid,
    current,
    acCount: list.filter((p) => p.status === JudgeStatus.ACCEPTED).length,
    problemCount: list.length,
    problems: list,
  };
}

/** The link of the problem shown as `problemId` (case-insensitive, like the bank), or of problem.id `pid`, in the training. */
export async function trainingProblemOf(db: DbOrTx, tid: number, key: { displayId: string } | { pid: number }) {
  const which = 'pid' in key ? eq(trainingProblems.pid, key.pid) : sql`upper(${problems.problemId}) = upper(${key.displayId})`;
  const [row] = await db
    .select({ link: trainingProblems, problem: problems })
    .from(trainingProblems)
    .innerJoin(problems, eq(problems.id, trainingProblems.pid))
    .where(and(eq(trainingProblems.tid, tid), which));
  return row;
}

export interface OpenedTrainingProblem {
  training: TrainingRow;
  problem: ProblemRow;
  /** the id shown in the training: the problem's own id */
  displayId: string;
  /** training_problem.id */
  linkId: number;
}

/**
 * A problem opened inside a training (statement, submit, self-test): the training must be visible to
 * the caller and entered (public, password given, or its admin); then its problems are readable
 * whatever their own auth (the training's admin chose them under problem/use-policy.ts).
 */
export async function openTrainingProblem(
  db: DbOrTx,
  user: AuthUser,
  tid: number,
  key: { displayId: string } | { pid: number },
): Promise<OpenedTrainingProblem> {
  const training = await enteredTraining(db, tid, user);
  const row = await trainingProblemOf(db, training.id, key);
  if (!row) throw fail('trainingProblemNotFound', { problemId: 'pid' in key ? String(key.pid) : key.displayId.slice(0, 50) });
  return { training, problem: row.problem, displayId: row.problem.problemId, linkId: row.link.id };
}
