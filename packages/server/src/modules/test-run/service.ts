/**
 * Online self-test (HOJ's test judge). The user's code runs once on the
 * user's input on a judge daemon; it is not a submission and leaves nothing behind once it expires.
 *
 * The table `test_run` is both the queue (judges lease rows through the same poll as submissions,
 * test runs first: someone is waiting at the screen for them, and they are cheap and rate-limited)
 * and the result store (read by its random key, by its owner only, for `TEST_RUN.keepMs`).
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  JudgeStatus,
  OWN_OJ,
  TEST_RUN,
  type BuiltinChecker,
  type JudgeMode,
  type JudgeTestRunResultBody,
  type TestRunBody,
  type TestRunResult,
  type TestRunTask,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { languages, testRuns } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, notFound } from '../../lib/errors.js';
import { assertJudgeOpen, getSetting } from '../../lib/site-config.js';
import { notifyQueue } from '../judge/queue.js';
import type { Place } from '../place/index.js';
import { problemById } from '../problem/service.js';
import { wrapCode } from '../judge/code-wrappers.js';
import { returnLease } from '../judge/lease-return.js';

type TestRunRow = typeof testRuns.$inferSelect;

/** Texts of test runs that ended without a judge's answer (shown as the run's stderr). */
export const TEST_RUN_ERRORS = {
  noJudge: 'System Error: no judge took this test run in time, please try again later.',
  judgeLost: 'System Error: the judge running this test stopped answering, please try again.',
} as const;

/** Seconds the user still has to wait before the next test run (same interval as submissions). */
async function waitSeconds(tx: DbOrTx, uid: string, intervalSec: number): Promise<number> {
  if (intervalSec <= 0) return 0;
  const res = await tx.execute<{ wait: number | null }>(sql`
    select ceil(extract(epoch from (max(created_at) + make_interval(secs => ${intervalSec}) - now())))::int as wait
    from test_run where uid = ${uid}`);
  return Math.max(0, res.rows[0]?.wait ?? 0);
}

/** Queues a test run of a problem of the place and returns its key (testJudgeKey). */
export async function submitTestRun(ctx: AppContext, user: AuthUser, place: Place, body: TestRunBody): Promise<string> {
  const { db } = ctx.database;
  const switches = await getSetting(db, 'switch');
  // A test run is judging like a submission of its place: closed with the judge of that kind, and the
  // problem is tested by whoever may submit to it there (a contest's terms; the bank's visibility).
  assertJudgeOpen(switches, place.submitRules.judge);
  const { problem: p } = await place.openProblem({ pid: body.pid }, 'submit');
  // A remote problem is judged on its site only: there is nothing of it to run here (the flag the page sends is not trusted either way).
  if (p.isRemote) throw fail('remoteSelfTestUnavailable', { oj: p.remoteOj ?? 'the remote site' });
  const [lang] = await db
    .select({ name: languages.name })
    .from(languages)
    .where(and(eq(languages.oj, OWN_OJ), eq(languages.name, body.language)));
  if (!lang || (p.languages.length > 0 && !p.languages.includes(lang.name))) {
    throw fail('languageNotSupported', { language: body.language.slice(0, 50) });
  }
  const key = crypto.randomBytes(24).toString('base64url');

  await db.transaction(async (tx) => {
    // One request at a time per user, so two at once cannot both pass the interval check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`test-run:${user.uid}`}))`);
    const wait = await waitSeconds(tx, user.uid, switches.submitIntervalSec);
    if (wait > 0) throw fail('testRunTooFast', { seconds: wait }, { seconds: wait });
    // Expired runs go now; the created_at index keeps this cheap.
    await tx.delete(testRuns).where(sql`${testRuns.createdAt} < now() - (${TEST_RUN.keepMs}::int * interval '1 millisecond')`);
    await tx.insert(testRuns).values({
      key,
      uid: user.uid,
      pid: p.id,
      language: lang.name,
      code: body.code,
      input: body.userInput,
      expectedOutput: body.expectedOutput || null,
    });
    await notifyQueue(tx);
  });
  return key;
}

