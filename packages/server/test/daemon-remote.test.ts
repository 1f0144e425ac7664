/**
 * Remote judging end to end: the server, a real judge daemon in this process with remote judging on, and
 * fixtures of HDU (GBK pages) and Codeforces (the RCPC challenge) standing in for the sites. An admin
 * imports a problem through the API, users submit to it, and the daemon's remote workers submit with the
 * pool's accounts and bring the verdicts back: AC, WA, CE with the site's message, TLE; the site going
 * down while a run is judged (the task is leased again and polls the same run); a refused password; and
 * twenty submissions sharing two accounts.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { getLanguages, JudgeDaemon } from '@oj/judge';
import { type CodeforcesFixture, plans, startCodeforcesFixture } from '../../judge/test/remote/fixtures/codeforces.js';
import { HDU_ACCOUNT, type HduFixture, startHduFixture } from '../../judge/test/remote/fixtures/hdu.js';
import { judgeTasks, remoteAccounts, users } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/site-config.js';
import { judgeToken } from '../src/lib/secrets.js';
import { client } from './client.js';
import { listen, memoryLogger, tempCacheDir, waitFor } from './daemon-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken } from './helpers.js';
import { submission, testQueue } from './judge-helpers.js';

const A_PLUS_B = '#include <stdio.h>\nint main(void){int a,b;while(scanf("%d%d",&a,&b)==2)printf("%d\\n",a+b);return 0;}';

let t: TestApp;
let daemon: JudgeDaemon;
let hdu: HduFixture;
let cf: CodeforcesFixture;
let cacheDir: string;
let root: string;
let alice: string;
const log = memoryLogger();

const as = (token: string) => client(t, token);
const ACTIVE = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING] as number[];
const final = (id: number) =>
  waitFor(`a verdict for submission ${id}`, async () => {
    const s = await submission(t, id);
    return ACTIVE.includes(s.status) ? null : s;
  });

async function addAccount(oj: 'HDU' | 'CF', username: string, password: string) {
  const r = await as(root).call('adminRemoteAccount.add', { body: { oj, username, password } });
  expect(r.status, r.msg).toBe(200);
  return r.data.id;
}

async function submitTo(problemId: string, language: string, code = A_PLUS_B) {
  const r = await as(alice).call('submission.submit', { body: { pid: problemId, language, code } });
  expect(r.status, r.msg).toBe(200);
  return r.data.submitId;
}

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue({ leaseMs: 5000, pollIntervalMs: 50, remoteBackoffMs: 300 }) });
  const url = await listen(t);
  [hdu, cf] = await Promise.all([startHduFixture(), startCodeforcesFixture()]);
  root = await rootToken(t);
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  await createUser(t, { username: 'alice' });
  alice = await login(t, 'alice');
  cacheDir = tempCacheDir();
  daemon = new JudgeDaemon({
    server: url,
    token: await judgeToken(t),
    name: 'remote-inproc',
    capacity: 1,
    cacheDir,
    pollWaitMs: 2000,
    log,
    languages: getLanguages().filter((l) => l.name === 'C'),
    remote: {
      ojs: ['HDU', 'CF'],
      workers: 4,
      baseUrls: { HDU: hdu.server.baseUrl, CF: cf.site.baseUrl },
      sleep: async () => {},
      pollIntervalMs: 20,
    },
  });
  await daemon.start();
  await addAccount('HDU', HDU_ACCOUNT.username, HDU_ACCOUNT.password);
  await addAccount('CF', 'tourist', 'right-password');
});

afterAll(async () => {
  await daemon?.stop(0);
  await Promise.all([hdu?.close(), cf?.site.close()]);
  await t?.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe('HDU through a real daemon', () => {
  it('imports HDU 1000 and judges A+B Accepted with the site’s time and memory', async () => {
    const r = await as(root).call('remoteJudge.importToBank', { query: { name: 'HDU', problemId: '1000' } });
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({ problemId: 'HDU-1000', title: 'A + B Problem' });
    const detail = await as(alice).call('problem.detail', { query: { problemId: 'HDU-1000' } });
    expect(detail.data.languages).toContain('C');

    const id = await submitTo('HDU-1000', 'C');
    expect(await final(id)).toMatchObject({ status: JudgeStatus.ACCEPTED, time: 15, memory: 1724, judger: 'remote-inproc' });
    expect((await submission(t, id)).remoteRunId).toMatch(/^\d+$/);
    // The source went out salted with our submission id, and the password never reached the log.
    expect(hdu.runs.at(-1)!.user).toBe(HDU_ACCOUNT.username);
    expect(log.lines.join('\n')).not.toContain(HDU_ACCOUNT.password);
  });

  it('Wrong Answer, Compile Error with the site’s message, Time Limit Exceeded', async () => {
    hdu.nextSteps = [{ status: 'Running' }, { status: 'Wrong Answer', time: '0MS', memory: '1200K' }];
    expect(await final(await submitTo('HDU-1000', 'C', `${A_PLUS_B}\n// wa`))).toMatchObject({ status: JudgeStatus.WRONG_ANSWER });
    hdu.nextSteps = [{ status: 'Compiling' }, { status: 'Compilation Error' }];
    const ce = await final(await submitTo('HDU-1000', 'C', 'int main( {'));
    expect(ce.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(ce.errorMessage).toContain('undeclared identifier');
    hdu.nextSteps = [{ status: 'Running' }, { status: 'Time Limit Exceeded', time: '1000MS', memory: '1300K' }];
    expect(await final(await submitTo('HDU-1000', 'C', `${A_PLUS_B}\n// slow`))).toMatchObject({ status: JudgeStatus.TIME_LIMIT_EXCEEDED });
  });

  it('the site going down while the run is judged: the task is leased again and polls the same run, never submits twice', async () => {
    // The run stays queued on the site until the test lets it finish.
    hdu.nextSteps = [{ status: 'Queuing' }];
    const before = hdu.runs.length;
    const id = await submitTo('HDU-1000', 'C', `${A_PLUS_B}\n// down`);
    await waitFor('the run id', async () => (await submission(t, id)).remoteRunId);
    hdu.server.down();
    await waitFor('a failed look at the site', async () => {
      const [task] = await t.database.db.select().from(judgeTasks).where(eq(judgeTasks.submitId, id));
      return task!.attempts > 0;
    });
    hdu.server.up();
    const run = hdu.runs.at(-1)!;
    run.steps = [{ status: 'Accepted', time: '31MS', memory: '1800K' }];
    hdu.nextSteps = [{ status: 'Running' }, { status: 'Accepted', time: '15MS', memory: '1724K' }];
    expect(await final(id)).toMatchObject({ status: JudgeStatus.ACCEPTED, time: 31 });
    expect(hdu.runs.length).toBe(before + 1);
    expect((await submission(t, id)).remoteRunId).toBe(String(run.id));
  });

  it('a refused password marks the account failing with the site’s words; the submission waits', async () => {
    await t.database.db.update(remoteAccounts).set({ state: 'free' }).where(eq(remoteAccounts.oj, 'HDU'));
    const [good] = await t.database.db.select().from(remoteAccounts).where(eq(remoteAccounts.oj, 'HDU'));
    await t.database.db.update(remoteAccounts).set({ state: 'failing' }).where(eq(remoteAccounts.id, good!.id));
    const bad = await addAccount('HDU', 'intruder', 'wrong-password');
    const id = await submitTo('HDU-1000', 'C', `${A_PLUS_B}\n// bad password`);
    const failing = await waitFor('the account marked failing', async () => {
      const [a] = await t.database.db.select().from(remoteAccounts).where(eq(remoteAccounts.id, bad));
      return a!.state === 'failing' ? a : null;
    });
    expect(failing.lastError).toMatch(/intruder|password|login/i);
    expect((await submission(t, id)).status).toBe(JudgeStatus.PENDING);
    // The admin fixes it (the good account back in the pool): the submission goes through.
    await t.database.db.update(remoteAccounts).set({ state: 'free' }).where(eq(remoteAccounts.id, good!.id));
    expect((await final(id)).status).toBe(JudgeStatus.ACCEPTED);
  });
});

describe('Codeforces through a real daemon', () => {
  it('imports 1A past the RCPC challenge and judges it Accepted, and a compile error with its message', async () => {
    const r = await as(root).call('remoteJudge.importToBank', { query: { name: 'CF', problemId: '1A' } });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.problemId).toBe('CF-1A');
    const lang = (await as(alice).call('problem.detail', { query: { problemId: 'CF-1A' } })).data.languages[0]!;
    expect(await final(await submitTo('CF-1A', lang))).toMatchObject({ status: JudgeStatus.ACCEPTED });
    cf.state.nextPlan = plans.compileError("program.cpp:1:11: error: expected ')' before '{' token");
    const ce = await final(await submitTo('CF-1A', lang, 'int main( {'));
    expect(ce.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(ce.errorMessage).toContain("expected ')'");
  });

  it('20 submissions on 2 accounts: all judged, each submitted once, both accounts used', async () => {
    cf.state.passwords.set('petr', 'second-password');
    await addAccount('CF', 'petr', 'second-password');
    cf.state.nextPlan = plans.accepted();
    const lang = (await as(alice).call('problem.detail', { query: { problemId: 'CF-1A' } })).data.languages[0]!;
    const before = cf.state.runs.length;
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => submitTo('CF-1A', lang, `${A_PLUS_B}\n// ${i}`)));
    for (const id of ids) expect((await final(id)).status).toBe(JudgeStatus.ACCEPTED);
    const runs = cf.state.runs.slice(before);
    expect(runs).toHaveLength(20);
    expect(new Set(runs.map((r) => r.handle))).toEqual(new Set(['tourist', 'petr']));
    const accounts = await t.database.db.select().from(remoteAccounts).where(eq(remoteAccounts.oj, 'CF'));
    for (const a of accounts) expect(a).toMatchObject({ state: 'free', leaseTask: null });
  });
});

describe('a run linked from Codeforces through a real daemon', () => {
  it('is checked against the user’s handle in the public API and takes the run’s verdict; someone else’s run is refused', async () => {
    await t.database.db.update(users).set({ cfUsername: 'Alice_CF' }).where(eq(users.username, 'alice'));
    const apiRun = (id: number, handle: string, verdict?: string) => ({
      id,
      contestId: 1,
      problem: { contestId: 1, index: 'A' },
      author: { members: [{ handle }] },
      verdict,
      timeConsumedMillis: 46,
      memoryConsumedBytes: 1024 * 2000,
    });
    const before = cf.state.runs.length;
    cf.state.apiRuns.push(apiRun(31000001, 'alice_cf', 'OK'), apiRun(31000002, 'somebody', 'OK'));
    const mine = await as(alice).call('remoteJudge.linkRun', { body: { pid: 'CF-1A', runId: '31000001' } });
    expect(mine.status, mine.msg).toBe(200);
    expect(await final(mine.data.submitId)).toMatchObject({ status: JudgeStatus.ACCEPTED, time: 46, memory: 2000 });
    const theirs = await as(alice).call('remoteJudge.linkRun', { body: { pid: 'CF-1A', runId: '31000002' } });
    const refused = await final(theirs.data.submitId);
    expect(refused.status).toBe(JudgeStatus.SUBMITTED_FAILED);
    expect(refused.errorMessage).toContain('Alice_CF');
    // Nothing was submitted to the site for either.
    expect(cf.state.runs.length).toBe(before);
  });
});
