/**
 * The caller's own progress in trainings: what his row of the training's rank counts, public and
 * private trainings alike — the training's problems accepted by submissions made inside it (from its
 * problem pages, `judge.tid`). So the progress bar, the problem list's own states, the focus mode's bar
 * and his rank row always count the same solved problems (before, a public training's
 * progress counted any bank AC, as HOJ does, while its rank counted only the training's submissions).
 * Used by the list, the detail, the problem list and the problem status of a training.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { JudgeStatus, type UserProblemStatus } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { trainingRanks } from '../../db/schema/index.js';
import type { TrainingRow } from './access.js';

/** Accepted problems of each training for one user (tid → count): his rank rows' ac. */
export async function acCounts(db: DbOrTx, uid: string, list: Pick<TrainingRow, 'id'>[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const tids = list.map((t) => t.id);
  if (!tids.length) return out;
  const rows = await db
    .select({ tid: trainingRanks.tid, ac: trainingRanks.ac })
    .from(trainingRanks)
    .where(and(eq(trainingRanks.uid, uid), inArray(trainingRanks.tid, tids)));
  for (const r of rows) out.set(r.tid, r.ac);
  return out;
}

/**
 * The caller's state on each problem of the training, from his rank row's cells: 0 accepted, else the
 * latest verdict inside the training, -10 never submitted there; score null (the rank keeps none).
 */
export async function problemStatuses(db: DbOrTx, uid: string, t: Pick<TrainingRow, 'id'>, pidList: number[]): Promise<UserProblemStatus> {
  const out: UserProblemStatus = {};
  const pids = [...new Set(pidList)];
  for (const pid of pids) out[pid] = { status: JudgeStatus.NOT_SUBMITTED, score: null };
  if (!pids.length) return out;
  const [row] = await db
    .select({ cells: trainingRanks.cells })
    .from(trainingRanks)
    .where(and(eq(trainingRanks.tid, t.id), eq(trainingRanks.uid, uid)));
  for (const pid of pids) {
    const cell = row?.cells[String(pid)];
    if (cell) out[pid] = { status: cell.status, score: null };
  }
  return out;
}
