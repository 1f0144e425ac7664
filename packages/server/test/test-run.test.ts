/**
 * Online self-test through a real judge daemon (in this process, real sandbox): the test run is a
 * task kind of its own on the judge protocol, its result is read by key by its owner only, input and
 * code limits, the per-user interval, and what happens when no judge takes it.
 */
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, MSG, Role, TEST_RUN, formatMsg } from '@oj/shared';
import { JudgeDaemon } from '@oj/judge';
import { COMPILE_ERROR_C, SPIN_FOREVER_C, taggedC } from '@oj/test-fixtures';
import { submissions, testRuns } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/site-config.js';
import { judgeToken } from '../src/lib/secrets.js';
import { TEST_RUN_ERRORS } from '../src/modules/test-run/service.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, post, rootToken } from './helpers.js';
import { client, judgeClient, type TypedInput } from './client.js';
import { createProblem, testQueue } from './judge-helpers.js';
import { createCategory, createTraining } from './training-helpers.js';
import { listen, memoryLogger, tempCacheDir, waitFor } from './daemon-helpers.js';

let t: TestApp;
let daemon: JudgeDaemon;
let cacheDir: string;
let pid: number;
let alice: string;
let bob: string;
const log = memoryLogger();

const WAITING = [JudgeStatus.PENDING, JudgeStatus.JUDGING] as number[];

type TestRunBody = TypedInput<'testRun.submit'>['body'];

async function start(token: string, body: Partial<TestRunBody> & Pick<TestRunBody, 'code'>) {
  return client(t, token).call('testRun.submit', { body: { pid, language: 'C', type: 'public', userInput: '1 2\n', ...body } });
}

/** The same call with a body the schema refuses (a code or input out of bounds). */
async function startRaw(token: string, body: Record<string, unknown>) {
  return post(t, '/api/submit-problem-test-judge', { pid, language: 'C', type: 'public', userInput: '1 2\n', ...body }, { token });
}

const result = (token: string | null, key: string) => client(t, token).call('testRun.result', { query: { testJudgeKey: key } });

async function finished(token: string, key: string) {
  return waitFor(
    `test run ${key}`,
    async () => {
      const r = await result(token, key);
      expect(r.status).toBe(200);
      return WAITING.includes(r.data.status) ? null : r.data;
    },
    60_000,
    100,
  );
}

async function run(token: string, body: Parameters<typeof start>[1]) {
  const r = await start(token, body);
  expect(r.status, r.msg).toBe(200);
  expect(typeof r.data).toBe('string');
  return finished(token, r.data);
}

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue({ pollIntervalMs: 100 }) });
  const url = await listen(t);
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  await createUser(t, { username: 'trAlice' });
  await createUser(t, { username: 'trBob' });
  await createUser(t, { username: 'trBanned', roles: [Role.NO_SUBMIT] });
  alice = await login(t, 'trAlice');
  bob = await login(t, 'trBob');
  pid = await createProblem(t, { timeLimit: 300, problemId: 'TR1000' });
  cacheDir = tempCacheDir();
  daemon = new JudgeDaemon({ server: url, token: await judgeToken(t), name: 'tr-judge', capacity: 2, cacheDir, pollWaitMs: 5000, log });
  await daemon.start();
});

