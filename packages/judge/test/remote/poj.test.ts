import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { RemoteHttp } from '../../src/remote/http.js';
import { normalisePojId, POJ_LANGUAGES, pojAdapter as adapter, pojVerdict } from '../../src/remote/poj.js';
import { saltSource } from '../../src/remote/salt.js';
import type { RemoteRunState } from '../../src/remote/types.js';
import { POJ_ACCOUNT, startPojFixture, type PojFixture } from './fixtures/poj.js';

let fx: PojFixture;
const cpp = POJ_LANGUAGES.find((l) => l.name === 'C++')!;
const java = POJ_LANGUAGES.find((l) => l.name === 'Java')!;
const APLUSB = '#include <iostream>\nint main(){int a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}';

beforeAll(async () => {
  fx = await startPojFixture();
});
afterAll(() => fx.close());
beforeEach(() => {
  fx.refusal = null;
  fx.nextSteps = [{ result: 'Waiting' }, { result: 'Compiling' }, { result: 'Running & Judging' }, { result: 'Accepted', memory: '164K', time: '16MS' }];
});

const session = () => new RemoteHttp({ baseUrl: fx.server.baseUrl, timeoutMs: 2000 });

async function loggedIn() {
  const http = session();
  await adapter.ensureLogin(http, POJ_ACCOUNT);
  return http;
}

async function pollToEnd(http: RemoteHttp, runId: string) {
  const phases: string[] = [];
  for (let i = 0; i < 10; i++) {
    const state: RemoteRunState = await adapter.poll(http, POJ_ACCOUNT, { runId, problemId: '1000' });
    phases.push(state.phase);
    if (state.phase === 'final') return { state, phases };
  }
  throw new Error('the run never ended');
}

async function submitWith(steps: PojFixture['nextSteps']) {
  fx.nextSteps = steps;
  const http = await loggedIn();
  const { runId } = await adapter.submit(http, POJ_ACCOUNT, { problemId: '1000', language: cpp, source: APLUSB });
  return pollToEnd(http, runId);
}

describe('POJ problems', () => {
  it('imports a problem: title, limits in ms and MB, sections with absolute URLs, samples, hint, source as tag', async () => {
    const p = await adapter.fetchProblem(session(), 'POJ-1000');
    const base = fx.server.baseUrl;
    expect(p.remoteId).toBe('1000');
    expect(p.title).toBe('A+B Problem');
    expect(p.timeLimitMs).toBe(1000);
    expect(p.memoryLimitMb).toBe(10);
    expect(p.description).toBe(`Calculate a+b <img src="${base}/images/1000_1.jpg"> (<a href="${base}/faq.htm">FAQ</a>)`);
    expect(p.input).toBe('Two integer a,b (0&lt;=a,b&lt;=10)');
    expect(p.output).toBe('Output a+b');
    expect(p.samples).toEqual([{ input: '1 2', output: '3' }]);
    expect(p.hint).toBe('Q: Where are the input and the output?<br>A: Your program shall always read input from stdin.');
    expect(p.format).toBe('html');
    expect(p.source).toBe('POJ');
    expect(p.tags).toEqual(['POJ']);
    expect(p.url).toBe(`${base}/problem?id=1000`);
  });

  it('imports samples written as div.ptx with <br> lines, several of them, and a GBK source', async () => {
    const p = await adapter.fetchProblem(session(), '2000');
    expect(p.title).toBe('Gold Coins');
    expect(p.timeLimitMs).toBe(2000);
    expect(p.memoryLimitMb).toBe(64);
    expect(p.samples).toEqual([
      { input: '10\n6\n0', output: '10 30\n6 14' },
      { input: '1\n0', output: '1 1' },
    ]);
    expect(p.hint).toBe('');
    expect(p.source).toBe('北京大学程序设计实习 2005');
  });

  it('says notFound for a missing problem and badId for an id POJ cannot have', async () => {
    await expect(adapter.fetchProblem(session(), '99999')).rejects.toMatchObject({ kind: 'notFound' });
    await expect(adapter.fetchProblem(session(), 'POJ-A1')).rejects.toMatchObject({ kind: 'badId' });
    expect(normalisePojId('poj1000')).toBe('1000');
    for (const bad of ['', '12', 'HDU-1000', '1000-2', '123456']) expect(normalisePojId(bad)).toBeNull();
  });
});

