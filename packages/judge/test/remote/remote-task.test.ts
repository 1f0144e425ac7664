/**
 * The remote lane of a daemon against the site fixtures and a fake judge server: a remote submission
 * submitted, polled and posted (HDU in GBK, Codeforces behind its challenge), a run id polled without a
 * second submit, each way a run can fail given back with its kind, a stop that gives the task back, the
 * remote jobs (a problem, the contests of the served sites), and the loop that polls the remote lane.
 * The waits between looks are injected: nothing here waits for real.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JudgeStatus, type JudgeJobTask, type JudgeTask, type RemoteJob, type RemoteTask } from '@oj/shared';
import type { RemoteJobTask } from '../../src/daemon/lanes.js';
import type { Logger } from '../../src/daemon/log.js';
import type { RemoteContext } from '../../src/daemon/remote-context.js';
import { doRemoteJob, runRemoteJob } from '../../src/daemon/remote-job.js';
import { RemoteTaskRun } from '../../src/daemon/remote-task.js';
import { runRemoteWorker } from '../../src/daemon/remote-worker.js';
import { createRemoteAdapters } from '../../src/remote/adapters.js';
import type { RemoteJudgeAdapter, Sleep } from '../../src/remote/types.js';
import { type FakeJudge, startFakeJudge } from './fake-judge.js';
import { AC_USER, type AtcoderFixture, startAtcoder } from './fixtures/atcoder.js';
import { type CodeforcesFixture, newState, plans, startCodeforcesFixture } from './fixtures/codeforces.js';
import { HDU_ACCOUNT, type HduFixture, startHduFixture } from './fixtures/hdu.js';

const noWait: Sleep = async () => {};
const adapters = createRemoteAdapters({ sleep: noWait });
const APLUSB = '#include <cstdio>\nint main(){int a,b;while(scanf("%d%d",&a,&b)==2)printf("%d\\n",a+b);}';
const CF_ACCOUNT = { username: 'tourist', password: 'right-password' };

let judge: FakeJudge;
let hdu: HduFixture;
let cf: CodeforcesFixture;
let ac: AtcoderFixture;
let logged: string[];
let fatal: Error[];

beforeAll(async () => {
  [judge, hdu, cf, ac] = await Promise.all([startFakeJudge(), startHduFixture(), startCodeforcesFixture(), startAtcoder()]);
  await judge.client.register({ name: 'remote-test', cpuCount: 1, capacity: 1, languages: [] });
});
afterAll(() => Promise.all([judge.close(), hdu.close(), cf.site.close(), ac.close()]));
beforeEach(() => {
  judge.calls.length = 0;
  judge.leaseLost.clear();
  hdu.nextSteps = [{ status: 'Queuing' }, { status: 'Compiling' }, { status: 'Running' }, { status: 'Accepted', time: '15MS', memory: '1724K' }];
  hdu.resubmitWaits = 0;
  hdu.refusal = null;
  const fresh = newState();
  Object.assign(cf.state, { cloudflare: false, rateLimited: false, refusal: null, nextPlan: fresh.nextPlan, nextHiddenFor: 0 });
  logged = [];
  fatal = [];
});

const log: Logger = {
  debug: (m) => void logged.push(`debug: ${m}`),
  info: (m) => void logged.push(`info: ${m}`),
  warn: (m) => void logged.push(`warn: ${m}`),
  error: (m) => void logged.push(`error: ${m}`),
};

function context(over: Partial<RemoteContext> = {}): RemoteContext {
  return {
    name: 'remote-test',
    client: judge.client,
    log,
    pollWaitMs: 1000,
    stopping: new AbortController().signal,
    giveUp: new AbortController().signal,
    active: new Set(),
    abandonAll: false,
    onFatal: (e) => void fatal.push(e),
    onReachable: () => {},
    onUnreachable: () => {},
    adapters: { HDU: adapters.HDU, CF: adapters.CF, AC: adapters.AC },
    baseUrls: { HDU: hdu.server.baseUrl, CF: cf.site.baseUrl, AC: ac.site.baseUrl },
    sleep: noWait,
    pollIntervalMs: 2500,
    maxPollMs: 15 * 60_000,
    ...over,
  };
}

let lastTaskId = 100;
function hduTask(over: Partial<RemoteTask> = {}): RemoteTask {
  return {
    kind: 'remote',
    taskId: ++lastTaskId,
    leaseToken: `lease-${lastTaskId}-0123456789abcdef`,
    leaseDeadline: new Date(Date.now() + 60_000).toISOString(),
    leaseMs: 60_000,
    attempt: 1,
    oj: 'HDU',
    submitId: 42,
    problemId: '1000',
    language: 'C++',
    code: APLUSB,
    account: { id: 1, ...HDU_ACCOUNT, session: null },
    linkedHandle: null,
    runId: null,
    ...over,
  };
}

const cfTask = (over: Partial<RemoteTask> = {}) =>
  hduTask({ oj: 'CF', problemId: '1A', language: 'C++ 17', code: 'int main(){}', account: { id: 2, ...CF_ACCOUNT, session: null }, ...over });

/** What the fake judge was told about one task, by route. */
function told(task: { taskId: number }) {
  const of = (route: string) => judge.bodies(route).filter((b) => b.taskId === task.taskId);
  return { progress: of('remote/progress'), results: of('remote/result'), fails: of('remote/fail') };
}