afterAll(async () => {
  await daemon?.stop(0);
  await t?.close();
  if (cacheDir) fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe('online test run through the judge daemon', () => {
  it('runs the code on the input: Accepted with an expected output, the output shown', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(submissions))[0]!.n;
    const r = await run(alice, { code: taggedC.aPlusB('tr-ac'), expectedOutput: '3\n' });
    expect(r).toMatchObject({ status: JudgeStatus.ACCEPTED, userInput: '1 2\n', expectedOutput: '3\n', userOutput: '3\n', problemJudgeMode: 'default' });
    expect(r.memory).toBeGreaterThan(0);
    // Not a submission: nothing was added to the submissions.
    const after = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(submissions))[0]!.n;
    expect(after).toBe(before);
  });

  it('an expected output typed without its final newline is Accepted, not Presentation Error', async () => {
    // The program prints "300\n"; the box holds "300".
    const r = await run(alice, { code: taggedC.aPlusB('tr-nl'), userInput: '100 200', expectedOutput: '300' });
    expect(r).toMatchObject({ status: JudgeStatus.ACCEPTED, userOutput: '300\n', expectedOutput: '300' });
    const crlf = await run(alice, { code: taggedC.aPlusB('tr-crlf'), userInput: '100 200', expectedOutput: '300\r\n' });
    expect(crlf.status).toBe(JudgeStatus.ACCEPTED);
    const spaced = await run(alice, { code: taggedC.aPlusB('tr-sp'), userInput: '100 200', expectedOutput: '300 ' });
    expect(spaced.status).toBe(JudgeStatus.PRESENTATION_ERROR);
  });

  it('without an expected output just runs it (Accepted = ran to the end)', async () => {
    const r = await run(alice, { code: taggedC.aPlusB('tr-run'), userInput: '40 2\n', expectedOutput: '' });
    expect(r).toMatchObject({ status: JudgeStatus.ACCEPTED, userOutput: '42\n', expectedOutput: null });
  });

  it('Wrong Answer, Compile Error with the compiler message, Time Limit Exceeded', async () => {
    const wa = await run(alice, { code: taggedC.aMinusB('tr-wa'), expectedOutput: '3\n' });
    expect(wa).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, userOutput: '-1\n' });
    const ce = await run(alice, { code: COMPILE_ERROR_C });
    expect(ce.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(ce.stderr).toMatch(/undeclared_name/);
    const tle = await run(alice, { code: SPIN_FOREVER_C });
    expect(tle.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(tle.time).toBeGreaterThanOrEqual(300);
  });

  it('a key is readable by its owner only; unknown keys are not found', async () => {
    const r = await start(alice, { code: taggedC.aPlusB('tr-owner') });
    const key = r.data;
    await finished(alice, key);
    const other = await result(bob, key);
    expect(other).toMatchObject({ status: 404, msg: MSG.testRunNotFound, data: null });
    const anon = await result(null, key);
    expect(anon.http).toBe(401);
    const unknown = await result(alice, 'nope');
    expect(unknown).toMatchObject({ status: 404, msg: MSG.testRunNotFound });
    const missing = await get(t, '/api/get-test-judge-result', { token: alice });
    expect(missing.http).toBe(400);
  });

  it('tests a hidden problem opened inside a training (the call carries tid), and nowhere else', async () => {
    const root = await rootToken(t);
    const hidden = await createProblem(t, { auth: 2, problemId: 'TRH1' });
    const tid = await createTraining(t, root, { title: 'Self-test training', categoryId: await createCategory(t, root, 'Self-test') }, [hidden]);
    // in the training: tested like it is submitted there
    const r = await run(alice, { pid: hidden, tid, code: taggedC.aPlusB('tr-training'), expectedOutput: '3\n' });
    expect(r).toMatchObject({ status: JudgeStatus.ACCEPTED, userOutput: '3\n' });
    // without the training it stays hidden; a training it is not in does not open it either
    expect(await start(alice, { pid: hidden, code: taggedC.aPlusB() })).toMatchObject({ status: 404, msg: MSG.problemNotFound });
    const other = await createTraining(t, root, { title: 'Other training', categoryId: await createCategory(t, root, 'Self-test 2') }, [pid]);
    expect(await start(alice, { pid: hidden, tid: other, code: taggedC.aPlusB() })).toMatchObject({
      status: 400,
      msg: `The problem ${hidden} is not in this training.`,
    });
  });

  it('checks login, permission, code, input, language and problem before queueing', async () => {
    const anon = await client(t).call('testRun.submit', { body: { pid, language: 'C', code: taggedC.aPlusB() } });
    expect(anon.http).toBe(401);
    const banned = await login(t, 'trBanned');
    expect((await start(banned, { code: taggedC.aPlusB() })).http).toBe(403);
    expect(await startRaw(alice, { code: '   ' })).toMatchObject({ http: 400, msg: expect.stringContaining(MSG.codeEmpty) });
    expect(await startRaw(alice, { code: 'x'.repeat(65536) })).toMatchObject({ http: 400, msg: expect.stringContaining(MSG.codeTooLong) });
    expect(await startRaw(alice, { code: taggedC.aPlusB(), userInput: 'x'.repeat(1001) })).toMatchObject({
      http: 400,
      msg: expect.stringContaining(MSG.testInputTooLong),
    });
    expect(await start(alice, { code: taggedC.aPlusB(), language: 'Brainfuck' })).toMatchObject({
      status: 400,
      msg: formatMsg(MSG.languageNotSupported, { language: 'Brainfuck' }),
    });
    expect(await start(alice, { code: taggedC.aPlusB(), pid: 987654 })).toMatchObject({ status: 404, msg: MSG.problemNotFound });
    const hidden = await createProblem(t, { auth: 2 });
    expect(await start(alice, { code: taggedC.aPlusB(), pid: hidden })).toMatchObject({ status: 404, msg: MSG.problemNotFound });
    // A remote problem is judged on its site only (whatever the page says of it).
    const remote = await createProblem(t, { isRemote: true, remoteOj: 'HDU', remoteId: '1000' });
    expect(await start(alice, { code: taggedC.aPlusB(), pid: remote, isRemoteJudge: false })).toMatchObject({
      status: 400,
      msg: formatMsg(MSG.remoteSelfTestUnavailable, { oj: 'HDU' }),
    });
  });

  it('keeps the per-user interval of submissions', async () => {
    await putSetting(t.database.db, 'switch', { submitIntervalSec: 30 });
    try {
      await createUser(t, { username: 'trCarol' });
      const carol = await login(t, 'trCarol');
      const first = await start(carol, { code: taggedC.aPlusB('tr-interval') });
      expect(first.status).toBe(200);
      const second = await start(carol, { code: taggedC.aPlusB('tr-interval2') });
      expect(second.status).toBe(400);
      expect(second.msg).toMatch(/^Testing too frequently, please wait \d+ seconds before testing again\.$/);
      // The refusal's data is not the call's answer (a key) but the seconds left to wait.
      expect((second.data as unknown as { seconds: number }).seconds).toBeGreaterThan(25);
      await finished(carol, first.data);
      // Another user is not held back.
      const other = await start(bob, { code: taggedC.aPlusB('tr-other') });
      expect(other.status).toBe(200);
      await finished(bob, other.data);
    } finally {
      await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
    }
  });

  it('ends as System Error when no judge takes it in time, and a judge refuses a foreign lease', async () => {
    const r = await start(alice, { code: taggedC.aPlusB('tr-nojudge') });
    const key = r.data;
    // As if it had waited for longer than the queue timeout (and no judge took it).
    await t.database.db.execute(
      sql`update test_run set status = 'queued', created_at = now() - (${TEST_RUN.queueTimeoutMs + 1000}::int * interval '1 millisecond') where key = ${key}`,
    );
    const res = await result(alice, key);
    expect(res.data).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, stderr: TEST_RUN_ERRORS.noJudge });

    const [row] = await t.database.db.select().from(testRuns).where(eq(testRuns.key, key));
    const forged = await judgeClient(t, await judgeToken(t)).call('judge.testRunResult', {
      body: { taskId: row!.id, leaseToken: 'x'.repeat(32), result: { status: 0, userOutput: 'forged' } },
    });
    expect(forged.http).toBe(409);
    const noToken = await t.app.inject({ method: 'POST', url: '/api/judge/test-run/result', payload: {} });
    expect(noToken.statusCode).toBe(401);
  });
});
