import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import {
  CF_LANGUAGES,
  CF_VERDICTS,
  computeTta,
  createCodeforcesAdapter,
  parseRcpcChallenge,
  parseSubmitSource,
  solveRcpc,
  splitCfId,
} from '../../src/remote/codeforces.js';
import { RemoteHttp } from '../../src/remote/http.js';
import { saltSource } from '../../src/remote/salt.js';
import type { RemoteError, RemoteRunState } from '../../src/remote/types.js';
import { type CodeforcesFixture, makeRcpc, newState, plans, rcpcPage, startCodeforcesFixture } from './fixtures/codeforces.js';

const sleeps: number[] = [];
const adapter = createCodeforcesAdapter({ sleep: async (ms) => void sleeps.push(ms), runIdWaitMs: 2000 });
const account = { username: 'tourist', password: 'right-password' };
const cpp = CF_LANGUAGES.find((l) => l.name === 'C++ 17')!;
const APLUSB = 'int main(){int a,b;std::cin>>a>>b;std::cout<<a+b;}';

let fx: CodeforcesFixture;
let http: RemoteHttp;

beforeAll(async () => {
  fx = await startCodeforcesFixture();
});
afterAll(() => fx.site.close());
beforeEach(() => {
  const fresh = newState();
  Object.assign(fx.state, { cloudflare: false, rateLimited: false, refusal: null, nextPlan: fresh.nextPlan, nextHiddenFor: 0 });
  sleeps.length = 0;
  http = new RemoteHttp({ baseUrl: fx.site.baseUrl, timeoutMs: 2000 });
});

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: RemoteError) => e,
  );

async function submitAndPollToEnd(source = APLUSB): Promise<{ runId: string; states: RemoteRunState[] }> {
  const { runId } = await adapter.submit(http, account, { problemId: '1A', language: cpp, source });
  const states: RemoteRunState[] = [];
  for (let i = 0; i < 10; i++) {
    const s = await adapter.poll(http, account, { runId, problemId: '1A' });
    states.push(s);
    if (s.phase === 'final') break;
  }
  return { runId, states };
}

describe('Codeforces ids and tokens', () => {
  it('reads problem ids as the site writes them and refuses others', () => {
    expect(adapter.normaliseId('1a')).toBe('1A');
    expect(adapter.normaliseId('1234B1')).toBe('1234B1');
    expect(splitCfId('123401')).toEqual({ contest: '1234', index: '01' });
    expect(adapter.normaliseId('A1')).toBeNull();
    expect(adapter.normaliseId('1-A')).toBeNull();
    expect(adapter.normaliseId('12')).toBeNull();
    expect(adapter.normaliseId('1AB')).toBeNull();
  });

  it('solves the RCPC challenge the way the page script does', () => {
    const rcpc = makeRcpc();
    const challenge = parseRcpcChallenge(rcpcPage(rcpc, 'https://codeforces.com/'));
    expect(challenge).toEqual({ a: rcpc.a, b: rcpc.b, c: rcpc.c });
    expect(solveRcpc(challenge!)).toBe(rcpc.answer);
    expect(parseRcpcChallenge('<html>toNumbers is mentioned but no challenge</html>')).toBeNull();
  });

  it('computes _tta from the 39ce7 cookie', () => {
    // by hand: i=0: 1*2*97=194, +1, *2 = 390; i=1: 390+2*3*98=978, -48*(978 mod 5)=834
    expect(computeTta('ab')).toBe(834);
    expect(computeTta('')).toBe(0);
    const t = computeTta('CFdoRk3H');
    expect(t).toBeGreaterThanOrEqual(0);
    expect(t).toBeLessThan(1009);
  });
});

