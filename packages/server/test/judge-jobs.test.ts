/**
 * Judge jobs: what an admin action needs run (a checker compiled, a package's programs run) is a task
 * kind of the judge queue that the API waits for. Over the protocol with a simulated judge: the job a
 * poll hands out, the compiler's answer relayed, outputs uploaded into the store within the job's bound,
 * leases that go wrong. Without any judge: a clear message and nothing saved. And an API node that is
 * not root and has no compiler on its PATH serving checker compiles through a separate judge.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompileProgramsJob, JUDGE_TOKEN_HEADER, judgeEndpoints, MSG, type JudgeJobTask, type PackageRunJob } from '@oj/shared';
import type { AppContext } from '../src/context.js';
import { judgeJobs, problems } from '../src/db/schema/index.js';
import { judgeToken } from '../src/lib/secrets.js';
import { blobPath } from '../src/lib/testdata.js';
import { runJudgeJob } from '../src/modules/judge-job/service.js';
import { REPO_ROOT, waitFor } from './daemon-helpers.js';
import { createTestApp, ROOT_PASSWORD, type TestApp } from './harness.js';
import { rootToken, unpack } from './helpers.js';
import { FakeJudge, testQueue } from './judge-helpers.js';
import { client, judgeClient, type TypedInput } from './client.js';

const C_CHECKER_OK = '#include <stdio.h>\nint main(int argc, char **argv) { return 0; }\n';

let t: TestApp;
let root: string;
let judge: FakeJudge;
const ctxOf = (app: TestApp): AppContext => ({ config: app.config, database: app.database });

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  root = await rootToken(t);
  judge = await FakeJudge.start(t, 'job-judge');
});
afterAll(() => t?.close());

/** The job the simulated judge gets from its next poll. */
async function takeJob(): Promise<JudgeJobTask> {
  const task = (await judge.poll(5000)).data as JudgeJobTask | null;
  if (task?.kind !== 'job') throw new Error(`expected a job, got ${JSON.stringify(task)}`);
  return task;
}

type JobResult = TypedInput<'judge.jobResult'>['body']['result'];
const jobResult = (task: JudgeJobTask, result: JobResult) =>
  judgeClient(judge, judge.token).call('judge.jobResult', { body: { taskId: task.taskId, leaseToken: task.leaseToken, result } });
const compileSpj = (app: TestApp, token: string, language: string, code = C_CHECKER_OK) =>
  client(app, token).call('adminProblem.compileSpj', { body: { code, language } });

async function upload(task: { taskId: number; leaseToken: string }, bytes: Buffer) {
  return unpack(
    await t.app.inject({
      method: 'POST',
      url: '/api/judge/job/output',
      query: { taskId: String(task.taskId), leaseToken: task.leaseToken },
      headers: { [JUDGE_TOKEN_HEADER]: await judgeToken(t), 'content-type': 'application/octet-stream' },
      payload: bytes,
    }),
  );
}

