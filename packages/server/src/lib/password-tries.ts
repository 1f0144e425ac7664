/**
 * Wrong passwords of a place (a contest, a training): a user gets `tries` per place and window, then
 * waits for the window to end, so a password cannot be guessed by brute force. Each try is counted
 * before the password is compared, in one atomic statement, so guesses sent in parallel cannot all
 * slip in under the limit; a right password clears the count. Each place keeps its counts in a table
 * (place key, uid, failures, window_start) with (key, uid) as primary key.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MsgKey } from '@oj/shared';
import type { DbOrTx } from '../db/client.js';
import { fail } from './errors.js';

export interface PasswordTries {
  table: PgTable;
  key: PgColumn;
  uid: PgColumn;
  failures: PgColumn;
  windowStart: PgColumn;
  tries: number;
  windowMinutes: number;
  /** message with {minutes} */
  tooMany: MsgKey;
}

/** Counts this try; refuses it when the window's tries are used up. A window that has ended starts over. */
export async function countPasswordTry(db: DbOrTx, g: PasswordTries, key: number, uid: string): Promise<void> {
  const windowMs = g.windowMinutes * 60_000;
  const now = new Date();
  const expired = sql`${g.windowStart} <= ${new Date(now.getTime() - windowMs)}`;
  const res = await db.execute<{ failures: number; window_start: string | Date }>(sql`
    insert into ${g.table} (${sql.identifier(g.key.name)}, ${sql.identifier(g.uid.name)}, ${sql.identifier(g.failures.name)}, ${sql.identifier(g.windowStart.name)})
    values (${key}, ${uid}, 1, ${now})
    on conflict (${sql.identifier(g.key.name)}, ${sql.identifier(g.uid.name)}) do update set
      ${sql.identifier(g.failures.name)} = case when ${expired} then 1 else ${g.failures} + 1 end,
      ${sql.identifier(g.windowStart.name)} = case when ${expired} then ${now} else ${g.windowStart} end
    returning ${g.failures} as failures, ${g.windowStart} as window_start`);
  const row = res.rows[0]!;
  if (row.failures <= g.tries) return;
  // A parallel try may have opened the window a few ms after this one's clock read: never say more than the window.
  const left = Math.min(windowMs, new Date(row.window_start).getTime() + windowMs - now.getTime());
  throw fail(g.tooMany, { minutes: Math.max(1, Math.ceil(left / 60_000)) });
}

export async function clearPasswordTries(db: DbOrTx, g: PasswordTries, key: number, uid: string): Promise<void> {
  await db.delete(g.table).where(and(eq(g.key, key), eq(g.uid, uid)));
}
