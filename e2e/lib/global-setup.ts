import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startCodeforcesFixture, type ApiRun, type CodeforcesFixture } from '../../packages/judge/test/remote/fixtures/codeforces.js';
import { startMailSink } from './mail-sink.js';
import { E2E_WORKERS } from './workers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ROOT_PASSWORD = 'e2e-root-password';

/** One running site: what a test file needs to reach it. */
export interface E2eSite {
  baseUrl: string;
  mailUrl: string;
  dataDir: string;
  /**
   * the stand-in for Codeforces this site's judge submits to (no internet here); `POST /__e2e/refuse-next`
   * makes it refuse submissions, `POST /__e2e/take-again` take them again, `POST /__e2e/api-run` (one ApiRun
   * as JSON) adds a run its public API lists (a run a user links)
   */
  codeforcesUrl: string;
}

/** What teardown must stop for a site, filled in as the site comes up. */
interface Running {
  server?: ChildProcess;
  sink?: Awaited<ReturnType<typeof startMailSink>>;
  codeforces?: CodeforcesFixture;
  dataDir?: string;
}

const running: Running[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not come up at ${url}`);
}

async function waitForLanguages(baseUrl: string, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/languages`);
    const body = (await res.json()) as { data?: unknown[] };
    if (Array.isArray(body.data) && body.data.length > 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the built-in judge registered no languages');
}

/**
 * The whole site as a user gets it from `npm start` (real server, embedded PostgreSQL, built SPA), once
 * per worker: a test file uses its worker's site (`site()` in browser.ts), so a global switch one file
 * sets never shows in the file running beside it.
 */
export async function setup(project: TestProject) {
  try {
    // OJ_E2E_WEB_DIST lets parallel work build the SPA into a folder of its own.
    const webDist = process.env.OJ_E2E_WEB_DIST ?? path.join(root, 'packages/web/dist');
    if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('build the web app first (npm run build -w @oj/web)');
    const sites = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startSite(webDist)));
    project.provide('sites', sites);
  } catch (err) {
    await teardown();
    throw err;
  }
}

async function startSite(webDist: string): Promise<E2eSite> {
  const r: Running = {};
  running.push(r);
  // A mail sink per site: a test counting the mails to an address sees only its own site's.
  const sink = await startMailSink();
  r.sink = sink;
  // Remote judging goes to a Codeforces of the site's own, whose account `tourist` logs in with `right-password`.
  const codeforces = await startCodeforcesFixture();
  r.codeforces = codeforces;
  codeforces.site.on('POST', '/__e2e/refuse-next', () => {
    codeforces.state.refusal = { field: 'source', text: 'You have submitted exactly the same code before' };
    return { body: 'ok' };
  });
  // The refusal stays until this: submissions are taken again (a resubmit after a refusal).
  codeforces.site.on('POST', '/__e2e/take-again', () => {
    codeforces.state.refusal = null;
    return { body: 'ok' };
  });
  // A run a user made on Codeforces himself (JSON body: one ApiRun), listed from now on by the public API's
  // contest.status: what the judge looks in when a user links his run by its id.
  codeforces.site.on('POST', '/__e2e/api-run', (r) => {
    codeforces.state.apiRuns.push(r.json as ApiRun);
    return { body: 'ok' };
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-e2e-'));
  r.dataDir = dataDir;
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  r.server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      OJ_BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      OJ_ROOT_PASSWORD: ROOT_PASSWORD,
      OJ_WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      // The tests find demo content by its English titles (the default demo language is zh-CN).
      OJ_DEMO_LANG: 'en-US',
      // Server caches live a second here (a minute on a real site for rank lists and the home ranking):
      // a test reloads until new data shows instead of waiting a cache out (server/lib/cache-lifetime.ts).
      OJ_CACHE_TTL_MS: '1000',
      // Cheaper password hashes: the suite makes and logs in hundreds of accounts (lib/password.ts).
      OJ_PASSWORD_COST: '1024',
      // The built-in judge serves Codeforces only, at the fixture's address (the other sites are not reachable here).
      OJ_REMOTE_JUDGE: 'CF',
      OJ_REMOTE_URL_CF: codeforces.site.baseUrl,
    },
    stdio: ['ignore', log, log],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/get-website-config`, 90_000);
  // HTTP comes up before the built-in judge has probed its compilers and registered the languages
  // (slow on a cold machine): tests submit from their first line, so wait for the judge as well.
  await waitForLanguages(baseUrl, 120_000);

  // Mail goes to the loopback SMTP sink, configured the way an admin would: through the admin API.
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }),
  });
  const token = login.headers.get('authorization');
  if (!token) throw new Error(`root login failed: ${await login.text()}`);
  const smtp = await fetch(`${baseUrl}/api/admin/config/set-email-config`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: token, 'url-type': 'admin' },
    body: JSON.stringify({ host: '127.0.0.1', port: sink.smtpPort, secure: false, username: '', password: '', from: 'judge@example.com' }),
  });
  const body = (await smtp.json()) as { status: number; msg: string };
  if (body.status !== 200) throw new Error(`configuring SMTP failed: ${body.msg}`);

  return { baseUrl, mailUrl: sink.httpUrl, dataDir, codeforcesUrl: codeforces.site.baseUrl };
}

export async function teardown() {
  await Promise.all(running.splice(0).map(stopSite));
}

async function stopSite({ server, sink, codeforces, dataDir }: Running) {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGINT');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
    clearTimeout(timer); // a pending timer would keep vitest from exiting
  }
  await sink?.close();
  await codeforces?.site.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** one site per worker, in pool order */
    sites: E2eSite[];
  }
}
