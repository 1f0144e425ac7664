/**
 * get-group-rank-list (spec 3 "Group rank"; issue 20): the site rank's ACM and OI orders over the
 * group's own problems (`problem.gid`) solved anywhere in the group — its problem list, its trainings
 * and its contests (every submission made in the group carries `judge.gid`) — for the group's members
 * (level 3–5) who have submitted one. A public bank problem opened in a group training or contest is
 * not the group's and does not count. A contest's results still hidden by its seal (submitted after
 * the seal time while the seal holds) do not count until the seal is lifted, so the group rank tells
 * nothing the contest's board does not. `rank` is the place in the whole list, also on later pages and
 * when searching. The group's submissions are one range of judge_group_idx (gid, submit_id). No cache:
 * a group's list is small and a member expects his new verdict to count at once.
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
      from judge j
      where j.gid = ${gid}
        and j.pid in (select p.id from problem p where p.gid = ${gid})
        and (j.cid = 0 or exists (
          select 1 from contest c where c.id = j.cid
            and (not c.seal_rank or c.seal_rank_time is null or j.submit_time < c.seal_rank_time or (now() >= c.end_time and c.auto_real_rank))))
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