const runTask = (task: RemoteTask, over: Partial<RemoteContext> = {}) => new RemoteTaskRun(task, context(over)).run();
const sitePaths = (fx: { requests: { method: string; path: string }[] }, from: number) => fx.requests.slice(from).map((r) => `${r.method} ${r.path}`);

describe('a remote submission on its site', () => {
  it('submits A+B to HDU (GBK) salted with our submission id, reports the run id at once, then each stage, then AC with time and memory', async () => {
    const task = hduTask();
    await runTask(task);
    const run = hdu.runs.at(-1)!;
    const { progress, results, fails } = told(task);
    expect(fails).toEqual([]);
    expect(progress[0]).toMatchObject({ status: JudgeStatus.PENDING, runId: String(run.id) });
    expect(JSON.parse(progress[0]!.session as string)).toHaveProperty('PHPSESSID');
    expect(progress.map((p) => p.status)).toEqual([JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING]);
    expect(progress.slice(1).every((p) => p.runId === undefined)).toBe(true);
    expect(results).toEqual([
      expect.objectContaining({ status: JudgeStatus.ACCEPTED, time: 15, memory: 1724, score: null, errorMessage: null, session: expect.any(String) }),
    ]);
    const sent = hdu.server.requests.filter((r) => r.path === '/submit.php').at(-1)!;
    const source = decodeURIComponent(Buffer.from(sent.form.get('_usercode')!, 'base64').toString());
    expect(source).toMatch(/^\/\/ online judge submission 42 @ \d+\n/);
    expect(source.endsWith(APLUSB)).toBe(true);
    expect(judge.refused).toEqual([]);
  });

  it('submits A+B to Codeforces through its challenge and posts AC with time and memory', async () => {
    const task = cfTask();
    await runTask(task);
    const { progress, results, fails } = told(task);
    expect(fails).toEqual([]);
    expect(progress[0]).toMatchObject({ status: JudgeStatus.PENDING, runId: String(cf.lastRun().id) });
    expect(progress.map((p) => p.status)).toEqual([JudgeStatus.PENDING, JudgeStatus.JUDGING]);
    expect(results).toEqual([expect.objectContaining({ status: JudgeStatus.ACCEPTED, time: 45, memory: 3072, errorMessage: null })]);
    expect(cf.lastRun().form.get('programTypeId')).toBe('54');
  });

  it('posts a Wrong Answer', async () => {
    cf.state.nextPlan = plans.wrong();
    const task = cfTask();
    await runTask(task);
    expect(told(task).results).toEqual([expect.objectContaining({ status: JudgeStatus.WRONG_ANSWER, time: 30 })]);
  });

  it('posts a Compile Error with the compiler message as the site shows it', async () => {
    hdu.nextSteps = [{ status: 'Compiling' }, { status: 'Compilation Error' }];
    const task = hduTask();
    await runTask(task);
    expect(told(task).results).toEqual([expect.objectContaining({ status: JudgeStatus.COMPILE_ERROR, time: null, memory: null, errorMessage: hdu.ceMessage })]);
  });

  it('polls the run id an earlier lease stored, without logging in or submitting again', async () => {
    const id = Math.max(...hdu.runs.map((r) => r.id)) + 1;
    hdu.runs.push({
      id,
      user: HDU_ACCOUNT.username,
      pid: '1000',
      lang: 0,
      steps: [{ status: 'Running' }, { status: 'Wrong Answer', time: '31MS', memory: '2000K' }],
      looks: 0,
    });
    const runs = hdu.runs.length;
    const from = hdu.server.requests.length;
    const task = hduTask({ runId: String(id), attempt: 2 });
    await runTask(task);
    expect(hdu.runs).toHaveLength(runs);
    expect(sitePaths(hdu.server, from)).toEqual(['GET /status.php', 'GET /status.php']);
    const { progress, results } = told(task);
    expect(progress).toEqual([expect.objectContaining({ status: JudgeStatus.JUDGING })]);
    expect(progress[0]!.runId).toBeUndefined();
    expect(results).toEqual([expect.objectContaining({ status: JudgeStatus.WRONG_ANSWER, time: 31, memory: 2000 })]);
  });

  it('gives the task back as unreachable when the site goes down between two looks, after the run id was reported', async () => {
    hdu.nextSteps = [{ status: 'Queuing' }, { status: 'Running' }, { status: 'Accepted', time: '15MS', memory: '1724K' }];
    const task = hduTask();
    try {
      await runTask(task, { sleep: async () => hdu.server.down() });
    } finally {
      hdu.server.up();
    }
    const { progress, results, fails } = told(task);
    expect(progress[0]).toMatchObject({ runId: String(hdu.runs.at(-1)!.id) });
    expect(results).toEqual([]);
    expect(fails).toEqual([expect.objectContaining({ failure: 'unreachable', error: expect.stringContaining('did not answer'), session: expect.any(String) })]);
  });

  it('gives the task back as loginFailed for a wrong password, and submits nothing', async () => {
    const runs = hdu.runs.length;
    const task = hduTask({ account: { id: 3, username: 'team1', password: 'wrong', session: null } });
    await runTask(task);
    expect(hdu.runs).toHaveLength(runs);
    expect(told(task).fails).toEqual([expect.objectContaining({ failure: 'loginFailed', error: 'HDU refused the login of team1' })]);
    expect(told(task).progress).toEqual([]);
    expect(logged.join('\n')).not.toContain('wrong');
  });

  it('refuses a language the site does not take before talking to it', async () => {
    const from = hdu.server.requests.length;
    const task = hduTask({ language: 'Brainfuck' });
    await runTask(task);
    expect(hdu.server.requests.length).toBe(from);
    expect(told(task).fails).toEqual([expect.objectContaining({ failure: 'refused', error: 'HDU takes no language "Brainfuck" (it takes C, C++, Java)' })]);
  });

  it('passes the wait a site asks for on with rateLimited', async () => {
    hdu.resubmitWaits = 5;
    const task = hduTask();
    await runTask(task);
    expect(told(task).fails).toEqual([expect.objectContaining({ failure: 'rateLimited', retryAfterMs: 5000 })]);
  });

  it('passes a refusal of the site on in its words', async () => {
    hdu.refusal = 'Code length is improper!';
    const task = hduTask();
    await runTask(task);
    expect(told(task).fails).toEqual([expect.objectContaining({ failure: 'refused', error: 'Code length is improper!' })]);
  });

  it('gives up after maxPollMs of waiting for a final verdict', async () => {
    hdu.nextSteps = [{ status: 'Running' }];
    const task = hduTask();
    await runTask(task, { pollIntervalMs: 2500, maxPollMs: 10_000 });
    const runId = String(hdu.runs.at(-1)!.id);
    const looks = hdu.server.requests.filter((r) => r.path === '/status.php' && r.query.get('first') === runId);
    expect(looks).toHaveLength(5);
    expect(told(task).fails).toEqual([
      expect.objectContaining({ failure: 'unexpected', error: `no final verdict from HDU after 0.2 min (run ${runId}: Running)` }),
    ]);
  });

  it('polls on through a text the site’s table does not know, logs it once, and gives the task back when the bound is over', async () => {
    hdu.nextSteps = [{ status: 'Judge Crashed' }];
    const task = hduTask();
    await runTask(task, { pollIntervalMs: 2500, maxPollMs: 10_000 });
    const runId = String(hdu.runs.at(-1)!.id);
    expect(told(task).results).toEqual([]);
    expect(told(task).fails).toEqual([
      expect.objectContaining({ failure: 'unexpected', error: `no final verdict from HDU after 0.2 min (run ${runId}: Judge Crashed)` }),
    ]);
    expect(logged.filter((l) => l.includes('"Judge Crashed", a text its table does not know'))).toHaveLength(1);
  });

  it('gives a site this judge does not serve back as unexpected', async () => {
    const task = hduTask({ oj: 'POJ' });
    await runTask(task);
    expect(told(task).fails).toEqual([expect.objectContaining({ failure: 'unexpected', error: 'judge "remote-test" does not serve POJ' })]);
  });

  it('stops and posts nothing more when the lease is lost', async () => {
    judge.leaseLost.add('remote/progress');
    const task = hduTask();
    await runTask(task);
    const { progress, results, fails } = told(task);
    expect(progress).toHaveLength(1);
    expect(results).toEqual([]);
    expect(fails).toEqual([]);
  });

  it('starts from the session saved with the account and sends it back when it changed', async () => {
    const first = hduTask();
    await runTask(first);
    const saved = told(first).results[0]!.session as string;
    const from = hdu.server.requests.length;
    const again = hduTask({ account: { id: 1, ...HDU_ACCOUNT, session: saved } });
    await runTask(again);
    expect(hdu.server.requests.slice(from).some((r) => r.path === '/userloginex.php')).toBe(false);
    expect(told(again).progress[0]!.session).toBeUndefined();
    expect(told(again).results[0]).toMatchObject({ status: JudgeStatus.ACCEPTED, session: saved });
  });
});

