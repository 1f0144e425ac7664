/**
 * Who sees what of a contest through the CLICS API: its staff (the contest admins) everything, anyone
 * else who may see inside the contest the public view — the seal hides results exactly as our own board
 * hides them (`sealedNow`), no real names or schools, and no run times or test case results while the
 * contest runs (as in the contest's own submission list). Only formats whose rule has `clics` are served.
 */
import { ContestStatus, contestRule } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { assertCanView, isContestAdmin, statusOf, visibleContest, type ContestRow } from '../contest/access.js';
import { sealedNow } from '../contest/board.js';

export interface ClicsView {
  c: ContestRow;
  /** the caller is the contest's staff: nothing hidden */
  staff: boolean;
  /** when the view was taken (ms): seal, state and contest time are as of then */
  now: number;
  /** results of submissions from this time (ms) on are hidden (null: none) */
  sealFrom: number | null;
  /** case results and run times are shown */
  runs: boolean;
}

/** The contest's view for the caller, or the refusal our contest calls give (not found, not started, not registered). */
export async function clicsView(ctx: AppContext, user: AuthUser, cid: number): Promise<ClicsView> {
  const { db } = ctx.database;
  const c = await visibleContest(db, cid, user);
  if (!contestRule(c.type).clics) throw fail('clicsNotServed');
  await assertCanView(db, c, user);
  return viewOf(c, await isContestAdmin(db, c, user));
}

/** The view of contest `c` for its staff or for the public, as of `now`. */
export function viewOf(c: ContestRow, staff: boolean, now = Date.now()): ClicsView {
  const sealed = !staff && sealedNow(c, now);
  return {
    c,
    staff,
    now,
    sealFrom: sealed ? (c.sealRankTime?.getTime() ?? null) : null,
    runs: staff || statusOf(c, now) === ContestStatus.ENDED,
  };
}

/**
 * When the public saw the seal lifted (ms), or null while it holds or when there is none: the end with
 * "show the real board after the end", else the last change of the contest's settings (an admin lifted
 * it by hand: only a settings change does that). A sealed result's judgement is new to the public feed from then on.
 */
export function thawedAt(c: ContestRow, now: number): number | null {
  if (!c.sealRankTime || now < c.sealRankTime.getTime() || sealedNow(c, now)) return null;
  return c.sealRank && c.autoRealRank ? c.endTime.getTime() : c.gmtModified.getTime();
}
