/**
 * What the writers send for the live streams (modules/live/hub.ts relays it to the browsers; here, below every module, so any writer may send it): one
 * NOTIFY on `oj_live`, sent inside the writer's transaction so it goes out exactly when the change
 * commits (and never for a rolled back one), to every API node. Payloads are ids and a status, built
 * in SQL from the row just written so the caller reads nothing for them.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

export const LIVE_CHANNEL = 'oj_live';

/** A notice as it travels between nodes (short keys: NOTIFY payloads are limited to 8000 bytes). */
export type LiveNotice =
  /** submission `id` of user `u` in contest `c` (0: none), submitted at `at` (ms), now status `st`; `d`/`n` cases while judging */
  | { t: 's'; id: number; st: number; c: number; u: string; at: number; d?: number | null; n?: number | null }
  /** the unread counters of user `u` changed ('*': of everybody) */
  | { t: 'u'; u: string }
  /** an announcement of contest `c` was written */
  | { t: 'a'; c: number }
  /** a clarification of contest `c` was asked or answered: told to its admins, and to user `u` (absent: to everyone watching) */
  | { t: 'q'; c: number; u?: string }
  /** a hack of contest `c` was sent, judged or made a test */
  | { t: 'h'; c: number };

/**
 * The notice of one submission, an expression over the columns of a `judge` row in scope (submit_id,
 * status, cid, uid, submit_time): for statements that write the row and announce it in one go.
 */
export const submissionNotice = (cases?: { done: number; total: number }) => sql`pg_notify(${LIVE_CHANNEL}, json_strip_nulls(json_build_object(
      't', 's', 'id', submit_id, 'st', status, 'c', cid, 'u', uid,
      'at', (extract(epoch from submit_time) * 1000)::bigint,
      'd', ${cases?.done ?? null}::int, 'n', ${cases?.total ?? null}::int))::text)`;

/** Announces the current status of submissions (after the caller's update, in its transaction). */
export async function publishSubmissions(db: DbOrTx, submitIds: number[], cases?: { done: number; total: number }): Promise<void> {
  if (!submitIds.length) return;
  await db.execute(sql`select ${submissionNotice(cases)} from judge where submit_id = any(${`{${submitIds.join(',')}}`}::int[])`);
}

export const publishSubmission = (db: DbOrTx, submitId: number, cases?: { done: number; total: number }) => publishSubmissions(db, [submitId], cases);

/** Tells a user's tabs (or everybody's, '*') that their unread counters changed. */
export async function publishUnread(db: DbOrTx, uid: string): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ t: 'u', u: uid } satisfies LiveNotice)})`);
}

/** Tells the tabs showing contest `cid` that its announcements changed. */
export async function publishAnnouncement(db: DbOrTx, cid: number): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ t: 'a', c: cid } satisfies LiveNotice)})`);
}

/**
 * Tells the tabs showing contest `cid` that a clarification changed: its admins' tabs always, and the
 * asker's (`uid`), or every tab when the answer is to everyone (`uid` absent).
 */
export async function publishClarification(db: DbOrTx, cid: number, uid?: string): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ t: 'q', c: cid, ...(uid ? { u: uid } : {}) } satisfies LiveNotice)})`);
}

/** Tells the tabs showing contest `cid` that its hacks list changed (a hack sent, judged, or made a test). */
export async function publishHacks(db: DbOrTx, cid: number): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ t: 'h', c: cid } satisfies LiveNotice)})`);
}
