/**
 * The judge queue and the judges as the metrics show them: waiting and leased tasks per kind (our
 * submissions, remote submissions, test runs, judge jobs by type) with the oldest wait, and the online
 * judges. Two statements; the partial indexes of the queues hold the rows not done, so a
 * scrape costs the same with a million judged submissions.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';

export interface KindState {
  kind: string;
  queued: number;
  leased: number;
  oldestSeconds: number;
}

export interface JudgeState {
  name: string;
  running: number;
  capacity: number;
  cpuUsage: number | null;
}

/** Every kind is named even when empty, so a dashboard's series never disappears. */
const KINDS = ['submission', 'remote', 'testRun', 'compileChecker', 'compilePrograms', 'packageRun', 'remoteProblem', 'remoteContests'];

export async function judgeQueueState(ctx: AppContext): Promise<{ kinds: KindState[]; judges: JudgeState[] }> {
  const { db } = ctx.database;
  const tasks = await db.execute<{ kind: string; queued: number; leased: number; oldest: number | null }>(sql`
    select kind, count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'leased')::int as leased,
           extract(epoch from now() - min(since) filter (where status = 'queued'))::float8 as oldest
    from (
      select case when remote_oj is null then 'submission' else 'remote' end as kind, status, queued_at as since
        from judge_task where status = 'queued'
      union all
      select case when remote_oj is null then 'submission' else 'remote' end, status, queued_at from judge_task where status = 'leased'
      union all
      select 'testRun', status, created_at from test_run where status <> 'done'
      union all
      select job->>'type', status, created_at from judge_job where status <> 'done'
    ) t
    group by kind`);
  const byKind = new Map(tasks.rows.map((r) => [r.kind, r]));
  const kinds = [...new Set([...KINDS, ...byKind.keys()])].map((kind) => {
    const r = byKind.get(kind);
    return { kind, queued: r?.queued ?? 0, leased: r?.leased ?? 0, oldestSeconds: Math.max(0, r?.oldest ?? 0) };
  });
  const judges = await db.execute<{ name: string; running: number; capacity: number; cpu_usage: number | null }>(sql`
    select name, running, capacity, cpu_usage from judge_server
    where status = 0 and last_heartbeat > now() - (${ctx.config.judgeQueue.offlineAfterMs}::int * interval '1 millisecond')
    order by name`);
  return { kinds, judges: judges.rows.map((j) => ({ name: j.name, running: j.running, capacity: j.capacity, cpuUsage: j.cpu_usage })) };
}
