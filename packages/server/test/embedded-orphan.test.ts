/**
 * The real site (`main.ts`, embedded PostgreSQL) in child processes on one temp DATA_DIR:
 * a second site is refused while the first is alive; after the first is SIGKILLed (what the
 * OOM killer does) its PostgreSQL lives on as an orphan, and the next start stops it and comes up
 * with the data intact.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const MAIN = path.join(REPO_ROOT, 'packages', 'server', 'src', 'main.ts');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-orphan-'));
fs.chmodSync(dataDir, 0o755); // as root PostgreSQL runs as "postgres", which must traverse it
const pgDir = path.join(dataDir, 'pg');
const sites: ChildProcess[] = [];

interface Site {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** resolves with the port once "Online judge is up", rejects when the process ends first */
  up: Promise<number>;
}

function startSite(): Site {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', OJ_EMBEDDED_JUDGE: '0', LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  sites.push(child);
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const up = new Promise<number>((resolve, reject) => {
    const onData = (d: string) => {
      out += d;
      const m = /Online judge is up at http:\/\/[^:]+:(\d+)\//.exec(out);
      if (m) resolve(Number(m[1]));
    };
    child.stdout!.setEncoding('utf8').on('data', onData);
    child.stderr!.setEncoding('utf8').on('data', onData);
    void exited.then((code) => reject(new Error(`the site exited (${code}) before it was up:\n${out}`)));
  });
  up.catch(() => {});
  return { child, output: () => out, exited, up };
}

const postmasterPid = () => Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
const zombie = (pid: number) =>
  / [ZX] /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').slice(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').lastIndexOf(')')));
const running = (pid: number) => alive(pid) && !zombie(pid);

async function authInfo(port: number, token: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/get-user-auth-info`, { headers: { authorization: token } });
  return { http: res.status, body: (await res.json()) as { status: number; data: { roles?: unknown } } };
}

afterAll(async () => {
  for (const c of sites) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  // Never leave a PostgreSQL behind, whatever failed above.
  try {
    const pid = postmasterPid();
    if (running(pid)) {
      process.kill(pid, 'SIGQUIT');
      for (let i = 0; i < 100 && running(pid); i++) await new Promise((r) => setTimeout(r, 100));
    }
  } catch {
    /* no postmaster.pid: nothing runs */
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('embedded PostgreSQL and a killed site', () => {
  it('refuses a second live site, then recovers the orphan of a SIGKILLed site with the data intact', async () => {
    const first = startSite();
    const port1 = await first.up;
    const password = fs.readFileSync(path.join(dataDir, 'initial-root-password'), 'utf8').trim();
    const login = await fetch(`http://127.0.0.1:${port1}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password }),
    });
    expect(login.status).toBe(200);
    const token = login.headers.get('authorization')!;
    expect(token).toBeTruthy();
    expect((await authInfo(port1, token)).body.status).toBe(200);

    // A second site on the same DATA_DIR while the first is alive: refused, the first untouched.
    const second = startSite();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Is another site using this DATA_DIR?');
    await expect(second.up).rejects.toThrow();
    expect((await authInfo(port1, token)).body.status).toBe(200);

    // SIGKILL: no exit hook runs, PostgreSQL is orphaned and keeps the data directory.
    const orphan = postmasterPid();
    first.child.kill('SIGKILL');
    await first.exited;
    await new Promise((r) => setTimeout(r, 500));
    expect(running(orphan)).toBe(true);

    const third = startSite();
    const port3 = await third.up;
    expect(third.output()).toContain(`Stopped the embedded PostgreSQL (pid ${orphan}) left running by a site that was killed.`);
    expect(running(orphan)).toBe(false);
    expect(postmasterPid()).not.toBe(orphan);
    // The data is intact: the session written before the kill still logs root in.
    const info = await authInfo(port3, token);
    expect(info).toMatchObject({ http: 200, body: { status: 200 } });

    // A clean stop takes its PostgreSQL with it.
    const pm = postmasterPid();
    third.child.kill('SIGINT');
    await third.exited;
    for (let i = 0; i < 100 && running(pm); i++) await new Promise((r) => setTimeout(r, 100));
    expect(running(pm)).toBe(false);
  }, 240_000);
});
