import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { createHduAdapter, HDU_LANGUAGES, HDU_RESUBMIT_WAIT_MS, hduVerdict, normaliseHduId } from '../../src/remote/hdu.js';
import { RemoteHttp } from '../../src/remote/http.js';
import { saltSource } from '../../src/remote/salt.js';
import type { RemoteRunState } from '../../src/remote/types.js';
import { HDU_ACCOUNT, startHduFixture, type HduFixture } from './fixtures/hdu.js';

let fx: HduFixture;
let slept: number[];
const adapter = createHduAdapter({
  sleep: async (ms) => {
    slept.push(ms);
  },
});
const cpp = HDU_LANGUAGES.find((l) => l.name === 'C++')!;
const APLUSB = '#include <cstdio>\nint main(){int a,b;while(scanf("%d%d",&a,&b)==2)printf("%d\\n",a+b);}';

beforeAll(async () => {
  fx = await startHduFixture();
});
afterAll(() => fx.close());
beforeEach(() => {
  slept = [];
  fx.resubmitWaits = 0;
  fx.refusal = null;
  fx.nextSteps = [{ status: 'Queuing' }, { status: 'Running' }, { status: 'Accepted', time: '15MS', memory: '1724K' }];
});

const session = () => new RemoteHttp({ baseUrl: fx.server.baseUrl, timeoutMs: 2000 });

async function loggedIn() {
  const http = session();
  await adapter.ensureLogin(http, HDU_ACCOUNT);
  return http;
}

/** Polls until final (each look moves the fixture's run one status on), keeping the phases seen. */
async function pollToEnd(http: RemoteHttp, runId: string, problemId = '1000') {
  const phases: string[] = [];
  for (let i = 0; i < 10; i++) {
    const state: RemoteRunState = await adapter.poll(http, HDU_ACCOUNT, { runId, problemId });
    phases.push(state.phase);
    if (state.phase === 'final') return { state, phases };
  }
  throw new Error('the run never ended');
}

async function submitWith(steps: HduFixture['nextSteps'], source = APLUSB) {
  fx.nextSteps = steps;
  const http = await loggedIn();
  const { runId } = await adapter.submit(http, HDU_ACCOUNT, { problemId: '1000', language: cpp, source });
  return pollToEnd(http, runId);
}

describe('HDU problems', () => {
  it('imports a GBK problem: title, limits in ms and MB, sections with absolute URLs, samples, the hint in the sample box, source as tag', async () => {
    const p = await adapter.fetchProblem(session(), 'HDU-1000');
    const base = fx.server.baseUrl;
    expect(p.remoteId).toBe('1000');
    expect(p.title).toBe('A + B Problem');
    expect(p.timeLimitMs).toBe(1000);
    expect(p.memoryLimitMb).toBe(32);
    expect(p.description).toContain('Calculate <i>A + B</i>.');
    expect(p.description).toContain(`src="${base}/data/images/C1-1000-1.jpg"`);
    expect(p.description).toContain(`href="${base}/faq.php"`);
    expect(p.input).toBe('Each line will contain two integers <i>A</i> and <i>B</i>. Process to end of file.');
    expect(p.output).toBe('For each case, output <i>A + B</i> in one line.');
    expect(p.samples).toEqual([{ input: '1 1\n2 3', output: '2\n5' }]);
    expect(p.hint).toBe('Use <code>long long</code>: 输入很大。');
    expect(p.format).toBe('html');
    expect(p.source).toBe('杭电ACM集训队训练赛（I）');
    expect(p.tags).toEqual(['杭电ACM集训队训练赛（I）']);
    expect(p.url).toBe(`${base}/showproblem.php?pid=1000`);
    expect(p.pdfUrl).toBeUndefined();
  });

  it('imports the layout with a Hint panel of its own and no source', async () => {
    const p = await adapter.fetchProblem(session(), '2000');
    expect(p.title).toBe('ASCII码排序');
    expect(p.description).toBe('输入三个字符后，按各字符的ASCII码从小到大的顺序输出这三个字符。');
    expect(p.samples).toEqual([{ input: 'qwe\nasd', output: 'e q w\na d s' }]);
    expect(p.hint).toBe(`See <img src="${fx.server.baseUrl}/data/images/2000.png">`);
    expect(p.source).toBe('');
    expect(p.tags).toEqual([]);
  });

  it('says notFound for a missing problem and badId for an id HDU cannot have', async () => {
    await expect(adapter.fetchProblem(session(), '99999')).rejects.toMatchObject({ kind: 'notFound' });
    await expect(adapter.fetchProblem(session(), 'HDU-1A')).rejects.toMatchObject({ kind: 'badId' });
    expect(normaliseHduId('hdu1000')).toBe('1000');
    expect(normaliseHduId(' 1001 ')).toBe('1001');
    for (const bad of ['', '999', 'CF-1000', '1000-1', '123456', '1e3']) expect(normaliseHduId(bad)).toBeNull();
  });
});

