/**
 * The judge queue as other modules see it: put a submission in the queue, rejudge it, cancel it, and
 * the sweeper that gives expired leases back. The table `judge_task` is the only truth, so every API
 * node can run all of this at once.
 */
import { eq, sql } from 'drizzle-orm';
import { JUDGE_MSG, JudgeStatus } from '@oj/shared';
import type { JudgeQueueConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { judgeCases, judgeTasks, submissions } from '../../db/schema/index.js';
import { publishSubmission, publishSubmissions } from '../../lib/live-publish.js';
import { releaseAccountOf } from './account-lease.js';
import type { TaskKind } from './task-kinds.js';
import { noticeSubmissionChange } from '../../lib/change-notices.js';

/** Channel of the NOTIFY sent whenever a task enters the queue; waiting polls listen to it. */
export const QUEUE_CHANNEL = 'oj_judge_task';

export const TASK_PRIORITY = { contest: 1, normal: 0 } as const;

export const notifyQueue = (db: DbOrTx) => db.execute(sql`select pg_notify(${QUEUE_CHANNEL}, '')`);

/**
 * Puts a submission (already in `judge`, status Pending) into the queue, or back into it: a task that
 * was done or leased becomes queued again with its attempts reset, and any lease on it is void.
 * Contest submissions are served before the others. Call it inside the transaction that inserts the
 * submission: the task (and the wake-up of waiting judges) exists once that commits.
 * Returns the task id, or null when the submission does not exist.
 */
export async function enqueueSubmission(db: DbOrTx, submitId: number, o: { contest: boolean }): Promise<number | null> {
  const priority = o.contest ? TASK_PRIORITY.contest : TASK_PRIORITY.normal;
  const res = await db.execute<{ id: number; remote_oj: string | null }>(sql`
    insert into judge_task (submit_id, priority, language, remote_oj, version, status, attempts, queued_at)
    select j.submit_id, ${priority}, j.language, p.remote_oj, j.version, 'queued', 0, now()
    from judge j left join problem p on p.id = j.pid and p.is_remote
    where j.submit_id = ${submitId}
    on conflict (submit_id) do update set
      priority = excluded.priority, language = excluded.language, remote_oj = excluded.remote_oj, version = excluded.version,
      status = 'queued', attempts = 0, lease_owner = null, lease_token = null, lease_deadline = null,
      last_error = null, queued_at = now(), enqueued_at = now(), not_before = null, finished_at = null
    returning id, remote_oj`);
  const row = res.rows[0];
  if (!row) return null;
  // A remote account held by an old lease of the task is free again: that lease is void.
  if (row.remote_oj !== null) await releaseAccountOf(db, row.id);
  await notifyQueue(db);
  return row.id;
}

/**
 * Everything that changes a task and its submission together locks the task row first, then the
 * submission (leases, results, sweeps do the same), so two of them can never deadlock.
 */
const lockTaskOf = (tx: DbOrTx, submitId: number) => tx.execute(sql`select id from judge_task where submit_id = ${submitId} for update`);

/**
 * Judges a submission again: a new judging round (version + 1) with the verdict, case results and
 * judger cleared, status Pending, and the task queued (a judge still busy with the old round loses its
 * lease). Contest submissions keep their priority. Returns false when the submission does not exist.
 * Statistics derived from the old verdict (accepted problems, contest records) are the caller's to fix.
 */
export async function rejudge(db: DbOrTx, submitId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockTaskOf(tx, submitId);
    const [row] = await tx
      .update(submissions)
      .set({
        status: JudgeStatus.PENDING,
        version: sql`${submissions.version} + 1`,
        score: null,
        time: null,
        memory: null,
        errorMessage: null,
        oiRankScore: null,
        isManual: false,
        judger: null,
        gmtModified: new Date(),
      })
      .where(eq(submissions.submitId, submitId))
      .returning({ cid: submissions.cid });
    if (!row) return false;
    await noticeSubmissionChange(tx, submitId);
    await tx.delete(judgeCases).where(eq(judgeCases.submitId, submitId));
    await enqueueSubmission(tx, submitId, { contest: row.cid !== 0 });
    await publishSubmission(tx, submitId);
    return true;
  });
}

/**
 * Cancels a submission (status -4): a queued task leaves the queue and a judge holding a lease loses
 * it (its progress and result are refused). Returns false when the submission does not exist.
 */
export async function cancelSubmission(db: DbOrTx, submitId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockTaskOf(tx, submitId);
    const [row] = await tx
      .update(submissions)
      .set({ status: JudgeStatus.CANCELLED, version: sql`${submissions.version} + 1`, gmtModified: new Date() })
      .where(eq(submissions.submitId, submitId))
      .returning({ submitId: submissions.submitId });
    if (!row) return false;
    await noticeSubmissionChange(tx, submitId);
    await tx
      .update(judgeTasks)
      .set({ status: 'done', leaseToken: null, leaseDeadline: null, lastError: 'Cancelled', finishedAt: new Date() })
      .where(sql`${judgeTasks.submitId} = ${submitId} and ${judgeTasks.status} <> 'done'`);
    const [task] = await tx.select({ id: judgeTasks.id }).from(judgeTasks).where(eq(judgeTasks.submitId, submitId));
    if (task) await releaseAccountOf(tx, task.id);
    await publishSubmission(tx, submitId);
    return true;
  });
}

