/**
 * What the submission and test-run services ask before they take code that names a contest (spec 2
 * §6): the contest exists and takes submissions now, the user may take part, the problem is in it.
 */
import { and, eq } from 'drizzle-orm';
import { ContestAuth, ContestStatus } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { contestProblems } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { problemById, type ProblemRow } from '../problem/service.js';
import { isContestAdmin, isRegistered, limitedOut, statusOf, visibleContest, type ContestRow } from './access.js';
import { linkByDisplayId } from './problems.js';

export interface ContestSubmitTarget {
  cid: number;
  /** contest_problem.id */
  cpid: number;
  /** the contest letter, stored as the submission's display id */
  displayId: string;
  problem: ProblemRow;
}

/**
 * Scheduled contests take submissions (and test runs) from their admins only (to test); ended ones only
 * with allowEndSubmit. Private and protected contests need registration (admins excepted).
 */
async function assertTakesPart(db: DbOrTx, c: ContestRow, user: AuthUser): Promise<void> {
  const admin = isContestAdmin(c, user);
  const status = statusOf(c);
  if (status === ContestStatus.SCHEDULED && !admin) throw fail('contestNotStarted');
  if (status === ContestStatus.ENDED && !c.allowEndSubmit) throw fail('contestEnded');
  if (c.auth !== ContestAuth.PUBLIC && !admin) {
    if (limitedOut(c, user)) throw fail('contestAccountLimited');
    if (!(await isRegistered(db, c.id, user.uid))) throw fail('contestNotRegistered');
  }
}

/** `displayId` is the contest letter (A, B, …), matched case-insensitively. */
export async function contestSubmitTarget(db: DbOrTx, user: AuthUser, cid: number, displayId: string): Promise<ContestSubmitTarget> {
  const c = await visibleContest(db, cid, user);
  await assertTakesPart(db, c, user);
  const link = await linkByDisplayId(db, c.id, displayId);
  const problem = link ? await problemById(db, link.pid) : undefined;
  if (!link || !problem) throw fail('contestProblemNotFound', { displayId: displayId.slice(0, 20) });
  // A submission made after the end (allowEndSubmit) needs no flag of its own: boards tell it by its
  // submit time and keep it off unless "include after contest" is asked for.
  return { cid: c.id, cpid: link.id, displayId: link.displayId, problem };
}

/** The problem (by its id) of a contest test run, on the same terms as submitting to it. */
export async function contestTestRunProblem(db: DbOrTx, user: AuthUser, cid: number, pid: number): Promise<ProblemRow | undefined> {
  const c = await visibleContest(db, cid, user);
  await assertTakesPart(db, c, user);
  const [link] = await db
    .select({ id: contestProblems.id })
    .from(contestProblems)
    .where(and(eq(contestProblems.cid, c.id), eq(contestProblems.pid, pid)));
  return link ? problemById(db, pid) : undefined;
}