describe('POJ login', () => {
  it('logs in with the form, then trusts the session; a bad password is loginFailed', async () => {
    const http = await loggedIn();
    const login = fx.server.requests.filter((r) => r.path === '/login').at(-1)!;
    expect(Object.fromEntries(login.form)).toEqual({ user_id1: 'poolbot', password1: 'right-pass', B1: 'login', url: '.' });
    const before = fx.server.requests.length;
    await adapter.ensureLogin(http, POJ_ACCOUNT);
    expect(fx.server.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /']);
    await expect(adapter.ensureLogin(session(), { username: 'poolbot', password: 'nope' })).rejects.toMatchObject({ kind: 'loginFailed' });
  });

  it('logs an expired session in again', async () => {
    const http = await loggedIn();
    fx.expireSessions();
    const before = fx.server.requests.length;
    await adapter.ensureLogin(http, POJ_ACCOUNT);
    expect(fx.server.requests.slice(before).filter((r) => r.path === '/login')).toHaveLength(1);
  });
});

describe('POJ submit and poll', () => {
  it('submits A+B base64-encoded, finds the run id, and polls the source page to AC', async () => {
    const http = await loggedIn();
    const source = saltSource(APLUSB, cpp, 7, 1700000000000);
    const { runId } = await adapter.submit(http, POJ_ACCOUNT, { problemId: '1000', language: cpp, source });
    expect(runId).toBe(String(Math.max(...fx.runs.map((r) => r.id))));
    const sent = fx.server.requests.filter((r) => r.path === '/submit').at(-1)!;
    expect(sent.form.get('problem_id')).toBe('1000');
    expect(sent.form.get('language')).toBe('0');
    expect(sent.form.get('encoded')).toBe('1');
    expect(sent.form.get('submit')).toBe('Submit');
    expect(Buffer.from(sent.form.get('source')!, 'base64').toString()).toBe(source);
    expect(source.startsWith('// online judge submission 7 @ 1700000000000\n')).toBe(true);
    const lookup = fx.server.requests.filter((r) => r.path === '/status' && r.query.get('user_id')).at(-1)!;
    expect(Object.fromEntries(lookup.query)).toEqual({ problem_id: '1000', user_id: 'poolbot', result: '', language: '0' });
    const { state, phases } = await pollToEnd(http, runId);
    expect(phases).toEqual(['pending', 'compiling', 'judging', 'final']);
    expect(state).toEqual({ phase: 'final', status: JudgeStatus.ACCEPTED, time: 16, memory: 164, compileMessage: null, raw: 'Accepted' });
    expect(fx.server.requests.filter((r) => r.path === '/status' && r.query.get('top'))).toHaveLength(0);
  });

  it('reads the public status list when the source page is not ours to see', async () => {
    fx.nextSteps = [{ result: 'Running & Judging' }, { result: 'Wrong Answer', memory: '700K', time: '32MS' }];
    const { runId } = await adapter.submit(await loggedIn(), POJ_ACCOUNT, { problemId: '1000', language: java, source: 'class Main{}' });
    const stranger = session();
    const { state, phases } = await pollToEnd(stranger, runId);
    expect(phases).toEqual(['judging', 'final']);
    expect(state).toEqual({ phase: 'final', status: JudgeStatus.WRONG_ANSWER, time: 32, memory: 700, compileMessage: null, raw: 'Wrong Answer' });
    expect(fx.server.requests.filter((r) => r.path === '/status' && r.query.get('top') === String(Number(runId) + 1)).length).toBe(2);
  });

  it('reports TLE, and OLE apart from RE', async () => {
    const cases: [string, number][] = [
      ['Time Limit Exceeded', JudgeStatus.TIME_LIMIT_EXCEEDED],
      ['Output Limit Exceeded', JudgeStatus.OUTPUT_LIMIT_EXCEEDED],
      ['Runtime Error', JudgeStatus.RUNTIME_ERROR],
    ];
    for (const [result, status] of cases) {
      const { state } = await submitWith([{ result: 'Running & Judging' }, { result, memory: '300K', time: '1000MS' }]);
      expect(state).toMatchObject({ phase: 'final', status, time: 1000, memory: 300, raw: result });
    }
  });

  it('fetches the compile message of a CE, unescaped and decoded from GBK', async () => {
    const { state } = await submitWith([{ result: 'Compiling' }, { result: 'Compile Error' }]);
    expect(state).toEqual({ phase: 'final', status: JudgeStatus.COMPILE_ERROR, time: null, memory: null, compileMessage: fx.ceMessage, raw: 'Compile Error' });
  });

  it('never reads an unknown text as a verdict: the run is polled on, the text kept and marked unknown', async () => {
    fx.nextSteps = [{ result: 'Judge Failure', memory: '0K', time: '0MS' }];
    const http = await loggedIn();
    const { runId } = await adapter.submit(http, POJ_ACCOUNT, { problemId: '1000', language: cpp, source: APLUSB });
    for (let look = 0; look < 3; look++) {
      expect(await adapter.poll(http, POJ_ACCOUNT, { runId, problemId: '1000' })).toEqual({ phase: 'judging', raw: 'Judge Failure', unknown: true });
    }
  });

  it("refuses with the site's message (a duplicate or a bad language)", async () => {
    fx.refusal = 'Your source code is the same as a previous submission.';
    await expect(adapter.submit(await loggedIn(), POJ_ACCOUNT, { problemId: '1000', language: cpp, source: APLUSB })).rejects.toMatchObject({
      kind: 'refused',
      message: fx.refusal,
    });
  });

  it('logs in again when the session expired before the submit', async () => {
    const http = await loggedIn();
    fx.expireSessions();
    const { runId } = await adapter.submit(http, POJ_ACCOUNT, { problemId: '1000', language: cpp, source: APLUSB });
    expect(fx.runs.find((r) => String(r.id) === runId)?.user).toBe('poolbot');
  });

  it('says notFound for a run neither page shows, and unreachable when the site is down', async () => {
    await expect(adapter.poll(session(), POJ_ACCOUNT, { runId: '1', problemId: '1000' })).rejects.toMatchObject({ kind: 'notFound' });
    const http = session();
    fx.server.down();
    try {
      await expect(adapter.fetchProblem(http, '1000')).rejects.toMatchObject({ kind: 'unreachable' });
      await expect(adapter.submit(http, POJ_ACCOUNT, { problemId: '1000', language: cpp, source: APLUSB })).rejects.toMatchObject({ kind: 'unreachable' });
    } finally {
      fx.server.up();
    }
  });
});

describe('POJ verdicts', () => {
  it.each([
    ['Waiting', 'pending'],
    ['Queuing', 'pending'],
    ['Compiling', 'compiling'],
    ['Running & Judging', 'judging'],
    ['Accepted', JudgeStatus.ACCEPTED],
    ['Presentation Error', JudgeStatus.PRESENTATION_ERROR],
    ['Wrong Answer', JudgeStatus.WRONG_ANSWER],
    ['Time Limit Exceeded', JudgeStatus.TIME_LIMIT_EXCEEDED],
    ['Memory Limit Exceeded', JudgeStatus.MEMORY_LIMIT_EXCEEDED],
    ['Output Limit Exceeded', JudgeStatus.OUTPUT_LIMIT_EXCEEDED],
    ['Runtime Error', JudgeStatus.RUNTIME_ERROR],
    ['Compile Error', JudgeStatus.COMPILE_ERROR],
  ] as const)('%s -> %s', (text, expected) => {
    expect(pojVerdict(text)).toBe(expected);
  });

  it('knows no guesses', () => {
    expect(pojVerdict('Judge Failure')).toBeUndefined();
  });
});
