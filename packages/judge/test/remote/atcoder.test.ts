import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import {
  ATCODER_VERDICTS,
  atcoderContestOf,
  createAtcoderAdapter,
  parseAtcoderLimits,
  parseAtcoderStatusHtml,
  readAtcoderWait,
} from '../../src/remote/atcoder.js';
import { RemoteHttp } from '../../src/remote/http.js';
import { saltSource } from '../../src/remote/salt.js';
import type { RemoteRunState } from '../../src/remote/types.js';
import { AC_COMPILE_MESSAGE, AC_USER, acFinal, type AtcoderFixture, startAtcoder } from './fixtures/atcoder.js';

let fx: AtcoderFixture;
const slept: number[] = [];
const adapter = createAtcoderAdapter({
  sleep: async (ms) => {
    slept.push(ms);
  },
});
const cpp = adapter.languages.find((l) => l.name === 'C++ 20')!;
const APLUSB = '#include <iostream>\nint main(){int a,b;std::cin>>a>>b;std::cout<<a+b;}';

beforeAll(async () => {
  fx = await startAtcoder();
});
afterAll(() => fx.close());
beforeEach(() => {
  Object.assign(fx.state, { waitAnswers: 0, refusal: null, turnstile: false, nextScript: 'AC' });
  slept.length = 0;
  fx.submissions.length = 0;
});

const session = () => new RemoteHttp({ baseUrl: fx.site.baseUrl, timeoutMs: 2000 });

async function pollToEnd(http: RemoteHttp, runId: string, problemId = 'abc300_a'): Promise<RemoteRunState[]> {
  const seen: RemoteRunState[] = [];
  for (let i = 0; i < 10; i++) {
    const s = await adapter.poll(http, AC_USER, { runId, problemId });
    seen.push(s);
    if (s.phase === 'final') return seen;
  }
  throw new Error('the run never ended');
}

async function submitScript(script: AtcoderFixture['state']['nextScript'], http = session()) {
  fx.state.nextScript = script;
  const { runId } = await adapter.submit(http, AC_USER, { problemId: 'abc300_a', language: cpp, source: APLUSB });
  const seen = await pollToEnd(http, runId);
  return { runId, seen, final: seen.at(-1)! };
}

describe('AtCoder ids', () => {
  it('takes task ids in lower case and finds their contest, hyphens included', () => {
    expect(adapter.normaliseId(' ABC300_A ')).toBe('abc300_a');
    expect(adapter.normaliseId('typical90_bl')).toBe('typical90_bl');
    expect(adapter.normaliseId('abc300')).toBeNull();
    expect(adapter.normaliseId('abc300-a')).toBeNull();
    expect(adapter.normaliseId('../x_y')).toBeNull();
    expect(atcoderContestOf('abc300_a')).toBe('abc300');
    expect(atcoderContestOf('tessoku_book_a')).toBe('tessoku-book');
    expect(atcoderContestOf('m_solutions2019_a')).toBe('m-solutions2019');
  });
});

describe('AtCoder problems', () => {
  it('imports the English statement: title, limits, sections with $vars$, absolute URLs, samples, hint, source', async () => {
    const p = await adapter.fetchProblem(session(), 'abc300_a');
    const base = fx.site.baseUrl;
    expect(p.remoteId).toBe('abc300_a');
    expect(p.title).toBe('N-choice question');
    expect(p.timeLimitMs).toBe(2000);
    expect(p.memoryLimitMb).toBe(1024);
    expect(p.format).toBe('html');
    expect(p.description).toContain('Given integers $A$ and $B$, find $A+B$.');
    expect(p.description).toContain(`<img src="${base}/img/other/abc300_a.png"`);
    expect(p.description).toContain(`<a href="${base}/contests/abc300/tasks/abc300_b">`);
    expect(p.description).toContain('<h3>Constraints</h3><ul><li>$1 \\leq A,B \\leq 100$</li></ul>');
    expect(p.description).not.toContain('Score');
    expect(p.description).not.toContain('整数');
    expect(p.input).toContain('<pre>$A$ $B$\n</pre>');
    expect(p.output).toBe('<p>Print the answer.</p>');
    expect(p.samples).toEqual([
      { input: '1 2\n', output: '3\n' },
      { input: '100 100\n', output: '200\n' },
    ]);
    expect(p.hint).toBe('<h3>Sample Output 1</h3><p>$1+2=3$.</p>');
    expect(p.source).toBe('AtCoder Beginner Contest 300');
    expect(p.url).toBe(`${base}/contests/abc300/tasks/abc300_a`);
    expect(p.tags).toEqual([]);
    expect(fx.site.requests.at(-1)!.cookies.language).toBe('en');
  });

  it('falls back to the Japanese statement and reads decimal limits', async () => {
    const p = await adapter.fetchProblem(session(), 'abc300_b');
    expect(p.title).toBe('足し算');
    expect(p.timeLimitMs).toBe(1500);
    expect(p.memoryLimitMb).toBe(256);
    expect(p.description).toContain('$N$ を出力してください。');
    expect(p.description).toContain('<h3>制約</h3>');
    expect(p.input).toBe('<pre>$N$</pre>');
    expect(p.samples).toEqual([{ input: '5\n', output: '5\n' }]);
  });

  it('keeps an old contest statement as it is, with its samples and absolute images', async () => {
    const p = await adapter.fetchProblem(session(), 'arc001_1');
    expect(p.source).toBe('AtCoder Regular Contest 001');
    expect(p.memoryLimitMb).toBe(64);
    expect(p.description).toContain('<h3>問題文</h3>');
    expect(p.description).toContain(`<img src="${fx.site.baseUrl}/contests/arc001/tasks/img/snow.png">`);
    expect(p.samples).toEqual([{ input: '4\n', output: '10\n' }]);
  });

  it('says notFound for a missing task and badId for a malformed id', async () => {
    await expect(adapter.fetchProblem(session(), 'abc300_x')).rejects.toMatchObject({ kind: 'notFound' });
    await expect(adapter.fetchProblem(session(), 'abc 300')).rejects.toMatchObject({ kind: 'badId' });
  });

  it('reads limits in other units', () => {
    expect(parseAtcoderLimits('Time Limit: 0.5 sec / Memory Limit: 262144 KB')).toEqual({ timeLimitMs: 500, memoryLimitMb: 256 });
    expect(parseAtcoderLimits('nothing here')).toBeNull();
  });
});