describe('Codeforces problems', () => {
  it('imports a problem behind the RCPC challenge with every field', async () => {
    const before = fx.state.challenges;
    const p = await adapter.fetchProblem(http, '1A');
    expect(fx.state.challenges).toBe(before + 1);
    expect(http.cookie('RCPC')).toBe(fx.state.rcpc.answer);
    const base = fx.site.baseUrl;
    expect(p).toMatchObject({
      remoteId: '1A',
      title: 'Theatre Square',
      timeLimitMs: 1000,
      memoryLimitMb: 256,
      format: 'html',
      source: 'Codeforces Beta Round 1',
      url: `${base}/problemset/problem/1/A`,
      tags: ['math'],
      samples: [{ input: '6 6 4\n1 2 3\n', output: '4\n' }],
    });
    expect(p.description).toContain('size $n \\times m$ meters');
    expect(p.description).toContain(`src="${base}/predownloaded/1a/square.png"`);
    expect(p.description).toContain('$$a^2$$');
    expect(p.description).not.toContain('$$$');
    expect(p.input).toBe('<p>The input contains three positive integers $n$, $m$ and $a$ ($1 \\le n, m, a \\le 10^9$).</p>');
    expect(p.output).toBe('<p>Write the needed number of flagstones.</p>');
    expect(p.hint).toBe(`<p>See <a href="${base}/blog/entry/1">the blog</a>.</p>`);
    expect(p.io).toBeUndefined();
    expect(p.pdfUrl).toBeUndefined();
    // the cookie is kept: no second challenge
    await adapter.fetchProblem(http, '1A');
    expect(fx.state.challenges).toBe(before + 1);
  });

  it('reads <br> samples, fractional limits and file IO; a PDF statement by its URL', async () => {
    const p = await adapter.fetchProblem(http, '4A');
    expect(p).toMatchObject({ title: 'Watermelon', timeLimitMs: 500, memoryLimitMb: 64, hint: '', tags: [], source: 'Codeforces 4' });
    expect(p.samples).toEqual([
      { input: '8\n9\n', output: 'YES\nNO\n' },
      { input: '1\n', output: 'NO\n' },
    ]);
    expect(p.io).toEqual({ input: 'input.txt', output: 'output.txt' });
    const pdf = await adapter.fetchProblem(http, '5D');
    expect(pdf.pdfUrl).toBe(`${fx.site.baseUrl}/problemset/problem/5/D`);
  });

  it('says a missing problem, one without an English statement and a bad id apart', async () => {
    expect(await errorOf(adapter.fetchProblem(http, '9999Z'))).toMatchObject({ kind: 'notFound' });
    expect(await errorOf(adapter.fetchProblem(http, '2B'))).toMatchObject({ kind: 'notFound', message: expect.stringContaining('English') });
    expect(await errorOf(adapter.fetchProblem(http, '3C'))).toMatchObject({ kind: 'notFound' });
    expect(await errorOf(adapter.fetchProblem(http, 'ZZ'))).toMatchObject({ kind: 'badId' });
  });

  it('reports a Cloudflare check and a dead site as unreachable', async () => {
    fx.state.cloudflare = true;
    const err = await errorOf(adapter.fetchProblem(http, '1A'));
    expect(err).toMatchObject({ kind: 'unreachable', message: expect.stringContaining('Cloudflare') });
    fx.state.cloudflare = false;
    fx.site.down();
    try {
      expect(await errorOf(adapter.fetchProblem(http, '1A'))).toMatchObject({ kind: 'unreachable' });
    } finally {
      fx.site.up();
    }
  });
});

describe('Codeforces login', () => {
  it('logs in with the page tokens, then only checks the session', async () => {
    await adapter.ensureLogin(http, account);
    const post = fx.site.requests.filter((r) => r.method === 'POST' && r.path === '/enter').at(-1)!;
    expect(Object.fromEntries(post.form)).toEqual({
      csrf_token: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      action: 'enter',
      ftaa: fx.state.ftaa,
      bfaa: fx.state.bfaa,
      handleOrEmail: 'tourist',
      password: 'right-password',
      remember: 'on',
    });
    const posts = fx.site.requests.filter((r) => r.method === 'POST' && r.path === '/enter').length;
    await adapter.ensureLogin(http, account);
    expect(fx.site.requests.filter((r) => r.method === 'POST' && r.path === '/enter').length).toBe(posts);
  });

  it('says a refused password is a failed login', async () => {
    expect(await errorOf(adapter.ensureLogin(http, { username: 'tourist', password: 'wrong' }))).toMatchObject({ kind: 'loginFailed' });
  });

  it('logs an expired session in again, from saved cookies', async () => {
    await adapter.ensureLogin(http, account);
    const saved = http.saveCookies();
    fx.expireSessions();
    const again = new RemoteHttp({ baseUrl: fx.site.baseUrl, cookies: saved });
    await adapter.ensureLogin(again, account);
    expect(again.cookie('JSESSIONID')).not.toBe(JSON.parse(saved).JSESSIONID);
    expect(fx.state.sessions.get(again.cookie('JSESSIONID')!)).toBe('tourist');
  });
});

