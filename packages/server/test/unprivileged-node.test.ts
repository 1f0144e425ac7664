/**
 * An API node needs neither root, nor a compiler, nor cgroups: the real server entry (`main.ts`, what
 * `oj start` runs, with the built-in judge off) started as user nobody with a PATH holding only `node`,
 * against the test PostgreSQL, serves logins, lists, uploads, imports, submissions and test runs. What
 * runs programs is a judge host's task: a separate `oj judge` process (root, with the sandbox) judges
 * what the node queued, and the verdicts are read back through the node.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { aPlusBProblemBody, COMPILE_ERROR_C, taggedC } from '@oj/test-fixtures';
import { judgeToken } from '../src/lib/secrets.js';
import { client } from './client.js';
import { REPO_ROOT, startDaemonProcess, waitFor, type DaemonProcess } from './daemon-helpers.js';
import { createTestApp, ROOT_PASSWORD, type TestApp } from './harness.js';
import { unpack } from './helpers.js';
import { multipart, textEntries, zip } from './problem-admin-helpers.js';
import { remoteTarget } from './remote-target.js';

const MAIN = path.join(REPO_ROOT, 'packages', 'server', 'src', 'main.ts');
/** nobody:nogroup on Debian and Ubuntu */
const NOBODY = 65534;

let t: TestApp;
let node: ChildProcess;
let out = '';
let base: string;
let host: DaemonProcess;
let root: string;
const dirs: string[] = [];
const site = () => remoteTarget(base);

function tempDir(prefix: string) {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
}

beforeAll(async () => {
  t = await createTestApp();
  // Its own DATA_DIR, writable by nobody only; a PATH with node and nothing else (no gcc, g++, python).
  const dataDir = tempDir('oj-unpriv-data-');
  fs.chownSync(dataDir, NOBODY, NOBODY);
  const bin = tempDir('oj-unpriv-bin-');
  fs.chmodSync(bin, 0o755);
  fs.symlinkSync(process.execPath, path.join(bin, 'node'));
  const env = {
    PATH: bin,
    HOME: dataDir,
    DATA_DIR: dataDir,
    DATABASE_URL: t.database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    OJ_EMBEDDED_JUDGE: '0',
    LOG_LEVEL: 'warn',
  };
  // setpriv by its full path: the child's PATH has only node.
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((f) => fs.existsSync(f)) ?? 'setpriv';
  node = spawn(setpriv, [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', process.execPath, '--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => {
    node.on('exit', resolve);
    node.on('error', (e) => {
      out += String(e);
      resolve(null);
    });
  });
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (d: string) => {
      out += d;
      const m = /Online judge is up at http:\/\/[^:]+:(\d+)\//.exec(out);
      if (m) resolve(Number(m[1]));
    };
    node.stdout!.setEncoding('utf8').on('data', onData);
    node.stderr!.setEncoding('utf8').on('data', onData);
    void exited.then((code) => reject(new Error(`the node exited (${code}) before it was up:\n${out}`)));
  });
  base = `http://127.0.0.1:${port}`;
  // The judge host: root, the sandbox and gcc, on another "machine" (its own cache), talking to the node.
  host = startDaemonProcess([
    '--server',
    base,
    '--token',
    await judgeToken(t),
    '--name',
    'judge-host',
    '--capacity',
    '1',
    '--cache-dir',
    tempDir('oj-unpriv-cache-'),
  ]);
  const login = await client(site()).call('account.login', { body: { username: 'root', password: ROOT_PASSWORD } });
  if (login.status !== 200) throw new Error(`root login on the node: ${login.msg}\n${out}`);
  root = login.headers.authorization as string;
}, 90_000);

