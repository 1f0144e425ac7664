/**
 * Verdict counts of problems (the problem lists' AC / total and the statistics pie), read from the
 * counters `problem_verdict_count` (db/schema/submission.ts) that triggers on `judge` keep in the
 * writing transaction (migration 0025): a page of 30 problems reads a few hundred counter rows by
 * primary key, however many submissions the problems have (bench/README.md).
 */
import { sql } from 'drizzle-orm';
import { JudgeStatus, type ProblemCount } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';

export const emptyCount = (): ProblemCount => ({ total: 0, ac: 0, wa: 0, tle: 0, mle: 0, re: 0, pe: 0, ce: 0, se: 0, pa: 0 });

/** Which field of ProblemCount each verdict adds to (every submission also adds to `total`). */
const COUNT_FIELD: Partial<Record<number, keyof ProblemCount>> = {
  [JudgeStatus.ACCEPTED]: 'ac',
  [JudgeStatus.WRONG_ANSWER]: 'wa',
  [JudgeStatus.TIME_LIMIT_EXCEEDED]: 'tle',
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED]: 'mle',
  [JudgeStatus.RUNTIME_ERROR]: 're',
  [JudgeStatus.PRESENTATION_ERROR]: 'pe',
  [JudgeStatus.COMPILE_ERROR]: 'ce',
  [JudgeStatus.SYSTEM_ERROR]: 'se',
  [JudgeStatus.PARTIAL_ACCEPTED]: 'pa',
};

/**
 * Verdict counts of the problems' submissions outside contests (the bank's, its trainings' and the
 * groups': all of them have cid 0), every status in `total` (waiting and judging ones too).
 */
export async function countsOf(db: DbOrTx, pids: number[]): Promise<Map<number, ProblemCount>> {
  if (!pids.length) return new Map();
  const res = await db.execute<CounterRow>(sql`
    select pid, status, n from problem_verdict_count
    where cid = 0 and pid = any(${sql.param(pids)}::int[]) and n <> 0`);
  return foldCounts(res.rows);
}

/** A counter as read from `problem_verdict_count` (pid null: no counter, e.g. from an outer join). */
export type CounterRow = {
  pid: number | null;
  status: number | null;
  n: number | null;
};

/** Counter rows folded into each problem's counts. */
export function foldCounts(rows: CounterRow[]): Map<number, ProblemCount> {
  const out = new Map<number, ProblemCount>();
  for (const r of rows) {
    if (r.pid === null || r.status === null || !r.n) continue;
    const pid = Number(r.pid);
    let c = out.get(pid);
    if (!c) out.set(pid, (c = emptyCount()));
    c.total += r.n;
    const field = COUNT_FIELD[r.status];
    if (field) c[field] += r.n;
  }
  return out;
}

/**
 * Recomputes every counter from `judge` (writes to `judge` wait meanwhile: about a second per million
 * submissions) and answers how many were wrong. Counters drift only when `judge` was written with its
 * triggers off (a bulk load with session_replication_role = replica, a restore of `judge` alone).
 */
export async function repairVerdictCounts(db: DbOrTx): Promise<number> {
  return db.transaction(async (tx) => {
    const res = await tx.execute<{ fixed: number }>(sql`select problem_verdict_count_repair() as fixed`);
    return Number(res.rows[0]?.fixed ?? 0);
  });
}