describe('HDU login', () => {
  it('logs in once and then trusts the session; a bad password is loginFailed', async () => {
    const http = await loggedIn();
    const before = fx.server.requests.length;
    await adapter.ensureLogin(http, HDU_ACCOUNT);
    const after = fx.server.requests.slice(before);
    expect(after.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /index.php']);
    const login = fx.server.requests.filter((r) => r.path === '/userloginex.php').at(-1)!;
    expect(login.query.get('action')).toBe('login');
    expect(Object.fromEntries(login.form)).toEqual({ username: 'team1', userpass: 'right-pass', login: 'Sign In' });
    await expect(adapter.ensureLogin(session(), { username: 'team1', password: 'wrong' })).rejects.toMatchObject({ kind: 'loginFailed' });
  });

  it('logs an expired session in again, and a session saved with the account survives a restart', async () => {
    const http = await loggedIn();
    const restored = new RemoteHttp({ baseUrl: fx.server.baseUrl, cookies: http.saveCookies() });
    const before = fx.server.requests.length;
    await adapter.ensureLogin(restored, HDU_ACCOUNT);
    expect(fx.server.requests.slice(before).some((r) => r.path === '/userloginex.php')).toBe(false);
    fx.expireSessions();
    await adapter.ensureLogin(http, HDU_ACCOUNT);
    expect(fx.server.requests.slice(before).filter((r) => r.path === '/userloginex.php')).toHaveLength(1);
  });
});

describe('HDU submit and poll', () => {
  it('submits A+B as the form says, finds the run id, and polls through the statuses to AC', async () => {
    const http = await loggedIn();
    const source = saltSource(APLUSB, cpp, 42, 1700000000000);
    const { runId } = await adapter.submit(http, HDU_ACCOUNT, { problemId: '1000', language: cpp, source });
    expect(runId).toBe(String(Math.max(...fx.runs.map((r) => r.id))));
    const sent = fx.server.requests.filter((r) => r.path === '/submit.php').at(-1)!;
    expect(sent.query.get('action')).toBe('submit');
    expect(sent.form.get('check')).toBe('0');
    expect(sent.form.get('problemid')).toBe('1000');
    expect(sent.form.get('language')).toBe('0');
    const decoded = decodeURIComponent(Buffer.from(sent.form.get('_usercode')!, 'base64').toString());
    expect(decoded).toBe(source);
    expect(decoded.startsWith('// online judge submission 42 @ 1700000000000\n')).toBe(true);
    const lookup = fx.server.requests.filter((r) => r.path === '/status.php' && r.query.get('user')).at(-1)!;
    expect(Object.fromEntries(lookup.query)).toEqual({ first: '', pid: '1000', user: 'team1', lang: '1', status: '0' });
    const { state, phases } = await pollToEnd(http, runId);
    expect(phases).toEqual(['pending', 'judging', 'final']);
    expect(state).toEqual({ phase: 'final', status: JudgeStatus.ACCEPTED, time: 15, memory: 1724, compileMessage: null, raw: 'Accepted' });
  });

  it('reports WA, TLE, OLE apart from RE, and RE with its reason', async () => {
    const cases: [string, number][] = [
      ['Wrong Answer', JudgeStatus.WRONG_ANSWER],
      ['Time Limit Exceeded', JudgeStatus.TIME_LIMIT_EXCEEDED],
      ['Output Limit Exceeded', JudgeStatus.OUTPUT_LIMIT_EXCEEDED],
      ['Runtime Error (STACK_OVERFLOW)', JudgeStatus.RUNTIME_ERROR],
    ];
    for (const [text, status] of cases) {
      const { state } = await submitWith([{ status: 'Running' }, { status: text, time: '1015MS', memory: '2048K' }]);
      expect(state).toMatchObject({ phase: 'final', status, time: 1015, memory: 2048 });
    }
  });

  it('fetches the message of a compile error, unescaped and decoded from GBK', async () => {
    const { state } = await submitWith([{ status: 'Compiling' }, { status: 'Compilation Error' }]);
    expect(state).toEqual({
      phase: 'final',
      status: JudgeStatus.COMPILE_ERROR,
      time: null,
      memory: null,
      compileMessage: fx.ceMessage,
      raw: 'Compilation Error',
    });
    expect(fx.server.requests.at(-1)!.path).toBe('/viewerror.php');
  });

  it('never reads an unknown text as a verdict: the run is polled on, the text kept and marked unknown', async () => {
    fx.nextSteps = [{ status: 'Judge Crashed', time: '0MS', memory: '0K' }];
    const http = await loggedIn();
    const { runId } = await adapter.submit(http, HDU_ACCOUNT, { problemId: '1000', language: cpp, source: APLUSB });
    for (let look = 0; look < 3; look++) {
      expect(await adapter.poll(http, HDU_ACCOUNT, { runId, problemId: '1000' })).toEqual({ phase: 'judging', raw: 'Judge Crashed', unknown: true });
    }
  });

  it("waits 5 s when HDU says don't re-submit, and gives up as rateLimited after three tries", async () => {
    fx.resubmitWaits = 1;
    const http = await loggedIn();
    const { runId } = await adapter.submit(http, HDU_ACCOUNT, { problemId: '1000', language: cpp, source: APLUSB });
    expect(slept).toEqual([HDU_RESUBMIT_WAIT_MS]);
    expect(Number(runId)).toBe(Math.max(...fx.runs.map((r) => r.id)));
    slept = [];
    fx.resubmitWaits = 5;
    const count = fx.runs.length;
    await expect(adapter.submit(http, HDU_ACCOUNT, { problemId: '1000', language: cpp, source: APLUSB })).rejects.toMatchObject({
      kind: 'rateLimited',
      retryAfterMs: HDU_RESUBMIT_WAIT_MS,
    });
    expect(slept).toEqual([HDU_RESUBMIT_WAIT_MS, HDU_RESUBMIT_WAIT_MS]);
    expect(fx.runs).toHaveLength(count);
  });

  it("refuses with the site's first message", async () => {
    fx.refusal = 'Code length is improper! Make sure your code length is longer than 50 and not exceed 65536 Bytes.';
    const http = await loggedIn();
    await expect(adapter.submit(http, HDU_ACCOUNT, { problemId: '1000', language: cpp, source: 'x' })).rejects.toMatchObject({
      kind: 'refused',
      message: fx.refusal,
    });
  });

  it('logs in again when the session expired before the submit', async () => {
    const http = await loggedIn();
    fx.expireSessions();
    const { runId } = await adapter.submit(http, HDU_ACCOUNT, { problemId: '1000', language: cpp, source: APLUSB });
    expect(fx.runs.find((r) => String(r.id) === runId)?.user).toBe('team1');
  });

  it('says unreachable when the site is down', async () => {
    const http = session();
    fx.server.down();
    try {
      await expect(adapter.fetchProblem(http, '1000')).rejects.toMatchObject({ kind: 'unreachable' });
      await expect(adapter.poll(http, HDU_ACCOUNT, { runId: '38000001', problemId: '1000' })).rejects.toMatchObject({ kind: 'unreachable' });
    } finally {
      fx.server.up();
    }
  });

  it('says notFound for a run the status list does not show', async () => {
    await expect(adapter.poll(session(), HDU_ACCOUNT, { runId: '1', problemId: '1000' })).rejects.toMatchObject({ kind: 'notFound' });
  });
});

describe('HDU verdicts', () => {
  it.each([
    ['Queuing', 'pending'],
    ['Compiling', 'compiling'],
    ['Running', 'judging'],
    ['Accepted', JudgeStatus.ACCEPTED],
    ['Wrong Answer', JudgeStatus.WRONG_ANSWER],
    ['Presentation Error', JudgeStatus.PRESENTATION_ERROR],
    ['Time Limit Exceeded', JudgeStatus.TIME_LIMIT_EXCEEDED],
    ['Memory Limit Exceeded', JudgeStatus.MEMORY_LIMIT_EXCEEDED],
    ['Output Limit Exceeded', JudgeStatus.OUTPUT_LIMIT_EXCEEDED],
    ['Runtime Error', JudgeStatus.RUNTIME_ERROR],
    ['Runtime Error(ACCESS_VIOLATION)', JudgeStatus.RUNTIME_ERROR],
    ['Runtime Error(STACK_OVERFLOW)', JudgeStatus.RUNTIME_ERROR],
    ['Runtime Error(INTEGER_DIVIDE_BY_ZERO)', JudgeStatus.RUNTIME_ERROR],
    ['Compilation Error', JudgeStatus.COMPILE_ERROR],
  ] as const)('%s -> %s', (text, expected) => {
    expect(hduVerdict(text)).toBe(expected);
  });

  it('knows no guesses', () => {
    expect(hduVerdict('Judge Crashed')).toBeUndefined();
  });
});
