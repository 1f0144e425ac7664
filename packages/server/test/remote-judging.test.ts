/**
 * Remote judging over the judge protocol, with a simulated judge that serves Codeforces: importing a
 * problem (a remote job), submitting to it, the task leased with an account of the pool, the run id kept
 * so a new lease polls instead of submitting again, failures (a refused login, a refused submission, a
 * site that keeps failing), the bounded wait, resubmit, and that no answer ever carries a password.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  formatMsg,
  GroupLevel,
  JUDGE_MSG,
  JudgeStatus,
  MSG,
  Role,
  type AcmRankRow,
  type JudgeJobTask,
  type RemoteProblemData,
  type RemoteTask,
  USER_SESSION_ACCOUNT,
} from '@oj/shared';
import { problems, remoteAccounts, users } from '../src/db/schema/index.js';
import { sweep } from '../src/modules/judge/queue.js';
import { sweepRemoteWaits } from '../src/modules/remote/remote-tasks.js';
import { putSetting } from '../src/lib/site-config.js';
import { client, judgeClient } from './client.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken } from './helpers.js';
import { createContest } from './contest-helpers.js';
import { insertGroup } from './group-helpers.js';
import { createCategory, createTraining } from './training-helpers.js';
import { acceptedResult, expireLease, FakeJudge, LANGS, submission, taskOf, testQueue } from './judge-helpers.js';

const PASSWORD = 'cf-pool-secret-7731';
const CF_LANG = 'GNU G++17 7.3.0';

let t: TestApp;
let root: string;
let alice: string;
let bob: string;
let remote: FakeJudge;
let local: FakeJudge;

const as = (token: string | null) => client(t, token);
const jc = () => judgeClient(remote, remote.token);

const PROBLEM_1A: RemoteProblemData = {
  remoteId: '1A',
  title: 'Theatre Square',
  timeLimitMs: 1000,
  memoryLimitMb: 256,
  description: '<p>Theatre Square in the capital city of Berland has a rectangular shape.</p>',
  input: '<p>n, m and a</p>',
  output: '<p>the number of flagstones</p>',
  hint: '',
  format: 'html',
  samples: [{ input: '6 6 4\n', output: '4\n' }],
  source: 'Codeforces Beta Round 1',
  url: 'https://codeforces.com/problemset/problem/1/A',
  tags: ['math'],
};

/** The simulated judge's next poll of the remote lane, which must hand it a task of `kind`. */
async function takeRemote<K extends 'remote' | 'job'>(kind: K): Promise<K extends 'remote' ? RemoteTask : JudgeJobTask> {
  const task = (await remote.poll(3000, 'remote')).data as RemoteTask | JudgeJobTask | null;
  if (task?.kind !== kind) throw new Error(`expected a ${kind} task, got ${JSON.stringify(task)}`);
  return task as never;
}

/** Answers the next remote job as a judge would, with the problem fetched or the site's refusal. */
async function answerFetch(
  result: { type: 'remoteProblem'; problem: RemoteProblemData } | { type: 'remoteFailed'; failure: 'notFound' | 'unreachable'; error: string },
) {
  const job = await takeRemote('job');
  await jc().call('judge.jobResult', { body: { taskId: job.taskId, leaseToken: job.leaseToken, result } });
  return job;
}

const progress = (task: RemoteTask, status: 5 | 6 | 7, runId?: string) =>
  jc().call('judge.remoteProgress', { body: { taskId: task.taskId, leaseToken: task.leaseToken, status, runId } });
const accepted = (task: RemoteTask) =>
  jc().call('judge.remoteResult', {
    body: { taskId: task.taskId, leaseToken: task.leaseToken, status: JudgeStatus.ACCEPTED, time: 30, memory: 512, errorMessage: null },
  });
const failed = (task: RemoteTask, failure: 'loginFailed' | 'refused' | 'unreachable', error: string) =>
  jc().call('judge.remoteFail', { body: { taskId: task.taskId, leaseToken: task.leaseToken, failure, error } });

async function addAccount(username: string) {
  const r = await as(root).call('adminRemoteAccount.add', { body: { oj: 'CF', username, password: PASSWORD } });
  expect(r.status).toBe(200);
  return r.data.id;
}

