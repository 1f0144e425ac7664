/**
 * Plagiarism checks as the judge sees them: lease the oldest queued check, hand out its sources,
 * take progress (which extends the lease) and the pairs. A judge killed mid-check stops reporting; its
 * lease runs out and the sweep puts the check back for another judge (the third lost lease fails it).
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { JudgeStatus, type JudgePlagiarismResultBody, type PlagiarismSources, type PlagiarismTask } from '@oj/shared';
import type { JudgeQueueConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { plagiarismChecks, plagiarismPairs } from '../../db/schema/index.js';
import type { AppContext } from '../../context.js';
import { notifyQueue } from '../judge/queue.js';
import type { CheckRow } from './access.js';
import { returnLease } from '../judge/lease-return.js';

/** Lost leases before a check is given up. */
const MAX_ATTEMPTS = 3;

/** Leases the oldest queued check; `waitedMs`: only one queued at least that long ago. */
export async function leaseCheck(ctx: AppContext, judgeId: number, waitedMs = 0): Promise<PlagiarismTask | null> {
  const token = crypto.randomBytes(24).toString('base64url');
  const leaseMs = ctx.config.judgeQueue.leaseMs;
  const res = await ctx.database.db.execute<{ id: number; lease_deadline: Date }>(sql`
    update plagiarism_check c set
      status = 'running', lease_owner = ${judgeId}::int, lease_token = ${token}, done = 0, total = 0,
      lease_deadline = now() + (${leaseMs}::int * interval '1 millisecond')
    where c.id = (select q.id from plagiarism_check q
      where q.status = 'queued' and q.created_at <= now() - (${waitedMs}::int * interval '1 millisecond')
      order by q.id limit 1 for update skip locked)
    returning c.id, c.lease_deadline`);
  const row = res.rows[0];
  if (!row) return null;
  const deadline = new Date(row.lease_deadline);
  return { kind: 'plagiarism', taskId: row.id, leaseToken: token, leaseDeadline: deadline.toISOString(), leaseMs: deadline.getTime() - Date.now() };
}

/** Gives a lease back untouched (the judge hung up before it got the check). */
export const releaseCheck = (ctx: AppContext, task: Pick<PlagiarismTask, 'taskId' | 'leaseToken'>): Promise<void> =>
  returnLease(ctx.database.db, plagiarismChecks, 'running', task);

const live = (taskId: number, leaseToken: string) =>
  and(
    eq(plagiarismChecks.id, taskId),
    eq(plagiarismChecks.leaseToken, leaseToken),
    eq(plagiarismChecks.status, 'running'),
    sql`${plagiarismChecks.leaseDeadline} > now()`,
  );

async function liveCheck(db: DbOrTx, taskId: number, leaseToken: string): Promise<CheckRow | null> {
  const [row] = await db.select().from(plagiarismChecks).where(live(taskId, leaseToken));
  return row ?? null;
}

/**
 * The sources of a check: a contest's (made from its start on) or a problem's outside contests; per
 * user and problem the latest accepted one (`accepted`) or the latest whatever its verdict (`final`),
 * so nobody is compared with his own earlier tries. Null when the lease is not live.
 */
export async function checkSources(ctx: AppContext, taskId: number, leaseToken: string): Promise<PlagiarismSources | null> {
  const { db } = ctx.database;
  const check = await liveCheck(db, taskId, leaseToken);
  if (!check) return null;
  const scope =
    check.cid !== null
      ? sql`j.cid = ${check.cid}::int and j.submit_time >= (select start_time from contest where id = ${check.cid}::int)`
      : sql`j.pid = ${check.pid}::int and j.cid = 0`;
  const verdict = check.mode === 'accepted' ? sql`and j.status = ${JudgeStatus.ACCEPTED}::int` : sql``;
  const languages = check.languages.length
    ? sql`and j.language in (${sql.join(
        check.languages.map((l) => sql`${l}`),
        sql`, `,
      )})`
    : sql``;
  const res = await db.execute<{ submit_id: number; pid: number; language: string; code: string }>(sql`
    select distinct on (j.uid, j.pid) j.submit_id, j.pid, j.language, j.code
    from judge j where ${scope} ${verdict} ${languages}
    order by j.uid, j.pid, j.submit_id desc`);
  await db.update(plagiarismChecks).set({ submissions: res.rows.length }).where(live(taskId, leaseToken));
  return { files: res.rows.map((r) => ({ submitId: r.submit_id, pid: r.pid, language: r.language, code: r.code })) };
}

