/**
 * The caller's own progress in trainings (COMMON rules of issue 12): in a public training any accepted
 * submission of the problem outside contests counts (like HOJ), in a private one only what was
 * submitted inside the training (its rank row). Used by the list, the detail, the problem list and
 * the problem status of a training.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { JudgeStatus, TrainingAuth, type UserProblemStatus } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { trainingRanks } from '../../db/schema/index.js';
import type { TrainingRow } from './access.js';

const ids = (xs: number[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

/** Bank submissions of the training's place: outside contests, in the training's group (site: none). */
const placeOf = (gid: number | null) => (gid === null ? sql`cid = 0 and gid is null` : sql`cid = 0 and gid = ${gid}`);

/** Accepted problems of each training for one user (tid → count). */
export async function acCounts(db: DbOrTx, uid: string, list: Pick<TrainingRow, 'id' | 'auth' | 'gid'>[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const priv = list.filter((t) => t.auth === TrainingAuth.PRIVATE).map((t) => t.id);
  if (priv.length) {
    const rows = await db
      .select({ tid: trainingRanks.tid, ac: trainingRanks.ac })
      .from(trainingRanks)
      .where(and(eq(trainingRanks.uid, uid), inArray(trainingRanks.tid, priv)));
    for (const r of rows) out.set(r.tid, r.ac);
  }
  // Grouped by place so the exists() stays on the partial index of bank submissions (judge_rank_idx).
  const pub = list.filter((t) => t.auth !== TrainingAuth.PRIVATE);
  for (const gid of new Set(pub.map((t) => t.gid))) {
    const tids = pub.filter((t) => t.gid === gid).map((t) => t.id);
    const res = await db.execute<{ tid: number; n: number }>(sql`
      select tp.tid, count(*)::int as n from training_problem tp
      where tp.tid in (${ids(tids)})
        and exists (select 1 from judge j where j.uid = ${uid} and j.pid = tp.pid and j.status = ${JudgeStatus.ACCEPTED} and ${placeOf(gid)})
      group by tp.tid`);
    for (const r of res.rows) out.set(Number(r.tid), r.n);
  }
  return out;
}

/**
 * The caller's state on each problem of the training: 0 accepted, else the latest verdict, -10 never
 * submitted; score the best one (bank) or null (inside a private training).
 */
export async function problemStatuses(db: DbOrTx, uid: string, t: Pick<TrainingRow, 'id' | 'auth' | 'gid'>, pidList: number[]): Promise<UserProblemStatus> {
  const out: UserProblemStatus = {};
  const pids = [...new Set(pidList)];
  for (const pid of pids) out[pid] = { status: JudgeStatus.NOT_SUBMITTED, score: null };
  if (!pids.length) return out;
  if (t.auth === TrainingAuth.PRIVATE) {
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
  const res = await db.execute<{ pid: number; status: number; score: number | null }>(sql`
    select distinct on (pid) pid, status, score from judge
    where uid = ${uid} and ${placeOf(t.gid)} and pid in (${ids(pids)})
    order by pid, (status = ${JudgeStatus.ACCEPTED}) desc, submit_id desc`);
  for (const r of res.rows) out[Number(r.pid)] = { status: r.status, score: r.score };
  return out;
}
