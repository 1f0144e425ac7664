/**
 * Change notices that keep every API node's contest boards (modules/contest/board-state.ts) and group rank
 * lists (modules/rank/group-rank-cache.ts) true. They go on the change channel of the per-node caches and
 * are sent in the writer's transaction, so a node hears them when, and only if, the change commits. Here
 * in lib, not in a module: the judge queue sends one, and the contest module imports the judge's.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { CHANGE_CHANNEL } from './session-cache.js';

/**
 * A submission's final result changed otherwise than by judging it (rejudge, manual verdict, cancel):
 * `sub:<cid>:<id>:<gid>` — its contest's board reads it again, its group's rank list is computed anew.
 * Nothing is sent for a submission of neither a contest nor a group.
 */
export async function noticeSubmissionChange(db: DbOrTx, submitId: number): Promise<void> {
  await db.execute(
    sql`select pg_notify(${CHANGE_CHANNEL}, 'sub:' || cid || ':' || submit_id || ':' || coalesce(gid, 0)) from judge where submit_id = ${submitId} and (cid <> 0 or gid is not null)`,
  );
}

/** A contest's settings, problems or submissions changed wholesale: every node reads its board anew. */
export async function noticeBoardChange(db: DbOrTx, cid: number): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${`board:${cid}`})`);
}
