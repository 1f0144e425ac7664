import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Role } from '@oj/shared';
import { authSessions, userRoles, users } from '../src/db/schema/index.js';
import { signToken } from '../src/lib/auth.js';
import { sessionCacheOf } from '../src/lib/session-cache.js';
import { hashPassword } from '../src/lib/password.js';
import { openPuzzle } from '../src/lib/puzzle.js';
import { getSecrets } from '../src/lib/secrets.js';
import { client } from './client.js';
import { ROOT_PASSWORD, type TestApp } from './harness.js';
import type { SmtpSink } from './smtp-sink.js';

export interface Call {
  http: number;
  status: number;
  msg: string;
  data: any;
  headers: LightMyRequestResponse['headers'];
  res: LightMyRequestResponse;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Client IP as a proxy on loopback would report it. */
  ip?: string;
}

/** One API call the way the web client makes it; the envelope fields are unpacked. */
export async function call(t: Pick<TestApp, 'app'>, method: InjectOptions['method'], url: string, o: CallOptions = {}): Promise<Call> {
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.token) headers.authorization = o.token;
  if (o.ip) headers['x-forwarded-for'] = o.ip;
  const res = await t.app.inject({ method, url, query: o.query, headers, payload: o.body as InjectOptions['payload'] });
  return unpack(res);
}

/** Unpacks the envelope of an injected response; a non-JSON body leaves the fields undefined. */
export function unpack(res: LightMyRequestResponse): Call {
  let json: any = {};
  try {
    json = res.json();
  } catch {
    json = {};
  }
  return { http: res.statusCode, status: json.status, msg: json.msg, data: json.data, headers: res.headers, res };
}

export const get = (t: TestApp, url: string, o?: CallOptions) => call(t, 'GET', url, o);
export const post = (t: Pick<TestApp, 'app'>, url: string, body?: unknown, o: CallOptions = {}) => call(t, 'POST', url, { ...o, body: body ?? {} });
export const put = (t: TestApp, url: string, body?: unknown, o: CallOptions = {}) => call(t, 'PUT', url, { ...o, body: body ?? {} });
export const del = (t: TestApp, url: string, o?: CallOptions) => call(t, 'DELETE', url, o);

/** Creates an account directly in the database (fast path for tests that are not about registering). */
export async function createUser(t: TestApp, o: { username: string; password?: string; email?: string; roles?: number[]; status?: number }): Promise<string> {
  const uid = crypto.randomUUID();
  await t.database.db.insert(users).values({
    uid,
    username: o.username,
    password: await hashPassword(o.password ?? 'password1'),
    email: o.email ?? `${o.username.toLowerCase()}@example.com`,
    status: o.status ?? 0,
  });
  for (const roleId of o.roles ?? [Role.USER]) await t.database.db.insert(userRoles).values({ uid, roleId });
  return uid;
}

/** Logs in and returns the token; fails the test if login does not succeed. */
export async function login(t: TestApp, username: string, password = 'password1', ip?: string): Promise<string> {
  const r = await client(t).call('account.login', { body: { username, password } }, { ip });
  if (r.status !== 200) throw new Error(`login of ${username} failed: ${r.msg}`);
  return r.headers.authorization as string;
}

export const rootToken = (t: TestApp) => login(t, 'root', ROOT_PASSWORD);

/** The uid of an existing account (e.g. root or one made with createUser). */
export async function uidOf(t: TestApp, username: string): Promise<string> {
  const [row] = await t.database.db.select({ uid: users.uid }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.uid;
}

/** Call options with a query string made of the given values (numbers written out as text). */
export const q = (o: Record<string, string | number>): { query: Record<string, string> } => ({
  query: Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)])),
});

/** Points the site's SMTP settings at the sink through the admin API, as an administrator would. */
export async function useSmtpSink(t: TestApp, sink: SmtpSink, extra: Record<string, unknown> = {}) {
  const token = await rootToken(t);
  const r = await client(t, token).call('admin.setEmailConfig', {
    body: { host: '127.0.0.1', port: sink.port, secure: false, username: '', password: '', from: 'judge@oj.test', ...extra },
  });
  if (r.status !== 200) throw new Error(`set-email-config failed: ${r.msg}`);
}

export async function setWebsite(t: TestApp, value: Record<string, unknown>) {
  const r = await client(t, await rootToken(t)).call('admin.setWebConfig', { body: value });
  if (r.status !== 200) throw new Error(`set-web-config failed: ${r.msg}`);
}

/** Opens a sealed puzzle challenge with the server's key (the client cannot: the key never leaves the server). */
export async function puzzleAnswer(t: TestApp, token: string): Promise<number> {
  const { puzzleKey } = await getSecrets(t.database);
  const secret = openPuzzle(puzzleKey, token);
  if (!secret) throw new Error('puzzle token does not open');
  return secret.x;
}

/**
 * Waits until the app has heard of every change committed so far: a test that writes sessions, users or
 * roles straight into the database is another node as far as the app's session cache is concerned.
 */
export const settled = (t: TestApp) => sessionCacheOf(t.database).settled();

/** A token for an existing session as if it had been issued `ageSec` seconds ago. */
export async function agedToken(t: TestApp, sessionToken: string, ageSec: number): Promise<string> {
  const [, payload] = sessionToken.split('.');
  const { sub, jti } = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { sub: string; jti: string };
  const issued = new Date(Date.now() - ageSec * 1000);
  const expires = new Date(issued.getTime() + 24 * 3600 * 1000);
  await t.database.db.update(authSessions).set({ createdAt: issued, expiresAt: expires }).where(eq(authSessions.id, jti));
  await settled(t);
  return signToken(t.database, sub, jti, issued, expires);
}

export const sessionIdOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { jti: string }).jti;

/** Moves every timestamp of a table column back by `sec` seconds. */
export async function shiftBack(t: TestApp, table: string, column: string, sec: number, where = 'true') {
  await t.database.db.execute(sql.raw(`update ${table} set ${column} = ${column} - interval '${sec} seconds' where ${where}`));
}
