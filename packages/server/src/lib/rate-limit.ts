import { lt, sql } from 'drizzle-orm';
import { formatMsg, MSG, type MsgKey } from '@oj/shared';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import { ApiError } from './errors.js';

export interface RateLimit {
  /** What is counted and for whom, e.g. `puzzle:<ip>`. */
  key: string;
  /** Calls allowed per window. */
  limit: number;
  windowSec: number;
  /** Message with {seconds}. */
  tooMany: MsgKey;
}

/** Rows of windows long over are swept now and then by whichever call happens to come (no timer on every node). */
const SWEEP_EVERY = 200;
let callsSinceSweep = 0;

/**
 * Counts one call in a fixed window shared by every API node (one atomic upsert: parallel calls each
 * get their own number, so a burst cannot all slip under the limit). Beyond the limit the call is
 * refused with HTTP 429, the message saying how long to wait, and a Retry-After of the same seconds.
 */
export async function countCall(db: Db, r: RateLimit, now = new Date()): Promise<void> {
  const windowMs = r.windowSec * 1000;
  const t = rateLimits;
  const expired = sql`${t.windowStart} <= ${new Date(now.getTime() - windowMs)}`;
  const [row] = await db
    .insert(t)
    .values({ key: r.key, hits: 1, windowStart: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${t.hits} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${t.windowStart} end`,
      },
    })
    .returning({ hits: t.hits, windowStart: t.windowStart });
  if (++callsSinceSweep >= SWEEP_EVERY) {
    callsSinceSweep = 0;
    await db.delete(t).where(lt(t.windowStart, new Date(now.getTime() - 24 * 3600_000)));
  }
  if (row!.hits <= r.limit) return;
  const left = Math.min(windowMs, row!.windowStart.getTime() + windowMs - now.getTime());
  const seconds = Math.max(1, Math.ceil(left / 1000));
  throw new ApiError(formatMsg(MSG[r.tooMany], { seconds }), 429, 429, { seconds });
}
