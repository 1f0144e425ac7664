/**
 * The remote lane's parts that need no site: the environment that turns remote judging on, what
 * registration reports of the served sites, a problem and a contest list fitted to the server's bounds,
 * the lease keeper of a remote task, and the sorting of polled tasks by lane.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { judgeRegisterBody, REMOTE_OJS, remoteProblemData, type JudgeJobTask, type JudgeProgressResponse } from '@oj/shared';
import { type JudgeClient, LeaseLostError, NetworkError, type RemoteProgressBody } from '../../src/daemon/client.js';
import { sortByLane } from '../../src/daemon/lanes.js';
import { parseRemoteOjs, RemoteConfigError, remoteJudgeFromEnv, remoteLanguageReports } from '../../src/daemon/remote-config.js';
import { fitContests, fitRemoteProblem, MAX_CONTESTS } from '../../src/daemon/remote-fit.js';
import { RemoteLease } from '../../src/daemon/remote-lease.js';
import { REMOTE_ADAPTERS } from '../../src/remote/adapters.js';
import type { RecentContest, RemoteProblem } from '../../src/remote/types.js';

describe('remote judging from the environment', () => {
  it('reads the sites: 1 or all for every one, a comma list of keys, 0 or nothing for none', () => {
    expect(parseRemoteOjs('1')).toEqual([...REMOTE_OJS]);
    expect(parseRemoteOjs(' ALL ')).toEqual([...REMOTE_OJS]);
    expect(parseRemoteOjs('cf, AC,CF')).toEqual(['CF', 'AC']);
    expect(parseRemoteOjs('0')).toEqual([]);
    expect(parseRemoteOjs('')).toEqual([]);
    expect(parseRemoteOjs(undefined)).toEqual([]);
    expect(() => parseRemoteOjs('CF,UVA')).toThrow(RemoteConfigError);
    expect(() => parseRemoteOjs('CF,UVA')).toThrow('OJ_REMOTE_JUDGE: unknown site "UVA"');
    expect(() => parseRemoteOjs(',')).toThrow('unknown site ""');
  });

  it('is off unless OJ_REMOTE_JUDGE names a site; four workers unless told; a site address from OJ_REMOTE_URL_<KEY>', () => {
    expect(remoteJudgeFromEnv({})).toBeUndefined();
    expect(remoteJudgeFromEnv({ OJ_REMOTE_JUDGE: '0', OJ_REMOTE_WORKERS: '9' })).toBeUndefined();
    expect(remoteJudgeFromEnv({ OJ_REMOTE_JUDGE: 'HDU' })).toEqual({ ojs: ['HDU'], workers: 4, baseUrls: {} });
    expect(remoteJudgeFromEnv({ OJ_REMOTE_JUDGE: 'all', OJ_REMOTE_WORKERS: '2', OJ_REMOTE_URL_CF: 'http://127.0.0.1:9000', OJ_REMOTE_URL_HDU: ' ' })).toEqual({
      ojs: [...REMOTE_OJS],
      workers: 2,
      baseUrls: { CF: 'http://127.0.0.1:9000' },
    });
    expect(() => remoteJudgeFromEnv({ OJ_REMOTE_JUDGE: '1', OJ_REMOTE_WORKERS: 'many' })).toThrow('OJ_REMOTE_WORKERS must be a whole number');
    expect(() => remoteJudgeFromEnv({ OJ_REMOTE_JUDGE: '1', OJ_REMOTE_WORKERS: '0' })).toThrow(RemoteConfigError);
    expect(() => remoteJudgeFromEnv({ OJ_REMOTE_JUDGE: '1', OJ_REMOTE_URL_AC: 'ftp://atcoder' })).toThrow('OJ_REMOTE_URL_AC must be an http(s) URL');
  });

  it('reports the languages of the served sites only, as registration takes them', () => {
    const reports = remoteLanguageReports(['HDU', 'AC'], REMOTE_ADAPTERS);
    expect(reports.filter((r) => r.oj === 'HDU').map((r) => r.name)).toEqual(['C', 'C++', 'Java']);
    expect(new Set(reports.map((r) => r.oj))).toEqual(new Set(['HDU', 'AC']));
    expect(reports[0]).toEqual({ oj: 'HDU', name: 'C', contentType: 'text/x-csrc' });
    const all = remoteLanguageReports(REMOTE_OJS, REMOTE_ADAPTERS);
    const body = judgeRegisterBody.parse({ name: 'j', cpuCount: 1, capacity: 1, languages: [], remoteOjs: [...REMOTE_OJS], remoteLanguages: all });
    expect(body.remoteLanguages).toHaveLength(all.length);
  });
});

const problem = (over: Partial<RemoteProblem> = {}): RemoteProblem => ({
  remoteId: '1000',
  title: 'A + B',
  timeLimitMs: 1000,
  memoryLimitMb: 32,
  description: 'Add.',
  input: 'Two numbers.',
  output: 'Their sum.',
  hint: '',
  format: 'html',
  samples: [{ input: '1 2', output: '3' }],
  source: '',
  url: 'https://acm.hdu.edu.cn/showproblem.php?pid=1000',
  tags: [],
  ...over,
});

describe('a problem fitted to what the server takes', () => {
  it('cuts over-long text and lists instead of refusing the problem, and makes text storable', () => {
    const long = 'x'.repeat(1_000_010);
    const fitted = fitRemoteProblem(
      problem({
        title: ` ${'T'.repeat(300)}\u0000 `,
        description: long,
        // a surrogate pair that the cut would split
        hint: `${'h'.repeat(999_999)}😀`,
        samples: Array.from({ length: 60 }, (_, i) => ({ input: String(i), output: 'o'.repeat(100_001) })),
        tags: [...Array.from({ length: 55 }, (_, i) => `tag${i}`), 'y'.repeat(70)],
        pdfUrl: `https://x/${'p'.repeat(2000)}`,
        io: { input: 'input.txt', output: 'o'.repeat(300) },
      }),
    );
    expect(fitted.ok).toBe(true);
    if (!fitted.ok) return;
    const p = fitted.problem;
    expect(remoteProblemData.safeParse(p).success).toBe(true);
    expect(p.title).toHaveLength(255);
    expect(p.description).toHaveLength(1_000_000);
    expect(p.hint.endsWith('\ufffd')).toBe(true);
    expect(p.samples).toHaveLength(50);
    expect(p.samples[0]!.output).toHaveLength(100_000);
    expect(p.tags).toHaveLength(50);
    expect(p.pdfUrl).toHaveLength(1000);
    expect(p.io).toEqual({ input: 'input.txt', output: 'o'.repeat(255) });
  });

  it('keeps a problem that fits as it is, and says what cannot be fitted', () => {
    const ok = fitRemoteProblem(problem());
    expect(ok).toEqual({ ok: true, problem: problem() });
    const bad = fitRemoteProblem(problem({ title: '  ', timeLimitMs: Number.NaN }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/^the problem read from the site does not fit: title: .*; timeLimitMs: /);
  });

  it('sorts contests soonest first and keeps as many as a result takes', () => {
    const at = (i: number) => new Date(Date.UTC(2030, 0, 1) + i * 3_600_000).toISOString();
    const list: RecentContest[] = Array.from({ length: MAX_CONTESTS + 20 }, (_, i) => ({
      oj: 'CF',
      title: i === MAX_CONTESTS + 10 ? 'L'.repeat(600) : `Round ${i}`,
      url: `https://codeforces.com/contest/${i}`,
      beginTime: at(MAX_CONTESTS + 20 - i),
      endTime: at(MAX_CONTESTS + 22 - i),
    }));
    const fitted = fitContests(list);
    expect(fitted).toHaveLength(MAX_CONTESTS);
    expect(fitted[0]!.title).toBe(`Round ${MAX_CONTESTS + 19}`);
    expect(fitted.map((c) => c.beginTime)).toEqual(fitted.map((c) => c.beginTime).sort());
    expect(fitted.find((c) => c.title.startsWith('L'))!.title).toHaveLength(500);
  });
});

describe('the lease of a remote task', () => {
  let sent: RemoteProgressBody[];
  let answer: (body: RemoteProgressBody) => Promise<JudgeProgressResponse>;
  const client = {
    remoteProgress: (body: RemoteProgressBody) => {
      sent.push(body);
      return answer(body);
    },
  } as unknown as JudgeClient;
  const quiet = { debug() {}, info() {}, warn() {}, error() {} };
  let session: string | null = '{}';

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    session = '{}';
    answer = async () => ({ leaseDeadline: '' });
  });
  afterEach(() => vi.useRealTimers());

  const lease = (leaseMs = 1200) =>
    new RemoteLease({ client, taskId: 5, leaseToken: 'lease-token-0123456789', leaseMs, session: '{}', currentSession: () => session, log: quiet });

  it('keeps the lease alive every quarter of it, also before there is a run, and tells a new stage at once', async () => {
    const l = lease(1200);
    await vi.advanceTimersByTimeAsync(950);
    expect(sent.map((b) => b.status)).toEqual([5, 5, 5]);
    l.report(7);
    await l.flush();
    expect(sent).toHaveLength(4);
    expect(sent[3]).toEqual({ taskId: 5, leaseToken: 'lease-token-0123456789', status: 7 });
    l.report(7);
    expect(sent).toHaveLength(4);
    await l.stop();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(4);
  });

  it('carries the run id until a report of it arrives, and the session only when it changed', async () => {
    const l = lease(60_000);
    answer = async () => {
      throw new NetworkError('no answer', 0);
    };
    session = '{"PHPSESSID":"s1"}';
    l.report(5, '38000003');
    await l.flush();
    expect(l.runIdUnsent).toBe(true);
    answer = async () => ({ leaseDeadline: '' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((b) => [b.runId, b.session])).toEqual([
      ['38000003', '{"PHPSESSID":"s1"}'],
      ['38000003', '{"PHPSESSID":"s1"}'],
    ]);
    expect(l.runIdUnsent).toBe(false);
    l.report(6);
    await l.flush();
    expect(sent[2]).toEqual({ taskId: 5, leaseToken: 'lease-token-0123456789', status: 6 });
    // no session opened (yet): the saved one is left as it is
    session = null;
    l.report(7);
    await l.flush();
    expect(sent[3]).toEqual({ taskId: 5, leaseToken: 'lease-token-0123456789', status: 7 });
    await l.stop();
  });

  it('marks the lease lost on a 409 and aborts its signal', async () => {
    answer = async () => {
      throw new LeaseLostError('HTTP 409', 409);
    };
    const l = lease(60_000);
    l.report(7);
    await l.flush();
    expect(l.lost).toBe(true);
    expect(l.signal.aborted).toBe(true);
    l.report(6);
    expect(sent).toHaveLength(1);
    await l.stop();
  });
});

describe('tasks by lane', () => {
  const job = (type: 'remoteProblem' | 'compileChecker'): JudgeJobTask => ({
    kind: 'job',
    taskId: 1,
    leaseToken: 'lease-token-0123456789',
    leaseDeadline: '',
    leaseMs: 1000,
    job: type === 'remoteProblem' ? { type, oj: 'HDU', problemId: '1000' } : { type, language: 'C', code: '', extraFiles: {} },
  });

  it('puts remote submissions and remote jobs on the remote lane, the rest on the local one', () => {
    expect(sortByLane(job('remoteProblem')).lane).toBe('remote');
    const contests: JudgeJobTask = { ...job('remoteProblem'), job: { type: 'remoteContests' } };
    expect(sortByLane(contests).lane).toBe('remote');
    expect(sortByLane(job('compileChecker')).lane).toBe('local');
    const remote = { kind: 'remote', taskId: 2 } as Parameters<typeof sortByLane>[0];
    expect(sortByLane(remote).lane).toBe('remote');
    const submission = { taskId: 3, submission: { submitId: 1, language: 'C', code: '' } } as Parameters<typeof sortByLane>[0];
    expect(sortByLane(submission).lane).toBe('local');
  });
});
