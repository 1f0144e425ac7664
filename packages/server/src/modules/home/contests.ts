/** The home page's recent-contests card (HOJ get-recent-contest). */
import { asc, sql } from 'drizzle-orm';
import type { RecentContest } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { contests } from '../../db/schema/index.js';
import { participantCounts, toContestInfo } from '../contest/info.js';
import { listedContest, statusOrder } from '../contest/participate.js';
import { siteOwner } from '../owner/index.js';

/** How many contests the card shows. */
const RECENT_CONTEST_SIZE = 5;

/**
 * The listed contests: running ones first (ending soonest first), then scheduled ones (starting
 * soonest first), then, to fill the card, the ones that ended last. Read per request: the statuses
 * change with the clock and it is one short query.
 */
export async function recentContests(ctx: AppContext): Promise<RecentContest[]> {
  const { db } = ctx.database;
  const now = new Date();
  const nowIso = now.toISOString();
  const rows = await db
    .select()
    .from(contests)
    .where(listedContest(siteOwner(null)))
    .orderBy(
      statusOrder(nowIso),
      sql`case when ${contests.startTime} > ${nowIso} then ${contests.startTime} when ${contests.endTime} > ${nowIso} then ${contests.endTime} end asc`,
      sql`${contests.endTime} desc`,
      asc(contests.id),
    )
    .limit(RECENT_CONTEST_SIZE);
  const counts = await participantCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const { description: _description, ...info } = toContestInfo(r, counts.get(r.id) ?? 0, now.getTime());
    return info;
  });
}