describe('Codeforces submit and poll', () => {
  it('submits A+B with the form fields of the page and polls it to Accepted', async () => {
    const source = saltSource(APLUSB, cpp, 123, 1700000000000);
    const { runId, states } = await submitAndPollToEnd(source);
    const run = fx.lastRun();
    expect(runId).toBe(String(run.id));
    expect(Object.fromEntries(run.form)).toEqual({
      csrf_token: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      action: 'submitSolutionFormSubmitted',
      programTypeId: '54',
      source,
      tabSize: '4',
      sourceFile: '',
      ftaa: fx.state.ftaa,
      bfaa: 'b'.repeat(32),
      _tta: String(computeTta(fx.state.cookie39ce7)),
    });
    expect(run.form.get('source')).toContain('online judge submission 123 @ 1700000000000');
    expect(states.map((s) => s.phase)).toEqual(['pending', 'judging', 'final']);
    expect(states[1]).toEqual({ phase: 'judging', raw: 'Running on test 2' });
    expect(states[2]).toEqual({ phase: 'final', status: JudgeStatus.ACCEPTED, time: 45, memory: 3072, compileMessage: null, raw: 'OK' });
    const poll = fx.site.requests.filter((r) => r.path === '/data/submitSource').at(-1)!;
    expect(poll.form.get('submissionId')).toBe(runId);
    expect(poll.headers.referer).toBe(`${fx.site.baseUrl}/problemset/status?my=on`);
  });

  it('reports WA, TLE and OLE apart, a CE with its message, and an unknown final text as SE', async () => {
    fx.state.nextPlan = plans.wrong();
    expect((await submitAndPollToEnd()).states.at(-1)).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, raw: 'WRONG_ANSWER', time: 30 });
    fx.state.nextPlan = plans.verdict('TIME_LIMIT_EXCEEDED');
    expect((await submitAndPollToEnd()).states.at(-1)).toMatchObject({ status: JudgeStatus.TIME_LIMIT_EXCEEDED });
    fx.state.nextPlan = plans.verdict('OUTPUT_LIMIT_EXCEEDED');
    expect((await submitAndPollToEnd()).states.at(-1)).toMatchObject({ status: JudgeStatus.OUTPUT_LIMIT_EXCEEDED });
    fx.state.nextPlan = plans.compileError("program.cpp:1:1: error: 'x' does not name a type");
    expect((await submitAndPollToEnd()).states.at(-1)).toEqual({
      phase: 'final',
      status: JudgeStatus.COMPILE_ERROR,
      time: null,
      memory: null,
      compileMessage: "program.cpp:1:1: error: 'x' does not name a type",
      raw: 'COMPILATION_ERROR',
    });
    fx.state.nextPlan = plans.verdict('COSMIC_RAY');
    expect((await submitAndPollToEnd()).states.at(-1)).toMatchObject({ phase: 'final', status: JudgeStatus.SYSTEM_ERROR, raw: 'COSMIC_RAY' });
  });

  it('waits for a run that shows late, and fails when it never shows', async () => {
    fx.state.nextHiddenFor = 1;
    const { runId } = await adapter.submit(http, account, { problemId: '1A', language: cpp, source: APLUSB });
    expect(runId).toBe(String(fx.lastRun().id));
    expect(sleeps).toEqual([2000, 2000]);
    fx.state.nextHiddenFor = Number.POSITIVE_INFINITY;
    expect(await errorOf(adapter.submit(http, account, { problemId: '1A', language: cpp, source: APLUSB }))).toMatchObject({ kind: 'unexpected' });
  });

  it("passes the site's refusals on in its words: duplicate code, a language, a rate limit", async () => {
    fx.state.refusal = { field: 'source', text: 'You have submitted exactly the same code before' };
    expect(await errorOf(adapter.submit(http, account, { problemId: '1A', language: cpp, source: APLUSB }))).toMatchObject({
      kind: 'refused',
      message: 'You have submitted exactly the same code before',
    });
    fx.state.refusal = null;
    const pypy2 = CF_LANGUAGES.find((l) => l.name === 'PyPy2')!;
    expect(await errorOf(adapter.submit(http, account, { problemId: '1A', language: pypy2, source: 'print 3' }))).toMatchObject({ kind: 'refused' });
    fx.state.rateLimited = true;
    expect(await errorOf(adapter.submit(http, account, { problemId: '1A', language: cpp, source: APLUSB }))).toMatchObject({
      kind: 'rateLimited',
      retryAfterMs: 30_000,
    });
  });

  it('logs in again when a poll finds the session gone', async () => {
    const { runId } = await adapter.submit(http, account, { problemId: '1A', language: cpp, source: APLUSB });
    fx.expireSessions();
    expect(await adapter.poll(http, account, { runId, problemId: '1A' })).toEqual({ phase: 'pending', raw: 'In queue' });
  });

  it('says a dead site is unreachable when submitting', async () => {
    fx.site.down();
    try {
      expect(await errorOf(adapter.submit(http, account, { problemId: '1A', language: cpp, source: APLUSB }))).toMatchObject({ kind: 'unreachable' });
    } finally {
      fx.site.up();
    }
  });
});

