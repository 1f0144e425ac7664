/**
 * Remote submissions as a task kind of the judge queue (lane `remote`): a judge that serves the site
 * leases the task together with a free account of that site, in one transaction, so an account never
 * has two submissions in flight whichever nodes and judges run. The first progress report stores the
 * site's run id: from then on a new lease (the judge died, a rejudge) polls that run with the same
 * account instead of submitting again. The result or a failure gives the account back.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  formatMsg,
  JUDGE_MSG,
  JudgeStatus,
  judgeEndpoints,
  type JudgeProgressResponse,
  type JudgeRemoteFailBody,
  type JudgeRemoteFailResponse,
  type JudgeRemoteProgressBody,
  type JudgeRemoteResultBody,
  type JudgeResultResponse,
  type RemoteOj,
  type RemoteTask,
  type RemoteTaskAccount,
  USER_SESSION_ACCOUNT,
} from '@oj/shared';
import type { JudgeQueueConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { countVerdict } from '../../lib/node-metrics.js';
import type { DbOrTx } from '../../db/client.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { getSecrets, openText, sealText } from '../../lib/secrets.js';
import { protocolError } from '../judge/protocol-error.js';
import { releaseAccountOf } from '../judge/account-lease.js';
import { holds, lockTask } from '../judge/task-lock.js';
import { notifyQueue } from '../judge/queue.js';
import { publishSubmission, publishSubmissions } from '../../lib/live-publish.js';
import { oiRankScoreSql } from '../judge/rank-score.js';
import type { TaskKind } from '../judge/task-kinds.js';

type Candidate = {
  id: number;
  submit_id: number;
  remote_oj: RemoteOj;
  attempts: number;
  version: number;
  run_id: string | null;
  run_account: number | null;
  /** the submitter's own sealed Codeforces session (Codeforces and Gym tasks without a pool run) */
  user_session: string | null;
  handle: string;
  /** the handle a linked run must belong to */
  linked_handle: string | null;
};
type Account = { id: number; username: string; password_sealed: string; session_sealed: string | null };

/** The sites a user's own Codeforces session judges on (Gym is Codeforces' too). */
const SESSION_SITES: readonly RemoteOj[] = ['CF', 'GYM'];

/** The free account of the task's site used longest ago, or the one that submitted its run; locked for this lease. */
async function leaseAccount(tx: DbOrTx, task: Candidate): Promise<Account | null> {
  const acc = await tx.execute<Account>(sql`
    select id, username, password_sealed, session_sealed from remote_account
    where oj = ${task.remote_oj} and state = 'free' and (${task.run_account}::int is null or id = ${task.run_account}::int)
    order by last_used_at asc nulls first, id
    limit 1
    for update skip locked`);
  return acc.rows[0] ?? null;
}

/** A pool account opened for the judge; null when its password does not open (sealed with another key). */
function poolAccount(key: Buffer, a: Account): RemoteTaskAccount | null {
  const password = openText(key, a.password_sealed);
  if (password === null) return null;
  return { id: a.id, username: a.username, password, session: a.session_sealed ? openText(key, a.session_sealed) : null };
}

/**
 * The submitter's own Codeforces session as the judge's cookie jar: what the settings page takes is the
 * browser's cookie header (`name=value; …`), or a bare JSESSIONID. No password: a session that expired
 * ends the submission (the user sets a new one), it is never logged in again.
 */
function userAccount(key: Buffer, task: Candidate): RemoteTaskAccount | null {
  const raw = task.user_session && (openText(key, task.user_session) ?? task.user_session);
  if (!raw) return null;
  const jar: Record<string, string> = {};
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  if (!Object.keys(jar).length) jar.JSESSIONID = raw.trim();
  return { id: USER_SESSION_ACCOUNT, username: task.handle, password: '', session: JSON.stringify(jar) };
}

const leaseInterval = (ctx: AppContext) => sql`now() + (${ctx.config.judgeQueue.leaseMs}::int * interval '1 millisecond')`;

/**
 * The next remote task this judge may take (its sites, not backing off, contest first, then oldest)
 * with the account to judge it with: the one that submitted its run, else the free one used longest ago.
 */
