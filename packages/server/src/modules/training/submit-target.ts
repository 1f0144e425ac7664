/**
 * Submitting inside a training (spec 1 "submit with tid"): the submission is an ordinary one (cid 0)
 * stamped with the training's id (and its group's gid), so it shows on /status, counts in the bank's
 * statistics and, through the judge table's trigger, in the training rank.
 */
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth.js';
import type { ProblemRow } from '../problem/service.js';
import { openTrainingProblem } from './problems.js';

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
  const opened = await openTrainingProblem(db, user, tid, { displayId });
  return { tid: opened.training.id, gid: opened.training.gid, problem: opened.problem, displayId: opened.displayId };
}
