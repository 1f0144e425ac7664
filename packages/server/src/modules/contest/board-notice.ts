/**
 * Change notices that keep the contest boards of every API node true (board-state.ts listens). They go
 * on the change channel of the per-node caches and are sent in the writer's transaction, so a node hears
 * them when, and only if, the change commits.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { CHANGE_CHANNEL } from '../../lib/session-cache.js';

/**
 * A contest submission's final result changed otherwise than by judging it (rejudge, manual verdict,
 * cancel): its board reads it again. Nothing is sent for a submission outside contests.
 */
export async function noticeSubmissionChange(db: DbOrTx, submitId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, 'sub:' || cid || ':' || submit_id) from judge where submit_id = ${submitId} and cid <> 0`);
}

/** A contest's settings, problems or submissions changed wholesale: every node reads its board anew. */
export async function noticeBoardChange(db: DbOrTx, cid: number): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${`board:${cid}`})`);
}
