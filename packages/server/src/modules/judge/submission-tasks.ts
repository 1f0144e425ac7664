/**
 * Submissions as a task kind of the judge queue (`judge_task`): how a judge leases one, the task it gets
 * (the code inside the problem's wrapper), and how its progress, result and failure are stored on the
 * submission. The lease token is the only key to a task's progress, result and failure.
 */
import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  formatMsg,
  JUDGE_MSG,
  JudgeStatus,
  judgeEndpoints,
  type JudgeFailResponse,
  type JudgeProgressResponse,
  type JudgeResultBody,
  type JudgeResultResponse,
  type JudgeTask,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import { countVerdict } from '../../lib/node-metrics.js';
import { judgeCases, judgeTasks, problemCases, problems, submissions } from '../../db/schema/index.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { problemManifest } from '../../lib/testdata.js';
import { publishSubmission, submissionNotice } from '../../lib/live-publish.js';
import { wrapCode } from './code-wrappers.js';
import { notifyQueue } from './queue.js';
import { oiRankScoreSql } from './rank-score.js';
import { protocolError } from './protocol-error.js';
import type { TaskKind } from './task-kinds.js';
import { holds, lockTask } from './task-lock.js';

type Leased = {
  id: number;
  submit_id: number;
  attempts: number;
  version: number;
  lease_deadline: Date;
};

/**
 * Leases the next task this judge can take: queued, in one of its languages, not a remote judge's
 * (those are judged through their site, by the remote task kind), contest first, then oldest. FOR UPDATE SKIP LOCKED: concurrent polls on any node never get the same row.
 */
async function leaseNext(ctx: AppContext, judgeId: number): Promise<(Leased & { lease_token: string }) | null> {
  const token = crypto.randomBytes(24).toString('base64url');
  const res = await ctx.database.db.execute<Leased>(sql`
    update judge_task t set
      status = 'leased', lease_owner = ${judgeId}::int, lease_token = ${token},
      lease_deadline = now() + (${ctx.config.judgeQueue.leaseMs}::int * interval '1 millisecond')
    where t.id = (
      select q.id from judge_task q
      where q.status = 'queued' and q.remote_oj is null
        and exists (select 1 from judge_server s where s.id = ${judgeId}::int and s.status = 0 and s.languages ? q.language)
      order by q.priority desc, q.id
      limit 1
      for update skip locked
    ) and t.status = 'queued'
    returning t.id, t.submit_id, t.attempts, t.version, t.lease_deadline`);
  const row = res.rows[0];
  return row ? { ...row, lease_token: token } : null;
}

/** Ends a task that cannot be judged at all (its problem is gone) as System Error. */
async function endUnjudgeable(ctx: AppContext, lease: Leased & { lease_token: string }, message: string) {
  await ctx.database.db.transaction(async (tx) => {
    const [task] = await tx
      .update(judgeTasks)
      .set({ status: 'done', leaseToken: null, leaseDeadline: null, lastError: message, finishedAt: new Date() })
      .where(sql`${judgeTasks.id} = ${lease.id} and ${judgeTasks.leaseToken} = ${lease.lease_token}`)
      .returning({ id: judgeTasks.id });
    if (!task) return;
    await tx
      .update(submissions)
      .set({ status: JudgeStatus.SYSTEM_ERROR, errorMessage: message, gmtModified: new Date() })
      .where(sql`${submissions.submitId} = ${lease.submit_id} and ${submissions.version} = ${lease.version}`);
    await publishSubmission(tx, lease.submit_id);
  });
}

/** Gives a lease back without counting an attempt (the judge went away before it got the task). */
async function releaseLease(ctx: AppContext, lease: Leased & { lease_token: string }) {
  await ctx.database.db
    .update(judgeTasks)
    .set({ status: 'queued', leaseOwner: null, leaseToken: null, leaseDeadline: null })
    .where(sql`${judgeTasks.id} = ${lease.id} and ${judgeTasks.leaseToken} = ${lease.lease_token} and ${judgeTasks.status} = 'leased'`);
  await notifyQueue(ctx.database.db);
}

/** The code a judge compiles: the submission inside the problem's wrapper for its language, if any. */
async function wrappedCode(ctx: AppContext, pid: number, language: string, code: string): Promise<string> {
  const [row] = await ctx.database.db.select({ wrappers: problems.codeWrappers }).from(problems).where(eq(problems.id, pid));
  return wrapCode(row?.wrappers, language, code);
}