async function leaseRemote(ctx: AppContext, judge: { id: number; name: string }): Promise<RemoteTask | null> {
  const { remoteKey } = await getSecrets(ctx.database);
  const token = crypto.randomBytes(24).toString('base64url');
  return ctx.database.db.transaction(async (tx) => {
    // A run whose account was removed cannot be polled any more: such a task takes any account and submits anew.
    // A Codeforces or Gym submission of a user who gave his own session is judged with it, no pool account needed.
    const res = await tx.execute<Candidate>(sql`
      select q.id, q.submit_id, q.remote_oj, q.attempts, q.version,
             j.remote_run_id as run_id, ra.id as run_account,
             case when ra.id is null then u.cf_session end as user_session, coalesce(u.cf_username, u.username) as handle,
             j.remote_handle as linked_handle
      from judge_task q
      join judge j on j.submit_id = q.submit_id
      left join remote_account ra on ra.id = j.remote_account_id and j.remote_run_id is not null
      left join user_info u on u.uid = j.uid and q.remote_oj in (${sql.join(
        SESSION_SITES.map((o) => sql`${o}`),
        sql`, `,
      )}) and u.cf_session is not null
      where q.status = 'queued' and q.remote_oj is not null
        and (q.not_before is null or q.not_before <= now())
        and exists (select 1 from judge_server s where s.id = ${judge.id}::int and s.status = 0 and s.remote_ojs ? q.remote_oj)
        and (j.remote_handle is not null or (ra.id is null and u.cf_session is not null)
          or exists (select 1 from remote_account a where a.oj = q.remote_oj and a.state = 'free' and (ra.id is null or a.id = ra.id)))
      order by q.priority desc, q.id
      limit 1
      for update of q skip locked`);
    const task = res.rows[0];
    if (!task) return null;
    // A linked run is followed on the site's public pages, a user's session judges his own: no pool account for either.
    const ownAccess = task.linked_handle !== null || task.user_session !== null;
    const account = ownAccess ? null : await leaseAccount(tx, task);
    // Taken by a lease running at this moment: the next poll looks again.
    if (!ownAccess && !account) return null;
    const [leased] = (
      await tx.execute<{ lease_deadline: Date }>(sql`
        update judge_task set status = 'leased', lease_owner = ${judge.id}::int, lease_token = ${token}, lease_deadline = ${leaseInterval(ctx)}
        where id = ${task.id} returning lease_deadline`)
    ).rows;
    if (account) {
      await tx.execute(sql`
        update remote_account set state = 'busy', lease_task = ${task.id}, lease_deadline = ${leased!.lease_deadline}, last_used_at = now()
        where id = ${account.id}`);
    }
    const sub = await tx.execute<{ language: string; code: string; remote_id: string | null }>(sql`
      update judge j set judger = ${judge.name}, gmt_modified = now()
      from problem p
      where j.submit_id = ${task.submit_id} and j.version = ${task.version} and p.id = j.pid
      returning j.language, j.code, p.remote_id`);
    const row = sub.rows[0];
    const taskAccount = account
      ? poolAccount(remoteKey, account)
      : task.linked_handle !== null
        ? { id: USER_SESSION_ACCOUNT, username: task.linked_handle, password: '', session: null }
        : userAccount(remoteKey, task);
    if (!row?.remote_id || taskAccount === null) {
      // A later judging round, a problem gone or no longer remote, or a password sealed with another
      // key: nothing to submit. The task ends; the account is free again.
      await endTask(tx, task.id, task.submit_id, task.version, row ? 'the problem is not a remote problem any more' : 'stale judging round');
      return null;
    }
    return {
      kind: 'remote',
      taskId: task.id,
      leaseToken: token,
      leaseDeadline: new Date(leased!.lease_deadline).toISOString(),
      leaseMs: ctx.config.judgeQueue.leaseMs,
      attempt: task.attempts + 1,
      oj: task.remote_oj,
      submitId: task.submit_id,
      problemId: row.remote_id,
      language: row.language,
      code: row.code,
      account: taskAccount,
      linkedHandle: task.linked_handle,
      // A pool run is polled with its account; a run made with the user's session, with that session; a linked run as it is.
      runId: task.run_account !== null || (account === null && task.run_id !== null) ? task.run_id : null,
    };
  });
}