async function submitTo(token: string, problemId = 'CF-1A', language = CF_LANG) {
  const r = await as(token).call('submission.submit', { body: { pid: problemId, language, code: '#include <cstdio>\nint main(){long long n,m,a;}' } });
  expect(r.status, r.msg).toBe(200);
  return r.data.submitId;
}

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue({ remoteBackoffMs: 0, jobQueueTimeoutMs: 300 }) });
  root = await rootToken(t);
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  await createUser(t, { username: 'alice' });
  await createUser(t, { username: 'bob' });
  await createUser(t, { username: 'admin1', roles: [Role.ADMIN] });
  [alice, bob] = await Promise.all([login(t, 'alice', 'password1', '10.9.0.1'), login(t, 'bob', 'password1', '10.9.0.2')]);
  local = await FakeJudge.start(t, 'local-judge');
  remote = await FakeJudge.start(t, 'remote-judge', LANGS, t.app, {
    ojs: ['CF'],
    languages: [
      { oj: 'CF', name: CF_LANG, contentType: 'text/x-c++src' },
      { oj: 'CF', name: 'Python 3', contentType: 'text/x-python' },
    ],
  });
});
afterAll(() => t?.close());

describe('importing a remote problem', () => {
  it('is fetched by a judge serving the site (never by a local poll) and lands in the bank with its site’s languages', async () => {
    const call = as(root).call('remoteJudge.importToBank', { query: { name: 'CF', problemId: '1A' } });
    expect((await local.poll(300)).data).toBeNull();
    const job = await answerFetch({ type: 'remoteProblem', problem: PROBLEM_1A });
    expect(job.job).toEqual({ type: 'remoteProblem', oj: 'CF', problemId: '1A' });
    const r = await call;
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({ problemId: 'CF-1A', title: 'Theatre Square', created: true });

    const detail = await as(alice).call('problem.detail', { query: { problemId: 'CF-1A' } });
    expect(detail.data.problem).toMatchObject({ isRemote: true, remoteOj: 'CF', remoteUrl: PROBLEM_1A.url, timeLimit: 1000, memoryLimit: 256 });
    expect(detail.data.problem.examples).toEqual([{ input: '6 6 4\n', output: '4\n' }]);
    expect(detail.data.languages).toEqual([CF_LANG, 'Python 3']);
    // The site's tags, as tags of that site.
    expect(detail.data.tags.map((tag) => [tag.name, tag.oj])).toEqual([['math', 'CF']]);
    // The bank's filter per site finds it, and only under its site.
    const cf = await as(alice).call('problem.list', { query: { oj: 'CF' } });
    expect(cf.data.records.map((p) => p.problemId)).toEqual(['CF-1A']);
    expect((await as(alice).call('problem.list', { query: { oj: 'HDU' } })).data.records).toEqual([]);
  });

  it('again refreshes the statement of the same problem', async () => {
    const call = as(root).call('remoteJudge.importToBank', { query: { name: 'CF', problemId: '1A' } });
    await answerFetch({ type: 'remoteProblem', problem: { ...PROBLEM_1A, title: 'Theatre Square (fixed)', tags: ['implementation'] } });
    expect((await call).data).toMatchObject({ problemId: 'CF-1A', created: false });
    const rows = await t.database.db.select().from(problems).where(eq(problems.remoteId, '1A'));
    expect(rows.map((p) => p.title)).toEqual(['Theatre Square (fixed)']);
    const detail = await as(alice).call('problem.detail', { query: { problemId: 'CF-1A' } });
    expect(detail.data.tags.map((tag) => tag.name)).toEqual(['implementation']);
  });

  it('a problem the site does not have, or a site down: the site’s words, nothing created', async () => {
    const missing = as(root).call('remoteJudge.importToBank', { query: { name: 'CF', problemId: '99999Z' } });
    await answerFetch({ type: 'remoteFailed', failure: 'notFound', error: 'no such problem' });
    expect(await missing).toMatchObject({ status: 400, msg: formatMsg(MSG.remoteProblemNotFound, { oj: 'CF', problemId: '99999Z' }) });
    const down = as(root).call('remoteJudge.importToBank', { query: { name: 'CF', problemId: '2B' } });
    await answerFetch({ type: 'remoteFailed', failure: 'unreachable', error: 'connect ECONNREFUSED' });
    expect((await down).msg).toBe(formatMsg(MSG.remoteSiteUnreachable, { oj: 'CF', error: 'connect ECONNREFUSED' }));
    const count = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from problem where is_remote`);
    expect(count.rows[0]!.n).toBe(1);
  });

  it('the admin list filters by site as the bank does', async () => {
    const cf = await as(root).call('adminProblem.list', { query: { oj: 'CF' } });
    expect(cf.data.records.map((p) => p.problemId)).toEqual(['CF-1A']);
    expect((await as(root).call('adminProblem.list', { query: { oj: 'HDU' } })).data.records).toEqual([]);
  });

  it('a site no judge serves is named, and nothing is created', async () => {
    const r = await as(root).call('remoteJudge.importToBank', { query: { name: 'HDU', problemId: '1000' } });
    expect(r.msg).toBe(formatMsg(MSG.remoteNoJudgeForImport, { oj: 'HDU' }));
    expect(await t.database.db.select().from(problems).where(eq(problems.remoteOj, 'HDU'))).toEqual([]);
  });

  it('is refused to a user and to an unknown site, before any site is asked', async () => {
    expect((await as(alice).call('remoteJudge.importToBank', { query: { name: 'CF', problemId: '1B' } })).http).toBe(403);
    const tid = await createTraining(t, root, { categoryId: await createCategory(t, root, 'Refused') });
    expect((await as(alice).call('remoteJudge.importToTraining', { query: { name: 'CF', problemId: '1B', tid } })).http).toBe(403);
    // A visitor may neither import, nor link a run, nor resubmit.
    expect((await as(null).call('remoteJudge.importToBank', { query: { name: 'CF', problemId: '1B' } })).http).toBe(401);
    expect((await as(null).call('remoteJudge.linkRun', { body: { pid: 'CF-1A', runId: '1' } })).http).toBe(401);
    expect((await as(null).call('remoteJudge.resubmit', { query: { submitId: 1 } })).http).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/problem/import-remote-oj-problem?name=XYZ&problemId=1',
      headers: { authorization: root },
    });
    expect(bad.statusCode).toBe(400);
    expect((await remote.poll(0, 'remote')).data).toBeNull();
  });
});

describe('a submission to a remote problem', () => {
  beforeEach(async () => {
    await t.database.db.execute(sql`update judge_task set status = 'done', lease_token = null where status <> 'done'`);
    await t.database.db.delete(remoteAccounts);
  });

  it('waits for an account, is leased with it, keeps its run id at once and lands the site’s verdict', async () => {
    const id = await submitTo(alice);
    // A language of another site, or ours, is refused for it.
    const r = await as(alice).call('submission.submit', { body: { pid: 'CF-1A', language: 'C++', code: 'int main(){return 0;}' } });
    expect(r.msg).toBe(formatMsg(MSG.languageNotSupported, { language: 'C++' }));
    expect((await local.poll(0)).data).toBeNull();
    expect((await remote.poll(0, 'remote')).data).toBeNull();

    const accountId = await addAccount('pool-a');
    const task = await takeRemote('remote');
    expect(task).toMatchObject({ oj: 'CF', submitId: id, problemId: '1A', language: CF_LANG, runId: null });
    expect(task.account).toMatchObject({ id: accountId, username: 'pool-a', password: PASSWORD, session: null });
    expect((await t.database.db.select().from(remoteAccounts))[0]).toMatchObject({ state: 'busy', leaseTask: task.taskId });

    // A remote lease is no key to our judges' routes: the verdict comes from the site only.
    expect((await remote.post('result', { taskId: task.taskId, leaseToken: task.leaseToken, ...acceptedResult() })).http).toBe(409);
    expect((await remote.post('progress', { taskId: task.taskId, leaseToken: task.leaseToken, status: 7 })).http).toBe(409);
    expect((await progress(task, 5, '245001')).status).toBe(200);
    expect(await submission(t, id)).toMatchObject({ remoteRunId: '245001', remoteAccountId: accountId, status: JudgeStatus.PENDING });
    await progress(task, 7);
    expect((await submission(t, id)).status).toBe(JudgeStatus.JUDGING);
    expect((await accepted(task)).status).toBe(200);
    expect(await submission(t, id)).toMatchObject({ status: JudgeStatus.ACCEPTED, time: 30, memory: 512 });
    expect((await t.database.db.select().from(remoteAccounts))[0]).toMatchObject({ state: 'free', leaseTask: null });

    // Admins see the run id; the submitter does not; no answer carries the password.
    const mine = await as(alice).call('submission.detail', { query: { submitId: id } });
    expect(mine.data.submission).toMatchObject({ isRemote: true, linkedRun: false, remoteRunId: null });
    const admin = await as(root).call('submission.detail', { query: { submitId: id } });
    expect(admin.data.submission.remoteRunId).toBe('245001');
    for (const res of [mine, admin, await as(root).call('adminRemoteAccount.list')]) expect(res.res.payload).not.toContain(PASSWORD);
  });

  it('a judge that died after the submit: the next lease polls the same run with the same account, never submits again', async () => {
    await addAccount('pool-a');
    await addAccount('pool-b');
    const id = await submitTo(alice);
    const first = await takeRemote('remote');
    await progress(first, 5, '777');
    await expireLease(t, first.taskId);
    await sweep(t.database.db, t.config.judgeQueue);
    expect((await t.database.db.select().from(remoteAccounts).where(eq(remoteAccounts.id, first.account.id)))[0]!.state).toBe('free');
    const again = await takeRemote('remote');
    expect(again).toMatchObject({ submitId: id, runId: '777', attempt: 2 });
    expect(again.account.id).toBe(first.account.id);
    // The old lease can no longer report.
    expect((await accepted(first)).http).toBe(409);
    await accepted(again);
    expect((await submission(t, id)).status).toBe(JudgeStatus.ACCEPTED);
  });

  it('20 submissions and 2 accounts: never two in flight on one account, none lost', async () => {
    await addAccount('pool-a');
    await addAccount('pool-b');
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => submitTo(i % 2 ? alice : bob)));
    const done = new Set<number>();
    while (done.size < ids.length) {
      const batch = (await Promise.all([remote.poll(0, 'remote'), remote.poll(0, 'remote'), remote.poll(0, 'remote')]))
        .map((r) => r.data as RemoteTask | null)
        .filter((x): x is RemoteTask => !!x);
      expect(batch.length).toBeGreaterThan(0);
      expect(batch.length).toBeLessThanOrEqual(2);
      expect(new Set(batch.map((b) => b.account.id)).size).toBe(batch.length);
      for (const task of batch) {
        await progress(task, 5, `run-${task.submitId}`);
        await accepted(task);
        done.add(task.submitId);
      }
    }
    expect([...done].sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await submission(t, id)).status).toBe(JudgeStatus.ACCEPTED);
  });

  it('a refused login marks the account failing; with no usable account the submission ends Submitted Failed, and its owner resubmits', async () => {
    await addAccount('pool-bad');
    const id = await submitTo(alice);
    const task = await takeRemote('remote');
    expect((await failed(task, 'loginFailed', 'Invalid handle or password')).data).toEqual({ requeued: true });
    const [acc] = await t.database.db.select().from(remoteAccounts);
    expect(acc).toMatchObject({ state: 'failing', lastError: 'Invalid handle or password', leaseTask: null });
    expect((await remote.poll(0, 'remote')).data).toBeNull();

    await sweepRemoteWaits(t.database.db, { ...t.config.judgeQueue, remoteUnservedMs: 0 });
    const ended = await submission(t, id);
    expect(ended).toMatchObject({ status: JudgeStatus.SUBMITTED_FAILED, errorMessage: formatMsg(JUDGE_MSG.remoteNoAccount, { oj: 'CF' }) });

    // Someone else may not resubmit it; its owner may once an account works again.
    expect(await as(bob).call('remoteJudge.resubmit', { query: { submitId: id } })).toMatchObject({ http: 403, msg: MSG.resubmitDenied });
    await as(root).call('adminRemoteAccount.update', { body: { id: acc!.id, username: 'pool-bad', password: 'fixed' } });
    const again = await as(alice).call('remoteJudge.resubmit', { query: { submitId: id } });
    expect(again.status, again.msg).toBe(200);
    expect(again.data).toMatchObject({ submitId: id, status: JudgeStatus.PENDING, isRemote: true });
    const next = await takeRemote('remote');
    expect(next).toMatchObject({ submitId: id, runId: null, attempt: 1 });
    expect(next.account.password).toBe('fixed');
    await accepted(next);
    // A final verdict is not the owner's to resubmit.
    expect((await as(alice).call('remoteJudge.resubmit', { query: { submitId: id } })).msg).toBe(MSG.resubmitNotFailed);
  });

  it('the site refusing the code ends it at once; a site that keeps failing ends it after the last attempt', async () => {
    await addAccount('pool-a');
    const refused = await submitTo(alice);
    const task = await takeRemote('remote');
    expect((await failed(task, 'refused', 'You have submitted exactly the same code before')).data).toEqual({ requeued: false });
    expect(await submission(t, refused)).toMatchObject({
      status: JudgeStatus.SUBMITTED_FAILED,
      errorMessage: formatMsg(JUDGE_MSG.remoteFailed, { oj: 'CF', error: 'You have submitted exactly the same code before' }),
    });

    const flaky = await submitTo(alice);
    for (let i = 1; i < t.config.judgeQueue.remoteMaxAttempts; i++) {
      expect((await failed(await takeRemote('remote'), 'unreachable', 'HTTP 502')).data).toEqual({ requeued: true });
      expect((await submission(t, flaky)).status).toBe(JudgeStatus.PENDING);
    }
    expect((await failed(await takeRemote('remote'), 'unreachable', 'HTTP 502')).data).toEqual({ requeued: false });
    expect((await submission(t, flaky)).status).toBe(JudgeStatus.SUBMITTED_FAILED);
    expect((await taskOf(t, flaky)).status).toBe('done');
  });

  it('is not resubmitted when it is our own problem’s, and the self-test of a remote problem is refused', async () => {
    expect((await as(alice).call('remoteJudge.resubmit', { query: { submitId: 99999999 } })).msg).toBe(MSG.submissionNotFound);
    const [p] = await t.database.db.insert(problems).values({ problemId: 'LOCAL1', title: 'Local' }).returning({ id: problems.id });
    const own = await as(alice).call('submission.submit', { body: { pid: 'LOCAL1', language: 'C++', code: 'int main(){return 0;}' } });
    expect(own.status, own.msg).toBe(200);
    expect((await as(alice).call('remoteJudge.resubmit', { query: { submitId: own.data.submitId } })).msg).toBe(MSG.resubmitNotRemote);
    const [remoteProblem] = await t.database.db.select({ id: problems.id }).from(problems).where(eq(problems.problemId, 'CF-1A'));
    const test = await as(alice).call('testRun.submit', { body: { pid: remoteProblem!.id, language: CF_LANG, code: 'int main(){}', userInput: '1' } });
    expect(test.msg).toBe(formatMsg(MSG.remoteSelfTestUnavailable, { oj: 'CF' }));
    expect(p).toBeTruthy();
  });
});

describe('a user’s own Codeforces session', () => {
  beforeEach(async () => {
    await t.database.db.execute(sql`update judge_task set status = 'done', lease_token = null where status <> 'done'`);
    await t.database.db.delete(remoteAccounts);
  });
  afterAll(async () => {
    await as(bob).call('account.deleteCfSession');
  });

  it('judges his Codeforces submissions without a pool account, is kept sealed, and polls his run again after a lost lease', async () => {
    expect((await as(bob).call('account.updateCfSession', { body: { cfSession: 'JSESSIONID=sess-abc; 39ce7=cookie-xyz' } })).status).toBe(200);
    const [stored] = await t.database.db.select({ cf: users.cfSession }).from(users).where(eq(users.username, 'bob'));
    expect(stored!.cf).not.toContain('sess-abc');
    const id = await submitTo(bob);
    const task = await takeRemote('remote');
    expect(task.account).toEqual({
      id: USER_SESSION_ACCOUNT,
      username: 'bob',
      password: '',
      session: JSON.stringify({ JSESSIONID: 'sess-abc', '39ce7': 'cookie-xyz' }),
    });
    await progress(task, 5, '555');
    await expireLease(t, task.taskId);
    await sweep(t.database.db, t.config.judgeQueue);
    const again = await takeRemote('remote');
    expect(again).toMatchObject({ submitId: id, runId: '555', account: { id: USER_SESSION_ACCOUNT } });
    await accepted(again);
    expect((await submission(t, id)).status).toBe(JudgeStatus.ACCEPTED);
    // Nobody else's submission uses it: alice's waits for the pool.
    await submitTo(alice);
    expect((await remote.poll(0, 'remote')).data).toBeNull();
  });

  it('a session the site refuses ends the submission with a word to renew it, and is never retried with a login', async () => {
    await as(bob).call('account.updateCfSession', { body: { cfSession: 'JSESSIONID=stale' } });
    const id = await submitTo(bob);
    const task = await takeRemote('remote');
    expect((await failed(task, 'loginFailed', 'not logged in')).data).toEqual({ requeued: false });
    expect(await submission(t, id)).toMatchObject({
      status: JudgeStatus.SUBMITTED_FAILED,
      errorMessage: formatMsg(JUDGE_MSG.remoteSessionRefused, { oj: 'CF' }),
    });
  });
});

describe('linking a run made on the site', () => {
  beforeEach(async () => {
    await t.database.db.execute(sql`update judge_task set status = 'done', lease_token = null where status <> 'done'`);
    await t.database.db.delete(remoteAccounts);
  });

  const link = (token: string, runId: string, pid = 'CF-1A') => as(token).call('remoteJudge.linkRun', { body: { pid, runId } });

  it('needs the user’s Codeforces handle, a Codeforces problem and a run nobody linked yet', async () => {
    expect((await link(alice, '123456')).msg).toBe(MSG.linkRunNeedsHandle);
    await t.database.db.update(users).set({ cfUsername: 'alice_cf' }).where(eq(users.username, 'alice'));
    await t.database.db.insert(problems).values({ problemId: 'HDU-1000', title: 'A+B', isRemote: true, remoteOj: 'HDU', remoteId: '1000' });
    expect((await link(alice, '123456', 'HDU-1000')).msg).toBe(MSG.linkRunNotLinkable);
    const bad = await t.app.inject({ method: 'POST', url: '/api/link-remote-run', headers: { authorization: alice }, payload: { pid: 'CF-1A', runId: 'abc' } });
    expect(bad.statusCode).toBe(400);
    const r = await link(alice, '123456');
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({ status: JudgeStatus.PENDING, isRemote: true, linkedRun: true, language: 'CF run' });
    await t.database.db.update(users).set({ cfUsername: 'bob_cf' }).where(eq(users.username, 'bob'));
    expect((await link(bob, '123456')).msg).toBe(MSG.linkRunTaken);
    // Each link is a look at the site: the site's interval between submissions holds for links too.
    await putSetting(t.database.db, 'switch', { submitIntervalSec: 60 });
    try {
      expect((await link(alice, '123457')).msg).toMatch(/^Submitting too frequently/);
    } finally {
      await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
    }
  });

  it('is followed without any account: the judge gets the handle to check, a run not his ends Submitted Failed saying so', async () => {
    const mine = await link(alice, '223344');
    const task = await takeRemote('remote');
    expect(task).toMatchObject({
      submitId: mine.data.submitId,
      runId: '223344',
      linkedHandle: 'alice_cf',
      account: { id: USER_SESSION_ACCOUNT, password: '' },
    });
    await accepted(task);
    expect((await submission(t, mine.data.submitId)).status).toBe(JudgeStatus.ACCEPTED);
    // A linked run is not resubmitted: there is nothing of it to submit.
    expect((await as(alice).call('remoteJudge.resubmit', { query: { submitId: mine.data.submitId } })).msg).toBe(MSG.resubmitLinkedRun);

    const notMine = await link(alice, '998877');
    const other = await takeRemote('remote');
    expect(
      (
        await jc().call('judge.remoteFail', {
          body: { taskId: other.taskId, leaseToken: other.leaseToken, failure: 'notFound', error: 'not among the runs of alice_cf' },
        })
      ).data,
    ).toEqual({ requeued: false });
    expect(await submission(t, notMine.data.submitId)).toMatchObject({
      status: JudgeStatus.SUBMITTED_FAILED,
      errorMessage: formatMsg(JUDGE_MSG.remoteRunNotYours, { oj: 'CF', handle: 'alice_cf', error: 'not among the runs of alice_cf' }),
    });
  });
});

describe('a remote problem in a contest, a training and a group', () => {
  beforeEach(async () => {
    await t.database.db.execute(sql`update judge_task set status = 'done', lease_token = null where status <> 'done'`);
    await t.database.db.delete(remoteAccounts);
  });

  it('an ACM contest imports it under a letter; a participant solves it and the board counts the site’s verdict', async () => {
    const cid = await createContest(t, root, { title: 'Remote round' }, []);
    const call = as(root).call('remoteJudge.importToContest', { query: { name: 'CF', problemId: '1A', cid, displayId: 'A' } });
    await answerFetch({ type: 'remoteProblem', problem: PROBLEM_1A });
    expect((await call).data).toMatchObject({ problemId: 'CF-1A', created: false });

    await addAccount('pool-a');
    const r = await as(alice).call('submission.submit', { body: { pid: 'A', cid, language: CF_LANG, code: 'int main(){return 0;}' } });
    expect(r.status, r.msg).toBe(200);
    const task = await takeRemote('remote');
    expect(task).toMatchObject({ submitId: r.data.submitId, problemId: '1A' });
    await progress(task, 5, '900001');
    await accepted(task);
    const board = await as(alice).call('contest.rank', { body: { cid, forceRefresh: true } });
    const row = (board.data.records as AcmRankRow[]).find((x) => x.username === 'alice');
    expect(row).toMatchObject({ ac: 1 });
    expect(row!.submissionInfo.A).toMatchObject({ isAC: true });
  });

  it('a letter already taken in the contest refuses the import whole: the new problem is not left in the bank', async () => {
    const cid = await createContest(t, root, { title: 'Taken letter' }, []);
    const first = as(root).call('remoteJudge.importToContest', { query: { name: 'CF', problemId: '1A', cid, displayId: 'A' } });
    await answerFetch({ type: 'remoteProblem', problem: PROBLEM_1A });
    expect((await first).status).toBe(200);
    const second = as(root).call('remoteJudge.importToContest', { query: { name: 'CF', problemId: '4A', cid, displayId: 'A' } });
    await answerFetch({ type: 'remoteProblem', problem: { ...PROBLEM_1A, remoteId: '4A', title: 'Watermelon' } });
    expect((await second).msg).toBe(formatMsg(MSG.contestDisplayIdExists, { displayId: 'A' }));
    expect(await t.database.db.select().from(problems).where(eq(problems.remoteId, '4A'))).toEqual([]);
    // A user is refused before the site is asked.
    expect((await as(alice).call('remoteJudge.importToContest', { query: { name: 'CF', problemId: '4A', cid, displayId: 'B' } })).http).toBe(403);
  });

  it('a training takes it under its problem id', async () => {
    const tid = await createTraining(t, root, { categoryId: await createCategory(t, root, 'Remote') });
    const call = as(root).call('remoteJudge.importToTraining', { query: { name: 'CF', problemId: '1A', tid } });
    await answerFetch({ type: 'remoteProblem', problem: PROBLEM_1A });
    expect((await call).status).toBe(200);
    const list = await as(alice).call('training.problems', { query: { tid } });
    expect(list.data.map((p) => p.problemId)).toEqual(['CF-1A']);
  });

  it('a group’s admin imports it into the group’s problems under the group’s prefix; a member may not', async () => {
    const gid = await insertGroup(t, { owner: 'root', members: { bob: GroupLevel.MEMBER } });
    expect((await as(bob).call('remoteJudge.importToGroup', { query: { name: 'CF', problemId: '1A', gid } })).http).toBe(403);
    const call = as(root).call('remoteJudge.importToGroup', { query: { name: 'CF', problemId: '1A', gid } });
    await answerFetch({ type: 'remoteProblem', problem: PROBLEM_1A });
    const r = await call;
    expect(r.status, r.msg).toBe(200);
    expect(r.data.problemId).toMatch(/^g[0-9a-f]{6}CF-1A$/);
    const [row] = await t.database.db.select().from(problems).where(eq(problems.id, r.data.id));
    expect(row).toMatchObject({ gid, isGroup: true, isRemote: true, remoteOj: 'CF', remoteId: '1A' });
  });
});