describe('Codeforces verdicts and contests', () => {
  it.each([
    ['OK', JudgeStatus.ACCEPTED],
    ['Happy New Year!', JudgeStatus.ACCEPTED],
    ['WRONG_ANSWER', JudgeStatus.WRONG_ANSWER],
    ['PRESENTATION_ERROR', JudgeStatus.PRESENTATION_ERROR],
    ['TIME_LIMIT_EXCEEDED', JudgeStatus.TIME_LIMIT_EXCEEDED],
    ['IDLENESS_LIMIT_EXCEEDED', JudgeStatus.TIME_LIMIT_EXCEEDED],
    ['MEMORY_LIMIT_EXCEEDED', JudgeStatus.MEMORY_LIMIT_EXCEEDED],
    ['OUTPUT_LIMIT_EXCEEDED', JudgeStatus.OUTPUT_LIMIT_EXCEEDED],
    ['RUNTIME_ERROR', JudgeStatus.RUNTIME_ERROR],
    ['SECURITY_VIOLATED', JudgeStatus.RUNTIME_ERROR],
    ['COMPILATION_ERROR', JudgeStatus.COMPILE_ERROR],
    ['PARTIAL', JudgeStatus.PARTIAL_ACCEPTED],
    ['FAILED', JudgeStatus.SUBMITTED_FAILED],
    ['CRASHED', JudgeStatus.SYSTEM_ERROR],
    ['INPUT_PREPARATION_CRASHED', JudgeStatus.SYSTEM_ERROR],
    ['CHALLENGED', JudgeStatus.SYSTEM_ERROR],
    ['SKIPPED', JudgeStatus.SYSTEM_ERROR],
    ['REJECTED', JudgeStatus.SYSTEM_ERROR],
    ['TESTING', 'judging'],
  ])('%s → %s', (text, expected) => {
    expect(CF_VERDICTS.lookup(text)).toBe(expected);
  });

  it('reads a finished run from submitSource with max time and memory in KB', () => {
    const state = parseSubmitSource({ waiting: 'false', compilationError: 'false', ...plans.final(['OK', 'OK'], 'Accepted') });
    expect(state).toMatchObject({ phase: 'final', status: JudgeStatus.ACCEPTED, time: 30, memory: 2048 });
  });

  it('lists coming and running contests from the API', async () => {
    const list = await adapter.recentContests!(http);
    expect(list).toEqual([
      {
        oj: 'CF',
        title: 'Codeforces Round 994 (Div. 2)',
        url: `${fx.site.baseUrl}/contest/2050`,
        beginTime: new Date(1734964500 * 1000).toISOString(),
        endTime: new Date((1734964500 + 7200) * 1000).toISOString(),
      },
      {
        oj: 'CF',
        title: 'Codeforces Round 995 (Div. 3)',
        url: `${fx.site.baseUrl}/contest/2051`,
        beginTime: new Date(1735050900 * 1000).toISOString(),
        endTime: new Date((1735050900 + 8100) * 1000).toISOString(),
      },
    ]);
  });
});
