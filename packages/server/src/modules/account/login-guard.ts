/**
 * Counting failed logins, per (username, IP) and per IP across usernames (LOGIN_GUARD). Every attempt
 * is counted BEFORE anything is checked, in one atomic upsert per counter, so attempts sent in parallel
 * (or to several API nodes) each see their own number: only the first `puzzleAfterFailures` of a burst
 * get a password check without the puzzle, and none gets past the lock. An attempt that turns out not
 * to be a guess (right password, no puzzle answer sent while one was needed, refused by a lock) is
 * given back. The IP's lock starts from confirmed failures only (a class logging in at once behind one
 * address must not lock it); the pair's also from an attempt beyond its limit.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { LOGIN_GUARD } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { loginFailures, loginIpFailures } from '../../db/schema/index.js';

const PAIR_WINDOW_MS = LOGIN_GUARD.windowMinutes * 60_000;
const PAIR_LOCK_MS = LOGIN_GUARD.lockMinutes * 60_000;
const IP = LOGIN_GUARD.perIp;
const IP_WINDOW_MS = IP.windowMinutes * 60_000;
const IP_LOCK_MS = IP.lockMinutes * 60_000;

export interface Count {
  /** Failures including this attempt (while locked: the count that led to the lock). */
  failures: number;
  /** Set while locked. */
  lockedUntil: Date | null;
}

const counted = (row: { failures: number; lockedUntil: Date | null } | undefined, now: Date): Count => ({
  failures: row!.failures,
  lockedUntil: row!.lockedUntil && row!.lockedUntil > now ? row!.lockedUntil : null,
});

/**
 * Counts an attempt for the pair. The count restarts after `windowMinutes` without failures or when a
 * lock has ended; while locked it stands still. An attempt beyond `lockAfterFailures` (one sent while
 * the attempt that reached the limit is still being checked) starts the lock itself.
 */
export async function claimPairAttempt(db: Db, username: string, ip: string, now = new Date()): Promise<Count> {
  const f = loginFailures;
  const locked = sql`${f.lockedUntil} > ${now}`;
  const restart = sql`(${f.lockedUntil} is not null or ${f.lastFailureAt} <= ${new Date(now.getTime() - PAIR_WINDOW_MS)})`;
  const [row] = await db
    .insert(f)
    .values({ username, ip, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [f.username, f.ip],
      set: {
        failures: sql`case when ${locked} then ${f.failures} when ${restart} then 1 else ${f.failures} + 1 end`,
        lastFailureAt: sql`case when ${locked} then ${f.lastFailureAt} else ${now} end`,
        lockedUntil: sql`case when ${locked} then ${f.lockedUntil} when ${restart} then null
          when ${f.failures} + 1 > ${LOGIN_GUARD.lockAfterFailures} then ${new Date(now.getTime() + PAIR_LOCK_MS)} else null end`,
      },
    })
    .returning({ failures: f.failures, lockedUntil: f.lockedUntil });
  return counted(row, now);
}

/**
 * The same for the IP, in fixed windows of `perIp.windowMinutes`; `failures` is the IP's attempts
 * counted so far (its confirmed failures plus attempts still being checked).
 */
export async function claimIpAttempt(db: Db, ip: string, now = new Date()): Promise<Count> {
  const f = loginIpFailures;
  const locked = sql`${f.lockedUntil} > ${now}`;
  const restart = sql`(${f.lockedUntil} is not null or ${f.windowStart} <= ${new Date(now.getTime() - IP_WINDOW_MS)})`;
  const [row] = await db
    .insert(f)
    .values({ ip, attempts: 1, failures: 0, windowStart: now })
    .onConflictDoUpdate({
      target: f.ip,
      set: {
        attempts: sql`case when ${locked} then ${f.attempts} when ${restart} then 1 else ${f.attempts} + 1 end`,
        failures: sql`case when ${locked} or not ${restart} then ${f.failures} else 0 end`,
        windowStart: sql`case when ${locked} or not ${restart} then ${f.windowStart} else ${now} end`,
        lockedUntil: sql`case when ${locked} then ${f.lockedUntil} else null end`,
      },
    })
    .returning({ failures: f.attempts, lockedUntil: f.lockedUntil });
  return counted(row, now);
}

/** Gives an attempt back (it was no guess). Never below zero, and a lock already started stays. */
export async function releasePairAttempt(db: Db, username: string, ip: string) {
  await db
    .update(loginFailures)
    .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
    .where(and(eq(loginFailures.username, username), eq(loginFailures.ip, ip), isNull(loginFailures.lockedUntil)));
}

export async function releaseIpAttempt(db: Db, ip: string) {
  await db
    .update(loginIpFailures)
    .set({ attempts: sql`greatest(${loginIpFailures.attempts} - 1, 0)` })
    .where(eq(loginIpFailures.ip, ip));
}

/** The pair's failure was confirmed: from `lockAfterFailures` the pair is locked. */
export async function lockPairIfDue(db: Db, username: string, ip: string, failures: number, now = new Date()): Promise<Date | null> {
  if (failures < LOGIN_GUARD.lockAfterFailures) return null;
  const [row] = await db
    .update(loginFailures)
    .set({ lockedUntil: sql`coalesce(${loginFailures.lockedUntil}, ${new Date(now.getTime() + PAIR_LOCK_MS)})` })
    .where(and(eq(loginFailures.username, username), eq(loginFailures.ip, ip)))
    .returning({ lockedUntil: loginFailures.lockedUntil });
  return row?.lockedUntil ?? null;
}

/** A confirmed failure from the IP; the one that reaches `perIp.lockAfterFailures` locks the IP. */
export async function countIpFailure(db: Db, ip: string, now = new Date()): Promise<Date | null> {
  const f = loginIpFailures;
  const [row] = await db
    .update(f)
    .set({
      failures: sql`${f.failures} + 1`,
      lockedUntil: sql`case when ${f.failures} + 1 >= ${IP.lockAfterFailures} then coalesce(${f.lockedUntil}, ${new Date(now.getTime() + IP_LOCK_MS)}) else ${f.lockedUntil} end`,
    })
    .where(eq(f.ip, ip))
    .returning({ lockedUntil: f.lockedUntil });
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

/** A right password: the pair starts over (the IP keeps its other failures). */
export async function clearPair(db: Db, username: string, ip: string) {
  await db.delete(loginFailures).where(and(eq(loginFailures.username, username), eq(loginFailures.ip, ip)));
}

/** A reset password: whoever holds the mailbox owns the account, so no lock of any network keeps them out. */
export async function clearFailures(db: Db, username: string) {
  await db.delete(loginFailures).where(eq(loginFailures.username, username.toLowerCase()));
}

/** Rows that neither count nor lock any more; guessed usernames and rotating IPs would pile up otherwise. */
export async function sweepStaleFailures(db: Db, now = new Date()) {
  await db
    .delete(loginFailures)
    .where(
      sql`${loginFailures.lastFailureAt} < ${new Date(now.getTime() - PAIR_WINDOW_MS)} and (${loginFailures.lockedUntil} is null or ${loginFailures.lockedUntil} < ${now})`,
    );
  await db
    .delete(loginIpFailures)
    .where(
      sql`${loginIpFailures.windowStart} < ${new Date(now.getTime() - IP_WINDOW_MS)} and (${loginIpFailures.lockedUntil} is null or ${loginIpFailures.lockedUntil} < ${now})`,
    );
}
