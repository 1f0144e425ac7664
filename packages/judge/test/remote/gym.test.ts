import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { CF_LANGUAGES, computeTta } from '../../src/remote/codeforces.js';
import { createGymAdapter, parseGymRunRow, splitGymId } from '../../src/remote/gym.js';
import { RemoteHttp } from '../../src/remote/http.js';
import { saltSource } from '../../src/remote/salt.js';
import type { RemoteError, RemoteRunState } from '../../src/remote/types.js';
import { type CodeforcesFixture, plans } from './fixtures/codeforces.js';
import { startGymFixture } from './fixtures/gym.js';

const adapter = createGymAdapter({ sleep: async () => {}, runIdWaitMs: 2000 });
const account = { username: 'tourist', password: 'right-password' };
const cpp = CF_LANGUAGES.find((l) => l.name === 'C++ 17')!;
const APLUSB = 'int main(){int a,b;std::cin>>a>>b;std::cout<<a+b;}';

let fx: CodeforcesFixture;
let http: RemoteHttp;

beforeAll(async () => {
  fx = await startGymFixture();
});
afterAll(() => fx.site.close());
beforeEach(() => {
  Object.assign(fx.state, { cloudflare: false, rateLimited: false, refusal: null, nextPlan: plans.accepted(), nextHiddenFor: 0 });
  http = new RemoteHttp({ baseUrl: fx.site.baseUrl, timeoutMs: 2000 });
});

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: RemoteError) => e,
  );

async function submitAndPollToEnd(source = APLUSB): Promise<{ runId: string; states: RemoteRunState[] }> {
  const { runId } = await adapter.submit(http, account, { problemId: '100001A', language: cpp, source });
  const states: RemoteRunState[] = [];
  for (let i = 0; i < 10; i++) {
    const s = await adapter.poll(http, account, { runId, problemId: '100001A' });
    states.push(s);
    if (s.phase === 'final') break;
  }
  return { runId, states };
}

describe('Gym ids', () => {
  it('adds the gym offset to short numbers and refuses what is no gym id', () => {
    expect(adapter.normaliseId('100001a')).toBe('100001A');
    expect(adapter.normaliseId('1A')).toBe('100001A');
    expect(adapter.normaliseId('104114B1')).toBe('104114B1');
    expect(splitGymId('10411401')).toEqual({ contest: '104114', index: '01' });
    expect(adapter.normaliseId('A')).toBeNull();
    expect(adapter.normaliseId('100001-A')).toBeNull();
    expect(adapter.normaliseId('100002')).toBe('10100002');
  });
});

describe('Gym problems', () => {
  it('imports an HTML statement with every field, through the RCPC challenge', async () => {
    const p = await adapter.fetchProblem(http, '100001A');
    const base = fx.site.baseUrl;
    expect(http.cookie('RCPC')).toBe(fx.state.rcpc.answer);
    expect(p).toMatchObject({
      remoteId: '100001A',
      title: 'Theatre Square',
      timeLimitMs: 1000,
      memoryLimitMb: 256,
      source: '2013 Petrozavodsk Winter Camp, Day 1',
      url: `${base}/gym/100001/problem/A`,
      samples: [{ input: '6 6 4\n1 2 3\n', output: '4\n' }],
      output: '<p>Write the needed number of flagstones.</p>',
      hint: `<p>See <a href="${base}/blog/entry/1">the blog</a>.</p>`,
    });
    expect(p.description).toContain(`src="${base}/predownloaded/1a/square.png"`);
    expect(p.pdfUrl).toBeUndefined();
  });

  it('imports a PDF-only gym problem from the gym page: limits, file names, the statement not the tutorial', async () => {
    const p = await adapter.fetchProblem(http, '100002A');
    expect(p).toMatchObject({
      remoteId: '100002A',
      title: 'Kingdom Roadmap',
      timeLimitMs: 2000,
      memoryLimitMb: 512,
      io: { input: 'kingdom.in', output: 'kingdom.out' },
      pdfUrl: `${fx.site.baseUrl}/gym/100002/attachments/download/1233/statements-en.pdf`,
      source: '2014 ACM-ICPC NEERC, Northern Subregional',
      description: '',
    });
  });

  it('says a missing problem, a bad id and a Cloudflare check apart', async () => {
    expect(await errorOf(adapter.fetchProblem(http, '100002Z'))).toMatchObject({ kind: 'notFound' });
    expect(await errorOf(adapter.fetchProblem(http, 'GYM'))).toMatchObject({ kind: 'badId' });
    fx.state.cloudflare = true;
    expect(await errorOf(adapter.fetchProblem(http, '100001A'))).toMatchObject({ kind: 'unreachable', message: expect.stringContaining('Cloudflare') });
  });
});