describe('a stopping judge', () => {
  it('gives a task waiting between looks back as unreachable: the judge is stopping', async () => {
    let paused!: () => void;
    const pausing = new Promise<void>((r) => (paused = r));
    hdu.nextSteps = [{ status: 'Running' }];
    const task = hduTask();
    const run = new RemoteTaskRun(
      task,
      context({
        sleep: () => {
          paused();
          return new Promise(() => {});
        },
      }),
    );
    const running = run.run();
    await pausing;
    await run.abandon('the judge is stopping');
    await running;
    const { results, fails } = told(task);
    expect(results).toEqual([]);
    expect(fails).toEqual([expect.objectContaining({ failure: 'unreachable', error: 'the judge is stopping' })]);
  });

  it('lets a submit on the wire finish and reports its run id before giving the task back', async () => {
    let submitting!: () => void;
    const onWire = new Promise<void>((r) => (submitting = r));
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const slowSubmit: RemoteJudgeAdapter = {
      ...adapters.HDU,
      submit: async (...args) => {
        submitting();
        await gate;
        return adapters.HDU.submit(...args);
      },
    };
    const task = hduTask();
    const run = new RemoteTaskRun(task, context({ adapters: { HDU: slowSubmit } }));
    const running = run.run();
    await onWire;
    await run.abandon('the judge is stopping');
    expect(told(task).fails).toEqual([]);
    open();
    await running;
    const { progress, results, fails } = told(task);
    expect(progress).toEqual([expect.objectContaining({ runId: String(hdu.runs.at(-1)!.id) })]);
    expect(results).toEqual([]);
    expect(fails).toEqual([expect.objectContaining({ failure: 'unreachable', error: 'the judge is stopping' })]);
  });
});

