/**
 * get-group-rank-list (spec 3 "Group rank"): the site rank's ACM and OI orders (modules/rank) over the
 * group's own submissions (`judge.gid`, outside contests), for the group's members (level 3–5) who have
 * submitted there. `rank` is the place in the whole list, also on later pages and when searching.
 * One pass over judge_group_rank_idx (gid, uid, pid, status, oi_rank_score) where cid = 0: a group's
 * rows are one index range, grouped in index order. No cache: a group's list is small and a member
 * expects his new verdict to count at once.
 */
import { sql } from 'drizzle-orm';
import { GroupLevel, type Page, RankType, type RankRecord, type RankTypeCode } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth.js';
import { memberStanding } from '../group/access.js';

type Ranked = Omit<RankRecord, 'rank'>;

async function computeGroupRanking(ctx: AppContext, gid: number, type: RankTypeCode): Promise<RankRecord[]> {
  const order = type === RankType.ACM ? sql`s.ac desc, s.total asc, u.username asc` : sql`s.score desc, s.ac desc, s.total asc, u.username asc`;
  const res = await ctx.database.db.execute<Ranked & Record<string, unknown>>(sql`
    with per_problem as (
      select uid, pid, count(*) as n, bool_or(status = 0) as solved, max(oi_rank_score) as best
      from judge where gid = ${gid} and cid = 0
      group by uid, pid
    ), stats as (
      select uid, sum(n)::int as total, (count(*) filter (where solved))::int as ac, coalesce(sum(best), 0)::int as score
      from per_problem group by uid
    )
    select u.uid, u.username, u.nickname, u.avatar, u.title_name as "titleName", u.title_color as "titleColor",
           u.signature, s.ac, s.total, s.score
    from stats s
    join group_member m on m.gid = ${gid} and m.uid = s.uid and m.auth >= ${GroupLevel.MEMBER}
    join user_info u on u.uid = s.uid
    where u.status = 0
    order by ${order}`);
  return res.rows.map((r, i) => ({ ...r, rank: i + 1 }));
}

export async function groupRankList(
  ctx: AppContext,
  user: AuthUser,
  q: { gid: number; type: number; currentPage: number; limit: number; searchUser?: string },
): Promise<Page<RankRecord>> {
  const { group } = await memberStanding(ctx.database.db, user, q.gid);
  const all = await computeGroupRanking(ctx, group.id, q.type as RankTypeCode);
  const needle = q.searchUser?.toLowerCase();
  const matched = needle ? all.filter((r) => r.username.toLowerCase().includes(needle) || (r.nickname ?? '').toLowerCase().includes(needle)) : all;
  const start = (q.currentPage - 1) * q.limit;
  return { records: matched.slice(start, start + q.limit), total: matched.length };
}
