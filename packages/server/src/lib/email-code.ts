import crypto from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { MAIL_GUARD } from '@oj/shared';
import type { Db } from '../db/client.js';
import { emailCodes } from '../db/schema/index.js';
import { fail } from './errors.js';

export type CodePurpose = 'register' | 'reset' | 'change-email';

/** A fresh 6-digit code (leading zeros kept). */
export const sixDigitCode = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Reset links carry a long random code; only its hash is stored, so a database leak opens no account. */
export const linkCode = () => crypto.randomBytes(24).toString('base64url');
export const hashCode = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

export interface IssueOptions {
  purpose: CodePurpose;
  /** lower-cased */
  email: string;
  uid?: string | null;
  /** What to store: the code, or its hash for link codes. */
  stored: string;
  validSec: number;
  resendSec: number;
  ip: string;
}

/**
 * Records a code about to be mailed, refusing when the same address got one less than `resendSec` ago
 * (MSG.emailCodeWait, data {seconds}) or the IP already triggered too many mails this hour.
 * Serialised per (purpose, email) and per IP with advisory locks (always taken in that order), so two
 * requests — on one node or several — cannot both pass a check: the row is counted before the mail
 * goes out. Returns the row id: delete it if the mail cannot be sent.
 */
export async function issueCode(db: Db, o: IssueOptions): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-code:${o.purpose}:${o.email}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-code-ip:${o.ip}`}))`);
    const now = Date.now();
    const [last] = await tx
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.purpose, o.purpose), eq(emailCodes.email, o.email)))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    if (last) {
      const waitMs = last.createdAt.getTime() + o.resendSec * 1000 - now;
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw fail('emailCodeWait', { seconds }, { seconds });
      }
    }
    const [sent] = await tx
      .select({ n: count() })
      .from(emailCodes)
      .where(and(eq(emailCodes.ip, o.ip), gt(emailCodes.createdAt, new Date(now - 3600_000))));
    if ((sent?.n ?? 0) >= MAIL_GUARD.sendsPerIpPerHour) throw fail('tooManyRequests');
    // Rows past their use (a day beyond expiry, well past the hourly cap's window) are swept here.
    await tx.delete(emailCodes).where(lt(emailCodes.expiresAt, new Date(now - 24 * 3600_000)));
    const [row] = await tx
      .insert(emailCodes)
      .values({
        purpose: o.purpose,
        email: o.email,
        uid: o.uid ?? null,
        code: o.stored,
        ip: o.ip,
        createdAt: new Date(now),
        expiresAt: new Date(now + o.validSec * 1000),
      })
      .returning({ id: emailCodes.id });
    return row!.id;
  });
}

export async function deleteCode(db: Db, id: number) {
  await db.delete(emailCodes).where(eq(emailCodes.id, id));
}

/**
 * Checks a 6-digit code against the newest one sent for (purpose, email[, uid]) and returns its row id
 * (consume it with `consumeCode` in the transaction that acts on it). Every guess is counted before it
 * is compared, in one atomic update, so guesses sent in parallel cannot all be compared: a code gets
 * MAIL_GUARD.codeAttempts comparisons at most, and a wrong last one burns it (10^6 codes cannot be tried).
 */
export async function checkCode(db: Db, purpose: CodePurpose, email: string, code: string, uid?: string): Promise<number> {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.purpose, purpose), eq(emailCodes.email, email), uid ? eq(emailCodes.uid, uid) : undefined))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw fail('emailCodeWrong');
  const [counted] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.usedAt), lt(emailCodes.attempts, MAIL_GUARD.codeAttempts)))
    .returning({ attempts: emailCodes.attempts });
  if (!counted) throw fail('emailCodeWrong');
  const a = Buffer.from(row.code);
  const b = Buffer.from(code);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) {
    if (counted.attempts >= MAIL_GUARD.codeAttempts) await db.update(emailCodes).set({ usedAt: new Date() }).where(eq(emailCodes.id, row.id));
    throw fail('emailCodeWrong');
  }
  return row.id;
}

/** Marks a code used; fails if someone else used it first (two requests racing with one code). */
export async function consumeCode(db: Pick<Db, 'update'>, id: number, failKey: 'emailCodeWrong' | 'resetLinkInvalid' = 'emailCodeWrong') {
  const rows = await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  if (rows.length === 0) throw fail(failKey);
}
