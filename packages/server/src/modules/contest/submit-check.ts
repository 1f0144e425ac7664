/**
 * What the submission service asks before it stores a submission that names a contest (spec 2 §6):
 * the contest exists and takes submissions now, the user may take part, the problem is in it.
 */
import { ContestAuth, ContestStatus } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { problemById, type ProblemRow } from '../problem/service.js';
import { isContestAdmin, isRegistered, limitedOut, statusOf, visibleContest } from './access.js';
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
 * Scheduled contests take submissions from their admins only (to test); ended ones only with
 * allowEndSubmit. Private and protected contests need registration (admins excepted).
 * `displayId` is the contest letter (A, B, …), matched case-insensitively.
 */
export async function contestSubmitTarget(db: DbOrTx, user: AuthUser, cid: number, displayId: string): Promise<ContestSubmitTarget> {
  const c = await visibleContest(db, cid, user);
  const admin = isContestAdmin(c, user);
  const status = statusOf(c);
  if (status === ContestStatus.SCHEDULED && !admin) throw fail('contestNotStarted');
  if (status === ContestStatus.ENDED && !c.allowEndSubmit) throw fail('contestEnded');
  if (c.auth !== ContestAuth.PUBLIC && !admin) {
    if (limitedOut(c, user)) throw fail('contestAccountLimited');
    if (!(await isRegistered(db, c.id, user.uid))) throw fail('contestNotRegistered');
  }
  const link = await linkByDisplayId(db, c.id, displayId);
  const problem = link ? await problemById(db, link.pid) : undefined;
  if (!link || !problem) throw fail('contestProblemNotFound', { displayId: displayId.slice(0, 20) });
  // A submission made after the end (allowEndSubmit) needs no flag of its own: boards tell it by its
  // submit time and keep it off unless "include after contest" is asked for.
  return { cid: c.id, cpid: link.id, displayId: link.displayId, problem };
}