describe('Gym submit and poll', () => {
  it('submits the gym form with the problem index and polls the my row to Accepted', async () => {
    const source = saltSource(APLUSB, cpp, 9, 1700000000000);
    const { runId, states } = await submitAndPollToEnd(source);
    const run = fx.lastRun();
    expect(runId).toBe(String(run.id));
    expect(Object.fromEntries(run.form)).toEqual({
      csrf_token: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      action: 'submitSolutionFormSubmitted',
      submittedProblemIndex: 'A',
      programTypeId: '54',
      source,
      tabSize: '4',
      sourceFile: '',
      ftaa: fx.state.ftaa,
      bfaa: 'b'.repeat(32),
      _tta: String(computeTta(fx.state.cookie39ce7)),
    });
    expect(fx.site.requests.some((r) => r.path === '/gym/100001/submit' && r.query.get('csrf_token') === 'a1b2c3d4e5f60718293a4b5c6d7e8f90')).toBe(true);
    expect(states).toEqual([
      { phase: 'pending', raw: 'In queue' },
      { phase: 'judging', raw: 'TESTING' },
      { phase: 'final', status: JudgeStatus.ACCEPTED, time: 45, memory: 3072, compileMessage: null, raw: 'OK' },
    ]);
  });

  it('reports WA, OLE, a CE with the judge protocol text and an unknown verdict as SE', async () => {
    fx.state.nextPlan = plans.wrong();
    expect((await submitAndPollToEnd()).states.at(-1)).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, raw: 'WRONG_ANSWER' });
    fx.state.nextPlan = plans.verdict('OUTPUT_LIMIT_EXCEEDED');
    expect((await submitAndPollToEnd()).states.at(-1)).toMatchObject({ status: JudgeStatus.OUTPUT_LIMIT_EXCEEDED });
    fx.state.nextPlan = plans.compileError('a.cpp:1: error: expected ; before }');
    expect((await submitAndPollToEnd()).states.at(-1)).toEqual({
      phase: 'final',
      status: JudgeStatus.COMPILE_ERROR,
      time: null,
      memory: null,
      compileMessage: 'a.cpp:1: error: expected ; before }',
      raw: 'COMPILATION_ERROR',
    });
    fx.state.nextPlan = plans.verdict('GREMLINS');
    expect((await submitAndPollToEnd()).states.at(-1)).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, raw: 'GREMLINS' });
  });

  it('passes a duplicate-code refusal on, logs in again for a poll, and fails without a run id', async () => {
    fx.state.refusal = { field: 'source', text: 'You have submitted exactly the same code before' };
    expect(await errorOf(adapter.submit(http, account, { problemId: '100001A', language: cpp, source: APLUSB }))).toMatchObject({
      kind: 'refused',
      message: 'You have submitted exactly the same code before',
    });
    fx.state.refusal = null;
    const { runId } = await adapter.submit(http, account, { problemId: '100001A', language: cpp, source: APLUSB });
    fx.expireSessions();
    expect(await adapter.poll(http, account, { runId, problemId: '100001A' })).toEqual({ phase: 'pending', raw: 'In queue' });
    expect(await errorOf(adapter.poll(http, account, { runId: '1', problemId: '100001A' }))).toMatchObject({ kind: 'notFound' });
    fx.state.nextHiddenFor = Number.POSITIVE_INFINITY;
    expect(await errorOf(adapter.submit(http, account, { problemId: '100001A', language: cpp, source: APLUSB }))).toMatchObject({ kind: 'unexpected' });
  });

  it('says a dead site is unreachable', async () => {
    fx.site.down();
    try {
      expect(await errorOf(adapter.poll(http, account, { runId: '1', problemId: '100001A' }))).toMatchObject({ kind: 'unreachable' });
    } finally {
      fx.site.up();
    }
  });

  it('reads a my row: verdict enum, waiting, ms and KB', () => {
    const html = `<table><tr data-submission-id="7"><td><span submissionId="7" submissionVerdict="TIME_LIMIT_EXCEEDED" waiting="false">x</span></td>
<td class="time-consumed-cell">2000&nbsp;ms</td><td class="memory-consumed-cell">1024&nbsp;KB</td></tr></table>`;
    expect(parseGymRunRow(html, '7')).toEqual({ verdict: 'TIME_LIMIT_EXCEEDED', waiting: false, time: 2000, memory: 1024 });
    expect(parseGymRunRow(html, '8')).toBeNull();
  });
});
