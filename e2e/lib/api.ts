/**
 * Calls to the real server for test setup, the way a client or an admin makes them. Shared by every
 * e2e file: they run one after another against one server, so nothing here may leave a site setting
 * changed for the next file.
 */
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { A_PLUS_B_CASES, aPlusBProblemBody } from '@oj/test-fixtures';
import { baseUrl, waitForMail } from './browser.js';
import { ROOT_PASSWORD } from './global-setup.js';
import { timed } from './timing.js';

export interface Envelope<T = any> {
  status: number;
  msg: string;
  data: T;
}

export interface User {
  username: string;
  password: string;
  email?: string;
}

export interface ApiAnswer<T> extends Envelope<T> {
  /** the Authorization header of the answer (a login's token) */
  token: string | null;
  http: number;
}

/** One call: JSON body or none, the token when given, `Url-Type: admin` on admin paths. */
export async function api<T = any>(
  method: string,
  path: string,
  o: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const url = path.startsWith('/') ? path : `/api/${path}`;
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: {
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(o.token ? { authorization: o.token } : {}),
      ...(url.startsWith('/api/admin') ? { 'url-type': 'admin' } : {}),
      ...o.headers,
    },
    body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
  });
  const env = (await res.json()) as Envelope<T>;
  return { ...env, token: res.headers.get('authorization'), http: res.status };
}

