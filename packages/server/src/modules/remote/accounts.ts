/**
 * The remote judges' account pool as the super admin manages it: add, rename, set a new password,
 * remove, and see each account's state (free, busy, failing and why). A password is sealed on its way
 * in and never answered; a changed account starts over (free, its old session and error forgotten).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { RemoteAccountAddBody, RemoteAccountRow, RemoteAccountUpdateBody, RemoteOj } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { remoteAccounts } from '../../db/schema/index.js';
import { fail, notFound } from '../../lib/errors.js';
import { getSecrets, sealText } from '../../lib/secrets.js';

type AccountRecord = typeof remoteAccounts.$inferSelect;

/** The columns an answer may carry: never the sealed password or session. */
const shown = {
  id: remoteAccounts.id,
  oj: remoteAccounts.oj,
  username: remoteAccounts.username,
  state: remoteAccounts.state,
  lastError: remoteAccounts.lastError,
  lastUsedAt: remoteAccounts.lastUsedAt,
  createdAt: remoteAccounts.createdAt,
};

const toRow = (r: Pick<AccountRecord, keyof typeof shown>): RemoteAccountRow => ({
  id: r.id,
  oj: r.oj as RemoteOj,
  username: r.username,
  state: r.state,
  lastError: r.lastError,
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export async function listAccounts(ctx: AppContext, oj?: RemoteOj): Promise<RemoteAccountRow[]> {
  const rows = await ctx.database.db
    .select(shown)
    .from(remoteAccounts)
    .where(oj ? eq(remoteAccounts.oj, oj) : undefined)
    .orderBy(asc(remoteAccounts.oj), asc(remoteAccounts.id));
  return rows.map(toRow);
}

const taken = (oj: string, username: string) => fail('remoteAccountExists', { oj, username });

export async function addAccount(ctx: AppContext, body: RemoteAccountAddBody): Promise<RemoteAccountRow> {
  const { remoteKey } = await getSecrets(ctx.database);
  try {
    const [row] = await ctx.database.db
      .insert(remoteAccounts)
      .values({ oj: body.oj, username: body.username, passwordSealed: sealText(remoteKey, body.password) })
      .returning(shown);
    return toRow(row!);
  } catch (e) {
    if (isUniqueViolation(e)) throw taken(body.oj, body.username);
    throw e;
  }
}

export async function updateAccount(ctx: AppContext, body: RemoteAccountUpdateBody): Promise<RemoteAccountRow> {
  const { remoteKey } = await getSecrets(ctx.database);
  const { db } = ctx.database;
  try {
    const [row] = await db
      .update(remoteAccounts)
      .set({
        username: body.username,
        ...(body.password !== undefined ? { passwordSealed: sealText(remoteKey, body.password) } : {}),
        // A new name or password: the old session belongs to the old login, and the old error with it.
        sessionSealed: null,
        lastError: null,
        // Free again unless a submission is in flight on it (its lease frees it when done).
        state: sql`case when ${remoteAccounts.leaseTask} is null then 'free' else ${remoteAccounts.state} end`,
      })
      .where(eq(remoteAccounts.id, body.id))
      .returning(shown);
    if (!row) throw notFound('remoteAccountNotFound');
    return toRow(row);
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    // Only a refused rename needs the account's site, for the message.
    const [current] = await db.select({ oj: remoteAccounts.oj }).from(remoteAccounts).where(eq(remoteAccounts.id, body.id));
    throw taken(current?.oj ?? '', body.username);
  }
}

/** Removes an account; a submission in flight on it finishes with the login it has. */
export async function removeAccount(ctx: AppContext, id: number): Promise<void> {
  const rows = await ctx.database.db.delete(remoteAccounts).where(eq(remoteAccounts.id, id)).returning({ id: remoteAccounts.id });
  if (!rows.length) throw notFound('remoteAccountNotFound');
}