describe('the judge token', () => {
  it('every judge-protocol call, the job routes among them, refuses a caller without it (401)', async () => {
    for (const ep of Object.values(judgeEndpoints)) {
      const res = await t.app.inject({
        method: ep.method,
        url: `/api/${ep.path.replace(':hash', 'a'.repeat(64))}`,
        payload: ep.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${ep.method} ${ep.path}`).toBe(401);
    }
  });
});

describe('a checker compile is a judge job', () => {
  it('hands the source to a judge and answers with what the judge said', async () => {
    const bad = compileSpj(t, root, 'C', 'int main( {');
    const task = await takeJob();
    expect(task.job).toEqual({ type: 'compileChecker', language: 'C', code: 'int main( {', extraFiles: {} });
    expect((await jobResult(task, { type: 'compileChecker', error: "spj.c:1:11: error: expected ')'" })).data).toEqual({ duplicate: false });
    const answer = await bad;
    expect(answer.status).toBe(400);
    expect(answer.msg).toContain("expected ')'");
    // A repeat of the same lease is recognised and writes nothing.
    expect((await jobResult(task, { type: 'compileChecker', error: null })).data).toEqual({ duplicate: true });

    const good = compileSpj(t, root, 'C');
    await jobResult(await takeJob(), { type: 'compileChecker', error: null });
    expect((await good).msg).toBe(MSG.compileSucceeded);
  });

  it('a judge that could not do the job at all is named in the answer', async () => {
    const call = compileSpj(t, root, 'C++');
    await jobResult(await takeJob(), { type: 'failed', error: 'judge "job-judge": the sandbox is gone' });
    const answer = await call;
    expect(answer.status).toBe(400);
    expect(answer.msg).toContain('the sandbox is gone');
  });

  it('a result under another lease or after the lease is refused (409)', async () => {
    const call = compileSpj(t, root, 'C');
    const task = await takeJob();
    expect((await jobResult({ ...task, leaseToken: 'x'.repeat(32) }, { type: 'compileChecker', error: null })).http).toBe(409);
    await jobResult(task, { type: 'compileChecker', error: null });
    expect((await call).msg).toBe(MSG.compileSucceeded);
  });
});

describe('a compile of programs (a hack kit) is a judge job', () => {
  const job = (language: string): CompileProgramsJob => ({
    type: 'compilePrograms',
    programs: { validator: { packageType: 'cpp.g++17', code: 'int main() {}' }, reference: { language, code: 'int main() {}' } },
  });

  it("goes only to a judge that has the programs' judge languages; with none online the wait says no judge", async () => {
    const stranded = runJudgeJob(ctxOf(t), job('Kotlin'), { leaseMs: 30_000, queueTimeoutMs: 500 });
    await waitFor('the first job queued', async () => (await t.database.db.select().from(judgeJobs).where(eq(judgeJobs.status, 'queued'))).length || null);
    const compiled = runJudgeJob(ctxOf(t), job('C'), { leaseMs: 30_000 });
    // The older job names a language this judge lacks: it gets the newer one.
    const task = await takeJob();
    expect(task.job).toEqual(job('C'));
    await jobResult(task, { type: 'compilePrograms', errors: { validator: null, reference: "main.c:1: error: expected ';'" } });
    expect(await compiled).toEqual({ type: 'compilePrograms', errors: { validator: null, reference: "main.c:1: error: expected ';'" } });
    await expect(stranded).rejects.toThrow(MSG.noJudgeForJob);
  });
});

describe('package runs: outputs go into the store', () => {
  const job = (maxTotalBytes: number): PackageRunJob => ({ type: 'packageRun', programs: {}, headers: {}, steps: [], maxTotalBytes });

  it('keeps an uploaded output by its hash and refuses what goes over the job bound', async () => {
    const waiting = runJudgeJob(ctxOf(t), job(10), { leaseMs: 30_000 });
    const task = await takeJob();
    const stored = await upload(task, Buffer.from('1 2\n'));
    expect(stored.data).toEqual({ hash: crypto.createHash('sha256').update('1 2\n').digest('hex'), size: 4 });
    expect(fs.readFileSync(blobPath(t.config.dataDir, stored.data.hash), 'utf8')).toBe('1 2\n');
    // 4 of 10 bytes used: 7 more are too many, and are not counted.
    expect((await upload(task, Buffer.from('1234567'))).http).toBe(413);
    expect((await upload(task, Buffer.from('123456'))).http).toBe(200);
    const [row] = await t.database.db.select().from(judgeJobs).where(eq(judgeJobs.id, task.taskId));
    expect(row!.uploadedBytes).toBe(10);
    // Another lease's token uploads nothing.
    expect((await upload({ taskId: task.taskId, leaseToken: 'y'.repeat(32) }, Buffer.from('a'))).http).toBe(409);
    await jobResult(task, { type: 'packageRun', steps: { in1: { hash: stored.data.hash, size: 4 } } });
    expect(await waiting).toEqual({ type: 'packageRun', steps: { in1: { hash: stored.data.hash, size: 4 } } });
    // Once the result is in, the lease is over for uploads too.
    expect((await upload(task, Buffer.from('a'))).http).toBe(409);
  });

  it('a judge that stops answering ends the wait when its lease runs out', async () => {
    const waiting = runJudgeJob(ctxOf(t), job(10), { leaseMs: 800 });
    await takeJob();
    await expect(waiting).rejects.toThrow(MSG.judgeJobLost);
  });
});

describe('without any judge', () => {
  let lonely: TestApp;
  beforeAll(async () => {
    // A site of its own: no judge ever registered there.
    lonely = await createTestApp({ judgeQueue: testQueue({ jobQueueTimeoutMs: 300 }) });
  });
  afterAll(() => lonely?.close());

  it('a compile or a special-judge save says that a judge is needed, and saves nothing', async () => {
    const token = await rootToken(lonely);
    const compile = await compileSpj(lonely, token, 'C');
    expect(compile.status).toBe(400);
    expect(compile.msg).toBe(MSG.noJudgeForJob);
    const save = await client(lonely, token).call('adminProblem.create', {
      body: {
        problem: { problemId: 'NOJUDGE1', title: 'No judge', judgeMode: 'spj', spjLanguage: 'C', spjCode: C_CHECKER_OK },
        samples: [{ input: '1\n', output: '1\n' }],
        languages: [],
        tags: [],
        codeTemplates: [],
      },
    });
    expect(save.msg).toBe(MSG.noJudgeForJob);
    expect(await lonely.database.db.select().from(problems).where(eq(problems.problemId, 'NOJUDGE1'))).toEqual([]);
    // The withdrawn jobs are gone: a judge arriving later does not do work nobody waits for.
    expect(await lonely.database.db.select().from(judgeJobs)).toEqual([]);
  });
});

describe('an API node without root or a compiler', () => {
  const asRoot = process.getuid?.() === 0;
  let node: ChildProcess | null = null;
  let dataDir = '';
  let url = '';
  let output = '';

  beforeAll(async () => {
    if (!asRoot) return;
    // The second node of the same site: its own data directory, the same database, user "nobody",
    // a PATH with node alone (no gcc, no g++), no built-in judge.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-api-node-'));
    fs.chmodSync(dataDir, 0o777);
    node = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'packages', 'server', 'src', 'main.ts')], {
      cwd: REPO_ROOT,
      uid: 65534,
      gid: 65534,
      env: {
        PATH: path.dirname(process.execPath),
        HOME: dataDir,
        DATA_DIR: dataDir,
        DATABASE_URL: t.config.databaseUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        OJ_EMBEDDED_JUDGE: '0',
        OJ_ROOT_PASSWORD: ROOT_PASSWORD,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    node.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d));
    node.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d));
    url = await waitFor('the API node to listen', async () => /is up at (http:\/\/[^/\s]+)\//.exec(output)?.[1], 90_000, 200);
  }, 120_000);

  afterAll(async () => {
    node?.kill('SIGTERM');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.runIf(asRoot)(
    'compiles checkers through a judge that polls it',
    async () => {
      const { JudgeDaemon } = await import('@oj/judge');
      const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-daemon-cache-'));
      const daemon = new JudgeDaemon({ server: url, token: await judgeToken(t), name: 'beside-node', capacity: 1, cacheDir, pollWaitMs: 5000 });
      const { judgeId } = await daemon.start();
      try {
        const login = await fetch(`${url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }),
        });
        const token = login.headers.get('authorization')!;
        const compile = async (code: string) => {
          const res = await fetch(`${url}/api/admin/problem/compile-spj`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: token },
            body: JSON.stringify({ code, language: 'C' }),
          });
          return (await res.json()) as { status: number; msg: string };
        };
        expect(await compile(C_CHECKER_OK)).toMatchObject({ status: 200, msg: MSG.compileSucceeded });
        const bad = await compile('int main( {');
        expect(bad.status).toBe(400);
        expect(bad.msg).toMatch(/error/);
        // The node runs as nobody; the judge beside it did the compiles.
        expect(fs.readFileSync(`/proc/${node!.pid}/status`, 'utf8')).toMatch(/^Uid:\s+65534\s/m);
        const jobs = await t.database.db.select().from(judgeJobs);
        const byJudge = jobs.filter((j) => j.leaseOwner === judgeId && j.job.type === 'compileChecker');
        expect(byJudge).toHaveLength(2);
      } finally {
        await daemon.stop(0);
        fs.rmSync(cacheDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
