/**
 * Hacks as a task kind of the judge queue (local lane: they run in a judge host's sandbox, never on an
 * API node). Leased from `contest_hack` like test runs from `test_run`; the outcome comes back on
 * /api/judge/hack/result. A successful hack makes the victim's submission Hacked in the same transaction
 * as the verdict, with the change notice that refreshes every node's board.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { HACK, JudgeStatus, judgeEndpoints, type HackTask, type JudgeHackResultBody } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contestHacks, problemHackKits, submissions } from '../../db/schema/index.js';
import { noticeSubmissionChange } from '../../lib/change-notices.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { publishHacks, publishSubmissions } from '../../lib/live-publish.js';
import { putBlob } from '../../lib/testdata.js';
import { wrapCode } from '../judge/code-wrappers.js';
import { protocolError } from '../judge/protocol-error.js';
import type { TaskKind } from '../judge/task-kinds.js';
import { problemById } from '../problem/service.js';
import { returnLease } from '../judge/lease-return.js';

type Lease = { id: number; lease_token: string; lease_deadline: Date };

/**
 * Leases the oldest waiting hack whose two languages (reference and victim) this judge has: queued, or
 * leased by a judge whose lease ran out while attempts are left. The lease covers three compilations and
 * three runs (validator, reference, victim), so no progress calls are needed.
 */
export async function leaseHack(ctx: AppContext, judgeId: number): Promise<HackTask | null> {
  const { db } = ctx.database;
  const token = crypto.randomBytes(24).toString('base64url');
  const leaseMs = ctx.config.judgeQueue.leaseMs;
  const res = await db.execute<Lease>(sql`
    update contest_hack h set
      status = 'leased', lease_owner = ${judgeId}::int, lease_token = ${token},
      attempts = case when h.status = 'leased' then h.attempts + 1 else h.attempts end,
      lease_deadline = now() + ((${leaseMs}::int + ${HACK.leaseSlackMs}::int
        + 6 * coalesce((select p.time_limit from problem p where p.id = h.pid), 1000)) * interval '1 millisecond')
    where h.id = (
      select q.id from contest_hack q
      join judge v on v.submit_id = q.submit_id
      join problem_hack_kit k on k.pid = q.pid
      where (q.status = 'queued' or (q.status = 'leased' and q.lease_deadline < now() and q.attempts + 1 < ${HACK.maxAttempts}::int))
        and q.created_at > now() - (${HACK.queueTimeoutMs}::int * interval '1 millisecond')
        and exists (select 1 from judge_server s where s.id = ${judgeId}::int and s.status = 0
          and s.languages ? v.language and s.languages ? k.reference_language)
      order by q.id
      limit 1
      for update of q skip locked
    )
    returning h.id, h.lease_token, h.lease_deadline`);
  const lease = res.rows[0];
  if (!lease) return null;
  const [row] = await db
    .select({ h: contestHacks, kit: problemHackKits, language: submissions.language, code: submissions.code })
    .from(contestHacks)
    .innerJoin(problemHackKits, eq(problemHackKits.pid, contestHacks.pid))
    .innerJoin(submissions, eq(submissions.submitId, contestHacks.submitId))
    .where(eq(contestHacks.id, lease.id));
  const p = row && (await problemById(db, row.h.pid));
  if (!row || !p) return null; // deleted meanwhile (cascade): nothing to run
  return {
    kind: 'hack',
    taskId: row.h.id,
    leaseToken: token,
    leaseDeadline: new Date(lease.lease_deadline).toISOString(),
    leaseMs: new Date(lease.lease_deadline).getTime() - Date.now(),
    hack: {
      problemId: p.id,
      input: row.h.input,
      validator: { type: row.kit.validatorType, code: row.kit.validatorCode, okExit: row.kit.validatorOkExit },
      reference: { language: row.kit.referenceLanguage, code: row.kit.referenceCode },
      // The victim runs as it was judged: with the problem's code wrappers.
      victim: { language: row.language, code: wrapCode(p.codeWrappers, row.language, row.code) },
    },
  };
}

const releaseHack = (ctx: AppContext, task: Pick<HackTask, 'taskId' | 'leaseToken'>): Promise<void> =>
  returnLease(ctx.database.db, contestHacks, 'leased', task);

/**
 * Stores a judge's outcome. Only the live lease may (a repeat of the same lease is answered OK and
 * writes nothing). A successful hack turns the victim's accepted submission into Hacked (it counts as a
 * rejected try on the board) — unless a rejudge changed it meanwhile.
 */
export async function storeHackResult(ctx: AppContext, body: JudgeHackResultBody): Promise<{ duplicate: boolean } | null> {
  const { db } = ctx.database;
  const { outcome } = body;
  // The answer is kept in the test-data store, before the transaction (a content-addressed file unused if the lease was lost).
  const answer = outcome.verdict === 'successful' && body.answer !== null ? await putBlob(ctx.config.dataDir, body.answer) : null;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(contestHacks).where(eq(contestHacks.id, body.taskId)).for('update');
    if (!row || row.leaseToken !== body.leaseToken) return null;
    if (row.status === 'done') return { duplicate: true as const };
    if (row.status !== 'leased' || !row.leaseDeadline || row.leaseDeadline.getTime() < Date.now()) return null;
    await tx
      .update(contestHacks)
      .set({
        status: 'done',
        verdict: outcome.verdict,
        message: outcome.message,
        victimStatus: outcome.victimStatus,
        outcome: { answerHash: answer?.hash ?? null },
        leaseDeadline: null,
        finishedAt: new Date(),
      })
      .where(eq(contestHacks.id, row.id));
    await publishHacks(tx, row.cid);
    if (outcome.verdict !== 'successful') return { duplicate: false as const };
    const hacked = await tx
      .update(submissions)
      .set({ status: JudgeStatus.HACKED, score: null, gmtModified: new Date() })
      .where(and(eq(submissions.submitId, row.submitId), eq(submissions.status, JudgeStatus.ACCEPTED)))
      .returning({ id: submissions.submitId });
    if (hacked.length) {
      await noticeSubmissionChange(tx, row.submitId);
      await publishSubmissions(tx, [row.submitId]);
    }
    return { duplicate: false as const };
  });
}

/** Ends hacks no judge will finish: queued past the queue time-out, or leased past the deadline with the attempts used up. */
async function sweepHacks(db: DbOrTx): Promise<number> {
  const res = await db.execute<{ cid: number }>(sql`
    update contest_hack set status = 'done', verdict = 'referenceFailed', finished_at = now(), lease_deadline = null,
      message = 'System Error: no judge finished this hack in time.'
    where status <> 'done' and (
      (created_at < now() - (${HACK.queueTimeoutMs}::int * interval '1 millisecond') and (status = 'queued' or lease_deadline < now()))
      or (status = 'leased' and lease_deadline < now() and attempts + 1 >= ${HACK.maxAttempts}::int))
    returning cid`);
  for (const cid of new Set(res.rows.map((r) => r.cid))) await publishHacks(db, cid);
  return res.rows.length;
}

export const hackTasks: TaskKind = {
  name: 'hack',
  lane: 'local',
  async lease(ctx, judge) {
    const task = await leaseHack(ctx, judge.id);
    return task && { task, release: () => releaseHack(ctx, task) };
  },
  giveBack: releaseHack,
  routes(app, ctx) {
    serve(app, judgeEndpoints.hackResult, {}, async ({ body }) => {
      const res = await storeHackResult(ctx, body);
      if (!res) throw protocolError.leaseLost();
      return ok(res);
    });
  },
  sweep: (db) => sweepHacks(db),
};