const waiting = (r: TestRunRow, status: number, judgeMode: JudgeMode): TestRunResult => ({
  status,
  problemJudgeMode: judgeMode,
  userInput: r.input,
  expectedOutput: r.expectedOutput,
  userOutput: '',
  stderr: '',
  time: 0,
  memory: 0,
});

/**
 * Ends a run nobody will finish: queued past `queueTimeoutMs` (no judge for it), or leased past its
 * deadline with its attempts used up (the judge went away). Conditional, so a result arriving at the
 * same moment wins or loses cleanly.
 */
async function settle(ctx: AppContext, r: TestRunRow, judgeMode: JudgeMode): Promise<TestRunRow> {
  const now = Date.now();
  let stderr: string | null = null;
  if (r.status === 'queued' && now - r.createdAt.getTime() > TEST_RUN.queueTimeoutMs) stderr = TEST_RUN_ERRORS.noJudge;
  const stale = now - r.createdAt.getTime() > TEST_RUN.queueTimeoutMs; // no judge will lease it again
  if (r.status === 'leased' && r.leaseDeadline && r.leaseDeadline.getTime() < now && (r.attempts + 1 >= TEST_RUN.maxAttempts || stale)) {
    stderr = TEST_RUN_ERRORS.judgeLost;
  }
  if (stderr === null) return r;
  const result: TestRunResult = { ...waiting(r, JudgeStatus.SYSTEM_ERROR, judgeMode), stderr };
  const [done] = await ctx.database.db
    .update(testRuns)
    .set({ status: 'done', result, leaseToken: null, leaseDeadline: null, finishedAt: new Date() })
    .where(and(eq(testRuns.id, r.id), eq(testRuns.status, r.status), sql`${testRuns.attempts} = ${r.attempts}`))
    .returning();
  if (done) return done;
  const [now2] = await ctx.database.db.select().from(testRuns).where(eq(testRuns.id, r.id));
  return now2 ?? r;
}

/** The result of the caller's own test run; Pending/Judging while it waits. */
export async function testRunResult(ctx: AppContext, user: AuthUser, key: string): Promise<TestRunResult> {
  const { db } = ctx.database;
  const [row] = await db
    .select()
    .from(testRuns)
    .where(and(eq(testRuns.key, key), eq(testRuns.uid, user.uid), sql`${testRuns.createdAt} > now() - (${TEST_RUN.keepMs}::int * interval '1 millisecond')`));
  // Someone else's key is "not found" too: whether it exists is not told.
  if (!row) throw notFound('testRunNotFound');
  if (row.status === 'done' && row.result) return row.result;
  const p = await problemById(db, row.pid);
  const judgeMode = (p?.judgeMode ?? 'default') as JudgeMode;
  const r = await settle(ctx, row, judgeMode);
  if (r.status === 'done' && r.result) return r.result;
  return waiting(r, r.status === 'leased' ? JudgeStatus.JUDGING : JudgeStatus.PENDING, judgeMode);
}

// ---------------------------------------------------------------------------------------------
// Judge protocol side (called by modules/judge)

type Lease = { id: number; lease_token: string; lease_deadline: Date };

/**
 * Leases the oldest waiting test run this judge can run (a language it has): queued, or leased by a
 * judge whose lease ran out while attempts are left. FOR UPDATE SKIP LOCKED, like submissions.
 * The lease covers compiling and a few runs of the time limit, so no progress calls are needed.
 */