/** Like `api`, but fails the test unless the envelope says 200. */
export async function apiOk<T = any>(method: string, path: string, o: Parameters<typeof api>[2] = {}): Promise<T> {
  const r = await api<T>(method, path, o);
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.http} ${r.status} ${r.msg}`);
  return r.data;
}

export async function loginToken(u: User, admin = false): Promise<string> {
  const r = await api('POST', admin ? '/api/admin/login' : '/api/login', { body: { username: u.username, password: u.password } });
  if (!r.token) throw new Error(`login ${u.username}: ${r.msg}`);
  return r.token;
}

export const rootUser: User = { username: 'root', password: ROOT_PASSWORD };
export const rootToken = () => loginToken(rootUser, true);

/** A login as the app keeps it: the token and the user info the login answered with. */
export interface Session {
  token: string;
  data: unknown;
}

/** Logs in through the API and returns the session the web app would store. */
export async function loginSession(u: User): Promise<Session> {
  const r = await api('POST', '/api/login', { body: { username: u.username, password: u.password } });
  if (r.status !== 200 || !r.token) throw new Error(`login ${u.username}: ${r.msg}`);
  return { token: r.token, data: r.data };
}

// ---------------------------------------------------------------------------------------------
// Problems and contests made through the admin API

// The A + B programs and cases are the shared test fixtures (also used by the server tests and the bench).
export { AC_C, AC_CPP, A_PLUS_B_CASES, WA_C, WA_CPP } from '@oj/test-fixtures';

/**
 * Makes an A + B problem through the admin API (statement, two cases, no tag) with the given problem
 * fields (problemId and title at least; type 0 = ACM, 1 = OI) and returns its internal id.
 */
export async function createProblem(
  token: string,
  problem: { problemId: string; title: string } & Record<string, unknown>,
  o: { samples?: { input: string; output: string; score?: number; groupNum?: number }[]; tags?: { name: string }[] } = {},
): Promise<number> {
  const created = await apiOk<{ pid: number }>('POST', '/api/admin/problem', {
    token,
    body: aPlusBProblemBody(
      problem.problemId,
      { description: 'Read $a$ and $b$, print $a + b$.', output: 'a + b', examples: [{ input: '1 2\n', output: '3\n' }], ...problem },
      { samples: o.samples ?? A_PLUS_B_CASES, tags: o.tags ?? [] },
    ),
  });
  return created.pid;
}

const isoIn = (minFromNow: number) => new Date(Date.now() + minFromNow * 60_000).toISOString();

/**
 * Makes a contest through the admin API (public ACM, started 30 minutes ago, ending in two hours,
 * unless `o` says otherwise) and adds bank problems as [pid, displayId, balloon colour?]; returns its id.
 */
export async function createContest(token: string, o: Record<string, unknown>, problems: [number, string, string?][] = []): Promise<number> {
  const c = await apiOk<{ id: number }>('POST', '/api/admin/contest', {
    token,
    body: { title: 'E2E contest', description: 'An e2e contest.', startTime: isoIn(-30), endTime: isoIn(120), type: 0, auth: 0, ...o },
  });
  for (const [pid, displayId, color] of problems) {
    await apiOk('POST', '/api/admin/contest/add-problem-from-public', { token, body: { cid: c.id, pid, displayId, ...(color ? { color } : {}) } });
  }
  return c.id;
}

/**
 * Changes fields of a contest (times, the seal) the way the admin edit form does: the contest as the
 * admin API gives it, sent back whole with the changes. Dates are sent as ISO text. Returns it as stored.
 */
export async function updateContest(token: string, cid: number, changes: Record<string, unknown>) {
  const c = await apiOk('GET', `/api/admin/contest?cid=${cid}`, { token });
  const body = { ...c, ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])) };
  await apiOk('PUT', '/api/admin/contest', { token, body });
  return apiOk('GET', `/api/admin/contest?cid=${cid}`, { token });
}

let fakeIp = 0;
/**
 * Registers a user with the code the server mails, as a visitor does. Each registration comes
 * "through the proxy" from an address of its own (the server trusts X-Forwarded-For from loopback),
 * so test setup never uses up the hourly mail allowance of 127.0.0.1 that the browser tests need.
 */
export async function registerUser(u: User): Promise<string> {
  const email = u.email ?? `${u.username}@example.com`;
  fakeIp += 1;
  const headers = { 'x-forwarded-for': `10.${process.pid % 250}.${Math.floor(fakeIp / 250)}.${(fakeIp % 250) + 1}` };
  const sent = await api('GET', `get-register-code?email=${encodeURIComponent(email)}`, { headers });
  if (sent.status !== 200) throw new Error(`register code for ${email}: ${sent.msg}`);
  const code = /\b(\d{6})\b/.exec(await waitForMail(email))?.[1];
  const reg = await api('POST', 'register', { body: { username: u.username, password: u.password, email, code }, headers });
  if (reg.status !== 200) throw new Error(`register ${u.username}: ${reg.msg}`);
  return loginToken(u);
}

let signIns = 0;

/**
 * Logs in without the login form, for the tests that are about something else: the login call goes to
 * the API with the browser's own user agent (so the server's session list names the browser, as after a
 * form login), and the page's context stores the answer the way the app does after a login. It is
 * stored once, at the context's next page load, so a later logout in the test stays a logout. With
 * `at`, that page is opened and the logged-in top bar (or the admin dashboard) awaited; without it the
 * caller's next `goto` does the loading. The login dialog and admin form have tests of their own.
 */
export function signIn(page: Page, u: User, o: { at?: string; admin?: boolean } = {}) {
  return timed('api login', async () => {
    const userAgent = await page.evaluate(() => navigator.userAgent);
    const r = await api('POST', o.admin ? '/api/admin/login' : '/api/login', {
      body: { username: u.username, password: u.password },
      headers: { 'user-agent': userAgent },
    });
    if (r.status !== 200 || !r.token) throw new Error(`login ${u.username}: ${r.msg}`);
    const id = `${process.pid}-${++signIns}`;
    await page.context().addInitScript(
      ([id, token, info]) => {
        try {
          // each login is written once per context: later loads keep whatever the test did since (a logout)
          const done: string[] = JSON.parse(localStorage.getItem('e2e-sign-ins') ?? '[]');
          if (done.includes(id!)) return;
          localStorage.setItem('e2e-sign-ins', JSON.stringify([...done, id]));
          localStorage.setItem('token', token!);
          localStorage.setItem('userInfo', info!);
        } catch {
          /* about:blank has no storage: the next real page load writes it */
        }
      },
      [id, r.token, JSON.stringify(r.data)],
    );
    if (!o.at) return;
    await page.goto(o.at);
    await (o.admin ? page.getByTestId('admin-dashboard') : page.getByTestId('user-menu')).waitFor();
  });
}

/** Logs in through the login dialog of the top bar, on `from` (null: on the page already open). */
export function loginInBrowser(page: Page, u: User, from: string | null = '/home') {
  return timed('ui login', () => loginInDialog(page, u, from));
}

async function loginInDialog(page: Page, u: User, from: string | null) {
  if (from) await page.goto(from);
  // A click that lands while the top bar is still settling (the layout is chosen from the viewport
  // width after the first paint) can miss the dialog: ask again rather than wait for ever.
  for (let attempt = 0; ; attempt++) {
    await page.getByTestId('btn-login').first().click();
    try {
      await page.getByTestId('login-username').waitFor({ timeout: 5000 });
      break;
    } catch (err) {
      if (attempt >= 2) throw err;
    }
  }
  await page.getByTestId('login-username').fill(u.username);
  await page.getByTestId('login-password').fill(u.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

/** Logs in on the admin login page and waits for the dashboard. */
export function adminLoginInBrowser(page: Page, u: User = rootUser) {
  return timed('ui login', () => adminLoginForm(page, u));
}

async function adminLoginForm(page: Page, u: User) {
  await page.goto('/admin/login');
  await page.getByTestId('admin-login-username').fill(u.username);
  await page.getByTestId('admin-login-password').fill(u.password);
  await page.getByTestId('admin-login-submit').click();
  await page.waitForURL('**/admin/dashboard');
  await page.getByTestId('admin-dashboard').waitFor();
}

/** Waits until the in-process judge has given the submission a final status, and returns it. */
export function waitVerdict(submitId: number, token: string, timeoutMs = 60_000): Promise<number> {
  return timed('verdict wait', () => pollVerdict(submitId, token, timeoutMs));
}

async function pollVerdict(submitId: number, token: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const r = await api('GET', `get-submission-detail?submitId=${submitId}`, { token });
    const s = r.data?.submission?.status as number;
    if (![5, 6, 7, 9].includes(s)) return s;
    await new Promise((res) => setTimeout(res, 300));
  }
  throw new Error(`no verdict for ${submitId}`);
}

const crc32 = (buf: Buffer) => {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
};

/** A real zip (deflate) built here, so uploads carry a genuine archive. */
export function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const packed = zlib.deflateRawSync(data);
    const nameBuf = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, packed);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** A 1x1 PNG, so image uploads get a real image. */
export function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const idat = zlib.deflateSync(Buffer.from([0, 255, 0, 0]));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}
