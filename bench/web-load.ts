/**
 * First load of the web app in Chromium: how many JavaScript files a new visitor's browser fetches for
 * /home and for a problem page (KaTeX statement + code editor), and how many bytes go over the wire.
 *
 *   npm run build -w @oj/web && npx tsx bench/web-load.ts [ROUNDS = 3]
 *
 * How: an embedded PostgreSQL in a temporary directory, migrated and seeded like a fresh site with the
 * demo problems (`runBench`); the real `buildApp` serving the built SPA from packages/web/dist (or
 * OJ_WEB_DIST) in a child process; Debian's headless Chromium (CHROMIUM_PATH) through playwright-core.
 * Each round opens a new browser context (empty cache, cache disabled over CDP), loads the page at
 * 1280 × 800, waits until its content is there and the network has been quiet for a second, and sums
 * what the Network domain reported per request: `encodedDataLength` of loadingFinished (bytes on the
 * wire: headers + the body as sent, compressed or not) and the decoded body size. The problem page is
 * opened logged in as root (it needs a login), the home page as a visitor. Nothing is clicked or
 * scrolled: widgets below the fold count only if they load without being seen.
 *
 * BENCH_LIST=1 lists every script of the last load instead of the largest eight.
 *
 * Target: /home ≤ 200 KB of compressed JS in ≤ 25 JS requests (e2e/tests/first-load.test.ts
 * holds the reached budget).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, CDPSession } from 'playwright-core';
import { chromiumPath, launchChromium } from '../e2e/lib/chromium.js';
import { connect } from '../packages/server/src/db/client.js';
import { seedProblems } from '../packages/server/src/seed-problems.js';
import { BENCH_ROOT_PASSWORD, benchServerConfig, median, runBench, type BenchServer } from './lib/server-load.js';

const ROUNDS = Number(process.argv[2] ?? 3);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.resolve(process.env.OJ_WEB_DIST ?? path.join(repo, 'packages/web/dist'));

interface Transfer {
  url: string;
  type: string;
  /** bytes on the wire (headers + body as sent) */
  wire: number;
  /** body after decoding */
  decoded: number;
  encoding: string;
}

interface PageLoad {
  transfers: Transfer[];
  /** ms from navigation to the content being shown */
  shownMs: number;
}

/** One cold load of `url` in a fresh context; `ready` is a selector that says the content is shown. */
async function loadOnce(browser: Browser, base: string, url: string, ready: string, session?: Session): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', baseURL: base });
  // Logged in the way the app keeps a login (as e2e/lib/ui.ts useSession does).
  if (session) {
    const set = (k: string, v: string) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)});`;
    await context.addInitScript(set('token', session.token) + set('userInfo', JSON.stringify(session.data)));
  }
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = new Map<string, Transfer>();
  cdp.on('Network.responseReceived', (e) => {
    const enc = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '';
    seen.set(e.requestId, { url: e.response.url, type: e.type, wire: 0, decoded: 0, encoding: enc });
  });
  cdp.on('Network.dataReceived', (e) => {
    const t = seen.get(e.requestId);
    if (t) t.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = seen.get(e.requestId);
    if (t) t.wire = e.encodedDataLength;
  });
  const t0 = Date.now();
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  const shownMs = Date.now() - t0;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
  await context.close();
  return { transfers: [...seen.values()], shownMs };
}

const kb = (n: number) => (n / 1024).toFixed(1);
const isJs = (t: Transfer) => /\.m?js(\?|$)/.test(new URL(t.url).pathname);
const isCss = (t: Transfer) => new URL(t.url).pathname.endsWith('.css');

function summary(name: string, loads: PageLoad[]) {
  const figures = loads.map((l) => {
    const js = l.transfers.filter(isJs);
    const css = l.transfers.filter(isCss);
    return {
      jsCount: js.length,
      jsWire: js.reduce((s, t) => s + t.wire, 0),
      jsDecoded: js.reduce((s, t) => s + t.decoded, 0),
      cssWire: css.reduce((s, t) => s + t.wire, 0),
      all: l.transfers.length,
      allWire: l.transfers.reduce((s, t) => s + t.wire, 0),
      encodings: [...new Set(js.map((t) => t.encoding || 'identity'))].join('+'),
      shownMs: l.shownMs,
    };
  });
  const m = (f: (x: (typeof figures)[number]) => number) => median(figures.map(f));
  return {
    page: name,
    'JS requests': m((f) => f.jsCount),
    'JS KB on the wire': kb(m((f) => f.jsWire)),
    'JS KB decoded': kb(m((f) => f.jsDecoded)),
    'JS encoding': figures[0]!.encodings,
    'CSS KB on the wire': kb(m((f) => f.cssWire)),
    'all requests': m((f) => f.all),
    'all KB on the wire': kb(m((f) => f.allWire)),
    'shown after ms': m((f) => f.shownMs),
  };
}

/** The largest scripts of one load, to see what is in a first load. */
function largest(load: PageLoad, n = process.env.BENCH_LIST ? Infinity : 8) {
  return load.transfers
    .filter(isJs)
    .sort((a, b) => b.decoded - a.decoded)
    .slice(0, n)
    .map((t) => `${path.basename(new URL(t.url).pathname)} ${kb(t.wire)} KB wire / ${kb(t.decoded)} KB`);
}

interface Session {
  token: string;
  data: unknown;
}

async function rootSession(base: string): Promise<Session> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: BENCH_ROOT_PASSWORD }),
  });
  const token = res.headers.get('authorization');
  if (!token) throw new Error(`root login failed (HTTP ${res.status})`);
  return { token, data: ((await res.json()) as { data: unknown }).data };
}

async function measure(server: BenchServer) {
  const base = `http://127.0.0.1:${server.port}`;
  const session = await rootSession(base);
  const browser = await launchChromium();
  try {
    const pages = [
      { name: '/home (visitor)', url: '/home', ready: '[data-testid="announcements"]', token: undefined },
      { name: '/problem/P1000 (root)', url: '/problem/P1000', ready: '.katex', token: session },
    ];
    const rows = [];
    for (const p of pages) {
      const loads: PageLoad[] = [];
      for (let i = 0; i < ROUNDS; i++) loads.push(await loadOnce(browser, base, p.url, p.ready, p.token));
      rows.push(summary(p.name, loads));
      console.log(`\n${p.name}, largest scripts of the last load:\n  ${largest(loads.at(-1)!).join('\n  ')}`);
    }
    console.log();
    console.table(rows);
    const home = rows[0]!;
    console.log(`/home: ${home['JS requests']} JS requests (target ≤ 25), ${home['JS KB on the wire']} KB of JS on the wire (target ≤ 200 KB).`);
  } finally {
    await browser.close();
  }
}

runBench({
  scriptUrl: import.meta.url,
  prefix: 'oj-bench-web-',
  webDist,
  header: () => {
    if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`no built web app in ${webDist}: run npm run build -w @oj/web first`);
    return `web first load: ${webDist}, ${ROUNDS} cold loads per page (median), Chromium ${chromiumPath()}`;
  },
  async prepare(site) {
    const database = connect(site.url, 2);
    try {
      await seedProblems({ config: benchServerConfig(site.dataDir, site.url), database });
    } finally {
      await database.close();
    }
  },
  measure: (server) => measure(server),
});
