import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailConfig, EmailConfigBody, Page, SessionInfo, WebConfigBody, WebsiteConfig } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { authSessions, users } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import { revokeSession } from '../../lib/auth.js';
import { notFound } from '../../lib/errors.js';
import { sendMail } from '../../lib/mail.js';
import type { UiLanguage } from '@oj/shared';
import { mailTexts } from '../../lib/mail-texts.js';
import { getSetting, putSetting, type SmtpConfig } from '../../lib/site-config.js';

export async function listSessions(ctx: AppContext, q: { currentPage: number; limit: number; uid?: string; username?: string }): Promise<Page<SessionInfo>> {
  const { db } = ctx.database;
  const where = and(q.uid ? eq(authSessions.uid, q.uid) : undefined, q.username ? sql`lower(${users.username}) = lower(${q.username})` : undefined);
  const { records: rows, total } = await pageOf(
    db
      .select({
        id: authSessions.id,
        uid: authSessions.uid,
        username: users.username,
        ip: authSessions.ip,
        userAgent: authSessions.userAgent,
        createdAt: authSessions.createdAt,
        lastActiveAt: authSessions.lastActiveAt,
        expiresAt: authSessions.expiresAt,
        revokedAt: authSessions.revokedAt,
        kind: authSessions.kind,
        name: authSessions.name,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.uid, authSessions.uid))
      .where(where)
      .orderBy(desc(authSessions.createdAt), desc(authSessions.id))
      .limit(q.limit)
      .offset(pageOffset(q.currentPage, q.limit)),
    db.select({ n: count() }).from(authSessions).innerJoin(users, eq(users.uid, authSessions.uid)).where(where),
  );
  const now = Date.now();
  return {
    records: rows.map(({ kind, name, ...r }) => ({
      ...r,
      apiToken: kind === 'api' ? (name ?? '') : null,
      createdAt: r.createdAt.toISOString(),
      lastActiveAt: r.lastActiveAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      revokedAt: r.revokedAt?.toISOString() ?? null,
      active: !r.revokedAt && r.expiresAt.getTime() > now,
    })),
    total,
  };
}

export function setWebConfig(ctx: AppContext, body: WebConfigBody): Promise<WebsiteConfig> {
  return putSetting(ctx.database.db, 'website', body);
}

const publicSmtp = ({ password, ...rest }: SmtpConfig): EmailConfig => ({ ...rest, hasPassword: password.length > 0 });

export async function getEmailConfig(ctx: AppContext): Promise<EmailConfig> {
  return publicSmtp(await getSetting(ctx.database.db, 'smtp'));
}

/** A blank password keeps the stored one: the form never receives it, so it cannot send it back. */
export async function setEmailConfig(ctx: AppContext, body: EmailConfigBody): Promise<EmailConfig> {
  const { password, ...rest } = body;
  const value: Partial<SmtpConfig> = password ? { ...rest, password } : rest;
  return publicSmtp(await putSetting(ctx.database.db, 'smtp', value));
}

/** Written in the language of the admin who asks for it (he is the one reading it). */
export async function sendTestEmail(ctx: AppContext, log: FastifyBaseLogger, to: string, lang: UiLanguage) {
  const website = await getSetting(ctx.database.db, 'website');
  await sendMail(ctx, { to, lang, ...mailTexts(lang).test(website) }, log);
}

/** Revoking twice is fine; only an unknown id is an error. */
export async function revokeSessionById(ctx: AppContext, id: string) {
  const { db } = ctx.database;
  const [row] = await db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.id, id));
  if (!row) throw notFound();
  await revokeSession(db, id);
}
