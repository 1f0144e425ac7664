/**
 * Wrong contest passwords: a user gets CONTEST_LIMITS.passwordTries per contest and window, then waits
 * for the window to end, so a protected contest's password cannot be guessed by brute force. Counted in
 * the database (not per API node) and atomically, so parallel guesses all count.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CONTEST_LIMITS } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { contestPasswordFailures } from '../../db/schema/index.js';
import { fail } from '../../lib/errors.js';

const WINDOW_MS = CONTEST_LIMITS.passwordWindowMin * 60_000;
const key = (cid: number, uid: string) => and(eq(contestPasswordFailures.cid, cid), eq(contestPasswordFailures.uid, uid));

/** Refuses while the user has used up the tries of the current window. */
export async function checkPasswordTries(db: Db, cid: number, uid: string): Promise<void> {
  const [row] = await db.select().from(contestPasswordFailures).where(key(cid, uid));
  if (!row || row.failures < CONTEST_LIMITS.passwordTries) return;
  const left = row.windowStart.getTime() + WINDOW_MS - Date.now();
  if (left > 0) throw fail('contestPasswordTooManyTries', { minutes: Math.max(1, Math.ceil(left / 60_000)) });
}

/** Counts one wrong password; a window that has ended starts over. */
export async function recordPasswordFailure(db: Db, cid: number, uid: string): Promise<void> {
  const now = new Date();
  const expired = sql`${contestPasswordFailures.windowStart} <= ${new Date(now.getTime() - WINDOW_MS)}`;
  await db
    .insert(contestPasswordFailures)
    .values({ cid, uid, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: [contestPasswordFailures.cid, contestPasswordFailures.uid],
      set: {
        failures: sql`case when ${expired} then 1 else ${contestPasswordFailures.failures} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${contestPasswordFailures.windowStart} end`,
      },
    });
}

export async function clearPasswordFailures(db: Db, cid: number, uid: string): Promise<void> {
  await db.delete(contestPasswordFailures).where(key(cid, uid));
}