/** Turns a fresh lease into the task a judge gets; null when the task turned out unjudgeable. */
async function buildTask(ctx: AppContext, judgeName: string, lease: Leased & { lease_token: string }): Promise<JudgeTask | null> {
  const { db } = ctx.database;
  const [sub] = await db
    .update(submissions)
    .set({ judger: judgeName, gmtModified: new Date() })
    .where(sql`${submissions.submitId} = ${lease.submit_id} and ${submissions.version} = ${lease.version}`)
    .returning({ submitId: submissions.submitId, pid: submissions.pid, language: submissions.language, code: submissions.code });
  if (!sub) {
    // The submission is in a later judging round than this task (changed without going through
    // rejudge/cancel): nothing to judge for this round.
    await db
      .update(judgeTasks)
      .set({ status: 'done', leaseToken: null, leaseDeadline: null, lastError: 'stale judging round', finishedAt: new Date() })
      .where(sql`${judgeTasks.id} = ${lease.id} and ${judgeTasks.leaseToken} = ${lease.lease_token}`);
    return null;
  }
  const manifest = await problemManifest(ctx.database, ctx.config.dataDir, sub.pid);
  if (!manifest) {
    await endUnjudgeable(ctx, lease, JUDGE_MSG.problemMissing);
    return null;
  }
  return {
    taskId: lease.id,
    leaseToken: lease.lease_token,
    leaseDeadline: new Date(lease.lease_deadline).toISOString(),
    leaseMs: ctx.config.judgeQueue.leaseMs,
    attempt: lease.attempts + 1,
    submission: { submitId: sub.submitId, language: sub.language, code: await wrappedCode(ctx, sub.pid, sub.language, sub.code) },
    problem: {
      id: manifest.problemId,
      displayId: manifest.displayId,
      caseVersion: manifest.caseVersion,
      manifestHash: manifest.hash,
      timeLimit: manifest.timeLimit,
      memoryLimit: manifest.memoryLimit,
      stackLimit: manifest.stackLimit,
    },
  };
}

/**
 * Compiling/Judging: extends the lease, shows the status on the submission and tells the live streams
 * (with the case counts when the judge sends them: "Judging 7/20"). One statement (sent at every stage
 * and case report of every judge) instead of a transaction of four: the UPDATE of the task takes its
 * row lock first and the submission's second, the order every writer of a task keeps (task-lock.ts), and
 * a lease not held (other token, run out, not ours) updates nothing. Keep-alives repeat the status:
 * harmless to watchers, and cheaper than reading the old one.
 */
export async function progress(
  ctx: AppContext,
  taskId: number,
  token: string,
  status: number,
  cases?: { done: number; total: number },
): Promise<JudgeProgressResponse> {
  const res = await ctx.database.db.execute<{ lease_deadline: Date | string }>(sql`
    with t as (
      update judge_task
      set lease_deadline = now() + (${ctx.config.judgeQueue.leaseMs}::int * interval '1 millisecond')
      where id = ${taskId} and remote_oj is null and status = 'leased' and lease_deadline > now() and lease_token = ${token}
      returning submit_id, version, lease_deadline
    ), s as (
      update judge j set status = ${status}::int, gmt_modified = now()
      from t
      where j.submit_id = t.submit_id and j.version = t.version
        and j.status in (${JudgeStatus.PENDING}, ${JudgeStatus.COMPILING}, ${JudgeStatus.JUDGING})
      returning j.submit_id, j.status, j.cid, j.uid, j.submit_time
    )
    select lease_deadline, (select count(${submissionNotice(cases)}::text) from s) as told from t`);
  const row = res.rows[0];
  if (!row) throw protocolError.leaseLost();
  return { leaseDeadline: new Date(row.lease_deadline).toISOString() };
}

/**
 * Stores a result: verdict, time, memory, score, message and the case rows, then the task is done.
 * Posting again with the same lease is answered OK and writes nothing; any other lease is refused.
 */