/** Progress (groups done of total); extends the lease. False when the lease is not live. */
export async function checkProgress(ctx: AppContext, b: { taskId: number; leaseToken: string; done: number; total: number }): Promise<boolean> {
  const leaseMs = ctx.config.judgeQueue.leaseMs;
  const res = await ctx.database.db
    .update(plagiarismChecks)
    .set({ done: b.done, total: b.total, leaseDeadline: sql`now() + (${leaseMs}::int * interval '1 millisecond')` })
    .where(live(b.taskId, b.leaseToken))
    .returning({ id: plagiarismChecks.id });
  return res.length > 0;
}

/** Stores the pairs once (a repeat of the same lease is answered OK); null when the lease is not live. */
export async function storeCheckResult(ctx: AppContext, body: JudgePlagiarismResultBody): Promise<{ duplicate: boolean } | null> {
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(plagiarismChecks).where(eq(plagiarismChecks.id, body.taskId)).for('update');
    if (!row || row.leaseToken !== body.leaseToken) return null;
    if (row.status === 'done') return { duplicate: true };
    if (row.status !== 'running' || !row.leaseDeadline || row.leaseDeadline.getTime() < Date.now()) return null;
    // Only submissions of this check's scope are kept: the ids come from a judge, and a pair row reveals code.
    const ids = [...new Set(body.pairs.flatMap((p) => [p.left, p.right]))];
    const known = new Map<number, { pid: number; language: string; uid: string }>();
    for (let k = 0; k < ids.length; k += 5000) {
      const part = ids.slice(k, k + 5000);
      const res = await tx.execute<{ submit_id: number; pid: number; language: string; uid: string }>(sql`
        select submit_id, pid, language, uid from judge
        where submit_id = any(${`{${part.join(',')}}`}::int[]) and ${row.cid !== null ? sql`cid = ${row.cid}::int` : sql`pid = ${row.pid}::int and cid = 0`}`);
      for (const r of res.rows) known.set(r.submit_id, r);
    }
    const values = body.pairs.flatMap((p) => {
      // the lower submit id on the left (the earlier submission), its fragments' sides swapped with it
      const swap = p.left > p.right;
      const [leftId, rightId] = swap ? [p.right, p.left] : [p.left, p.right];
      const l = known.get(leftId);
      const r = known.get(rightId);
      if (!l || !r || leftId === rightId || l.pid !== r.pid || l.uid === r.uid) return [];
      return [
        {
          checkId: row.id,
          pid: l.pid,
          language: l.language,
          left: leftId,
          right: rightId,
          similarity: p.similarity,
          longest: p.longest,
          overlap: p.overlap,
          fragments: swap ? p.fragments.map((f) => ({ left: f.right, right: f.left })) : p.fragments,
        },
      ];
    });
    for (let k = 0; k < values.length; k += 1000) await tx.insert(plagiarismPairs).values(values.slice(k, k + 1000));
    await tx
      .update(plagiarismChecks)
      .set({ status: 'done', done: sql`${plagiarismChecks.total}`, leaseDeadline: null, finishedAt: new Date() })
      .where(eq(plagiarismChecks.id, row.id));
    return { duplicate: false };
  });
}

/** A judge-side failure: the check fails with its reason (the staff start it again). */
export async function failCheck(ctx: AppContext, b: { taskId: number; leaseToken: string; error: string }): Promise<boolean> {
  const res = await ctx.database.db
    .update(plagiarismChecks)
    .set({ status: 'failed', error: b.error.slice(0, 2000), leaseDeadline: null, finishedAt: new Date() })
    .where(live(b.taskId, b.leaseToken))
    .returning({ id: plagiarismChecks.id });
  return res.length > 0;
}

/** Expired leases back to the queue (attempts + 1), failed at the last attempt. One statement: any node may sweep. */
export async function sweepChecks(db: DbOrTx, _cfg: JudgeQueueConfig): Promise<number> {
  const res = await db.execute<{ status: string }>(sql`
    update plagiarism_check c set
      attempts = c.attempts + 1,
      status = case when c.attempts + 1 >= ${MAX_ATTEMPTS}::int then 'failed' else 'queued' end,
      error = case when c.attempts + 1 >= ${MAX_ATTEMPTS}::int then 'the judges doing the check stopped answering' else c.error end,
      finished_at = case when c.attempts + 1 >= ${MAX_ATTEMPTS}::int then now() else null end,
      lease_token = null, lease_deadline = null
    where c.status = 'running' and c.lease_deadline < now()
    returning c.status`);
  if (res.rows.some((r) => r.status === 'queued')) await notifyQueue(db);
  return res.rows.filter((r) => r.status === 'failed').length;
}
