/**
 * Who sees what of a contest through the CLICS API: its staff (the contest admins) everything, anyone
 * else who may see inside the contest the public view — the seal hides results exactly as our own board
 * hides them (`sealedNow`), no real names or schools, and no run times or test case results while the
 * contest runs (as in the contest's own submission list). Only formats whose rule has `clics` are served.
 */
import { CONTEST_TYPES, ContestStatus, contestRule } from '@oj/shared';
import { desc, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth.js';
import { ApiError, fail } from '../../lib/errors.js';
import { contests } from '../../db/schema/index.js';
import { assertCanView, assertVisible, isContestAdmin, statusOf, visibleContest, type ContestRow } from '../contest/access.js';
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
  const c = await visibleContest(ctx.database.db, cid, user);
  return servedView(ctx, user, c);
}

/** The view of a contest the caller may know of, or a refusal when its format is not served or he may not look inside. */
async function servedView(ctx: AppContext, user: AuthUser, c: ContestRow): Promise<ClicsView> {
  const { db } = ctx.database;
  if (!contestRule(c.type).clics) throw fail('clicsNotServed');
  await assertCanView(db, c, user);
  return viewOf(c, await isContestAdmin(db, c, user));
}

/** How many contests the list looks at, most recent start first (a tool picks one of the latest). */
const LISTED = 100;

/**
 * The views of the contests the caller may read through the API (`contests`): each of the most recent
 * ones of a served format checked as `clicsView` checks it, so the list never names one its call would refuse.
 */
export async function clicsViews(ctx: AppContext, user: AuthUser): Promise<ClicsView[]> {
  const served = CONTEST_TYPES.filter((r) => r.clics).map((r) => r.type);
  const { db } = ctx.database;
  const rows = await db.select().from(contests).where(inArray(contests.type, served)).orderBy(desc(contests.startTime), desc(contests.id)).limit(LISTED);
  // Read once; the checks ask the database only for what a row needs (a group's gate, a registration).
  const views: ClicsView[] = [];
  for (const c of rows) {
    try {
      await assertVisible(db, c, user);
      views.push(await servedView(ctx, user, c));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  }
  return views;
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
