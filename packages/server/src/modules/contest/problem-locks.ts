/**
 * Locked problems of a contest's participants (hacks, contest-hacks.ts): a participant who locked a
 * problem submits to it no more. Here in the contest module because the contest place asks it at every
 * submission; locking itself is modules/contest-hack.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contestProblemLocks } from '../../db/schema/index.js';

export async function hasLocked(db: DbOrTx, cid: number, uid: string, displayId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(contestProblemLocks)
    .where(and(eq(contestProblemLocks.cid, cid), eq(contestProblemLocks.uid, uid), sql`upper(${contestProblemLocks.displayId}) = upper(${displayId})`));
  return !!row;
}

/** The displayIds `uid` locked in contest `cid`. */
export async function lockedProblems(db: DbOrTx, cid: number, uid: string): Promise<string[]> {
  const rows = await db
    .select({ displayId: contestProblemLocks.displayId })
    .from(contestProblemLocks)
    .where(and(eq(contestProblemLocks.cid, cid), eq(contestProblemLocks.uid, uid)))
    .orderBy(contestProblemLocks.displayId);
  return rows.map((r) => r.displayId);
}
