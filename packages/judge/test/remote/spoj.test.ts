import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { RemoteHttp } from '../../src/remote/http.js';
import { saltSource } from '../../src/remote/salt.js';
import {
  parseSpojMemory,
  parseSpojMemoryLimit,
  parseSpojStatus,
  parseSpojTime,
  parseSpojTimeLimit,
  readSpojSubmitAnswer,
  spojAdapter as adapter,
} from '../../src/remote/spoj.js';
import type { RemoteRunState } from '../../src/remote/types.js';
import { SPOJ_COMPILE_MESSAGE, SPOJ_USER, type SpojFixture, startSpoj } from './fixtures/spoj.js';

let fx: SpojFixture;
const cpp = adapter.languages.find((l) => l.name === 'C++ 14')!;
const APLUSB = '#include <iostream>\nint main(){int a,b;std::cin>>a>>b;std::cout<<a+b;}';

beforeAll(async () => {
  fx = await startSpoj();
});
afterAll(() => fx.close());
beforeEach(() => {
  Object.assign(fx.state, { refusal: null, nextScript: 'AC' });
  fx.submissions.length = 0;
});

const session = () => new RemoteHttp({ baseUrl: fx.site.baseUrl, timeoutMs: 2000 });

async function pollToEnd(http: RemoteHttp, runId: string): Promise<RemoteRunState[]> {
  const seen: RemoteRunState[] = [];
  for (let i = 0; i < 10; i++) {
    const s = await adapter.poll(http, SPOJ_USER, { runId, problemId: 'TEST' });
    seen.push(s);
    if (s.phase === 'final') return seen;
  }
  throw new Error('the run never ended');
}

async function submitScript(script: SpojFixture['state']['nextScript']) {
  fx.state.nextScript = script;
  const http = session();
  const { runId } = await adapter.submit(http, SPOJ_USER, { problemId: 'TEST', language: cpp, source: APLUSB });
  const seen = await pollToEnd(http, runId);
  return { runId, seen, final: seen.at(-1)! };
}

describe('SPOJ ids and problems', () => {
  it('takes problem codes in upper case and nothing else', () => {
    expect(adapter.normaliseId(' test ')).toBe('TEST');
    expect(adapter.normaliseId('PRIME1')).toBe('PRIME1');
    expect(adapter.normaliseId('../TEST')).toBeNull();
    expect(adapter.normaliseId('TOOLONGCODE')).toBeNull();
    expect(adapter.normaliseId('')).toBeNull();
  });

  it('imports a problem: title, limits, body with absolute URLs, example, source, tags, URL', async () => {
    const p = await adapter.fetchProblem(session(), 'test');
    const base = fx.site.baseUrl;
    expect(p).toMatchObject({
      remoteId: 'TEST',
      title: 'Life, the Universe, and Everything',
      timeLimitMs: 10_000,
      memoryLimitMb: 1536,
      format: 'html',
      input: '',
      output: '',
      hint: '',
      source: 'Douglas Adams',
      url: `${base}/problems/TEST/`,
      tags: ['basics'],
    });
    expect(p.description).toContain('<em>find the Answer to Life, the Universe, and Everything.</em>');
    expect(p.description).toContain(`<img src="${base}/content/mima:test.png"`);
    expect(p.description).toContain(`<a href="${base}/problems/ONP/">`);
    expect(p.samples).toEqual([{ input: '1\n2\n88\n42\n99\n', output: '1\n2\n88\n' }]);
  });

  it('takes the upper end of a time limit range and every tag', async () => {
    const p = await adapter.fetchProblem(session(), 'PRIME1');
    expect(p.title).toBe('Prime Generator');
    expect(p.timeLimitMs).toBe(2500);
    expect(p.tags).toEqual(['number-theory', 'sieve-1']);
    expect(p.source).toBe('SPOJ');
    expect(p.samples).toEqual([{ input: '2\n1 10\n3 5\n', output: '2\n3\n5\n7\n\n3\n5\n' }]);
  });

  it('says notFound for an unknown code and badId for a malformed one', async () => {
    await expect(adapter.fetchProblem(session(), 'NOSUCH')).rejects.toMatchObject({ kind: 'notFound' });
    await expect(adapter.fetchProblem(session(), 'NO-SUCH')).rejects.toMatchObject({ kind: 'badId' });
  });

  it('reads limits and run figures in their units', () => {
    expect(parseSpojTimeLimit('1s')).toBe(1000);
    expect(parseSpojTimeLimit('0.5s-1.234s')).toBe(1234);
    expect(parseSpojMemoryLimit('1536MB')).toBe(1536);
    expect(parseSpojMemory('2.5M')).toBe(2560);
    expect(parseSpojMemory('832k')).toBe(832);
    expect(parseSpojMemory('-')).toBeNull();
    expect(parseSpojTime('0.01')).toBe(10);
    expect(parseSpojTime('-')).toBeNull();
  });
});

describe('SPOJ login', () => {
  it('logs in with the form SPOJ takes and does not log in again while the session lasts', async () => {
    const http = session();
    await adapter.ensureLogin(http, SPOJ_USER);
    const logins = () => fx.site.requests.filter((r) => r.path === '/login/');
    const before = logins().length;
    expect(Object.fromEntries(logins().at(-1)!.form)).toEqual({ login_user: 'spoj_bot', password: 'right-pass', autologin: '1', next_raw: '/' });
    await adapter.ensureLogin(http, SPOJ_USER);
    expect(logins().length).toBe(before);
  });

  it('refuses a wrong password with the site message', async () => {
    await expect(adapter.ensureLogin(session(), { ...SPOJ_USER, password: 'nope' })).rejects.toMatchObject({
      kind: 'loginFailed',
      message: expect.stringContaining('Authentication failed!'),
    });
  });

  it('logs an expired session in again before submitting', async () => {
    const http = session();
    await adapter.ensureLogin(http, SPOJ_USER);
    fx.sessions.clear();
    const { runId } = await adapter.submit(http, SPOJ_USER, { problemId: 'TEST', language: cpp, source: APLUSB });
    expect(runId).toMatch(/^\d+$/);
    expect(fx.sessions.size).toBe(1);
  });
});