describe('AtCoder login', () => {
  it('logs in with the csrf token, then trusts the session without logging in again', async () => {
    const http = session();
    await adapter.ensureLogin(http, AC_USER);
    const logins = () => fx.site.requests.filter((r) => r.method === 'POST' && r.path === '/login');
    const before = logins().length;
    expect(logins().at(-1)!.form.get('csrf_token')).toBe('csrf+Tok/en==');
    await adapter.ensureLogin(http, AC_USER);
    expect(logins().length).toBe(before);
  });

  it('refuses a wrong password with the site message', async () => {
    await expect(adapter.ensureLogin(session(), { ...AC_USER, password: 'wrong' })).rejects.toMatchObject({
      kind: 'loginFailed',
      message: 'Username or Password is incorrect.',
    });
  });

  it('says when the login page asks for a Turnstile challenge', async () => {
    fx.state.turnstile = true;
    await expect(adapter.ensureLogin(session(), AC_USER)).rejects.toMatchObject({ kind: 'loginFailed', message: expect.stringContaining('REVEL_SESSION') });
  });

  it('logs an expired session in again, also in the middle of polling', async () => {
    const http = session();
    const { runId } = await adapter.submit(http, AC_USER, { problemId: 'abc300_a', language: cpp, source: APLUSB });
    fx.sessions.clear();
    const s = await adapter.poll(http, AC_USER, { runId, problemId: 'abc300_a' });
    expect(s.phase).toBe('pending');
    expect(fx.sessions.size).toBe(1);
  });
});

