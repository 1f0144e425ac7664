/**
 * Wrong contest passwords: a user gets CONTEST_LIMITS.passwordTries per contest and window, then waits
 * for the window to end, so a protected contest's password cannot be guessed by brute force. Each try
 * is counted before the password is compared, in one atomic statement, so guesses sent in parallel
 * cannot all slip in under the limit; a right password clears the count.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CONTEST_LIMITS } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { contestPasswordFailures } from '../../db/schema/index.js';
import { fail } from '../../lib/errors.js';

const WINDOW_MS = CONTEST_LIMITS.passwordWindowMin * 60_000;

/** Counts this try; refuses it when the window's tries are used up. A window that has ended starts over. */
export async function countPasswordTry(db: Db, cid: number, uid: string): Promise<void> {
  const now = new Date();
  const expired = sql`${contestPasswordFailures.windowStart} <= ${new Date(now.getTime() - WINDOW_MS)}`;
  const [row] = await db
    .insert(contestPasswordFailures)
    .values({ cid, uid, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: [contestPasswordFailures.cid, contestPasswordFailures.uid],
      set: {
        failures: sql`case when ${expired} then 1 else ${contestPasswordFailures.failures} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${contestPasswordFailures.windowStart} end`,
      },
    })
    .returning();
  if (row!.failures <= CONTEST_LIMITS.passwordTries) return;
  // A parallel try may have opened the window a few ms after this one's clock read: never say more than the window.
  const left = Math.min(WINDOW_MS, row!.windowStart.getTime() + WINDOW_MS - now.getTime());
  throw fail('contestPasswordTooManyTries', { minutes: Math.max(1, Math.ceil(left / 60_000)) });
}

export async function clearPasswordTries(db: Db, cid: number, uid: string): Promise<void> {
  await db.delete(contestPasswordFailures).where(and(eq(contestPasswordFailures.cid, cid), eq(contestPasswordFailures.uid, uid)));
}
