import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { RemoteHttp } from '../../src/remote/http.js';
import {
  TOKEN_KEY,
  absolutiseMarkdown,
  compileMessageOf,
  createLibreojAdapter,
  libreojVerdicts,
  omittableText,
  ownsRun,
  parseLibreId,
  runStateOf,
  siteUrlOf,
} from '../../src/remote/libreoj.js';
import { saltSource } from '../../src/remote/salt.js';
import type { RemoteAccount, RemoteJudgeAdapter, RemoteRunState } from '../../src/remote/types.js';
import { LIBRE_USER, type LibreojFixture, PASTED_TOKEN, startLibreojFixture } from './fixtures/libreoj.js';

let fx: LibreojFixture;
let waits: number[];
let adapter: RemoteJudgeAdapter;
const account: RemoteAccount = { username: LIBRE_USER.username, password: LIBRE_USER.password };

beforeAll(async () => {
  fx = await startLibreojFixture();
  adapter = createLibreojAdapter({
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
});
afterAll(() => fx.close());
beforeEach(() => {
  waits = [];
  fx.outcomes.length = 0;
  fx.throttleSubmits = 0;
  fx.refuseNextSubmit = null;
});

const session = (cookies?: string) => new RemoteHttp({ baseUrl: fx.apiUrl, timeoutMs: 2000, cookies });
const cpp17 = () => {
  const lang = adapter.languages.find((l) => l.name === 'C++ 17');
  if (!lang) throw new Error('no C++ 17');
  return lang;
};
function lastSubmitted() {
  const sent = fx.submits().at(-1);
  if (!sent) throw new Error('nothing was submitted');
  return sent.json as { problemId: number; content: { code: string } };
}
const APLUSB = '#include <cstdio>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a+b);}';

async function pollToEnd(http: RemoteHttp, runId: string, problemId = '1') {
  const seen: RemoteRunState[] = [];
  for (let i = 0; i < 10; i++) {
    const state = await adapter.poll(http, account, { runId, problemId });
    seen.push(state);
    if (state.phase === 'final') return { final: state, seen };
  }
  throw new Error('the run never ended');
}

async function submitAndFinish(outcome: (typeof fx.outcomes)[number]) {
  fx.outcomes.push(outcome);
  const http = session();
  const { runId } = await adapter.submit(http, account, { problemId: '1', language: cpp17(), source: APLUSB });
  return pollToEnd(http, runId);
}

describe('LibreOJ ids', () => {
  it('reads display ids, display(internal) pairs, prefixed ids and problem links, and refuses the rest', () => {
    expect(adapter.normaliseId('6764')).toBe('6764');
    expect(adapter.normaliseId(' LIBRE-6764(41180) ')).toBe('6764(41180)');
    expect(adapter.normaliseId('#6764')).toBe('6764');
    expect(adapter.normaliseId('https://loj.ac/p/6764')).toBe('6764');
    expect(adapter.normaliseId('7(7)')).toBe('7');
    expect(parseLibreId('6764(41180)')).toEqual({ displayId: 6764, internalId: 41180 });
    for (const bad of ['', 'abc', '0', '12a', '6764(', '6764()', '1-2', '6764(0)', '-5']) expect(adapter.normaliseId(bad)).toBeNull();
  });

  it('finds the pages of the site beside its API', () => {
    expect(siteUrlOf('https://api.loj.ac/api')).toBe('https://loj.ac');
    expect(siteUrlOf('http://127.0.0.1:9000/api/')).toBe('http://127.0.0.1:9000');
  });
});

describe('LibreOJ import', () => {
  it('imports a problem whose ids differ, with its Markdown sections, samples at their ids, limits, tags and links', async () => {
    const p = await adapter.fetchProblem(session(), 'LIBRE-6764');
    const root = fx.site.baseUrl;
    expect(p).toEqual({
      remoteId: '6764(41180)',
      title: 'Frequency of String',
      timeLimitMs: 2000,
      memoryLimitMb: 512,
      description: `Given a string $S$, see the figure:\n\n![graph](${root}/uploads/6764/graph.png)\n\nSee also [the rules](${root}/rules.html).`,
      input: 'The first line contains $n$.',
      output: 'Print one integer.',
      hint: `#### Sample 2\n\nThe only substring is <img src="${root}/uploads/6764/s2.png">.\n\n$1 \\le n \\le 10^5$.`,
      format: 'markdown',
      samples: [
        { input: '3\naba\n', output: '2\n' },
        { input: '1\na\n', output: '1\n' },
      ],
      source: 'LibreOJ #6764',
      url: `${root}/p/6764`,
      tags: ['String', 'Suffix Automaton'],
    });
    const asked = fx.site.requests.findLast((r) => r.path === '/api/problem/getProblem');
    expect(asked?.json).toEqual({ displayId: 6764, localizedContentsOfLocale: 'en_US', samples: true, judgeInfo: true, tagsOfLocale: 'en_US' });
  });

  it('imports a problem whose ids agree, keeping a section of another title under its heading', async () => {
    const p = await adapter.fetchProblem(session(), '1');
    expect(p.remoteId).toBe('1');
    expect(p.description).toBe('#### Background\n\nA warm-up.\n\nPrint $a + b$.');
    expect([p.input, p.output, p.hint]).toEqual(['Two integers.', 'One integer.', '']);
    expect(p.samples).toEqual([{ input: '1 2', output: '3' }]);
    expect(p.tags).toEqual([]);
  });

  it('says a missing problem is not found and a malformed id is bad', async () => {
    await expect(adapter.fetchProblem(session(), '99999')).rejects.toMatchObject({ kind: 'notFound' });
    await expect(adapter.fetchProblem(session(), 'P1001')).rejects.toMatchObject({ kind: 'badId' });
  });

  it('makes relative links absolute and leaves absolute ones and anchors alone', () => {
    const md = '![a](img/x.png) [b](https://cdn.example/y.png) [c](#top) <a href="/d">d</a>\n[ref]: /files/z.pdf';
    expect(absolutiseMarkdown(md, 'https://loj.ac')).toBe(
      '![a](https://loj.ac/img/x.png) [b](https://cdn.example/y.png) [c](#top) <a href="https://loj.ac/d">d</a>\n[ref]: https://loj.ac/files/z.pdf',
    );
  });
});

describe('LibreOJ login', () => {
  it('logs in with the password once and then trusts the held token, sending the reCAPTCHA skip', async () => {
    const http = session();
    const before = fx.logins().length;
    await adapter.ensureLogin(http, account);
    await adapter.ensureLogin(http, account);
    expect(fx.logins().length).toBe(before + 1);
    const login = fx.logins().at(-1);
    expect(login?.json).toEqual({ username: LIBRE_USER.username, password: LIBRE_USER.password });
    expect(login?.headers['x-recaptcha-token']).toBe('skip');
    expect(http.cookie(TOKEN_KEY)).toMatch(/^tok-/);
    // saved with the account, the token needs no new login
    await adapter.ensureLogin(session(http.saveCookies()), account);
    expect(fx.logins().length).toBe(before + 1);
  });

  it('logs in by e-mail when the account names one', async () => {
    await adapter.ensureLogin(session(), { username: LIBRE_USER.email, password: LIBRE_USER.password });
    expect(fx.logins().at(-1)?.json).toEqual({ email: LIBRE_USER.email, password: LIBRE_USER.password });
  });

  it('refuses a wrong password and an unknown user', async () => {
    await expect(adapter.ensureLogin(session(), { ...account, password: 'nope' })).rejects.toMatchObject({ kind: 'loginFailed' });
    await expect(adapter.ensureLogin(session(), { username: 'mallory', password: 'x' })).rejects.toMatchObject({ kind: 'loginFailed' });
  });

  it('logs an expired session in again', async () => {
    const http = session(JSON.stringify({ [TOKEN_KEY]: 'tok-long-gone' }));
    const before = fx.logins().length;
    await adapter.ensureLogin(http, account);
    expect(fx.logins().length).toBe(before + 1);
    expect(http.cookie(TOKEN_KEY)).not.toBe('tok-long-gone');
  });

  it('takes a pasted token without logging in, and refuses one the site no longer knows', async () => {
    const http = session();
    const before = fx.logins().length;
    await adapter.ensureLogin(http, { username: 'alice', password: `token:${PASTED_TOKEN}` });
    expect(http.cookie(TOKEN_KEY)).toBe(PASTED_TOKEN);
    await expect(adapter.ensureLogin(session(), { username: 'alice', password: 'token:forged' })).rejects.toMatchObject({ kind: 'loginFailed' });
    expect(fx.logins().length).toBe(before);
  });
});

describe('LibreOJ submit and poll', () => {
  it('submits A+B by the internal id and polls it through the queue to AC', async () => {
    fx.outcomes.push('AC');
    const http = session();
    const source = saltSource(APLUSB, cpp17(), 4242, 1700000000000);
    const { runId } = await adapter.submit(http, account, { problemId: '6764(41180)', language: cpp17(), source });
    const sent = fx.submits().at(-1);
    expect(sent?.json).toEqual({
      problemId: 41180,
      content: { language: 'cpp', code: source, compileAndRunOptions: { compiler: 'g++', std: 'c++17', O: '2', m: '64' } },
      uploadInfo: null,
    });
    expect(sent?.headers.authorization).toBe(`Bearer ${http.cookie(TOKEN_KEY)}`);
    expect(sent?.headers['x-recaptcha-token']).toBe('skip');
    expect(lastSubmitted().content.code.startsWith('// online judge submission 4242 @ 1700000000000\n')).toBe(true);
    const { final, seen } = await pollToEnd(http, runId, '6764(41180)');
    expect(seen.map((s) => s.phase)).toEqual(['pending', 'pending', 'compiling', 'judging', 'final']);
    expect(final).toEqual({ phase: 'final', status: JudgeStatus.ACCEPTED, time: 3, memory: 1180, compileMessage: null, raw: 'Accepted', score: 100 });
  });

  it('looks the internal id up when only the display id is known', async () => {
    await adapter.submit(session(), account, { problemId: '6764', language: cpp17(), source: APLUSB });
    expect(lastSubmitted().problemId).toBe(41180);
  });

  it('reports a WA with its subtasks score, a TLE, and an OLE apart from RE', async () => {
    expect((await submitAndFinish('WA')).final).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, time: 15, memory: 2048, score: 40, raw: 'WrongAnswer' });
    expect((await submitAndFinish('TLE')).final).toMatchObject({ status: JudgeStatus.TIME_LIMIT_EXCEEDED, time: 1001 });
    const ole = (await submitAndFinish('OLE')).final;
    expect(ole).toMatchObject({ status: JudgeStatus.OUTPUT_LIMIT_EXCEEDED, raw: 'OutputLimitExceeded' });
    expect(ole.phase === 'final' && ole.status).not.toBe(JudgeStatus.RUNTIME_ERROR);
  });

  it('scores a partially correct run by its subtasks when the site gives no total', async () => {
    expect((await submitAndFinish('PA')).final).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 75, raw: 'PartiallyCorrect' });
  });

  it('gives a CE with its compiler message, colours stripped and the cut noted', async () => {
    const { final, seen } = await submitAndFinish('CE');
    expect(seen.map((s) => s.phase)).toEqual(['pending', 'pending', 'compiling', 'final']);
    expect(final).toMatchObject({ status: JudgeStatus.COMPILE_ERROR, raw: 'CompilationError' });
    expect(final.phase === 'final' && final.compileMessage).toBe(
      "main.cpp:3:5: error: 'x' was not declared in this scope\n(312 more bytes not shown by LibreOJ)",
    );
  });

  it('keeps an unknown final text as a System Error with the text', async () => {
    expect((await submitAndFinish('unknown')).final).toMatchObject({ phase: 'final', status: JudgeStatus.SYSTEM_ERROR, raw: 'JudgeExploded' });
  });

  it('sits out the rate limit a bounded number of times, then tells the daemon to wait', async () => {
    fx.throttleSubmits = 2;
    const http = session();
    const { runId } = await adapter.submit(http, account, { problemId: '1', language: cpp17(), source: APLUSB });
    expect(runId).toMatch(/^\d+$/);
    expect(waits).toEqual([3000, 3000]);
    fx.throttleSubmits = 5;
    await expect(adapter.submit(http, account, { problemId: '1', language: cpp17(), source: APLUSB })).rejects.toMatchObject({
      kind: 'rateLimited',
      retryAfterMs: 3000,
    });
  });

  it("passes the site's refusal on, and takes NO_SUCH_PROBLEM as not found", async () => {
    fx.refuseNextSubmit = 'FILE_TOO_LARGE';
    await expect(adapter.submit(session(), account, { problemId: '1', language: cpp17(), source: APLUSB })).rejects.toMatchObject({
      kind: 'refused',
      message: 'FILE_TOO_LARGE',
    });
    await expect(adapter.submit(session(), account, { problemId: '1(777)', language: cpp17(), source: APLUSB })).rejects.toMatchObject({ kind: 'notFound' });
  });

  it('logs in again when the session expired between submits', async () => {
    const http = session();
    await adapter.ensureLogin(http, account);
    const old = http.cookie(TOKEN_KEY);
    fx.expireSessions();
    await adapter.submit(http, account, { problemId: '1', language: cpp17(), source: APLUSB });
    expect(http.cookie(TOKEN_KEY)).not.toBe(old);
    expect(fx.submits().at(-1)?.headers.authorization).toBe(`Bearer ${http.cookie(TOKEN_KEY)}`);
  });

  it('says an unknown run is not found, and a run of another problem is not ours to read', async () => {
    const http = session();
    await expect(adapter.poll(http, account, { runId: '1', problemId: '1' })).rejects.toMatchObject({ kind: 'notFound' });
    const { runId } = await adapter.submit(http, account, { problemId: '1', language: cpp17(), source: APLUSB });
    await expect(adapter.poll(http, account, { runId, problemId: '6764' })).rejects.toMatchObject({ kind: 'unexpected' });
    expect(await ownsRun(http, account, { runId, problemId: '1' })).toBe(true);
    expect(await ownsRun(http, account, { runId, problemId: '6764' })).toBe(false);
  });

  it('says the site is unreachable when it is down', async () => {
    fx.site.down();
    try {
      await expect(adapter.fetchProblem(session(), '1')).rejects.toMatchObject({ kind: 'unreachable' });
      await expect(adapter.ensureLogin(session(), account)).rejects.toMatchObject({ kind: 'unreachable' });
    } finally {
      fx.site.up();
    }
  });
});

