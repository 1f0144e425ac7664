/**
 * The daemon's parts on their own: the protocol client against a scripted HTTP server (typed
 * failures, re-register on 404, retried results, streamed test data), the manifest → request → result
 * mapping, and the run scope that lets a worker stop and watch its own sandbox runs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, type JudgeTask, type ProblemManifest } from '@oj/shared';
import { BadTokenError, JudgeClient, LeaseLostError, NetworkError, NotFoundError } from '../src/daemon/client.js';
import { LeaseKeeper } from '../src/daemon/lease.js';
import { consoleLogger } from '../src/daemon/log.js';
import { toCacheManifest, toResultBody, toSubmissionRequest } from '../src/daemon/mapping.js';
import { compileChecker } from '../src/checker.js';
import { runSandboxed, withRunScope, type SandboxReport } from '../src/sandbox.js';
import type { JudgeSubmissionResult } from '../src/submission.js';

type Handler = (req: http.IncomingMessage, body: string) => { status: number; json?: unknown; raw?: Buffer };
let handler: Handler = () => ({ status: 500 });
const calls: Array<{ method: string; url: string; token: string | undefined; body: string }> = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      calls.push({ method: req.method!, url: req.url!, token: req.headers['x-judge-token'] as string | undefined, body });
      const r = handler(req, body);
      if (r.raw) {
        res.writeHead(r.status, { 'content-type': 'application/octet-stream', 'content-length': r.raw.length });
        res.end(r.raw);
      } else {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(r.json ?? { status: r.status, msg: `HTTP ${r.status}`, data: null }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const ok = (data: unknown) => ({ status: 200, json: { status: 200, msg: 'success', data } });
const registration = { name: 'unit', cpuCount: 2, capacity: 2, languages: [], version: 't' };

describe('JudgeClient', () => {
  it('sends the token, unpacks the envelope and types the failures', async () => {
    calls.length = 0;
    const client = new JudgeClient({ server: `${base}/`, token: 'secret-token-0123456789' });
    handler = (req) => (req.url === '/api/judge/register' ? ok({ judgeId: 7, leaseMs: 3000, maxWaitMs: 30000, heartbeatMs: 20000 }) : { status: 500 });
    expect(await client.register(registration)).toMatchObject({ judgeId: 7 });
    expect(calls[0]).toMatchObject({ method: 'POST', token: 'secret-token-0123456789' });
    expect(JSON.parse(calls[0].body)).toMatchObject({ name: 'unit' });

    handler = () => ({ status: 401, json: { status: 401, msg: 'Invalid judge token.', data: null } });
    await expect(client.heartbeat(0)).rejects.toThrow(BadTokenError);
    await expect(client.heartbeat(0)).rejects.toThrow(/refused the judge token .*HTTP 401 Invalid judge token\./);
    handler = () => ({ status: 409 });
    await expect(client.progress(1, 'x'.repeat(20), 6)).rejects.toThrow(LeaseLostError);
    handler = () => ({ status: 404 });
    await expect(client.manifest(5)).rejects.toThrow(NotFoundError);

    const nowhere = new JudgeClient({ server: 'http://127.0.0.1:1', token: 't'.repeat(20) });
    await expect(nowhere.heartbeat(0)).rejects.toThrow(NetworkError);
    expect(() => new JudgeClient({ server: 'ftp://x', token: 'y' })).toThrow(/http/);
  });

  it('registers again when the server forgets the judge (404 on a judge call) and retries the call', async () => {
    const client = new JudgeClient({ server: base, token: 't'.repeat(20) });
    let registered = 0;
    let known = 1;
    handler = (req, body) => {
      if (req.url === '/api/judge/register') {
        registered++;
        known = 11;
        return ok({ judgeId: 11, leaseMs: 3000, maxWaitMs: 30000, heartbeatMs: 20000 });
      }
      return JSON.parse(body).judgeId === known ? ok(null) : { status: 404 };
    };
    await client.register(registration);
    known = 99; // the row was removed: the server now knows another id only after registering
    registered = 0;
    expect(await client.poll(0)).toBeNull();
    expect(registered).toBe(1);
    expect(client.judgeId).toBe(11);
  });

  it('retries a result through 5xx answers and network errors, never through a 409', async () => {
    const client = new JudgeClient({ server: base, token: 't'.repeat(20) });
    let n = 0;
    handler = () => (++n < 3 ? { status: 503 } : ok({ submitId: 3, duplicate: false }));
    const body = { taskId: 1, leaseToken: 'x'.repeat(20), status: 0, time: 1, memory: 1, score: null, errorMessage: null, cases: [] };
    expect(await client.result(body, { retryForMs: 10_000 })).toEqual({ submitId: 3, duplicate: false });
    expect(n).toBe(3);
    n = 0;
    handler = () => {
      n++;
      return { status: 409 };
    };
    await expect(client.result(body, { retryForMs: 10_000 })).rejects.toThrow(LeaseLostError);
    expect(n).toBe(1);
    // A fail that got lost on the way and is refused on the retry has arrived: not an error.
    n = 0;
    handler = () => (++n === 1 ? { status: 502 } : { status: 409 });
    expect(await client.fail(1, 'x'.repeat(20), 'boom', { retryForMs: 10_000 })).toBeNull();
  });

  it('streams test data', async () => {
    const client = new JudgeClient({ server: base, token: 't'.repeat(20) });
    const bytes = Buffer.alloc(300_000, 7);
    handler = () => ({ status: 200, raw: bytes });
    const chunks: Buffer[] = [];
    for await (const c of await client.testdata('a'.repeat(64))) chunks.push(Buffer.from(c));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await expect(client.testdata('../etc/passwd')).rejects.toThrow(NotFoundError);
  });
});

const ref = (c: string) => ({ hash: c.repeat(64), size: 3 });
function manifest(o: Partial<ProblemManifest> = {}): ProblemManifest {
  return {
    problemId: 4,
    displayId: 'P4',
    caseVersion: '10',
    hash: 'f'.repeat(64),
    type: 0,
    judgeMode: 'default',
    judgeCaseMode: 'default',
    timeLimit: 1500,
    memoryLimit: 128,
    stackLimit: 64,
    ioScore: 100,
    isRemoveEndBlank: true,
    builtinChecker: 'lines',
    checkerPrecision: 6,
    checkerConvention: 'hoj',
    fileIO: null,
    spj: null,
    userExtraFiles: {},
    judgeExtraFiles: {},
    cases: [
      { id: 41, seq: 1, input: { name: '1.in', ...ref('a') }, output: { name: '1.out', ...ref('b') }, score: 0, groupNum: 1 },
      { id: 42, seq: 2, input: { name: '2.in', ...ref('c') }, output: { name: '2.out', ...ref('d') }, score: 0, groupNum: 2 },
    ],
    ...o,
  };
}
const task: JudgeTask = {
  taskId: 9,
  leaseToken: 'l'.repeat(24),
  leaseDeadline: new Date().toISOString(),
  leaseMs: 3000,
  attempt: 1,
  submission: { submitId: 5, language: 'C', code: 'int main(){}' },
  problem: { id: 4, displayId: 'P4', caseVersion: '10', manifestHash: 'f'.repeat(64), timeLimit: 1500, memoryLimit: 128, stackLimit: 64 },
};
const data = {
  cases: [
    { caseId: 41, input: { path: '/c/a' }, output: { path: '/c/b' } },
    { caseId: 42, input: { path: '/c/c' }, output: { path: '/c/d' } },
  ],
  userExtraFiles: { 'lib.h': { path: '/c/e' } },
  judgeExtraFiles: {},
};

describe('LeaseKeeper', () => {
  it('reports each stage and the cases judged so far, one report in flight, the latest counts last', async () => {
    calls.length = 0;
    handler = () => ok({ leaseDeadline: new Date().toISOString() });
    const client = new JudgeClient({ server: `${base}/`, token: 'secret-token-0123456789' });
    // The first report is held back: the cases judged meanwhile go out as one report with the latest counts.
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const send = client.progress.bind(client);
    client.progress = async (...args) => {
      if (calls.length === 0) await gate;
      return send(...args);
    };
    const lease = new LeaseKeeper(client, 5, 'lease-token-0123456789', 60_000, consoleLogger('lease', 'error'));
    lease.report(JudgeStatus.JUDGING);
    lease.caseDone(3);
    lease.caseDone(3);
    release();
    await lease.flush();
    lease.caseDone(3);
    await lease.stop();
    const bodies = calls.filter((c) => c.url === '/api/judge/progress').map((c) => JSON.parse(c.body) as Record<string, unknown>);
    expect(bodies.map(({ status, done, total }) => ({ status, done, total }))).toEqual([
      { status: JudgeStatus.JUDGING, done: undefined, total: undefined },
      { status: JudgeStatus.JUDGING, done: 2, total: 3 },
      { status: JudgeStatus.JUDGING, done: 3, total: 3 },
    ]);
  });
});

describe('mapping', () => {
  it('builds the engine request from the manifest', () => {
    expect(toCacheManifest(manifest()).cases[1]).toMatchObject({ id: 42, input: { hash: 'c'.repeat(64), size: 3 } });
    const acm = toSubmissionRequest(task, manifest(), data, null);
    expect(acm).toMatchObject({
      language: 'C',
      code: 'int main(){}',
      timeLimitMs: 1500,
      memoryLimitMb: 128,
      stackLimitMb: 64,
      problemType: 0,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      ioScore: 100,
      removeEndBlank: true,
      fileIO: null,
      userExtraFiles: { 'lib.h': { path: '/c/e' } },
    });
    expect(acm.checker).toBeUndefined();
    expect(acm.cases.map((c) => [c.caseId, c.score, c.groupNum])).toEqual([
      [41, undefined, 1],
      [42, undefined, 2],
    ]);

    // OI with no case scores: ioScore split evenly; with scores: each its own.
    const even = toSubmissionRequest(task, manifest({ type: 1 }), data, null);
    expect(even.cases.map((c) => c.score)).toEqual([undefined, undefined]);
    const scored = manifest({
      type: 1,
      judgeMode: 'spj',
      spj: { language: 'C++', ...ref('e') },
      fileIO: { input: 'in.txt', output: 'out.txt' },
      judgeCaseMode: 'subtask_lowest',
    });
    scored.cases[0].score = 40;
    scored.cases[1].score = 60;
    const oi = toSubmissionRequest(task, scored, data, 'checker source');
    expect(oi).toMatchObject({
      problemType: 1,
      judgeMode: 'spj',
      judgeCaseMode: 'subtask_lowest',
      checker: { language: 'C++', code: 'checker source' },
      fileIO: { readFileName: 'in.txt', writeFileName: 'out.txt' },
    });
    expect(oi.cases.map((c) => c.score)).toEqual([40, 60]);
  });

  it('builds the result body with the manifest ids and seqs', () => {
    const result: JudgeSubmissionResult = {
      status: JudgeStatus.PARTIAL_ACCEPTED,
      score: 40,
      time: 12.4,
      memory: 2048,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      errorMessage: 'wrong',
      cases: [
        { index: 0, caseId: 41, status: 0, time: 12.4, memory: 2048, score: 40, groupNum: 1, userOutput: '3\n', stderr: '' },
        {
          index: 1,
          caseId: 42,
          status: -1,
          time: 3,
          memory: 1000,
          score: 0,
          groupNum: 2,
          userOutput: '4\n',
          stderr: '',
          message: 'wrong',
          judgeMessage: 'answer 5',
        },
      ],
    };
    expect(toResultBody(task, manifest({ type: 1 }), result)).toEqual({
      taskId: 9,
      leaseToken: task.leaseToken,
      status: 8,
      time: 12,
      memory: 2048,
      score: 40,
      errorMessage: 'wrong',
      cases: [
        { caseId: 41, seq: 1, status: 0, time: 12, memory: 2048, score: 40, groupNum: 1, userOutput: '3\n', message: null, judgeMessage: null },
        { caseId: 42, seq: 2, status: -1, time: 3, memory: 1000, score: 0, groupNum: 2, userOutput: '4\n', message: 'wrong', judgeMessage: 'answer 5' },
      ],
    });
    const ce = toResultBody(task, manifest(), { ...result, status: JudgeStatus.COMPILE_ERROR, score: null, errorMessage: 'main.c: error', cases: [] });
    expect(ce).toMatchObject({ status: -2, time: null, memory: null, score: null, errorMessage: 'main.c: error', cases: [] });
    expect(toResultBody(task, manifest(), result).cases[0].score).toBeNull(); // ACM: no case scores
  });
});

describe('run scope', () => {
  it("kills the scope's runs when it aborts, refuses new ones, and shows every report", async () => {
    const seen: SandboxReport[] = [];
    const controller = new AbortController();
    const started = Date.now();
    const [inside, outside] = await Promise.all([
      withRunScope({ signal: controller.signal, onReport: (r) => void seen.push(r) }, async () => {
        setTimeout(() => controller.abort(), 300);
        const first = await runSandboxed({ argv: ['/bin/sh', '-c', 'while :; do :; done'], timeMs: 8000, memoryKb: 65536 });
        const second = await runSandboxed({ argv: ['/bin/true'], timeMs: 1000, memoryKb: 65536 });
        return [first, second];
      }),
      // a run outside the scope is not touched
      runSandboxed({ argv: ['/bin/sh', '-c', 'i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done'], timeMs: 8000, memoryKb: 65536 }),
    ]);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(inside[0]).toMatchObject({ status: 'SE', error: expect.stringMatching(/interrupted by signal 15/) });
    expect(inside[1]).toMatchObject({ status: 'SE', error: expect.stringMatching(/aborted/), runnerPid: 0 });
    expect(seen).toEqual(inside);
    expect(outside).toMatchObject({ status: 'OK', exitCode: 0 });
  });

  it('does not let one scope kill a checker compile that another scope shares', async () => {
    const code = `#include <stdio.h>\n/* ${process.pid} ${Date.now()} ${Math.random()} */\nint main(void) { return 0; }\n`;
    const a = new AbortController();
    const pa = withRunScope({ signal: a.signal }, () => compileChecker({ language: 'C', code }));
    const pb = withRunScope({}, () => compileChecker({ language: 'C', code }));
    setTimeout(() => a.abort(), 30);
    const [ra, rb] = await Promise.all([pa, pb]);
    expect(rb.error).toBeUndefined();
    expect(rb.checker).toMatchObject({ binary: '/box/checker' });
    expect(ra.checker?.dir).toBe(rb.checker?.dir);
  });
});
