/**
 * Submitting inside a training (spec 1 "submit with tid"): the submission is an ordinary one (cid 0)
 * stamped with the training's id (and its group's gid), so it shows on /status, counts in the bank's
 * statistics and, through the judge table's trigger, in the training rank.
 */
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import type { ProblemRow } from '../problem/service.js';
import { enteredTraining } from './access.js';
import { trainingProblemByDisplayId } from './problems.js';

export interface TrainingSubmitTarget {
  tid: number;
  gid: number | null;
  problem: ProblemRow;
  /** what the submission's display_pid gets: the problem's own id */
  displayId: string;
}

/**
 * Checks that the training is visible to the user, that the user has access (public, password given,
 * or training admin) and that the problem `displayId` is in it.
 */
export async function trainingSubmitTarget(db: DbOrTx, user: AuthUser, tid: number, displayId: string): Promise<TrainingSubmitTarget> {
  const t = await enteredTraining(db, tid, user);
  const row = await trainingProblemByDisplayId(db, t.id, displayId);
  if (!row) throw fail('trainingProblemNotFound', { problemId: displayId.slice(0, 50) });
  return { tid: t.id, gid: t.gid, problem: row.problem, displayId: row.problem.problemId };
}