export async function submitResult(ctx: AppContext, body: JudgeResultBody): Promise<JudgeResultResponse> {
  const res = await ctx.database.db.transaction(async (tx) => {
    const task = await lockTask(tx, body.taskId, 'local');
    if (task && task.status === 'done' && task.lease_token === body.leaseToken) return { submitId: task.submit_id, duplicate: true };
    if (!holds(task, body.leaseToken)) return null;

    const [sub] = await tx
      .update(submissions)
      .set({
        status: body.status,
        time: body.time,
        memory: body.memory,
        score: body.score,
        oiRankScore: oiRankScoreSql(body.score),
        errorMessage: body.errorMessage,
        gmtModified: new Date(),
      })
      .where(sql`${submissions.submitId} = ${task.submit_id} and ${submissions.version} = ${task.version}`)
      .returning({ uid: submissions.uid, pid: submissions.pid, language: submissions.language });
    if (sub) {
      await tx.delete(judgeCases).where(eq(judgeCases.submitId, task.submit_id));
      if (body.cases.length) {
        const [problem] = await tx.select({ mode: problems.judgeCaseMode }).from(problems).where(eq(problems.id, sub.pid));
        const ids = [...new Set(body.cases.map((c) => c.caseId).filter((id): id is number => id !== null))];
        const known = ids.length
          ? await tx
              .select({ id: problemCases.id, inputName: problemCases.inputName, outputName: problemCases.outputName })
              .from(problemCases)
              .where(sql`${problemCases.pid} = ${sub.pid} and ${inArray(problemCases.id, ids)}`)
          : [];
        const byId = new Map(known.map((k) => [k.id, k]));
        await tx.insert(judgeCases).values(
          body.cases.map((c) => {
            const pc = c.caseId === null ? undefined : byId.get(c.caseId);
            return {
              submitId: task.submit_id,
              uid: sub.uid,
              pid: sub.pid,
              caseId: pc?.id ?? null,
              status: c.status,
              time: c.time,
              memory: c.memory,
              score: c.score,
              groupNum: c.groupNum,
              seq: c.seq,
              mode: problem?.mode ?? 'default',
              inputData: pc?.inputName ?? null,
              outputData: pc?.outputName ?? null,
              userOutput: c.userOutput,
              message: c.message,
              judgeMessage: c.judgeMessage,
            };
          }),
        );
      }
    }
    if (sub) await publishSubmission(tx, task.submit_id);
    // The token stays on the done row: it is how a repeated post is recognised.
    await tx.update(judgeTasks).set({ status: 'done', leaseDeadline: null, finishedAt: new Date() }).where(eq(judgeTasks.id, task.id));
    return { submitId: task.submit_id, duplicate: false, language: sub?.language };
  });
  if (!res) throw protocolError.leaseLost();
  if (res.language) countVerdict(ctx, { language: res.language, judge: 'local', status: body.status, timeMs: body.time });
  return { submitId: res.submitId, duplicate: res.duplicate };
}

/**
 * The judge could not judge (its sandbox broke, test data did not verify…): attempts + 1, then back to
 * the queue, or at the last attempt the submission ends as System Error with the judge's message.
 */
export async function failTask(ctx: AppContext, taskId: number, token: string, error: string): Promise<JudgeFailResponse> {
  const cfg = ctx.config.judgeQueue;
  const res = await ctx.database.db.transaction(async (tx) => {
    const task = await lockTask(tx, taskId, 'local');
    if (!holds(task, token)) return null;
    const attempts = task.attempts + 1;
    const requeued = attempts < cfg.maxAttempts;
    const now = new Date();
    await tx
      .update(judgeTasks)
      .set({
        attempts,
        status: requeued ? 'queued' : 'done',
        leaseToken: null,
        leaseDeadline: null,
        lastError: error,
        ...(requeued ? { queuedAt: now } : { finishedAt: now }),
      })
      .where(eq(judgeTasks.id, taskId));
    await tx
      .update(submissions)
      .set(
        requeued
          ? { status: JudgeStatus.PENDING, gmtModified: now }
          : { status: JudgeStatus.SYSTEM_ERROR, errorMessage: formatMsg(JUDGE_MSG.gaveUp, { attempts, error }), gmtModified: now },
      )
      .where(sql`${submissions.submitId} = ${task.submit_id} and ${submissions.version} = ${task.version}`);
    await publishSubmission(tx, task.submit_id);
    if (requeued) await notifyQueue(tx);
    return { requeued };
  });
  if (!res) throw protocolError.leaseLost();
  return res;
}

/** The case counts of a progress report, when the judge sent both. */
const casesOf = (b: { done?: number; total?: number }) => (b.done !== undefined && b.total !== undefined ? { done: b.done, total: b.total } : undefined);

/** Result bodies carry every case with the head of its output: more than the default 1 MB limit. */
const RESULT_BODY_LIMIT = 32 * 1024 * 1024;

export const submissionTasks: TaskKind = {
  name: 'submission',
  lane: 'local',
  async lease(ctx, judge) {
    for (let lease = await leaseNext(ctx, judge.id); lease; lease = await leaseNext(ctx, judge.id)) {
      const task = await buildTask(ctx, judge.name, lease);
      const held = lease;
      if (task) return { task, release: () => releaseLease(ctx, held) };
    }
    return null;
  },
  routes(app, ctx) {
    serve(app, judgeEndpoints.progress, {}, async ({ body }) => ok(await progress(ctx, body.taskId, body.leaseToken, body.status, casesOf(body))));
    serve(app, judgeEndpoints.result, { bodyLimit: RESULT_BODY_LIMIT }, async ({ body }) => ok(await submitResult(ctx, body)));
    serve(app, judgeEndpoints.fail, {}, async ({ body }) => ok(await failTask(ctx, body.taskId, body.leaseToken, body.error)));
  },
};
