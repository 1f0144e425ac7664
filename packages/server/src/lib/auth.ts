import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { scopeOfCall, scopesAllow, TIMINGS, type MsgKey } from '@oj/shared';
import type { Database, Db } from '../db/client.js';
import { authSessions, userFlags, users } from '../db/schema/index.js';
import { forbidden, unauthorized } from './errors.js';
import { getSecrets } from './secrets.js';
import { permissionsForRoles } from './role-permissions.js';
import { forgetUserSessions, sessionCacheOf } from './session-cache.js';

/** Who is calling, once the token checked out. */
export interface AuthUser {
  uid: string;
  username: string;
  roles: number[];
  /** Permission codes the roles carry (`role_permission`, as assigned now). */
  permissions: string[];
  /** The auth_session row (= the token's jti). */
  sessionId: string;
}

type AuthResult = { user: AuthUser } | { error: MsgKey; forbidden?: true };

/** Roles allowed into the admin area at all; finer checks are on each admin route. */

/** last_active_at is only rewritten this often, so a busy client does not cost a write per request. */
const ACTIVITY_RESOLUTION_MS = 5 * 60 * 1000;

const pending = new WeakMap<FastifyRequest, Promise<AuthResult>>();
const resolved = new WeakMap<FastifyRequest, AuthUser>();

/** The raw token of a request; a "Bearer " prefix is tolerated although the client sends none. */
export function tokenFrom(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const token = value.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length < 4096 ? token : null;
}

export async function signToken(database: Database, uid: string, sessionId: string, issuedAt: Date, expiresAt: Date) {
  const { jwtKey } = await getSecrets(database);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(uid)
    .setJti(sessionId)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(jwtKey);
}

/** Opens a session row for a user who just proved who they are and puts its token on the reply. */
export async function startSession(req: FastifyRequest, reply: FastifyReply, uid: string): Promise<string> {
  const { database } = req.server.appContext;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + TIMINGS.tokenValidSec * 1000);
  const id = crypto.randomUUID();
  const userAgent = (req.headers['user-agent'] ?? '').slice(0, 255) || null;
  await database.db.insert(authSessions).values({ id, uid, ip: req.ip, userAgent, createdAt: now, lastActiveAt: now, expiresAt });
  const token = await signToken(database, uid, id, now, expiresAt);
  setTokenHeader(reply, token);
  return token;
}

function setTokenHeader(reply: FastifyReply, token: string) {
  reply.header('Authorization', token);
  // Only matters when the web app is served from another origin (dev proxies, CDNs).
  reply.header('Access-Control-Expose-Headers', 'Authorization, Refresh-Token, Url-Type');
}

export async function revokeSession(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)))
    .returning({ uid: authSessions.uid });
  for (const r of rows) forgetUserSessions(r.uid);
  return rows.length > 0;
}

/** After a password change or reset every token of the user stops working, on every node. */
export async function revokeAllSessions(db: Pick<Db, 'update'>, uid: string) {
  // Forgotten before the commit too: this node's next call reads the row again (other nodes hear the trigger).
  forgetUserSessions(uid);
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.uid, uid), isNull(authSessions.revokedAt)));
}

/**
 * The session row and its user, by token id: asked on every authenticated request, so it is a named
 * prepared statement, planned once per pooled connection (bench/discussion.ts: planning it was a third
 * of what a small authenticated call such as msg/unread costs).
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
const prepareSessionQuery = (db: Db) =>
  db
    .select({
      uid: authSessions.uid,
      expiresAt: authSessions.expiresAt,
      revokedAt: authSessions.revokedAt,
      lastActiveAt: authSessions.lastActiveAt,
      username: users.username,
      status: users.status,
      roles: sql<number[]>`coalesce((select array_agg(r.role_id) from user_role r where r.uid = ${users.uid}), '{}')`,
      kind: authSessions.kind,
      scopes: authSessions.scopes,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.uid, authSessions.uid))
    .where(eq(authSessions.id, sql.placeholder('jti')))
    .prepare('auth-session');
function sessionQuery(db: Db) {
  let q = sessionQueries.get(db);
  if (!q) sessionQueries.set(db, (q = prepareSessionQuery(db)));
  return q;
}

interface Claims {
  sub: string;
  jti: string;
  iat: number;
  /** expiry, ms since the epoch */
  exp: number;
}

/**
 * Tokens whose signature checked out, so a client polling with one token pays for the HMAC once. Kept
 * per database: a token is ours only under the signing key of the database that issued it.
 */
const verifiedBy = new WeakMap<Database, Map<string, Claims>>();
const MAX_VERIFIED = 20_000;

