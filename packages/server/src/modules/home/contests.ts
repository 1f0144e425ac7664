/** The home page's recent-contests card (spec 1 §2 "Home", HOJ get-recent-contest). */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { RecentContest } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { contests } from '../../db/schema/index.js';
import { participantCounts, toContestInfo } from '../contest/info.js';

/** How many contests the card shows. */
export const RECENT_CONTEST_SIZE = 5;

/**
 * Visible contests outside groups: running ones first (ending soonest first), then scheduled ones
 * (starting soonest first), then, to fill the card, the ones that ended last. Read per request: the
 * statuses change with the clock and the list is a handful of rows from the start-time index.
 */
export async function recentContests(ctx: AppContext): Promise<RecentContest[]> {
  const { db } = ctx.database;
  const now = new Date();
  const nowIso = now.toISOString();
  const base = and(eq(contests.visible, true), isNull(contests.gid));
  const current = await db
    .select()
    .from(contests)
    .where(and(base, gt(contests.endTime, now)))
    .orderBy(
      sql`case when ${contests.startTime} <= ${nowIso} then 0 else 1 end`,
      sql`case when ${contests.startTime} <= ${nowIso} then ${contests.endTime} else ${contests.startTime} end`,
      asc(contests.id),
    )
    .limit(RECENT_CONTEST_SIZE);
  const ended =
    current.length < RECENT_CONTEST_SIZE
      ? await db
          .select()
          .from(contests)
          .where(and(base, sql`${contests.endTime} <= ${nowIso}`))
          .orderBy(sql`${contests.endTime} desc`, sql`${contests.id} desc`)
          .limit(RECENT_CONTEST_SIZE - current.length)
      : [];
  const rows = [...current, ...ended];
  const counts = await participantCounts(db, rows.map((r) => r.id));
  return rows.map((r) => {
    const { description: _description, ...info } = toContestInfo(r, counts.get(r.id) ?? 0, now.getTime());
    return info;
  });
}
