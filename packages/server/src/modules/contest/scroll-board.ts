/**
 * The scroll board (resolver) of an ACM contest (/scrollBoard; HOJ get-contest-scroll-board-*).
 * The browser gets the raw in-contest submissions and replays the frozen board, then reveals the
 * results made after the seal one by one, computing with the same rules as the server
 * (`@oj/shared` scoreboard.ts).
 *
 * HOJ serves both calls to anyone at any time; here they are the contest admin's and open only after
 * the end: before it, the submissions would tell everyone the results the seal hides.
 */
import { sql } from 'drizzle-orm';
import { ContestStatus, type RankShowName, type RankUserInfo, type ScrollBoardInfo, type ScrollBoardSubmission, contestRule } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { administeredContest, statusOf, type ContestRow } from './access.js';
import { contestStaff } from './board.js';
import { linksOf } from './problems.js';

async function resolverContest(ctx: AppContext, user: AuthUser, cid: number): Promise<ContestRow> {
  const c = await administeredContest(ctx.database.db, cid, user);
  if (!contestRule(c.type).scrollBoard) throw fail('scrollBoardAcmOnly');
  if (statusOf(c) !== ContestStatus.ENDED) throw fail('scrollBoardNotEnded');
  return c;
}

export async function scrollBoardInfo(ctx: AppContext, user: AuthUser, cid: number): Promise<ScrollBoardInfo> {
  const c = await resolverContest(ctx, user, cid);
  const links = await linksOf(ctx.database.db, c.id);
  return {
    id: c.id,
    title: c.title,
    rankShowName: c.rankShowName as RankShowName,
    problemCount: links.length,
    problemList: links.map((l) => ({ displayId: l.displayId, displayTitle: l.displayTitle, color: l.color })),
    balloonColor: Object.fromEntries(links.map((l) => [l.displayId, l.color])),
    startTime: c.startTime.toISOString(),
    endTime: c.endTime.toISOString(),
    sealRank: c.sealRank,
    sealRankTime: c.sealRank && c.sealRankTime ? c.sealRankTime.toISOString() : null,
    starUserList: c.starAccount,
  };
}

/**
 * Submissions made during the contest by the users of its board (not the creator, not super admins),
 * oldest first; `removeStar` leaves out the star users' ones.
 */
export async function scrollBoardSubmissions(ctx: AppContext, user: AuthUser, cid: number, removeStar: boolean): Promise<ScrollBoardSubmission[]> {
  const c = await resolverContest(ctx, user, cid);
  const stars = removeStar ? c.starAccount.map((s) => s.toLowerCase()) : [];
  type Row = RankUserInfo & {
    submit_id: number;
    status: number;
    submit_time: Date | string;
    display_id: string;
  };
  const res = await ctx.database.db.execute<Row & Record<string, unknown>>(sql`
    select u.uid, u.username, u.nickname, u.realname, u.school, u.avatar, u.gender,
      j.submit_id, j.status, j.submit_time, cp.display_id
    from judge j
    join contest_problem cp on cp.cid = j.cid and cp.pid = j.pid
    join user_info u on u.uid = j.uid
    where j.cid = ${c.id}
      and j.submit_time >= ${c.startTime.toISOString()} and j.submit_time < ${c.endTime.toISOString()}
      and not ${contestStaff(sql`u.uid`, c)}
      ${
        stars.length
          ? sql`and lower(u.username) not in (${sql.join(
              stars.map((s) => sql`${s}`),
              sql`, `,
            )})`
          : sql``
      }
    order by j.submit_time, j.submit_id`);
  return res.rows.map(({ submit_id, status, submit_time, display_id, ...user }) => ({
    ...user,
    submitId: submit_id,
    status,
    submitTime: new Date(submit_time).toISOString(),
    displayId: display_id,
  }));
}