describe('SPOJ submit and poll', () => {
  it('submits A+B with the form SPOJ takes and polls waiting, compiling, running to AC', async () => {
    const source = saltSource(APLUSB, cpp, 77, 1700000000000);
    const http = session();
    const { runId } = await adapter.submit(http, SPOJ_USER, { problemId: 'TEST', language: cpp, source });
    expect(fx.submissions).toEqual([{ lang: '44', problemcode: 'TEST', file: source, submit: 'Submit!' }]);
    expect(fx.submissions[0]!.file.startsWith('// online judge submission 77 @ 1700000000000\n')).toBe(true);
    const seen = await pollToEnd(http, runId);
    expect(seen.map((s) => s.phase)).toEqual(['pending', 'compiling', 'judging', 'final']);
    expect(seen[2]!.raw).toBe('running (3)');
    expect(seen.at(-1)).toEqual({ phase: 'final', status: JudgeStatus.ACCEPTED, time: 10, memory: 5427, compileMessage: null, raw: 'accepted' });
  });

  it('ends a WA with memory in k', async () => {
    expect((await submitScript('WA')).final).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, time: 0, memory: 832 });
  });

  it('fetches the compile message of a CE', async () => {
    expect((await submitScript('CE')).final).toMatchObject({
      status: JudgeStatus.COMPILE_ERROR,
      time: null,
      memory: null,
      compileMessage: SPOJ_COMPILE_MESSAGE,
      raw: 'compilation error',
    });
  });

  it('keeps TLE apart and the RE reason in the raw text', async () => {
    expect((await submitScript('TLE')).final).toMatchObject({ status: JudgeStatus.TIME_LIMIT_EXCEEDED, time: 1000, memory: 2560 });
    expect((await submitScript('RE')).final).toMatchObject({ status: JudgeStatus.RUNTIME_ERROR, raw: 'runtime error (SIGSEGV)' });
  });

  it('makes an unknown final status a System Error keeping its text', async () => {
    expect((await submitScript('ODD')).final).toMatchObject({ phase: 'final', status: JudgeStatus.SYSTEM_ERROR, raw: 'internal error' });
  });

  it('gives each of the three refusals with the site message', async () => {
    const cases = [
      ['language', 'It is not possible to submit in this language for this problem.'],
      ['code', 'Wrong problem code!'],
      ['long', 'Sorry, your solution is too long.'],
    ] as const;
    for (const [refusal, message] of cases) {
      fx.state.refusal = refusal;
      await expect(adapter.submit(session(), SPOJ_USER, { problemId: 'TEST', language: cpp, source: APLUSB })).rejects.toMatchObject({
        kind: 'refused',
        message,
      });
    }
    expect(readSpojSubmitAnswer('<html><body><p>Something else</p></body></html>')).toBeNull();
  });

  it('says notFound for a run the status page does not show, unreachable when the site is down', async () => {
    await expect(adapter.poll(session(), SPOJ_USER, { runId: '33000029', problemId: 'TEST' })).rejects.toMatchObject({ kind: 'notFound' });
    fx.site.down();
    try {
      await expect(adapter.fetchProblem(session(), 'TEST')).rejects.toMatchObject({ kind: 'unreachable' });
      await expect(adapter.submit(session(), SPOJ_USER, { problemId: 'TEST', language: cpp, source: APLUSB })).rejects.toMatchObject({ kind: 'unreachable' });
    } finally {
      fx.site.up();
    }
  });

  it('maps every status number of SPOJ, and any unfinished row to waiting, compiling or judging', () => {
    const row = (final: boolean, status: number, text: string) =>
      `<table><tr><td id="statusres_1" status="${status}"${final ? ' final="1"' : ''}>${text}</td><td id="statustime_1">0.10</td><td id="statusmem_1">1.0M</td></tr></table>`;
    const cases: [boolean, number, string, RemoteRunState['phase'], number | null][] = [
      [true, 11, 'compilation error', 'final', JudgeStatus.COMPILE_ERROR],
      [true, 12, 'runtime error (NZEC)', 'final', JudgeStatus.RUNTIME_ERROR],
      [true, 13, 'time limit exceeded', 'final', JudgeStatus.TIME_LIMIT_EXCEEDED],
      [true, 14, 'wrong answer', 'final', JudgeStatus.WRONG_ANSWER],
      [true, 15, 'accepted', 'final', JudgeStatus.ACCEPTED],
      [true, 15, '100', 'final', JudgeStatus.ACCEPTED],
      [true, 19, 'something new', 'final', JudgeStatus.SYSTEM_ERROR],
      [false, 0, 'waiting..', 'pending', null],
      [false, 1, 'compiling..', 'compiling', null],
      [false, 3, 'running judge..', 'judging', null],
      [false, 7, 'never seen', 'judging', null],
    ];
    for (const [final, status, text, phase, expected] of cases) {
      const s = parseSpojStatus(row(final, status, text), '1')!;
      expect(s.phase, text).toBe(phase);
      expect(s.raw).toBe(text);
      if (s.phase === 'final') expect(s.status, text).toBe(expected);
    }
  });
});
