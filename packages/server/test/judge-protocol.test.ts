import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JUDGE_MSG, JUDGE_TOKEN_HEADER, JudgeStatus, type JudgeTask } from '@oj/shared';
import { loadConfig } from '../src/config.js';
import { connect } from '../src/db/client.js';
import { judgeServers, judgeTasks, problemCases, submissions } from '../src/db/schema/index.js';
import { judgeToken } from '../src/lib/secrets.js';
import { cancelSubmission, rejudge, sweep } from '../src/modules/judge/queue.js';
import { createTestApp, type TestApp } from './harness.js';
import { rootToken } from './helpers.js';
import {
  acceptedResult,
  caseRows,
  createProblem,
  createSubmitter,
  drainQueue,
  expireLease,
  FakeJudge,
  jcall,
  LANGS,
  submission,
  submit,
  taskOf,
  testQueue,
} from './judge-helpers.js';
import { client, judgeClient } from './client.js';

let t: TestApp;
let user: { uid: string; username: string };
let pid: number;
let alpha: FakeJudge;
let beta: FakeJudge;

beforeAll(async () => {
  // A long poll interval: a waiting poll that wakes early was woken by NOTIFY.
  t = await createTestApp({ judgeQueue: testQueue({ pollIntervalMs: 10_000, unservedTimeoutMs: 60_000 }) });
  user = await createSubmitter(t);
  pid = await createProblem(t);
  alpha = await FakeJudge.start(t, 'alpha');
  beta = await FakeJudge.start(t, 'beta');
});
afterAll(() => t.close());
beforeEach(() => drainQueue(t));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The judge protocol as judge `j` calls it (its own token). */
const asJudge = (j: FakeJudge) => judgeClient(j, j.token);

describe('judge token', () => {
  it('refuses a missing or wrong token with 401 and changes nothing', async () => {
    const body = { name: 'intruder', cpuCount: 1, capacity: 1, languages: [{ name: 'Brainfuck' }], version: 'x' };
    const none = await jcall(t.app, null, 'POST', '/api/judge/register', body);
    const wrong = await jcall(t.app, 'not-the-judge-token', 'POST', '/api/judge/register', body);
    for (const r of [none, wrong]) expect(r).toMatchObject({ http: 401, status: 401, msg: JUDGE_MSG.badToken });
    expect(await t.database.db.select().from(judgeServers).where(eq(judgeServers.name, 'intruder'))).toEqual([]);
    expect((await client(t).call('site.languages')).data.map((l) => l.name)).not.toContain('Brainfuck');

    const id = await submit(t, { pid, user });
    const task = await alpha.take();
    const forged = await jcall(t.app, 'x'.repeat(43), 'POST', '/api/judge/result', {
      taskId: task.taskId,
      leaseToken: task.leaseToken,
      ...acceptedResult(),
    });
    expect(forged.http).toBe(401);
    expect(await submission(t, id)).toMatchObject({ status: JudgeStatus.PENDING, time: null });
    expect((await taskOf(t, id)).status).toBe('leased');
  });

  it('does not take a user login for a judge', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/judge/poll',
      headers: { authorization: await rootToken(t) },
      payload: { judgeId: alpha.id, wait: 0 },
    });
    expect(res.statusCode).toBe(401);
  });

  it('is added to the secrets of a site that was set up before judges existed', async () => {
    const original = await judgeToken(t);
    await t.database.db.execute(sql`update site_config set value = value - 'judge' where key = 'secrets'`);
    const [one, two] = [connect(t.config.databaseUrl!, 1), connect(t.config.databaseUrl!, 1)];
    try {
      const token = await judgeToken({ config: t.config, database: one });
      expect(token.length).toBeGreaterThanOrEqual(32);
      expect(token).not.toBe(original);
      expect(await judgeToken({ config: t.config, database: two })).toBe(token);
    } finally {
      await one.close();
      await two.close();
      await t.database.db.execute(sql`update site_config set value = jsonb_set(value, '{judge}', to_jsonb(${original}::text)) where key = 'secrets'`);
    }
  });

  it('is generated once and kept, unless OJ_JUDGE_TOKEN says otherwise', async () => {
    const generated = await judgeToken(t);
    expect(generated.length).toBeGreaterThanOrEqual(32);
    expect(await judgeToken(t)).toBe(generated);
    const fromEnv = loadConfig({ OJ_JUDGE_TOKEN: 'a-very-long-judge-token' });
    expect(await judgeToken({ config: fromEnv, database: t.database })).toBe('a-very-long-judge-token');
    expect(() => loadConfig({ OJ_JUDGE_TOKEN: 'short' })).toThrow(/at least 16/);
    // The token never shows in what the site tells browsers.
    const web = await client(t).call('site.websiteConfig');
    expect(JSON.stringify(web.data)).not.toContain(generated);
  });
});