/** The claims of a well-signed, unexpired token of ours. */
async function verifiedClaims(database: Database, raw: string): Promise<Claims | { error: MsgKey }> {
  let verified = verifiedBy.get(database);
  if (!verified) verifiedBy.set(database, (verified = new Map()));
  const known = verified.get(raw);
  if (known) {
    if (known.exp > Date.now()) return known;
    verified.delete(raw);
    return { error: 'tokenExpired' };
  }
  const { jwtKey } = await getSecrets(database);
  try {
    const { payload } = await jwtVerify(raw, jwtKey, { algorithms: ['HS256'] });
    const { sub, jti, iat, exp } = payload;
    if (typeof sub !== 'string' || typeof jti !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return { error: 'loginFirst' };
    const claims = { sub, jti, iat, exp: exp * 1000 };
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
    verified.set(raw, claims);
    return claims;
  } catch (err) {
    return { error: err instanceof joseErrors.JWTExpired ? 'tokenExpired' : 'loginFirst' };
  }
}

/** Route options of the read-only routes that also take HTTP Basic with an API token (the CLICS contest API). */
export const apiTokenBasic = { config: { apiTokenBasic: true } };

/**
 * The credentials of a request: a token (our Authorization header), or on a route that opts in
 * (`apiTokenBasic`) HTTP Basic with a username and one of his API tokens as the password, the way
 * contest tools (the ICPC resolver, contest data servers, curl -u) sign in. No other call takes Basic and
 * no answer asks a browser for it, so credentials a browser might keep never ride along on a cross-site call.
 */
export function credentialsFrom(header: string | string[] | undefined, basicAllowed: boolean): { token: string; username: string | null } | null {
  const value = Array.isArray(header) ? header[0] : header;
  const basic = value && /^Basic\s+([A-Za-z0-9+/=]{1,8192})\s*$/i.exec(value);
  if (!basic) {
    const token = tokenFrom(value);
    return token ? { token, username: null } : null;
  }
  if (!basicAllowed) return null;
  const pair = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  const token = pair.slice(colon + 1).trim();
  if (colon < 1 || !token || token.length >= 4096) return null;
  return { token, username: pair.slice(0, colon) };
}

async function authenticate(req: FastifyRequest, reply: FastifyReply): Promise<AuthResult> {
  const credentials = credentialsFrom(req.headers.authorization, req.routeOptions.config?.apiTokenBasic === true);
  if (!credentials) return { error: 'loginFirst' };
  const raw = credentials.token;
  const { database } = req.server.appContext;
  const claims = await verifiedClaims(database, raw);
  if ('error' in claims) return claims;
  const { sub, jti, iat } = claims;

  const row = await sessionCacheOf(database).get(jti, async () => (await sessionQuery(database.db).execute({ jti }))[0]);
  if (!row || row.uid !== sub) return { error: 'loginFirst' };
  const now = Date.now();
  // Disabling revokes every session too: the user is told why, not that the login expired.
  if (row.status === userFlags.disabled) return { error: 'accountDisabled' };
  if (row.revokedAt || row.expiresAt.getTime() <= now) return { error: 'tokenExpired' };
  // Basic takes an API token, of the user it names (a browser's login token stays in the header it came in).
  if (credentials.username !== null && (row.kind !== 'api' || row.username !== credentials.username)) return { error: 'loginFirst' };
  // An API token keeps the expiry its owner chose (never refreshed) and makes only the calls of its scopes.
  const api = row.kind === 'api';
  if (api && !scopesAllow(row.scopes ?? [], scopeOfCall(req.method, (req.routeOptions.url ?? req.url).replace(/^\/api\//, '')))) {
    return { error: 'apiTokenScope', forbidden: true };
  }

  if (!api && now - iat * 1000 >= TIMINGS.tokenRefreshAfterSec * 1000) {
    // Same session row with a later expiry, so logout and admin revocation keep working on the new token.
    const issuedAt = new Date(now);
    const expiresAt = new Date(now + TIMINGS.tokenValidSec * 1000);
    await database.db.update(authSessions).set({ expiresAt, lastActiveAt: issuedAt }).where(eq(authSessions.id, jti));
    row.expiresAt = expiresAt;
    row.lastActiveAt = issuedAt;
    setTokenHeader(reply, await signToken(database, sub, jti, issuedAt, expiresAt));
    reply.header('Refresh-Token', 'true');
  } else if (now - row.lastActiveAt.getTime() > ACTIVITY_RESOLUTION_MS) {
    await database.db
      .update(authSessions)
      .set({ lastActiveAt: new Date(now) })
      .where(eq(authSessions.id, jti));
    row.lastActiveAt = new Date(now);
  }
  const roles = row.roles.map(Number);
  const user: AuthUser = { uid: row.uid, username: row.username, roles, permissions: await permissionsForRoles(database, roles), sessionId: jti };
  resolved.set(req, user);
  return { user };
}

/** Checks the request's token once per request (later calls reuse the answer). */
function authResult(req: FastifyRequest, reply: FastifyReply): Promise<AuthResult> {
  let p = pending.get(req);
  if (!p) {
    p = authenticate(req, reply);
    pending.set(req, p);
  }
  return p;
}

/** The caller if the token is valid, else null: for public calls that only personalise. */
export async function optionalUser(req: FastifyRequest, reply: FastifyReply): Promise<AuthUser | null> {
  const r = await authResult(req, reply);
  return 'user' in r ? r.user : null;
}

/** The caller of a route guarded by requireLogin (or a guard of lib/site-policy.ts). */
export function userOf(req: FastifyRequest): AuthUser {
  const user = resolved.get(req);
  if (!user) throw unauthorized();
  return user;
}

/** preHandler: a valid, unrevoked token of an enabled user, else HTTP 401. */
export async function requireLogin(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const r = await authResult(req, reply);
  if ('error' in r) throw r.forbidden ? forbidden(r.error) : unauthorized(r.error);
}
