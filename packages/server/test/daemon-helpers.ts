/**
 * Real judge daemons against a test app: the app listens on loopback, daemons run in this process
 * (`JudgeDaemon`) or as child processes (`node --import tsx packages/judge/src/main.ts`, what `oj judge`
 * runs), and tests watch the database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { findLanguage, JudgeDaemon, type Logger } from '@oj/judge';
import { judgeToken } from '../src/lib/secrets.js';
import type { TestApp } from './harness.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const DAEMON_MAIN = path.join(REPO_ROOT, 'packages', 'judge', 'src', 'main.ts');

/** Makes the test app listen on 127.0.0.1 (a free port) and returns its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** A logger that keeps the daemon's lines for assertions (and prints nothing). */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const add = (lvl: string) => (m: string) => void lines.push(`${lvl}: ${m}`);
  return { lines, debug: add('debug'), info: add('info'), warn: add('warn'), error: add('error') };
}

export interface TestJudge {
  daemon: JudgeDaemon;
  url: string;
  stop(): Promise<void>;
}

/**
 * A judge daemon in this process for a test app (which then listens), offering C and C++: what an
 * admin action needs to compile checkers and run package programs, which are judge jobs.
 */
export async function startTestJudge(t: TestApp, name: string): Promise<TestJudge> {
  const url = t.app.server.listening ? `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` : await listen(t);
  const cacheDir = tempCacheDir();
  const languages = ['C', 'C++'].map((n) => findLanguage(n)).filter((l) => l !== undefined);
  const daemon = new JudgeDaemon({ server: url, token: await judgeToken(t), name, capacity: 2, cacheDir, pollWaitMs: 5000, log: memoryLogger(), languages });
  await daemon.start();
  return {
    daemon,
    url,
    async stop() {
      await daemon.stop(0);
      fs.rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns something truthy; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

export interface DaemonProcess {
  child: ChildProcess;
  /** stdout + stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves when the output matches (e.g. the "registered" line). */
  waitForOutput(re: RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM (graceful) and wait. */
  stop(): Promise<void>;
}

/**
 * Starts `oj judge` as a child process (what bin/oj runs): flags and environment as given. It offers
 * only C unless `env` says otherwise (the tests submit C): every language is self-tested at start.
 */
export function startDaemonProcess(args: string[], env: Record<string, string> = {}): DaemonProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', DAEMON_MAIN, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', OJ_JUDGE_LANGUAGES: 'C', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => void (out += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => void (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  let done = false;
  void exited.then(() => {
    done = true;
  });
  return {
    child,
    output: () => out,
    exited,
    async waitForOutput(re, timeoutMs = 30_000) {
      await waitFor(`daemon output ${re}`, async () => re.test(out) || (done ? Promise.reject(new Error(`daemon exited:\n${out}`)) : false), timeoutMs, 50);
    },
    async stop() {
      if (!done) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A fresh directory for a daemon's test-data cache. */
export function tempCacheDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'oj-daemon-cache-'));
}

/**
 * Records every write of a final status to a submission (a row in `final_write`), so a test can
 * prove that each submission got its verdict exactly once — not twice by two judges.
 */
export async function recordFinalWrites(t: TestApp) {
  await t.database.db.execute(sql`
    create table if not exists final_write (submit_id int not null, status int not null, at timestamptz not null default clock_timestamp())`);
  await t.database.db.execute(sql`
    create or replace function note_final_write() returns trigger language plpgsql as $$
    begin
      if new.status not in (5, 6, 7) then insert into final_write (submit_id, status) values (new.submit_id, new.status); end if;
      return new;
    end $$`);
  await t.database.db.execute(sql`drop trigger if exists judge_final_write on judge`);
  await t.database.db.execute(sql`create trigger judge_final_write after update on judge for each row execute function note_final_write()`);
}

export async function finalWrites(t: TestApp): Promise<Map<number, number[]>> {
  const res = await t.database.db.execute<{ submit_id: number; status: number }>(sql`select submit_id, status from final_write order by at`);
  const m = new Map<number, number[]>();
  for (const r of res.rows) m.set(r.submit_id, [...(m.get(r.submit_id) ?? []), r.status]);
  return m;
}
