/**
 * The rank lists (ACM: solved problems, then fewer submissions; OI: the sum of each problem's best OI
 * rank score) of an owner: the site's over every user's submissions outside contests and groups, a
 * group's over its members' submissions of its own problems made in the group. One query and one
 * paging and search for both; the owner's scope says which submissions and users count and whether
 * the list is cached.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { GroupLevel, RankType, type Page, type RankRecord, type RankTypeCode } from '@oj/shared';
import { pageOffset } from '../../db/page.js';
import type { AppContext } from '../../context.js';
import { submissions } from '../../db/schema/index.js';
import { ownerFilter, siteOwner } from '../owner/index.js';
import { TtlCache } from './ttl-cache.js';
import { groupRankList } from './group-rank-cache.js';
import { cacheLifetime } from '../../lib/cache-lifetime.js';

/** HOJ caches the global rank lists for 60 s; the aggregate reads every public submission. */
export const RANK_CACHE_MS = cacheLifetime(60_000);

type Ranked = Omit<RankRecord, 'rank'>;

/** The submission table as `j`, the name the rank query gives it. */
const j = alias(submissions, 'j');

/** Which submissions (of `judge j`) and which users (`s.uid`) a rank list counts. */
export interface RankScope {
  /** kept 60 s per node and type (the site's list) */
  cached: boolean;
  /** a group's list: kept per node while still true (group-rank-cache.ts) */
  gid?: number;
  submissions: SQL;
  /** a join restricting the ranked users (empty: every enabled user with a counted submission) */
  members: SQL;
}

/**
 * The site's list: submissions outside contests and groups, one pass over the partial index
 * judge_rank_idx (uid, pid, status, oi_rank_score) whose order both groupings follow. Cached 60 s.
 */
const SITE_SCOPE: RankScope = { cached: true, submissions: sql`j.cid = 0 and ${ownerFilter(siteOwner(null), j.gid)}`, members: sql`` };
export const siteRankScope = (): RankScope => SITE_SCOPE;

/**
 * A group's list: its own problems (`problem.gid`) solved anywhere in the group — its problem list,
 * trainings and contests (every submission made in the group carries `judge.gid`) — by its members
 * (level 3–5). A public bank problem opened in a group training or contest is not the group's. A
 * contest's results still hidden by its seal do not count until it is lifted, so the group rank tells
 * nothing the board does not. One range of judge_group_idx (gid, submit_id); kept per node only while a
 * check says nothing moved (group-rank-cache.ts): a member expects his new verdict to count at once.
 */
export const groupRankScope = (gid: number): RankScope => ({
  cached: false,
  gid,
  submissions: sql`j.gid = ${gid}
    and j.pid in (select p.id from problem p where p.gid = ${gid})
    and (j.cid = 0 or exists (
      select 1 from contest c where c.id = j.cid
        and (not c.seal_rank or c.seal_rank_time is null or j.submit_time < c.seal_rank_time or (now() >= c.end_time and c.auto_real_rank))))`,
  members: sql`join group_member m on m.gid = ${gid} and m.uid = s.uid and m.auth >= ${GroupLevel.MEMBER}`,
});

async function computeRanking(ctx: AppContext, scope: RankScope, type: RankTypeCode): Promise<RankRecord[]> {
  const order = type === RankType.ACM ? sql`s.ac desc, s.total asc, u.username asc` : sql`s.score desc, s.ac desc, s.total asc, u.username asc`;
  const res = await ctx.database.db.execute<Ranked & Record<string, unknown>>(sql`
    with per_problem as (
      select uid, pid, count(*) as n, bool_or(status = 0) as solved, max(oi_rank_score) as best
      from judge j where ${scope.submissions}
      group by uid, pid
    ), stats as (
      select uid, sum(n)::int as total, (count(*) filter (where solved))::int as ac, coalesce(sum(best), 0)::int as score
      from per_problem group by uid
    )
    select u.uid, u.username, u.nickname, u.avatar, u.title_name as "titleName", u.title_color as "titleColor",
           u.signature, s.ac, s.total, s.score
    from stats s ${scope.members}
    join user_info u on u.uid = s.uid
    where u.status = 0
    order by ${order}`);
  return res.rows.map((r, i) => ({ ...r, rank: i + 1 }));
}

/** The site's lists by type: the only cached scope. */
const rankings = new TtlCache<RankRecord[]>(RANK_CACHE_MS, (ctx, type) => computeRanking(ctx, SITE_SCOPE, Number(type) as RankTypeCode));

/** Forgets the cached lists (tests, and after bulk changes). */
export const clearRankCache = (ctx: AppContext) => rankings.clear(ctx);

/**
 * A page of the scope's ACM or OI rank list. `searchUser` keeps the users whose username or nickname
 * contains it (case-insensitive); their `rank` stays their place in the whole list, also on later pages.
 */
export async function rankList(
  ctx: AppContext,
  scope: RankScope,
  q: { type: number; currentPage: number; limit: number; searchUser?: string },
): Promise<Page<RankRecord>> {
  const type = q.type as RankTypeCode;
  const all = scope.cached
    ? await rankings.get(ctx, String(type))
    : scope.gid !== undefined
      ? await groupRankList(ctx, scope.gid, type, () => computeRanking(ctx, scope, type))
      : await computeRanking(ctx, scope, type);
  const needle = q.searchUser?.toLowerCase();
  const matched = needle ? all.filter((r) => r.username.toLowerCase().includes(needle) || (r.nickname ?? '').toLowerCase().includes(needle)) : all;
  const start = pageOffset(q.currentPage, q.limit);
  return { records: matched.slice(start, start + q.limit), total: matched.length };
}