describe('register and heartbeat', () => {
  it('fills the language table from what judges report and keeps a judge id per name', async () => {
    const langs = await client(t).call('site.languages');
    expect(langs.data.map((l) => l.name)).toEqual(['C', 'C++', 'Python3']);
    expect(langs.data[1]).toMatchObject({ name: 'C++', description: 'G++ 12', compileCommand: 'g++ -O2 main.cpp', oj: 'ME', contentType: 'text/x-c++src' });

    const gamma = await FakeJudge.start(t, 'gamma', [
      { ...LANGS[1]!, description: 'G++ 13' },
      { name: 'Java', description: 'OpenJDK 17', compileCommand: 'javac Main.java', template: 'class Main {}', contentType: 'text/x-java' },
    ]);
    const after = await client(t).call('site.languages');
    expect(after.data.map((l) => l.name)).toEqual(['C', 'C++', 'Python3', 'Java']);
    expect(after.data.find((l) => l.name === 'C++')!.description).toBe('G++ 13');

    const again = await gamma.register();
    expect(again.data).toMatchObject({ judgeId: gamma.id, leaseMs: 5000, maxWaitMs: 30_000 });
    const [row] = await t.database.db.select().from(judgeServers).where(eq(judgeServers.name, 'gamma'));
    expect(row).toMatchObject({ cpuCount: 4, capacity: 2, languages: ['C++', 'Java'], version: 'test-1', status: 0 });
  });

  it('refuses a malformed registration with a clear message', async () => {
    const token = await judgeToken(t);
    const r = await jcall(t.app, token, 'POST', '/api/judge/register', { name: 'has space', cpuCount: 1, capacity: 1, languages: [] });
    expect(r).toMatchObject({ http: 400, status: 400 });
    expect(r.msg).toMatch(/judge name/);
    const r2 = await jcall(t.app, token, 'POST', '/api/judge/register', { name: 'ok', cpuCount: 1, capacity: 0, languages: [] });
    expect(r2.http).toBe(400);
  });

  it('records heartbeats and tells an unknown judge to register again', async () => {
    await t.database.db.execute(sql`update judge_server set last_heartbeat = now() - interval '1 hour' where id = ${alpha.id}`);
    const r = await asJudge(alpha).call('judge.heartbeat', { body: { judgeId: alpha.id, running: 2 } });
    expect(r).toMatchObject({ http: 200, status: 200, data: { enabled: true } });
    const [row] = await t.database.db.select().from(judgeServers).where(eq(judgeServers.id, alpha.id));
    expect(row!.running).toBe(2);
    expect(Date.now() - row!.lastHeartbeat.getTime()).toBeLessThan(60_000);
    const unknown = await asJudge(alpha).call('judge.heartbeat', { body: { judgeId: 999_999 } });
    expect(unknown).toMatchObject({ http: 404, msg: JUDGE_MSG.unknownJudge });
    expect((await asJudge(alpha).call('judge.poll', { body: { judgeId: 999_999, wait: 0 } })).http).toBe(404);
  });

  it('answers ids and numbers beyond int4 with 400 naming the field, never 500', async () => {
    const big = 2_147_483_648;
    const id = await submit(t, { pid, user });
    const task = await alpha.take();
    const calls = [
      await alpha.post('heartbeat', { judgeId: big }),
      await alpha.post('poll', { judgeId: big, wait: 0 }),
      await alpha.post('progress', { taskId: big, leaseToken: task.leaseToken, status: JudgeStatus.COMPILING }),
      await alpha.post('fail', { taskId: big, leaseToken: task.leaseToken, error: 'x' }),
      await alpha.post('test-run/result', { taskId: big, leaseToken: task.leaseToken, result: { status: 0 } }),
      await alpha.result(task, { time: big }),
      await alpha.result(task, { memory: big }),
      await alpha.result(task, { score: big }),
      await alpha.result(task, { cases: [{ seq: big, status: 0 }] }),
      await alpha.result(task, { cases: [{ seq: 1, caseId: big, status: 0 }] }),
      await alpha.result(task, { cases: [{ seq: 1, status: 0, time: big }] }),
      await alpha.result(task, { cases: [{ seq: 1, status: 0, groupNum: big }] }),
    ];
    for (const r of calls) expect(r, r.msg).toMatchObject({ http: 400, status: 400 });
    expect(calls[0]!.msg).toMatch(/judgeId/);
    expect(calls[2]!.msg).toMatch(/taskId/);
    // Nothing was written and the lease still takes a good result.
    expect(await caseRows(t, id)).toEqual([]);
    expect((await alpha.result(task, { status: JudgeStatus.ACCEPTED })).status).toBe(200);
  });
});

