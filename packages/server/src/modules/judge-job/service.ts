/**
 * Judge jobs as the API sees them: queue a job, wait (bounded) for a judge to do it, and the judge side
 * of the queue (lease, result, step outputs). Nothing here runs a program: an API node without a
 * sandbox, compiler or root serves every action that needs one through its judges.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { REMOTE_JOB_TYPES, type JudgeJob, type JudgeJobResult, type JudgeJobResultBody, type JudgeJobTask, type PollLane } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { judgeJobs } from '../../db/schema/index.js';
import { fail } from '../../lib/errors.js';
import { putBlob } from '../../lib/testdata.js';
import { notifyQueue } from '../judge/queue.js';
import { returnLease } from '../judge/lease-return.js';

/** NOTIFYed with a job's id when its result is stored; the API node waiting for it wakes at once. */
const DONE_CHANNEL = 'oj_judge_job_done';

/** A queued job waits this long at most for a busy judge to free a worker, when judges are online. */
const BUSY_QUEUE_TIMEOUT_MS = 5 * 60_000;
/** Rows are kept this long after they were queued (a result is read once, right away). */
const KEEP_MS = 24 * 3600_000;
/** While waiting, the row is read at least this often (NOTIFY usually answers sooner). */
const RECHECK_MS = 1000;

export class JobUploadRefused extends Error {}

type JobRow = typeof judgeJobs.$inferSelect;

/** Waits for a NOTIFY of `id` on the done channel, or `ms`, whichever comes first. */
function doneOrTimeout(ctx: AppContext, id: number, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      off();
      resolve();
    };
    const timer = setTimeout(finish, ms);
    const off = ctx.database.listener.on(DONE_CHANNEL, (payload) => {
      if (payload === String(id)) finish();
    });
  });
}

/**
 * Queues `job`, waits for a judge's result and returns it. Throws, as a message the caller shows:
 * no judge leased it (after `queueTimeoutMs` with no judge online, or a few minutes while all are
 * busy; the job is withdrawn); the judge's lease of `leaseMs`
 * ran out before its result; the judge could not do the job at all.
 */
export async function runJudgeJob(
  ctx: AppContext,
  job: JudgeJob,
  o: { leaseMs: number; queueTimeoutMs?: number },
): Promise<Exclude<JudgeJobResult, { type: 'failed' }>> {
  const { db } = ctx.database;
  const queueTimeoutMs = o.queueTimeoutMs ?? ctx.config.judgeQueue.jobQueueTimeoutMs;
  await db.delete(judgeJobs).where(sql`${judgeJobs.createdAt} < now() - (${KEEP_MS}::int * interval '1 millisecond')`);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(judgeJobs)
      .values({ job, leaseMs: Math.round(o.leaseMs) })
      .returning({ id: judgeJobs.id });
    await notifyQueue(tx);
    return row!.id;
  });
  const queuedAt = Date.now();
  // Listen before the first read, so a result stored between the read and the wait is not missed.
  await ctx.database.listener.ready(1000);
  for (;;) {
    const [row] = await db.select().from(judgeJobs).where(eq(judgeJobs.id, id));
    if (!row) throw fail('judgeJobLost');
    const outcome = await settle(ctx, row, queuedAt, queueTimeoutMs);
    if (outcome) {
      if (outcome.type === 'failed') throw fail('judgeJobFailed', { error: outcome.error.slice(0, 2000) });
      return outcome;
    }
    await doneOrTimeout(ctx, id, RECHECK_MS);
  }
}

/**
 * Whether some judge that can do the job is online (heartbeat or poll lately) and taking tasks: then a
 * queued job is only waiting for a free worker. A remote job needs a judge serving its site, a
 * compile of programs one with their languages.
 */
async function anyJudgeOnline(ctx: AppContext, job: JudgeJob): Promise<boolean> {
  const serves =
    job.type === 'remoteProblem'
      ? sql`remote_ojs ? ${job.oj}`
      : job.type === 'remoteContests'
        ? sql`jsonb_array_length(remote_ojs) > 0`
        : job.type === 'compilePrograms'
          ? hasJobLanguages(sql`${JSON.stringify(job)}::jsonb`)
          : sql`true`;
  const res = await ctx.database.db.execute(sql`
    select 1 from judge_server
    where status = 0 and last_heartbeat > now() - (${ctx.config.judgeQueue.offlineAfterMs}::int * interval '1 millisecond') and ${serves}
    limit 1`);
  return res.rows.length > 0;
}

