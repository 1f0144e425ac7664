/**
 * `oj judge` as a real process (packages/judge/src/main.ts, what bin/oj runs): configuration from
 * flags and environment, a clear exit on a wrong token, and a judge killed with SIGKILL in the middle
 * of a task — another judge takes the task over once the lease expires and the submission still ends
 * with the right verdict, written once, with one set of case rows.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { countedAPlusBCases, taggedC } from '@oj/test-fixtures';
import { judgeToken } from '../src/lib/secrets.js';
import { createTestApp, type TestApp } from './harness.js';
import { caseRows, createProblem, createSubmitter, submission, submit, taskOf, testQueue } from './judge-helpers.js';
import { finalWrites, listen, recordFinalWrites, startDaemonProcess, tempCacheDir, waitFor, type DaemonProcess } from './daemon-helpers.js';

let t: TestApp;
let url: string;
let token: string;
const daemons: DaemonProcess[] = [];
const dirs: string[] = [];
const LEASE_MS = 2500;

beforeAll(async () => {
  // Polls sweep on every look at the queue, so an expired lease is noticed by the next poll.
  t = await createTestApp({ judgeQueue: testQueue({ leaseMs: LEASE_MS, pollIntervalMs: 100 }) });
  url = await listen(t);
  token = await judgeToken(t);
  await recordFinalWrites(t);
});

afterAll(async () => {
  await Promise.all(daemons.map((d) => d.stop()));
  await t?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function daemon(args: string[], env: Record<string, string> = {}) {
  const cache = tempCacheDir();
  dirs.push(cache);
  const d = startDaemonProcess([...args, '--cache-dir', cache], env);
  daemons.push(d);
  return d;
}

describe('oj judge configuration', () => {
  it('exits non-zero with a clear message when the server refuses the token', async () => {
    const d = daemon(['--server', url, '--token', 'not-the-right-token-at-all', '--name', 'wrong-token']);
    const { code } = await d.exited;
    expect(code).toBe(1);
    expect(d.output()).toMatch(/refused the judge token \(POST \/api\/judge\/register: HTTP 401 Invalid judge token\.\)/);
  });

  it('takes a token that begins with "-" (a generated base64url token may) as the token, not as a usage error', async () => {
    const d = daemon(['--server', url, '--token', '-not-the-right-token-either', '--name', 'dash-token']);
    expect((await d.exited).code).toBe(1);
    expect(d.output()).toMatch(/refused the judge token/);
  });

  it('refuses to judge (exit 1, never registered) when the sandbox cannot isolate', async () => {
    // A runner that cannot set up (here: its state directory cannot be created) refuses with SE.
    const d = daemon(['--server', url, '--token', token, '--name', 'no-sandbox'], { OJ_SANDBOX_STATE_DIR: '/proc/oj-no-such-dir' });
    expect((await d.exited).code).toBe(1);
    expect(d.output()).toMatch(/cannot start: the sandbox cannot isolate programs on this host: cannot create state dir \/proc\/oj-no-such-dir/);
    const rows = await t.database.db.execute(sql`select 1 from judge_server where name = 'no-sandbox'`);
    expect(rows.rows).toEqual([]);
  });

  it('exits with 2 and the usage when the server or token is missing', async () => {
    const d = daemon(['--token', 'x'.repeat(20)], { OJ_SERVER_URL: '', OJ_JUDGE_TOKEN: '' });
    expect((await d.exited).code).toBe(2);
    expect(d.output()).toMatch(/--server \(or OJ_SERVER_URL\) is required/);
    expect(d.output()).toMatch(/usage: oj judge/);
    const bad = daemon(['--server', url, '--token', token, '--capacity', 'lots']);
    expect((await bad.exited).code).toBe(2);
    expect(bad.output()).toMatch(/--capacity must be a positive integer/);
  });
});

describe('a judge killed in the middle of a task', () => {
  it('loses the task to another judge after the lease, and the verdict is still right and written once', { timeout: 120_000 }, async () => {
    const user = await createSubmitter(t);
    // 6 cases × 400 ms of CPU: the victim is surely in the middle of it when it dies.
    const pid = await createProblem(t, { timeLimit: 2000 }, countedAPlusBCases(6, 'failover'));
    const id = await submit(t, { pid, user, language: 'C', code: taggedC.slowAPlusB(400, 'failover') });

    // Server and token from the environment this time.
    const victim = daemon(['--name', 'victim', '--capacity', '1'], { OJ_SERVER_URL: url, OJ_JUDGE_TOKEN: token });
    await victim.waitForOutput(/registered with .* as judge #\d+: 1 worker, \d+ languages/);
    await waitFor(
      'the victim to be judging',
      async () => {
        const s = await submission(t, id);
        return s.status === JudgeStatus.JUDGING && s.judger === 'victim';
      },
      30_000,
      50,
    );
    await new Promise((r) => setTimeout(r, 300));
    victim.child.kill('SIGKILL');
    expect((await victim.exited).signal).toBe('SIGKILL');
    const killedAt = Date.now();
    expect(await caseRows(t, id)).toEqual([]);

    const rescuer = daemon(['--server', url, '--token', token, '--name', 'rescuer', '--capacity', '1']);
    const row = await waitFor(
      'the verdict',
      async () => {
        const s = await submission(t, id);
        return s.status === JudgeStatus.ACCEPTED ? s : null;
      },
      60_000,
    );
    // Not before the victim's lease ran out.
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(LEASE_MS - 700);
    expect(row).toMatchObject({ judger: 'rescuer', status: JudgeStatus.ACCEPTED });
    const cases = await caseRows(t, id);
    expect(cases.map((c) => [c.seq, c.status])).toEqual([1, 2, 3, 4, 5, 6].map((seq) => [seq, JudgeStatus.ACCEPTED]));
    expect(await taskOf(t, id)).toMatchObject({ status: 'done', attempts: 1, lastError: 'judge "victim" stopped answering (lease expired)' });
    expect((await finalWrites(t)).get(id)).toEqual([JudgeStatus.ACCEPTED]);

    // A graceful stop (SIGTERM) ends the daemon with exit code 0.
    await rescuer.stop();
    expect((await rescuer.exited).code).toBe(0);
    expect(rescuer.output()).toMatch(/stopped/);
  });
});