describe('poll', () => {
  it('answers null after the wait when nothing is queued', async () => {
    const started = Date.now();
    const r = await alpha.poll(150);
    expect(r).toMatchObject({ http: 200, status: 200, data: null });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('serves contest submissions first, then the oldest', async () => {
    const a = await submit(t, { pid, user });
    const b = await submit(t, { pid, user });
    const c = await submit(t, { pid, user, cid: 7 });
    const d = await submit(t, { pid, user, cid: 8 });
    const order = [];
    for (let i = 0; i < 4; i++) order.push((await alpha.take()).submission.submitId);
    expect(order).toEqual([c, d, a, b]);
    expect((await alpha.poll()).data).toBeNull();
  });

  it('gives a task everything needed to judge it', async () => {
    const id = await submit(t, { pid, user, language: 'Python3', code: 'print(sum(map(int, input().split())))' });
    const task = await beta.take();
    expect(task).toMatchObject({
      taskId: expect.any(Number),
      leaseToken: expect.stringMatching(/^[\w-]{32}$/),
      leaseMs: 5000,
      attempt: 1,
      submission: { submitId: id, language: 'Python3', code: 'print(sum(map(int, input().split())))' },
      problem: { id: pid, timeLimit: 1000, memoryLimit: 256, stackLimit: 128, manifestHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(Date.parse(task.leaseDeadline) - Date.now()).toBeGreaterThan(3000);
    expect(await submission(t, id)).toMatchObject({ status: JudgeStatus.PENDING, judger: 'beta' });
  });

  it('never hands our judges a remote problem’s submission, whatever its language', async () => {
    const remote = await createProblem(t, { problemId: 'HDU-1000', isRemote: true, remoteOj: 'HDU', remoteId: '1000' });
    const id = await submit(t, { pid: remote, user, language: 'C++' });
    expect((await taskOf(t, id)).remoteOj).toBe('HDU');
    expect((await alpha.poll()).data).toBeNull();
    // the queue still serves our own problems around it
    const own = await submit(t, { pid, user, language: 'C++' });
    expect((await alpha.take()).submission.submitId).toBe(own);
    expect(await submission(t, id)).toMatchObject({ status: JudgeStatus.PENDING, judger: null });
  });

  it('hands a judge only tasks in languages it has', async () => {
    const py = await FakeJudge.start(t, 'py-only', [LANGS[2]!]);
    const cpp = await submit(t, { pid, user, language: 'C++' });
    expect((await py.poll()).data).toBeNull();
    const python = await submit(t, { pid, user, language: 'Python3' });
    expect((await py.take()).submission.submitId).toBe(python);
    expect((await alpha.take()).submission.submitId).toBe(cpp);
  });

  it('wakes a waiting poll as soon as a submission is queued', async () => {
    const started = Date.now();
    const waiting = alpha.take(20_000);
    await sleep(100);
    const id = await submit(t, { pid, user });
    expect((await waiting).submission.submitId).toBe(id);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('gives a disabled judge nothing', async () => {
    await t.database.db.update(judgeServers).set({ status: 1 }).where(eq(judgeServers.id, beta.id));
    await submit(t, { pid, user });
    expect((await beta.poll()).data).toBeNull();
    expect((await asJudge(beta).call('judge.heartbeat', { body: { judgeId: beta.id } })).data).toEqual({ enabled: false });
    await t.database.db.update(judgeServers).set({ status: 0 }).where(eq(judgeServers.id, beta.id));
    expect((await beta.poll()).data).not.toBeNull();
  });

  it('never hands a task to a judge that hung up while waiting', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as import('node:net').AddressInfo;
    const abort = new AbortController();
    const hungUp = fetch(`http://127.0.0.1:${port}/api/judge/poll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [JUDGE_TOKEN_HEADER]: alpha.token },
      body: JSON.stringify({ judgeId: alpha.id, wait: 20_000 }),
      signal: abort.signal,
    }).catch((e: Error) => e);
    await sleep(150);
    abort.abort();
    expect(await hungUp).toBeInstanceOf(Error);
    await sleep(50);
    const id = await submit(t, { pid, user });
    await sleep(300);
    expect(await taskOf(t, id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await beta.take()).attempt).toBe(1);
  });
});

describe('lease', () => {
  it('progress shows Compiling, then Judging, and extends the lease', async () => {
    const id = await submit(t, { pid, user });
    const task = await alpha.take();
    await sleep(30);
    const compiling = await alpha.progress(task, JudgeStatus.COMPILING);
    expect(compiling.status).toBe(200);
    expect(Date.parse(compiling.data.leaseDeadline)).toBeGreaterThan(Date.parse(task.leaseDeadline));
    expect((await submission(t, id)).status).toBe(JudgeStatus.COMPILING);
    const judging = await alpha.progress(task, JudgeStatus.JUDGING);
    expect((await submission(t, id)).status).toBe(JudgeStatus.JUDGING);
    expect(Date.parse(judging.data.leaseDeadline)).toBeGreaterThanOrEqual(Date.parse(compiling.data.leaseDeadline));
    expect((await alpha.progress(task, JudgeStatus.ACCEPTED)).http).toBe(400);
  });

  it('refuses progress on a lease that is not held, or ran out', async () => {
    await submit(t, { pid, user });
    const task = await alpha.take();
    const forged = await alpha.progress({ ...task, leaseToken: 'A'.repeat(32) }, JudgeStatus.JUDGING);
    expect(forged).toMatchObject({ http: 409, status: 409, msg: JUDGE_MSG.leaseLost });
    await expireLease(t, task.taskId);
    expect((await alpha.progress(task, JudgeStatus.JUDGING)).http).toBe(409);
  });

  it('stores a result once; the same post again is OK and writes nothing', async () => {
    const id = await submit(t, { pid, user });
    const task = await alpha.take();
    const cases = await t.database.db.select().from(problemCases).where(eq(problemCases.pid, pid)).orderBy(problemCases.seq);
    const result = {
      status: JudgeStatus.WRONG_ANSWER,
      time: 15,
      memory: 2048,
      score: null,
      errorMessage: null,
      cases: [
        { caseId: cases[0]!.id, seq: 1, status: 0, time: 15, memory: 2048, userOutput: '3\n' },
        { caseId: cases[1]!.id, seq: 2, status: -1, time: 9, memory: 1800, userOutput: '8\n', message: 'expected 7' },
      ],
    };
    const first = await alpha.result(task, result);
    expect(first).toMatchObject({ http: 200, status: 200, data: { submitId: id, duplicate: false } });
    const again = await alpha.result(task, result);
    expect(again).toMatchObject({ http: 200, status: 200, data: { submitId: id, duplicate: true } });
    const different = await alpha.result(task, { ...result, status: JudgeStatus.ACCEPTED });
    expect(different.data.duplicate).toBe(true);

    expect(await submission(t, id)).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, time: 15, memory: 2048, judger: 'alpha' });
    const rows = await caseRows(t, id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      caseId: cases[1]!.id,
      status: -1,
      time: 9,
      memory: 1800,
      seq: 2,
      inputData: '2.in',
      outputData: '2.out',
      userOutput: '8\n',
      message: 'expected 7',
      mode: 'default',
      uid: user.uid,
      pid,
    });
    expect(await taskOf(t, id)).toMatchObject({ status: 'done', attempts: 0 });
  });

  it('keeps only the head of long outputs and messages', async () => {
    const id = await submit(t, { pid, user });
    const task = await alpha.take();
    const long = 'x'.repeat(5000);
    const r = await alpha.result(task, {
      status: JudgeStatus.COMPILE_ERROR,
      errorMessage: 'main.cpp:1: error',
      cases: [{ seq: 1, status: -1, userOutput: long, message: long }],
    });
    expect(r.status).toBe(200);
    const [row] = await caseRows(t, id);
    expect(row!.userOutput).toHaveLength(1024);
    expect(row!.message).toHaveLength(1024);
    expect(await submission(t, id)).toMatchObject({ status: JudgeStatus.COMPILE_ERROR, errorMessage: 'main.cpp:1: error' });
  });

  it('refuses malformed results and keeps the lease for a good one', async () => {
    const id = await submit(t, { pid, user });
    const task = await alpha.take();
    const bad = [
      { status: JudgeStatus.PENDING },
      { status: JudgeStatus.JUDGING },
      { cases: [{ seq: 1, status: JudgeStatus.SUBMITTING }] },
      {
        cases: [
          { seq: 1, status: 0 },
          { seq: 1, status: 0 },
        ],
      },
      { time: -1 },
      { cases: 'none' },
    ];
    for (const b of bad) {
      const r = await alpha.result(task, b);
      expect(r).toMatchObject({ http: 400, status: 400 });
    }
    expect(await caseRows(t, id)).toEqual([]);
    expect((await alpha.result(task, { status: JudgeStatus.ACCEPTED })).status).toBe(200);
    expect((await submission(t, id)).status).toBe(JudgeStatus.ACCEPTED);
  });

  it('a stale lease cannot overwrite the result of the newer one', async () => {
    const id = await submit(t, { pid, user });
    const old = await alpha.take();
    await alpha.progress(old, JudgeStatus.JUDGING);
    await expireLease(t, old.taskId);
    const fresh = await beta.take();
    expect(fresh).toMatchObject({ taskId: old.taskId, attempt: 2 });
    expect(fresh.leaseToken).not.toBe(old.leaseToken);

    const late = await alpha.result(old, { status: JudgeStatus.WRONG_ANSWER });
    expect(late).toMatchObject({ http: 409, status: 409, msg: JUDGE_MSG.leaseLost });
    expect((await beta.result(fresh, { status: JudgeStatus.ACCEPTED, time: 5 })).data.duplicate).toBe(false);
    const later = await alpha.result(old, { status: JudgeStatus.WRONG_ANSWER });
    expect(later.http).toBe(409);
    expect((await alpha.progress(old, JudgeStatus.JUDGING)).http).toBe(409);

    expect(await submission(t, id)).toMatchObject({ status: JudgeStatus.ACCEPTED, time: 5, judger: 'beta' });
    expect(await caseRows(t, id)).toHaveLength(2);
    expect(await taskOf(t, id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('a judge that vanishes: its lease runs out and another judge finishes the submission', async () => {
    const id = await submit(t, { pid, user });
    const lost = await alpha.take();
    await alpha.progress(lost, JudgeStatus.COMPILING);
    expect((await submission(t, id)).status).toBe(JudgeStatus.COMPILING);
    await expireLease(t, lost.taskId);
    await sweep(t.database.db, t.config.judgeQueue);
    expect(await submission(t, id)).toMatchObject({ status: JudgeStatus.PENDING });
    expect((await taskOf(t, id)).lastError).toBe('judge "alpha" stopped answering (lease expired)');

    const task = await beta.take();
    await beta.progress(task, JudgeStatus.COMPILING);
    await beta.progress(task, JudgeStatus.JUDGING);
    await beta.result(task, { status: JudgeStatus.TIME_LIMIT_EXCEEDED, time: 1000 });
    expect(await submission(t, id)).toMatchObject({ status: JudgeStatus.TIME_LIMIT_EXCEEDED, judger: 'beta' });
  });

  it('three expired leases end the submission as System Error with a message', async () => {
    const id = await submit(t, { pid, user });
    const judges = [alpha, beta, alpha];
    const leases: JudgeTask[] = [];
    for (const [i, j] of judges.entries()) {
      const task = await j.take();
      expect(task.attempt).toBe(i + 1);
      leases.push(task);
      await expireLease(t, task.taskId);
    }
    expect((await beta.poll()).data).toBeNull();
    const s = await submission(t, id);
    expect(s.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(s.errorMessage).toBe('System Error: judging failed 3 times. Last error: judge "alpha" stopped answering (lease expired)');
    expect(await taskOf(t, id)).toMatchObject({ status: 'done', attempts: 3 });
    expect((await alpha.result(leases[2]!)).http).toBe(409);
    expect((await submission(t, id)).status).toBe(JudgeStatus.SYSTEM_ERROR);
  });

  it('a judge reporting failure: queued again, and System Error with its message after three', async () => {
    const id = await submit(t, { pid, user });
    const first = await alpha.take();
    expect((await alpha.fail(first, 'sandbox: cgroup setup failed')).data).toEqual({ requeued: true });
    expect(await submission(t, id)).toMatchObject({ status: JudgeStatus.PENDING });
    expect((await alpha.fail(first, 'again')).http).toBe(409);
    const second = await beta.take();
    expect(second.attempt).toBe(2);
    expect((await beta.fail(second, 'test data hash mismatch')).data).toEqual({ requeued: true });
    const third = await alpha.take();
    expect((await alpha.fail(third, 'sandbox: cgroup setup failed')).data).toEqual({ requeued: false });
    expect(await submission(t, id)).toMatchObject({
      status: JudgeStatus.SYSTEM_ERROR,
      errorMessage: 'System Error: judging failed 3 times. Last error: sandbox: cgroup setup failed',
    });
    expect((await alpha.poll()).data).toBeNull();
  });

  it('a failure report cut in the middle of an emoji is still taken (the broken half becomes U+FFFD)', async () => {
    const id = await submit(t, { pid, user });
    const task = await alpha.take();
    const long = `${'x'.repeat(1999)}😀 and more`;
    expect((await alpha.fail(task, long)).data).toEqual({ requeued: true });
    const again = await beta.take();
    expect(again.attempt).toBe(2);
    await beta.result(again);
    expect((await submission(t, id)).status).toBe(JudgeStatus.ACCEPTED);
  });
});

describe('rejudge, cancel and unservable tasks', () => {
  it('rejudge starts a new round: old lease void, verdict and cases cleared, queued again', async () => {
    const id = await submit(t, { pid, user, cid: 3 });
    const first = await alpha.take();
    await alpha.result(first, { status: JudgeStatus.WRONG_ANSWER, time: 3 });
    const before = await submission(t, id);

    expect(await rejudge(t.database.db, id)).toBe(true);
    const after = await submission(t, id);
    expect(after).toMatchObject({ status: JudgeStatus.PENDING, time: null, memory: null, judger: null, version: before.version + 1 });
    expect(await caseRows(t, id)).toEqual([]);
    expect(await taskOf(t, id)).toMatchObject({ status: 'queued', attempts: 0, priority: 1 });
    expect((await alpha.result(first, { status: JudgeStatus.WRONG_ANSWER })).http).toBe(409);

    const second = await beta.take();
    await rejudge(t.database.db, id);
    expect((await beta.progress(second, JudgeStatus.COMPILING)).http).toBe(409);
    expect((await beta.result(second)).http).toBe(409);
    const third = await alpha.take();
    expect((await alpha.result(third)).status).toBe(200);
    expect((await submission(t, id)).status).toBe(JudgeStatus.ACCEPTED);
    expect(await rejudge(t.database.db, 987_654)).toBe(false);
  });

  it('cancel takes a queued task out of the queue and voids a held lease', async () => {
    const queued = await submit(t, { pid, user });
    expect(await cancelSubmission(t.database.db, queued)).toBe(true);
    expect((await alpha.poll()).data).toBeNull();
    expect((await submission(t, queued)).status).toBe(JudgeStatus.CANCELLED);

    const judging = await submit(t, { pid, user });
    const task = await alpha.take();
    await cancelSubmission(t.database.db, judging);
    expect((await alpha.result(task)).http).toBe(409);
    expect((await submission(t, judging)).status).toBe(JudgeStatus.CANCELLED);
    expect(await caseRows(t, judging)).toEqual([]);
  });

  it('ends a submission whose problem is gone as System Error', async () => {
    const id = await submit(t, { pid: 555_555, user });
    expect((await alpha.poll()).data).toBeNull();
    expect(await submission(t, id)).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, errorMessage: JUDGE_MSG.problemMissing });
  });

  it('ends a task no online judge can take, but waits while no judge is online', async () => {
    const id = await submit(t, { pid, user, language: 'Rust' });
    await t.database.db.execute(sql`update judge_task set queued_at = now() - interval '2 minutes' where submit_id = ${id}`);
    await t.database.db.execute(sql`update judge_server set last_heartbeat = now() - interval '1 hour'`);
    await sweep(t.database.db, t.config.judgeQueue);
    expect(await taskOf(t, id)).toMatchObject({ status: 'queued' });

    await asJudge(alpha).call('judge.heartbeat', { body: { judgeId: alpha.id } });
    await sweep(t.database.db, t.config.judgeQueue);
    expect(await submission(t, id)).toMatchObject({
      status: JudgeStatus.SYSTEM_ERROR,
      errorMessage: 'System Error: no judge online supports the language "Rust".',
    });
    expect(await taskOf(t, id)).toMatchObject({ status: 'done' });

    const fresh = await submit(t, { pid, user, language: 'Rust' });
    await sweep(t.database.db, t.config.judgeQueue);
    expect((await taskOf(t, fresh)).status).toBe('queued');
  });

  it('a submission removed from the site takes its task with it', async () => {
    const id = await submit(t, { pid, user });
    await t.database.db.delete(submissions).where(eq(submissions.submitId, id));
    expect(await t.database.db.select().from(judgeTasks).where(eq(judgeTasks.submitId, id))).toEqual([]);
    expect((await alpha.poll()).data).toBeNull();
  });
});