export async function leaseTestRun(ctx: AppContext, judgeId: number): Promise<TestRunTask | null> {
  const { db } = ctx.database;
  const token = crypto.randomBytes(24).toString('base64url');
  const leaseMs = ctx.config.judgeQueue.leaseMs;
  const res = await db.execute<Lease & { pid: number }>(sql`
    update test_run t set
      status = 'leased', lease_owner = ${judgeId}::int, lease_token = ${token},
      attempts = case when t.status = 'leased' then t.attempts + 1 else t.attempts end,
      lease_deadline = now() + ((${leaseMs}::int + ${TEST_RUN.leaseSlackMs}::int
        + 3 * coalesce((select p.time_limit from problem p where p.id = t.pid), 1000)) * interval '1 millisecond')
    where t.id = (
      select q.id from test_run q
      where (q.status = 'queued' or (q.status = 'leased' and q.lease_deadline < now() and q.attempts + 1 < ${TEST_RUN.maxAttempts}::int))
        and q.created_at > now() - (${TEST_RUN.queueTimeoutMs}::int * interval '1 millisecond')
        and exists (select 1 from judge_server s where s.id = ${judgeId}::int and s.status = 0 and s.languages ? q.language)
      order by q.id
      limit 1
      for update skip locked
    )
    returning t.id, t.lease_token, t.lease_deadline, t.pid`);
  const lease = res.rows[0];
  if (!lease) return null;
  const [row] = await db.select().from(testRuns).where(eq(testRuns.id, lease.id));
  const p = await problemById(db, lease.pid);
  if (!row || !p) return null; // deleted meanwhile (cascade): nothing to run
  return {
    kind: 'testRun',
    taskId: row.id,
    leaseToken: token,
    leaseDeadline: new Date(lease.lease_deadline).toISOString(),
    leaseMs: new Date(lease.lease_deadline).getTime() - Date.now(),
    testRun: {
      language: row.language,
      code: wrapCode(p.codeWrappers, row.language, row.code),
      input: row.input,
      expectedOutput: row.expectedOutput,
      timeLimit: p.timeLimit,
      memoryLimit: p.memoryLimit,
      stackLimit: p.stackLimit,
      removeEndBlank: p.isRemoveEndBlank,
      builtinChecker: p.builtinChecker as BuiltinChecker,
      checkerPrecision: p.checkerPrecision,
      judgeMode: p.judgeMode as JudgeMode,
      fileIO: p.isFileIo && p.ioReadFileName && p.ioWriteFileName ? { input: p.ioReadFileName, output: p.ioWriteFileName } : null,
      userExtraFiles: p.userExtraFile ?? {},
    },
  };
}

/** Gives a lease back untouched (the judge hung up before it got the task). */
export const releaseTestRun = (ctx: AppContext, task: TestRunTask): Promise<void> => returnLease(ctx.database.db, testRuns, 'leased', task);

/**
 * Stores a judge's result. Only the live lease may (a repeat of the same lease is answered OK and
 * writes nothing); anything else is refused, like results of submissions. Returns null then.
 */
export async function storeTestRunResult(ctx: AppContext, body: JudgeTestRunResultBody): Promise<{ duplicate: boolean } | null> {
  const { db } = ctx.database;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(testRuns).where(eq(testRuns.id, body.taskId)).for('update');
    if (!row || row.leaseToken !== body.leaseToken) return null;
    if (row.status === 'done') return { duplicate: true };
    if (row.status !== 'leased' || !row.leaseDeadline || row.leaseDeadline.getTime() < Date.now()) return null;
    const [p] = await tx.execute<{ judge_mode: string }>(sql`select judge_mode from problem where id = ${row.pid}`).then((r) => r.rows);
    const result: TestRunResult = {
      status: body.result.status,
      problemJudgeMode: (p?.judge_mode ?? 'default') as JudgeMode,
      userInput: row.input,
      expectedOutput: row.expectedOutput,
      userOutput: body.result.userOutput,
      stderr: body.result.stderr,
      time: body.result.time,
      memory: body.result.memory,
    };
    // The token stays on the done row: it is how a repeated post is recognised.
    await tx.update(testRuns).set({ status: 'done', result, leaseDeadline: null, finishedAt: new Date() }).where(eq(testRuns.id, row.id));
    return { duplicate: false };
  });
}
