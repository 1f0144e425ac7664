/**
 * API tokens (settings, "API tokens"): each is an `auth_session` row of kind 'api' and a token signed
 * like a login's, so revocation, a disabled owner, a password change and every node's session cache
 * treat it as they treat a login; it differs in its fixed expiry and its scopes (lib/auth.ts).
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { API_TOKEN_LIMITS, type ApiTokenRow, type ApiTokenScope, type CreatedApiToken, type createApiTokenBody } from '@oj/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authSessions } from '../../db/schema/index.js';
import { type AuthUser, signToken } from '../../lib/auth.js';
import { fail, forbidden, notFound } from '../../lib/errors.js';
import { maySite } from '../../lib/site-policy.js';
import { forgetUserSessions } from '../../lib/session-cache.js';

const live = (uid: string) =>
  and(eq(authSessions.uid, uid), eq(authSessions.kind, 'api'), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`));

type Row = Pick<typeof authSessions.$inferSelect, 'id' | 'name' | 'scopes' | 'createdAt' | 'expiresAt' | 'lastActiveAt'>;

const rowOf = (r: Row): ApiTokenRow => ({
  id: r.id,
  name: r.name ?? '',
  scopes: r.scopes ?? [],
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  lastUsedAt: r.lastActiveAt.toISOString(),
});

const columns = {
  id: authSessions.id,
  name: authSessions.name,
  scopes: authSessions.scopes,
  createdAt: authSessions.createdAt,
  expiresAt: authSessions.expiresAt,
  lastActiveAt: authSessions.lastActiveAt,
};

/** The caller's live tokens, newest first (the tokens themselves are never shown again). */
export async function listApiTokens(ctx: AppContext, user: AuthUser): Promise<ApiTokenRow[]> {
  const rows = await ctx.database.db.select(columns).from(authSessions).where(live(user.uid)).orderBy(desc(authSessions.createdAt));
  return rows.map(rowOf);
}

export async function createApiToken(
  ctx: AppContext,
  user: AuthUser,
  body: z.infer<typeof createApiTokenBody>,
  from: { ip: string; userAgent: string | null },
): Promise<CreatedApiToken> {
  const scopes = body.scopes as ApiTokenScope[];
  // A token never grants more than its owner has: the admin scope only for those who may enter the admin area.
  if (scopes.includes('admin') && !maySite(user, 'administer')) throw forbidden('apiTokenAdminScope');
  const { db } = ctx.database;
  return db.transaction(async (tx) => {
    // One at a time per user, so two requests cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-token:${user.uid}`}))`);
    const [{ n }] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from auth_session where ${live(user.uid)}`)).rows as [{ n: number }];
    if (n >= API_TOKEN_LIMITS.perUser) throw fail('apiTokenTooMany');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + body.days * 86_400_000);
    const id = crypto.randomUUID();
    const [row] = await tx
      .insert(authSessions)
      .values({ id, uid: user.uid, ip: from.ip, userAgent: from.userAgent, createdAt: now, lastActiveAt: now, expiresAt, kind: 'api', name: body.name, scopes })
      .returning(columns);
    const token = await signToken(ctx.database, user.uid, id, now, expiresAt);
    return { token, row: rowOf(row!) };
  });
}

/** Revokes one of the caller's tokens, on every node (the session row's trigger tells them). */
export async function revokeApiToken(ctx: AppContext, user: AuthUser, id: string): Promise<void> {
  const rows = await ctx.database.db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.id, id), eq(authSessions.uid, user.uid), eq(authSessions.kind, 'api'), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  if (!rows.length) throw notFound('apiTokenNotFound');
  forgetUserSessions(user.uid);
}