/** Ends a task that has nothing to judge: done, with its account freed; the submission as Submitted Failed when it is still this round's. */
async function endTask(tx: DbOrTx, taskId: number, submitId: number, version: number, why: string) {
  await tx.execute(sql`
    update judge_task set status = 'done', lease_token = null, lease_deadline = null, last_error = ${why}, finished_at = now()
    where id = ${taskId}`);
  await tx.execute(sql`
    update judge set status = ${JudgeStatus.SUBMITTED_FAILED}, error_message = ${why}, gmt_modified = now()
    where submit_id = ${submitId} and version = ${version}`);
  await releaseAccountOf(tx, taskId);
  await publishSubmission(tx, submitId);
}

/** Gives a fresh lease back untouched (the judge hung up before it saw the task). */
async function releaseLease(ctx: AppContext, task: RemoteTask) {
  await ctx.database.db.transaction(async (tx) => {
    const res = await tx.execute(sql`
      update judge_task set status = 'queued', lease_owner = null, lease_token = null, lease_deadline = null
      where id = ${task.taskId} and lease_token = ${task.leaseToken} and status = 'leased' returning id`);
    if (res.rows.length) await releaseAccountOf(tx, task.taskId);
  });
  await notifyQueue(ctx.database.db);
}

/** The handle a linked run must belong to; null for a run this site submitted. */
async function linkedHandleOf(tx: DbOrTx, submitId: number): Promise<string | null> {
  const res = await tx.execute<{ remote_handle: string | null }>(sql`select remote_handle from judge where submit_id = ${submitId}`);
  return res.rows[0]?.remote_handle ?? null;
}

/** Keeps the account's login for the next lease (sealed; never answered by any API). */
async function saveSession(ctx: AppContext, tx: DbOrTx, taskId: number, session: string | null | undefined) {
  if (session === undefined) return;
  const { remoteKey } = await getSecrets(ctx.database);
  const sealed = session === null ? null : sealText(remoteKey, session);
  await tx.execute(sql`update remote_account set session_sealed = ${sealed} where lease_task = ${taskId}`);
}

export async function remoteProgress(ctx: AppContext, body: JudgeRemoteProgressBody): Promise<JudgeProgressResponse> {
  const res = await ctx.database.db.transaction(async (tx) => {
    const task = await lockTask(tx, body.taskId, 'remote');
    if (!holds(task, body.leaseToken)) return null;
    const [t] = (
      await tx.execute<{ lease_deadline: Date }>(sql`
        update judge_task set lease_deadline = ${leaseInterval(ctx)} where id = ${task.id} returning lease_deadline`)
    ).rows;
    await tx.execute(sql`update remote_account set lease_deadline = ${t!.lease_deadline} where lease_task = ${task.id}`);
    await saveSession(ctx, tx, task.id, body.session);
    // The run id first, in this transaction: from now on this submission is polled, never submitted again.
    const runId = body.runId ?? null;
    await tx.execute(sql`
      update judge j set
        status = case when j.status in (${JudgeStatus.PENDING}, ${JudgeStatus.COMPILING}, ${JudgeStatus.JUDGING}) then ${body.status}::int else j.status end,
        remote_run_id = coalesce(${runId}, j.remote_run_id),
        remote_account_id = case when ${runId}::text is null then j.remote_account_id
                                 else (select id from remote_account where lease_task = ${task.id}) end,
        gmt_modified = now()
      where j.submit_id = ${task.submit_id} and j.version = ${task.version}`);
    await publishSubmission(tx, task.submit_id);
    return { leaseDeadline: new Date(t!.lease_deadline).toISOString() };
  });
  if (!res) throw protocolError.leaseLost();
  return res;
}