describe('LibreOJ verdicts', () => {
  it('maps every status of the site', () => {
    const table: [string, number | string][] = [
      ['Pending', 'pending'],
      ['Accepted', JudgeStatus.ACCEPTED],
      ['WrongAnswer', JudgeStatus.WRONG_ANSWER],
      ['CompilationError', JudgeStatus.COMPILE_ERROR],
      ['RuntimeError', JudgeStatus.RUNTIME_ERROR],
      ['TimeLimitExceeded', JudgeStatus.TIME_LIMIT_EXCEEDED],
      ['MemoryLimitExceeded', JudgeStatus.MEMORY_LIMIT_EXCEEDED],
      ['PartiallyCorrect', JudgeStatus.PARTIAL_ACCEPTED],
      ['OutputLimitExceeded', JudgeStatus.OUTPUT_LIMIT_EXCEEDED],
      ['FileError', JudgeStatus.SYSTEM_ERROR],
      ['JudgementFailed', JudgeStatus.SYSTEM_ERROR],
      ['ConfigurationError', JudgeStatus.SYSTEM_ERROR],
      ['SystemError', JudgeStatus.SYSTEM_ERROR],
      ['Canceled', JudgeStatus.CANCELLED],
    ];
    for (const [text, status] of table) expect([text, libreojVerdicts.lookup(text)]).toEqual([text, status]);
    expect(libreojVerdicts.lookup('Skipped')).toBeUndefined();
  });

  it('reads the phase from the progress while the status is Pending, and never guesses an unknown text final', () => {
    const pending = { meta: { status: 'Pending' } };
    expect(runStateOf({ ...pending, progress: null })).toEqual({ phase: 'pending', raw: 'Pending' });
    expect(runStateOf({ ...pending, progress: { progressType: 'Preparing' } })).toEqual({ phase: 'pending', raw: 'Preparing' });
    expect(runStateOf({ ...pending, progress: { progressType: 'Compiling' } })).toEqual({ phase: 'compiling', raw: 'Compiling' });
    expect(runStateOf({ ...pending, progress: { progressType: 'Running' } })).toEqual({ phase: 'judging', raw: 'Running' });
    expect(runStateOf({ meta: { status: 'Rejudging' }, progress: { progressType: 'Running' } })).toEqual({ phase: 'judging', raw: 'Running' });
    expect(runStateOf({ meta: { status: 'Canceled' }, progress: null })).toMatchObject({ phase: 'final', status: JudgeStatus.CANCELLED });
  });

  it('reads strings LibreOJ cut short', () => {
    expect(omittableText('plain')).toBe('plain');
    expect(omittableText({ data: 'head', omittedLength: 0 })).toBe('head');
    expect(omittableText({ data: 'head', omittedLength: 9 })).toBe('head\n(9 more bytes not shown by LibreOJ)');
    expect(omittableText(null)).toBe('');
    expect(compileMessageOf('\u001b[01;31merror\u001b[0m')).toBe('error');
  });
});