export interface SweepResult {
  /** tasks whose lease expired and that went back to the queue */
  requeued: number;
  /** submissions that ended as System Error (attempts used up, or no judge for their language) */
  failed: number;
}

/**
 * Gives expired leases back: attempts + 1; back to the queue (submission Pending again) or, at the last
 * attempt, done with the submission as System Error and a message saying why. One statement, so any
 * number of nodes may sweep at the same time: a row is swept once.
 */
export async function sweepExpiredLeases(db: DbOrTx, cfg: JudgeQueueConfig): Promise<SweepResult> {
  const res = await db.execute<{ status: string; submit_id: number }>(sql`
    with limits as (
      select t.id, case when t.remote_oj is null then ${cfg.maxAttempts}::int else ${cfg.remoteMaxAttempts}::int end as max_attempts
      from judge_task t where t.status = 'leased' and t.lease_deadline < now()
    ), expired as (
      update judge_task t set
        attempts = t.attempts + 1,
        status = case when t.attempts + 1 >= l.max_attempts then 'done' else 'queued' end,
        last_error = replace(${JUDGE_MSG.leaseExpired}, '{judge}', coalesce((select name from judge_server s where s.id = t.lease_owner), '?')),
        lease_token = null,
        lease_deadline = null,
        queued_at = case when t.attempts + 1 >= l.max_attempts then t.queued_at else now() end,
        finished_at = case when t.attempts + 1 >= l.max_attempts then now() else null end
      from limits l
      where t.id = l.id and t.status = 'leased' and t.lease_deadline < now()
      returning t.id, t.submit_id, t.status, t.version, t.attempts, t.last_error, t.remote_oj
    ), judged as (
      update judge j set
        status = case when e.status <> 'done' then ${JudgeStatus.PENDING}::int
                      when e.remote_oj is null then ${JudgeStatus.SYSTEM_ERROR}::int
                      else ${JudgeStatus.SUBMITTED_FAILED}::int end,
        error_message = case when e.status <> 'done' then j.error_message
          when e.remote_oj is null then replace(replace(${JUDGE_MSG.gaveUp}, '{attempts}', e.attempts::text), '{error}', e.last_error)
          else replace(replace(replace(${JUDGE_MSG.remoteGaveUp}, '{oj}', e.remote_oj), '{attempts}', e.attempts::text), '{error}', e.last_error) end,
        gmt_modified = now()
      from expired e
      where j.submit_id = e.submit_id and j.version = e.version
    ), freed as (
      -- the remote accounts those leases held (their own deadline is the same)
      update remote_account a set state = 'free', lease_task = null, lease_deadline = null
      from expired e where a.lease_task = e.id and a.state = 'busy'
    )
    select status, submit_id from expired`);
  const requeued = res.rows.filter((r) => r.status === 'queued').length;
  if (requeued) await notifyQueue(db);
  await publishSubmissions(
    db,
    res.rows.map((r) => r.submit_id),
  );
  return { requeued, failed: res.rows.length - requeued };
}

/**
 * Ends queued tasks that no online judge can take: queued longer than `unservedTimeoutMs` while judges
 * are online but none of them offers the task's language. While no judge at all is online nothing
 * happens (the site waits for its judges to come back).
 */
export async function sweepUnserved(db: DbOrTx, cfg: JudgeQueueConfig): Promise<number> {
  const res = await db.execute<{ submit_id: number }>(sql`
    with online as (
      select languages from judge_server
      where status = 0 and last_heartbeat > now() - (${cfg.offlineAfterMs}::int * interval '1 millisecond')
    ), gone as (
      update judge_task t set
        status = 'done',
        last_error = replace(${JUDGE_MSG.noJudgeForLanguage}, '{language}', t.language),
        finished_at = now()
      where t.status = 'queued' and t.remote_oj is null
        and t.queued_at < now() - (${cfg.unservedTimeoutMs}::int * interval '1 millisecond')
        and exists (select 1 from online)
        and not exists (select 1 from online o where o.languages ? t.language)
      returning t.submit_id, t.version, t.last_error
    ), judged as (
      update judge j set status = ${JudgeStatus.SYSTEM_ERROR}::int, error_message = g.last_error, gmt_modified = now()
      from gone g where j.submit_id = g.submit_id and j.version = g.version
    )
    select submit_id from gone`);
  await publishSubmissions(
    db,
    res.rows.map((r) => r.submit_id),
  );
  return res.rows.length;
}

/** Both sweeps and the task kinds' own; what the interval timer and the polls run. */
export async function sweep(db: DbOrTx, cfg: JudgeQueueConfig, kinds: readonly Pick<TaskKind, 'sweep'>[] = []): Promise<SweepResult> {
  const expired = await sweepExpiredLeases(db, cfg);
  let failed = expired.failed + (await sweepUnserved(db, cfg));
  for (const kind of kinds) if (kind.sweep) failed += await kind.sweep(db, cfg);
  return { requeued: expired.requeued, failed };
}
