import { and, desc, eq, sql } from 'drizzle-orm';
import {
  HOME_LIST_SIZE,
  ProblemAuth,
  SUBMISSION_STATISTICS_TTL_MS,
  type RecentAcRankRow,
  type RecentUpdatedProblem,
  type SubmissionStatistics,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import { problems, submissions } from '../../db/schema/index.js';
import { ownerFilter, siteOwner } from '../owner/index.js';
import { TtlCache } from '../rank/ttl-cache.js';
import { cacheLifetime } from '../../lib/cache-lifetime.js';

/** The 7-day ranking reads every accepted submission of the week: shared for a minute like the rank lists. */
const RECENT_AC_CACHE_MS = cacheLifetime(60_000);

const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Top 10 users by distinct problems accepted in the last 7 days, outside contests and groups (HOJ's
 * home ranking). Served by the partial index judge_ac_time_idx (submit_time, uid, pid) of accepted
 * public submissions.
 */
async function computeRecentAcRank(ctx: AppContext): Promise<RecentAcRankRow[]> {
  const res = await ctx.database.db.execute<RecentAcRankRow & Record<string, unknown>>(sql`
    with week as (
      select uid, count(distinct pid)::int as ac
      from judge
      where status = 0 and cid = 0 and ${ownerFilter(siteOwner(null), submissions.gid)} and submit_time > now() - interval '7 days'
      group by uid
    )
    select u.uid, u.username, u.nickname, u.avatar, u.title_name as "titleName", u.title_color as "titleColor", w.ac
    from week w join user_info u on u.uid = w.uid
    where u.status = 0
    order by w.ac desc, u.username asc
    limit ${HOME_LIST_SIZE}`);
  return res.rows;
}

/** Submissions (all of them, contests included: it shows the site's activity) per day of the last 7 days. */
async function computeStatistics(ctx: AppContext): Promise<SubmissionStatistics> {
  const tz = serverTimeZone();
  const res = await ctx.database.db.execute<{ day: string; total: number; ac: number }>(sql`
    with days as (
      select generate_series((now() at time zone ${tz})::date - 6, (now() at time zone ${tz})::date, interval '1 day')::date as d
    ), counts as (
      select (submit_time at time zone ${tz})::date as d, count(*)::int as total, (count(*) filter (where status = 0))::int as ac
      from judge
      where submit_time >= (((now() at time zone ${tz})::date - 6)::timestamp at time zone ${tz})
      group by 1
    )
    select to_char(days.d, 'YYYY-MM-DD') as day, coalesce(counts.total, 0) as total, coalesce(counts.ac, 0) as ac
    from days left join counts on counts.d = days.d
    order by days.d`);
  return {
    dateStrs: res.rows.map((r) => r.day),
    acCountList: res.rows.map((r) => r.ac),
    totalCountList: res.rows.map((r) => r.total),
    updatedAt: new Date().toISOString(),
  };
}

const recentAc = new TtlCache(RECENT_AC_CACHE_MS, computeRecentAcRank);
const statistics = new TtlCache(cacheLifetime(SUBMISSION_STATISTICS_TTL_MS), computeStatistics);

export const recentAcRank = (ctx: AppContext) => recentAc.get(ctx);

/** Cached for an hour (spec: "with a force-refresh option"); `force` recomputes now. */
export const submissionStatistics = (ctx: AppContext, force: boolean) => statistics.get(ctx, '', force);

/** Forgets the cached home numbers (tests). */
export function clearHomeCache(ctx: AppContext) {
  recentAc.clear(ctx);
  statistics.clear(ctx);
}

/** The 10 public problems changed last (problem id, title, last modified). */
export async function recentUpdatedProblems(ctx: AppContext): Promise<RecentUpdatedProblem[]> {
  const rows = await ctx.database.db
    .select({
      pid: problems.id,
      problemId: problems.problemId,
      title: problems.title,
      type: problems.type,
      difficulty: problems.difficulty,
      gmtModified: problems.gmtModified,
    })
    .from(problems)
    .where(and(eq(problems.auth, ProblemAuth.PUBLIC), ownerFilter(siteOwner(null), problems.gid), eq(problems.isGroup, false)))
    .orderBy(desc(problems.gmtModified), desc(problems.id))
    .limit(HOME_LIST_SIZE);
  return rows.map((r) => ({ ...r, gmtModified: r.gmtModified.toISOString() }));
}