afterAll(async () => {
  await host?.stop();
  if (node && node.exitCode === null && node.signalCode === null) {
    const gone = new Promise((r) => node.on('exit', r));
    node.kill('SIGTERM');
    await gone;
  }
  await t?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** POSTs a zip as the multipart field `file` through the node. */
async function uploadZip(url: string, files: Record<string, string>, query: Record<string, string> = {}) {
  const { payload, contentType } = multipart([{ field: 'file', filename: 'upload.zip', content: zip(textEntries(files)) }]);
  return unpack((await site().app.inject({ method: 'POST', url, query, headers: { 'content-type': contentType, authorization: root }, payload })) as never);
}

describe('an API node without root, compilers or cgroups', () => {
  it('runs as nobody and answers the load balancer: ready once the database and migrations are', async () => {
    const status = fs.readFileSync(`/proc/${node.pid}/status`, 'utf8');
    expect(status).toMatch(new RegExp(`^Uid:\\s+${NOBODY}\\s+${NOBODY}\\s+${NOBODY}\\s+${NOBODY}$`, 'm'));
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect(out).not.toMatch(/error/i);
  });

  it('lists problems and takes test data as a zip and problems as an import', async () => {
    const list = await client(site(), root).call('problem.list', { query: { limit: 50 } });
    expect(list.status).toBe(200);
    expect(list.data.total).toBeGreaterThan(0);

    const upload = await uploadZip(
      '/api/file/upload-testcase-zip',
      { '1.in': '1 2\n', '1.out': '3\n', '2.in': '20 22\n', '2.out': '42\n' },
      { mode: 'default' },
    );
    expect(upload.status, upload.msg).toBe(200);
    const body = aPlusBProblemBody(
      'NOBODY1',
      {},
      {
        isUploadTestCase: true,
        uploadTestcaseDir: upload.data.fileListDir,
        samples: [
          { input: '1.in', output: '1.out' },
          { input: '2.in', output: '2.out' },
        ],
      },
    );
    const created = await client(site(), root).call('adminProblem.create', { body: body as never });
    expect(created.status, created.msg).toBe(200);

    const hoj = JSON.stringify({ problem: { problemId: 'NOBODY2', title: 'Imported', judgeMode: 'default' }, samples: [{ input: '1.in', output: '1.out' }] });
    const imported = await uploadZip('/api/file/import-problem', { 'problem_a.json': hoj, 'problem_a/1.in': '5 6\n', 'problem_a/1.out': '11\n' });
    expect(imported.status, imported.msg).toBe(200);
    const found = await client(site(), root).call('problem.list', { query: { keyword: 'NOBODY', limit: 50 } });
    expect(found.data.records.map((p) => p.problemId).sort()).toEqual(['NOBODY1', 'NOBODY2']);
  });

  it('queues a submission that a judge host judges; the verdict is read through the node', { timeout: 90_000 }, async () => {
    // A language is offered once a judge host has said it runs it.
    await host.waitForOutput(/registered with/, 60_000);
    const sub = await client(site(), root).call('submission.submit', { body: { pid: 'NOBODY1', language: 'C', code: taggedC.aPlusB('nobody') } });
    expect(sub.status, sub.msg).toBe(200);
    const id = sub.data.submitId;
    const task = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from judge_task where submit_id = ${id}`);
    expect(task.rows[0]!.n).toBe(1);
    const done = await waitFor(
      'the verdict through the node',
      async () => {
        const r = await client(site(), root).call('submission.detail', { query: { submitId: id } });
        return r.data?.submission.status === JudgeStatus.ACCEPTED ? r.data.submission : null;
      },
      60_000,
      250,
    );
    expect(done.judger).toBe('judge-host');
  });

  it('has a problem checker compiled by the judge host (a judge job), its compiler messages read through the node', { timeout: 60_000 }, async () => {
    await host.waitForOutput(/registered with/, 60_000);
    const spj = (problemId: string, spjCode: string) =>
      client(site(), root).call('adminProblem.create', { body: aPlusBProblemBody(problemId, { judgeMode: 'spj', spjLanguage: 'C', spjCode }) as never });
    const bad = await spj('NOBODY3', COMPILE_ERROR_C);
    expect([bad.status, bad.msg]).toEqual([400, expect.stringContaining('undeclared_name')]);
    const good = await spj('NOBODY4', 'int main(void) { return 0; }\n');
    expect(good.status, good.msg).toBe(200);
  });

  it('queues a test run that the judge host runs; its output is read through the node', { timeout: 60_000 }, async () => {
    const pid = (await client(site(), root).call('problem.list', { query: { keyword: 'NOBODY1', limit: 5 } })).data.records[0]!.pid;
    const run = await client(site(), root).call('testRun.submit', { body: { pid, language: 'C', code: taggedC.aPlusB('test run'), userInput: '30 12\n' } });
    expect(run.status, run.msg).toBe(200);
    const result = await waitFor(
      'the test run result',
      async () => {
        const r = await client(site(), root).call('testRun.result', { query: { testJudgeKey: run.data } });
        return r.data && r.data.status !== JudgeStatus.PENDING && r.data.status !== JudgeStatus.JUDGING ? r.data : null;
      },
      50_000,
      250,
    );
    expect([result.status, result.userOutput.trim()]).toEqual([JudgeStatus.ACCEPTED, '42']);
  });
});