function jobTask(job: RemoteJob): RemoteJobTask {
  return {
    kind: 'job',
    taskId: ++lastTaskId,
    leaseToken: `lease-${lastTaskId}-0123456789abcdef`,
    leaseDeadline: new Date(Date.now() + 60_000).toISOString(),
    leaseMs: 60_000,
    job,
  };
}

describe('remote jobs', () => {
  it('reads a problem from its site and posts it as the schema takes it', async () => {
    const task = jobTask({ type: 'remoteProblem', oj: 'HDU', problemId: 'hdu1000' });
    await runRemoteJob(task, context());
    const [posted] = judge.bodies('job/result').filter((b) => b.taskId === task.taskId);
    expect(judge.refused).toEqual([]);
    expect(posted!.result).toMatchObject({
      type: 'remoteProblem',
      problem: {
        remoteId: '1000',
        title: 'A + B Problem',
        timeLimitMs: 1000,
        memoryLimitMb: 32,
        samples: [{ input: '1 1\n2 3', output: '2\n5' }],
        url: `${hdu.server.baseUrl}/showproblem.php?pid=1000`,
      },
    });
  });

  it('says badId for an id the site cannot have, and notFound for a problem it does not have', async () => {
    expect(await doRemoteJob({ type: 'remoteProblem', oj: 'HDU', problemId: 'HDU-1A' }, context())).toEqual({
      type: 'remoteFailed',
      failure: 'badId',
      error: '"HDU-1A" is not a problem id of HDU',
    });
    expect(await doRemoteJob({ type: 'remoteProblem', oj: 'HDU', problemId: '99999' }, context())).toEqual({
      type: 'remoteFailed',
      failure: 'notFound',
      error: 'HDU has no problem 99999',
    });
    expect(await doRemoteJob({ type: 'remoteProblem', oj: 'SPOJ', problemId: 'TEST' }, context())).toMatchObject({ failure: 'unexpected' });
  });

  it('says unreachable for a site that is down', async () => {
    hdu.server.down();
    try {
      expect(await doRemoteJob({ type: 'remoteProblem', oj: 'HDU', problemId: '1000' }, context())).toMatchObject({
        type: 'remoteFailed',
        failure: 'unreachable',
      });
    } finally {
      hdu.server.up();
    }
  });

  it('lists the contests of every served site that lists them, soonest first, leaving out a site that is down', async () => {
    const all = await doRemoteJob({ type: 'remoteContests' }, context());
    expect(all.type).toBe('remoteContests');
    const contests = all.type === 'remoteContests' ? all.contests : [];
    expect(new Set(contests.map((c) => c.oj))).toEqual(new Set(['CF', 'AC']));
    expect(contests.map((c) => c.beginTime)).toEqual(contests.map((c) => c.beginTime).sort());

    ac.site.down();
    try {
      const task = jobTask({ type: 'remoteContests' });
      await runRemoteJob(task, context());
      const [posted] = judge.bodies('job/result').filter((b) => b.taskId === task.taskId);
      const result = posted!.result as { type: string; contests: { oj: string; title: string }[] };
      expect(result.type).toBe('remoteContests');
      expect(result.contests.map((c) => c.title)).toEqual(['Codeforces Round 994 (Div. 2)', 'Codeforces Round 995 (Div. 3)']);
      expect(logged.some((l) => l.startsWith('warn: the contests of AC are left out'))).toBe(true);
    } finally {
      ac.site.up();
    }
  });

  it('fails the contests job only when every site failed', async () => {
    ac.site.down();
    cf.site.down();
    try {
      const result = await doRemoteJob({ type: 'remoteContests' }, context());
      expect(result).toMatchObject({ type: 'remoteFailed', failure: 'unreachable', error: expect.stringMatching(/^CF: .*; AC: /) });
    } finally {
      ac.site.up();
      cf.site.up();
    }
    expect(await doRemoteJob({ type: 'remoteContests' }, context({ adapters: { HDU: adapters.HDU } }))).toEqual({ type: 'remoteContests', contests: [] });
  });
});

