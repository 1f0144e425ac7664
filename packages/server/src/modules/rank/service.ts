import { sql } from 'drizzle-orm';
import { RankType, type Page, type RankRecord, type RankTypeCode } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { TtlCache } from './ttl-cache.js';

/** HOJ caches the global rank lists for 60 s; the aggregate reads every public submission. */
export const RANK_CACHE_MS = 60_000;

type Ranked = Omit<RankRecord, 'rank'>;

/**
 * Every enabled user with at least one submission outside contests and groups, with `ac` (distinct
 * problems accepted), `total` (submissions) and `score` (sum over problems of the best OI rank score).
 * One pass over the partial index judge_rank_idx (uid, pid, status, oi_rank_score): both levels of
 * grouping follow the index order, so no sort or hash of the whole table is needed.
 */
async function computeRanking(ctx: AppContext, type: RankTypeCode): Promise<RankRecord[]> {
  const order = type === RankType.ACM ? sql`s.ac desc, s.total asc, u.username asc` : sql`s.score desc, s.ac desc, s.total asc, u.username asc`;
  const res = await ctx.database.db.execute<Ranked & Record<string, unknown>>(sql`
    with per_problem as (
      select uid, pid, count(*) as n, bool_or(status = 0) as solved, max(oi_rank_score) as best
      from judge where cid = 0 and gid is null
      group by uid, pid
    ), stats as (
      select uid, sum(n)::int as total, (count(*) filter (where solved))::int as ac, coalesce(sum(best), 0)::int as score
      from per_problem group by uid
    )
    select u.uid, u.username, u.nickname, u.avatar, u.title_name as "titleName", u.title_color as "titleColor",
           u.signature, s.ac, s.total, s.score
    from stats s join user_info u on u.uid = s.uid
    where u.status = 0
    order by ${order}`);
  return res.rows.map((r, i) => ({ ...r, rank: i + 1 }));
}

const rankings = new TtlCache<RankRecord[]>(RANK_CACHE_MS, (ctx, key) => computeRanking(ctx, Number(key) as RankTypeCode));

/** Forgets the cached lists (tests, and after bulk changes). */
export const clearRankCache = (ctx: AppContext) => rankings.clear(ctx);

/**
 * A page of the ACM or OI rank list (spec 2 §2). `searchUser` keeps the users whose username or
 * nickname contains it (case-insensitive); their `rank` stays their place in the whole list.
 */
export async function rankList(ctx: AppContext, q: { type: number; currentPage: number; limit: number; searchUser?: string }): Promise<Page<RankRecord>> {
  const all = await rankings.get(ctx, String(q.type));
  const needle = q.searchUser?.toLowerCase();
  const matched = needle ? all.filter((r) => r.username.toLowerCase().includes(needle) || (r.nickname ?? '').toLowerCase().includes(needle)) : all;
  const start = (q.currentPage - 1) * q.limit;
  return { records: matched.slice(start, start + q.limit), total: matched.length };
}