/** The result when the job is over (done, or given up here); null while it may still come. */
async function settle(ctx: AppContext, row: JobRow, queuedAt: number, queueTimeoutMs: number): Promise<JudgeJobResult | null> {
  const { db } = ctx.database;
  if (row.status === 'done') return row.result ?? { type: 'failed', error: 'no result' };
  const waited = Date.now() - queuedAt;
  if (row.status === 'queued' && waited > queueTimeoutMs && (waited > BUSY_QUEUE_TIMEOUT_MS || !(await anyJudgeOnline(ctx, row.job)))) {
    // Withdrawn only while still queued: a judge leasing it at this moment wins, and is waited for.
    const gone = await db
      .delete(judgeJobs)
      .where(and(eq(judgeJobs.id, row.id), eq(judgeJobs.status, 'queued')))
      .returning({ id: judgeJobs.id });
    if (gone.length) throw fail('noJudgeForJob');
    return null;
  }
  if (row.status === 'leased' && row.leaseDeadline && row.leaseDeadline.getTime() < Date.now()) {
    const lost = await db
      .update(judgeJobs)
      .set({ status: 'done', leaseToken: null, result: { type: 'failed', error: 'lease expired' }, finishedAt: new Date() })
      .where(and(eq(judgeJobs.id, row.id), eq(judgeJobs.status, 'leased'), eq(judgeJobs.leaseToken, row.leaseToken ?? '')))
      .returning({ id: judgeJobs.id });
    if (lost.length) throw fail('judgeJobLost');
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Judge protocol side

/**
 * Whether the judge row `judge_server` has every judge language a job's programs name (a compilePrograms
 * job: a reference solution compiles only where its language is); true for a job that names none.
 */
const hasJobLanguages = (job: SQL) => sql`not exists (
  select 1 from jsonb_each(coalesce(${job}->'programs', '{}'::jsonb)) p
  where p.value ? 'language' and not judge_server.languages ? (p.value->>'language'))`;

/**
 * Which jobs a lane serves: remote jobs go to a judge that serves the job's site (any site for the
 * contest lists); a local job that names judge languages to a judge that has them.
 */
function laneFilter(lane: PollLane, judgeId: number) {
  const remoteTypes = sql.join(
    REMOTE_JOB_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  if (lane === 'local')
    return sql`q.job->>'type' not in (${remoteTypes})
      and exists (select 1 from judge_server where judge_server.id = ${judgeId}::int and ${hasJobLanguages(sql`q.job`)})`;
  return sql`q.job->>'type' in (${remoteTypes}) and exists (
    select 1 from judge_server s where s.id = ${judgeId}::int
      and case when q.job ? 'oj' then s.remote_ojs ? (q.job->>'oj') else jsonb_array_length(s.remote_ojs) > 0 end)`;
}

/** Leases the oldest queued job of the lane this judge can do. */
export async function leaseJob(ctx: AppContext, judgeId: number, lane: PollLane): Promise<JudgeJobTask | null> {
  const token = crypto.randomBytes(24).toString('base64url');
  const res = await ctx.database.db.execute<{ id: number; job: JudgeJob; lease_deadline: Date }>(sql`
    update judge_job j set
      status = 'leased', lease_owner = ${judgeId}::int, lease_token = ${token},
      lease_deadline = now() + (j.lease_ms * interval '1 millisecond')
    where j.id = (
      select q.id from judge_job q
      where q.status = 'queued' and ${laneFilter(lane, judgeId)}
      order by q.id
      limit 1
      for update skip locked
    )
    returning j.id, j.job, j.lease_deadline`);
  const row = res.rows[0];
  if (!row) return null;
  const deadline = new Date(row.lease_deadline);
  return { kind: 'job', taskId: row.id, leaseToken: token, leaseDeadline: deadline.toISOString(), leaseMs: deadline.getTime() - Date.now(), job: row.job };
}

/** Gives a lease back untouched (the judge hung up before it got the job). */
export const releaseJob = (ctx: AppContext, task: JudgeJobTask): Promise<void> => returnLease(ctx.database.db, judgeJobs, 'leased', task);

/** The live lease of a job; null when the token is not (or no longer) the job's live lease. */
async function liveLease(ctx: AppContext, taskId: number, leaseToken: string): Promise<JobRow | null> {
  const [row] = await ctx.database.db.select().from(judgeJobs).where(eq(judgeJobs.id, taskId));
  if (!row || row.leaseToken !== leaseToken || row.status !== 'leased') return null;
  if (!row.leaseDeadline || row.leaseDeadline.getTime() < Date.now()) return null;
  return row;
}

/** Stores a job's result once (a repeat of the same lease is answered OK); null when the lease is not live. */
export async function storeJobResult(ctx: AppContext, body: JudgeJobResultBody): Promise<{ duplicate: boolean } | null> {
  const { db } = ctx.database;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(judgeJobs).where(eq(judgeJobs.id, body.taskId)).for('update');
    if (!row || row.leaseToken !== body.leaseToken) return null;
    if (row.status === 'done') return { duplicate: true };
    if (row.status !== 'leased' || !row.leaseDeadline || row.leaseDeadline.getTime() < Date.now()) return null;
    // The token stays on the done row: it is how a repeated post is recognised.
    await tx.update(judgeJobs).set({ status: 'done', result: body.result, leaseDeadline: null, finishedAt: new Date() }).where(eq(judgeJobs.id, row.id));
    await tx.execute(sql`select pg_notify(${DONE_CHANNEL}, ${String(row.id)})`);
    return { duplicate: false };
  });
}

/**
 * Keeps a step's output (the request body) in the test-data store. The outputs of one job together
 * stay within its bound: a body going over it is cut off and refused.
 */
export async function storeJobOutput(ctx: AppContext, taskId: number, leaseToken: string, body: Readable): Promise<{ hash: string; size: number } | null> {
  const row = await liveLease(ctx, taskId, leaseToken);
  if (!row) return null;
  const budget = (row.job.type === 'packageRun' ? row.job.maxTotalBytes : 0) - row.uploadedBytes;
  const tmpDir = path.join(ctx.config.dataDir, 'tmp');
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `job-${taskId}-${crypto.randomBytes(6).toString('hex')}`);
  let size = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > budget) cb(new JobUploadRefused(`the outputs exceed ${Math.round(budget / 1024 / 1024)} MB`));
      else cb(null, chunk);
    },
  });
  try {
    await pipeline(body, bounded, fs.createWriteStream(tmp));
    const stored = await putBlob(ctx.config.dataDir, { path: tmp });
    const [counted] = await ctx.database.db
      .update(judgeJobs)
      .set({ uploadedBytes: sql`${judgeJobs.uploadedBytes} + ${stored.size}` })
      .where(and(eq(judgeJobs.id, taskId), eq(judgeJobs.leaseToken, leaseToken), eq(judgeJobs.status, 'leased')))
      .returning({ id: judgeJobs.id });
    return counted ? stored : null;
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
}