/** Stores the site's verdict and frees the account; a repeat with the same lease is answered OK and writes nothing. */
export async function remoteResult(ctx: AppContext, body: JudgeRemoteResultBody): Promise<JudgeResultResponse> {
  const res = await ctx.database.db.transaction(async (tx) => {
    const task = await lockTask(tx, body.taskId, 'remote');
    if (task && task.status === 'done' && task.lease_token === body.leaseToken) return { submitId: task.submit_id, duplicate: true };
    if (!holds(task, body.leaseToken)) return null;
    const score = body.score ?? null;
    const judged = await tx.execute<{ language: string }>(sql`
      update judge set status = ${body.status}, time = ${body.time}, memory = ${body.memory}, score = ${score},
        oi_rank_score = ${oiRankScoreSql(score)}, error_message = ${body.errorMessage}, gmt_modified = now()
      where submit_id = ${task.submit_id} and version = ${task.version} returning language`);
    await saveSession(ctx, tx, task.id, body.session);
    await tx.execute(sql`update remote_account set last_error = null where lease_task = ${task.id}`);
    await releaseAccountOf(tx, task.id);
    await publishSubmission(tx, task.submit_id);
    // The token stays on the done row: it is how a repeated post is recognised.
    await tx.execute(sql`update judge_task set status = 'done', lease_deadline = null, finished_at = now() where id = ${task.id}`);
    return { submitId: task.submit_id, duplicate: false, language: judged.rows[0]?.language, site: task.remote_oj };
  });
  if (!res) throw protocolError.leaseLost();
  if (res.language) countVerdict(ctx, { language: res.language, judge: res.site ?? 'remote', status: body.status, timeMs: body.time });
  return { submitId: res.submitId, duplicate: res.duplicate };
}

/** Failures the site will answer the same way however often it is asked: the submission ends at once. */
const FINAL_FAILURES = new Set<JudgeRemoteFailBody['failure']>(['refused', 'notFound', 'badId']);

/**
 * What kept the judge from a verdict. A refused login marks the account failing (an admin must fix it);
 * a refusal of the code or the problem ends the submission as Submitted Failed at once; anything else
 * (the site down, a rate limit) goes back to the queue after a back-off, up to `remoteMaxAttempts`.
 */
export async function remoteFail(ctx: AppContext, body: JudgeRemoteFailBody): Promise<JudgeRemoteFailResponse> {
  const cfg = ctx.config.judgeQueue;
  const res = await ctx.database.db.transaction(async (tx) => {
    const task = await lockTask(tx, body.taskId, 'remote');
    if (!holds(task, body.leaseToken)) return null;
    const attempts = task.attempts + 1;
    // No pool account: the submitter's own session, which only he can renew.
    const ownSession = !(await tx.execute(sql`select 1 from remote_account where lease_task = ${task.id}`)).rows.length;
    await saveSession(ctx, tx, task.id, body.session);
    if (body.failure === 'loginFailed' && ownSession) {
      await endTask(tx, task.id, task.submit_id, task.version, formatMsg(JUDGE_MSG.remoteSessionRefused, { oj: task.remote_oj }));
      await tx.execute(sql`update judge_task set attempts = ${attempts} where id = ${task.id}`);
      return { requeued: false };
    }
    if (body.failure === 'loginFailed') {
      await tx.execute(
        sql`update remote_account set state = 'failing', last_error = ${body.error}, lease_task = null, lease_deadline = null where lease_task = ${task.id}`,
      );
    } else {
      await releaseAccountOf(tx, task.id);
    }
    const requeued = !FINAL_FAILURES.has(body.failure) && attempts < cfg.remoteMaxAttempts;
    if (requeued) {
      const backoff = Math.max(body.retryAfterMs ?? 0, Math.min(60_000, cfg.remoteBackoffMs * 2 ** (attempts - 1)));
      await tx.execute(sql`
        update judge_task set status = 'queued', attempts = ${attempts}, lease_token = null, lease_deadline = null,
          last_error = ${body.error}, queued_at = now(), not_before = now() + (${backoff}::int * interval '1 millisecond')
        where id = ${task.id}`);
      await tx.execute(sql`
        update judge set status = ${JudgeStatus.PENDING}, gmt_modified = now()
        where submit_id = ${task.submit_id} and version = ${task.version}`);
      await notifyQueue(tx);
    } else {
      const linked = body.failure === 'notFound' ? await linkedHandleOf(tx, task.submit_id) : null;
      const message = FINAL_FAILURES.has(body.failure)
        ? linked !== null
          ? formatMsg(JUDGE_MSG.remoteRunNotYours, { oj: task.remote_oj, handle: linked, error: body.error })
          : formatMsg(JUDGE_MSG.remoteFailed, { oj: task.remote_oj, error: body.error })
        : formatMsg(JUDGE_MSG.remoteGaveUp, { oj: task.remote_oj, attempts, error: body.error });
      await tx.execute(sql`
        update judge_task set status = 'done', attempts = ${attempts}, lease_deadline = null, last_error = ${body.error}, finished_at = now()
        where id = ${task.id}`);
      await tx.execute(sql`
        update judge set status = ${JudgeStatus.SUBMITTED_FAILED}, error_message = ${message}, gmt_modified = now()
        where submit_id = ${task.submit_id} and version = ${task.version}`);
    }
    await publishSubmission(tx, task.submit_id);
    return { requeued };
  });
  if (!res) throw protocolError.leaseLost();
  return res;
}