describe('the remote lane', () => {
  it('polls the remote lane, runs its submissions and jobs, and gives back a local task it was handed by mistake', async () => {
    const stop = new AbortController();
    const submission = hduTask();
    const job = jobTask({ type: 'remoteProblem', oj: 'HDU', problemId: '2000' });
    const local: JudgeTask = {
      taskId: ++lastTaskId,
      leaseToken: `lease-${lastTaskId}-0123456789abcdef`,
      leaseDeadline: new Date(Date.now() + 60_000).toISOString(),
      leaseMs: 60_000,
      attempt: 1,
      submission: { submitId: 7, language: 'C', code: 'int main(){}' },
      problem: { id: 1, displayId: 'P1', caseVersion: '1', manifestHash: 'x', timeLimit: 1000, memoryLimit: 256, stackLimit: 128 },
    };
    const localJob: JudgeJobTask = { ...jobTask({ type: 'remoteContests' }), job: { type: 'compileChecker', language: 'C', code: '', extraFiles: {} } };
    judge.queue.remote.push(submission, job, local, localJob);
    const ctx = context({ stopping: stop.signal });
    const worker = runRemoteWorker(ctx);
    const deadline = Date.now() + 10_000;
    while (judge.queue.remote.length || judge.bodies('job/result').length < 2 || !told(submission).results.length) {
      if (Date.now() > deadline) throw new Error('the remote worker did not finish its tasks');
      await new Promise((r) => setTimeout(r, 20));
    }
    stop.abort();
    await worker;
    const polls = judge.bodies('poll');
    expect(polls.length).toBeGreaterThanOrEqual(4);
    expect(polls.every((p) => p.lane === 'remote')).toBe(true);
    expect(told(submission).results).toEqual([expect.objectContaining({ status: JudgeStatus.ACCEPTED })]);
    const jobResults = judge.bodies('job/result');
    expect(jobResults.find((b) => b.taskId === job.taskId)!.result).toMatchObject({ type: 'remoteProblem', problem: { title: 'ASCII码排序' } });
    expect(jobResults.find((b) => b.taskId === localJob.taskId)!.result).toEqual({
      type: 'failed',
      error: 'judge "remote-test": a poll of its remote lane handed out a local task',
    });
    expect(judge.bodies('fail')).toEqual([
      expect.objectContaining({ taskId: local.taskId, error: 'judge "remote-test": a poll of its remote lane handed out a local task' }),
    ]);
    expect(ctx.active.size).toBe(0);
  });

  it('judges on AtCoder with the account the task names, logging its username but never its password or cookies', async () => {
    const task = hduTask({ oj: 'AC', problemId: 'abc300_a', language: 'C++ 20', account: { id: 9, ...AC_USER, session: null } });
    await runTask(task);
    const { results } = told(task);
    expect(results).toEqual([expect.objectContaining({ status: JudgeStatus.ACCEPTED, time: 12, memory: 3640 })]);
    const text = logged.join('\n');
    expect(text).toContain(AC_USER.username);
    expect(text).not.toContain(AC_USER.password);
    expect(text).not.toContain('REVEL_SESSION');
  });
});