describe('AtCoder submit and poll', () => {
  it('submits A+B with the form AtCoder takes and polls WJ, judging, to AC with time and memory', async () => {
    const source = saltSource(APLUSB, cpp, 123, 1700000000000);
    const http = session();
    const { runId } = await adapter.submit(http, AC_USER, { problemId: 'abc300_a', language: cpp, source });
    expect(runId).toMatch(/^490000\d\d$/);
    expect(fx.submissions).toEqual([{ 'data.TaskScreenName': 'abc300_a', 'data.LanguageId': '5001', sourceCode: source, csrf_token: 'csrf+Tok/en==' }]);
    expect(fx.submissions[0]!.sourceCode.startsWith('// online judge submission 123 @ 1700000000000\n')).toBe(true);
    const seen = await pollToEnd(http, runId);
    expect(seen.map((s) => s.phase)).toEqual(['pending', 'judging', 'judging', 'final']);
    expect(seen[1]!.raw).toBe('3/17');
    expect(seen.at(-1)).toEqual({ phase: 'final', status: JudgeStatus.ACCEPTED, time: 12, memory: 3640, compileMessage: null, raw: 'AC' });
  });

  it('ends a WA after a rejudge wait and a "3/17 WA" progress', async () => {
    const { seen, final } = await submitScript('WA');
    expect(seen.map((s) => s.raw)).toEqual(['WR', '3/17 WA', 'WA']);
    expect(seen[0]!.phase).toBe('pending');
    expect(seen[1]!.phase).toBe('judging');
    expect(final).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, time: 4, memory: 3512 });
  });

  it('fetches the compile message of a CE from the public submission page', async () => {
    const { final } = await submitScript('CE');
    expect(final).toMatchObject({ phase: 'final', status: JudgeStatus.COMPILE_ERROR, time: null, memory: null, compileMessage: AC_COMPILE_MESSAGE });
  });

  it('keeps TLE and OLE apart from RE', async () => {
    expect((await submitScript('TLE')).final).toMatchObject({ status: JudgeStatus.TIME_LIMIT_EXCEEDED, time: 2207 });
    expect((await submitScript('OLE')).final).toMatchObject({ status: JudgeStatus.OUTPUT_LIMIT_EXCEEDED, memory: 9000 });
  });

  it('makes an unknown final label a System Error keeping its text', async () => {
    expect((await submitScript('ODD')).final).toMatchObject({ phase: 'final', status: JudgeStatus.SYSTEM_ERROR, raw: 'XX' });
  });

  it('waits as long as "Wait for N second" asks, once, then gives rateLimited', async () => {
    fx.state.waitAnswers = 1;
    fx.state.waitSeconds = 5;
    const { runId } = await adapter.submit(session(), AC_USER, { problemId: 'abc300_a', language: cpp, source: APLUSB });
    expect(runId).toBeTruthy();
    expect(slept).toEqual([6000]);
    expect(fx.submissions.length).toBe(2);
    fx.state.waitAnswers = 2;
    await expect(adapter.submit(session(), AC_USER, { problemId: 'abc300_a', language: cpp, source: APLUSB })).rejects.toMatchObject({
      kind: 'rateLimited',
      retryAfterMs: 6000,
    });
  });

  it('gives a refusal with the site message, and refuses a language the task does not offer before sending', async () => {
    fx.state.refusal = 'The submission was rejected: the same source was submitted a moment ago.';
    await expect(adapter.submit(session(), AC_USER, { problemId: 'abc300_a', language: cpp, source: APLUSB })).rejects.toMatchObject({
      kind: 'refused',
      message: 'The submission was rejected: the same source was submitted a moment ago.',
    });
    fx.state.refusal = null;
    const rust = adapter.languages.find((l) => l.name === 'Rust')!;
    await expect(adapter.submit(session(), AC_USER, { problemId: 'abc300_a', language: rust, source: 'fn main(){}' })).rejects.toMatchObject({
      kind: 'refused',
    });
    expect(fx.submissions.length).toBe(1);
  });

  it('says unreachable when the site is down', async () => {
    fx.site.down();
    try {
      await expect(adapter.fetchProblem(session(), 'abc300_a')).rejects.toMatchObject({ kind: 'unreachable' });
      await expect(adapter.poll(session(), AC_USER, { runId: '49000000', problemId: 'abc300_a' })).rejects.toMatchObject({ kind: 'unreachable' });
    } finally {
      fx.site.up();
    }
  });

  it('maps every status label of AtCoder', () => {
    const cases: [string, RemoteRunState['phase'], number | null][] = [
      ['AC', 'final', JudgeStatus.ACCEPTED],
      ['WA', 'final', JudgeStatus.WRONG_ANSWER],
      ['TLE', 'final', JudgeStatus.TIME_LIMIT_EXCEEDED],
      ['MLE', 'final', JudgeStatus.MEMORY_LIMIT_EXCEEDED],
      ['RE', 'final', JudgeStatus.RUNTIME_ERROR],
      ['CE', 'final', JudgeStatus.COMPILE_ERROR],
      ['OLE', 'final', JudgeStatus.OUTPUT_LIMIT_EXCEEDED],
      ['QLE', 'final', JudgeStatus.RUNTIME_ERROR],
      ['IE', 'final', JudgeStatus.SYSTEM_ERROR],
      ['WJ', 'pending', null],
      ['WR', 'pending', null],
      ['Judging', 'judging', null],
    ];
    for (const [code, phase, status] of cases) {
      const s = parseAtcoderStatusHtml(acFinal(code, code, 1, 2));
      expect(s.phase, code).toBe(phase);
      if (s.phase === 'final') expect(s.status, code).toBe(status);
    }
    expect(ATCODER_VERDICTS.lookup('WAIT')).toBeUndefined();
    expect(parseAtcoderStatusHtml(`<td class="text-center" colspan="3"><span class="label waiting-judge">12/40</span></td>`).phase).toBe('judging');
    expect(readAtcoderWait('Wait for 1 second to submit again.')).toBe(1);
    expect(readAtcoderWait('Submitted')).toBeNull();
  });
});

describe('AtCoder contests', () => {
  it('lists running and upcoming contests with their end from the duration, not the permanent ones', async () => {
    const list = await adapter.recentContests!(session());
    const base = fx.site.baseUrl;
    expect(list).toEqual([
      {
        oj: 'AC',
        title: 'AtCoder Beginner Contest 356',
        url: `${base}/contests/abc356`,
        beginTime: '2024-06-01T12:00:00.000Z',
        endTime: '2024-06-01T13:40:00.000Z',
      },
      {
        oj: 'AC',
        title: 'AtCoder Regular Contest 180',
        url: `${base}/contests/arc180`,
        beginTime: '2024-06-08T12:00:00.000Z',
        endTime: '2024-06-08T14:00:00.000Z',
      },
      {
        oj: 'AC',
        title: 'AtCoder Heuristic Contest 034',
        url: `${base}/contests/ahc034`,
        beginTime: '2024-06-10T03:00:00.000Z',
        endTime: '2024-06-20T03:00:00.000Z',
      },
    ]);
  });
});