export const remoteTasks: TaskKind = {
  name: 'remote',
  lane: 'remote',
  sweep: sweepRemoteWaits,
  async lease(ctx, judge) {
    const task = await leaseRemote(ctx, judge);
    return task && { task, release: () => releaseLease(ctx, task) };
  },
  routes(app, ctx) {
    serve(app, judgeEndpoints.remoteProgress, {}, async ({ body }) => ok(await remoteProgress(ctx, body)));
    serve(app, judgeEndpoints.remoteResult, {}, async ({ body }) => ok(await remoteResult(ctx, body)));
    serve(app, judgeEndpoints.remoteFail, {}, async ({ body }) => ok(await remoteFail(ctx, body)));
  },
};

/**
 * Ends remote submissions that waited too long, as Submitted Failed with the reason: after
 * `remoteUnservedMs` when judges are online but none serves the site, or the site has no usable
 * account at all; after `remoteWaitMs` otherwise (every account stayed busy, or the site kept failing).
 */
export async function sweepRemoteWaits(db: DbOrTx, cfg: JudgeQueueConfig): Promise<number> {
  const minutes = Math.round(cfg.remoteWaitMs / 60_000);
  const res = await db.execute<{ submit_id: number }>(sql`
    with online as (
      select remote_ojs from judge_server
      where status = 0 and last_heartbeat > now() - (${cfg.offlineAfterMs}::int * interval '1 millisecond')
    ), waiting as (
      select t.id, t.remote_oj, t.enqueued_at,
        case
          when exists (select 1 from online) and not exists (select 1 from online o where o.remote_ojs ? t.remote_oj)
            then replace(${JUDGE_MSG.remoteNoJudge}, '{oj}', t.remote_oj)
          when not exists (select 1 from remote_account a where a.oj = t.remote_oj and a.state <> 'failing')
            then replace(${JUDGE_MSG.remoteNoAccount}, '{oj}', t.remote_oj)
        end as unserved,
        case when t.last_error is null
          then replace(replace(${JUDGE_MSG.remoteNoFreeAccount}, '{oj}', t.remote_oj), '{minutes}', ${String(minutes)})
          else replace(replace(${JUDGE_MSG.remoteFailed}, '{oj}', t.remote_oj), '{error}', t.last_error)
        end as waited
      from judge_task t
      where t.status = 'queued' and t.remote_oj is not null
        and t.enqueued_at < now() - (${cfg.remoteUnservedMs}::int * interval '1 millisecond')
      for update of t skip locked
    ), gone as (
      update judge_task t set status = 'done', last_error = coalesce(w.unserved, w.waited), finished_at = now()
      from waiting w
      where t.id = w.id and (w.unserved is not null or w.enqueued_at < now() - (${cfg.remoteWaitMs}::int * interval '1 millisecond'))
      returning t.submit_id, t.version, t.last_error
    ), judged as (
      update judge j set status = ${JudgeStatus.SUBMITTED_FAILED}::int, error_message = g.last_error, gmt_modified = now()
      from gone g where j.submit_id = g.submit_id and j.version = g.version
    )
    select submit_id from gone`);
  await publishSubmissions(
    db,
    res.rows.map((r) => r.submit_id),
  );
  return res.rows.length;
}
