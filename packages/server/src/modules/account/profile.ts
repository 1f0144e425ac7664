import { and, count, desc, eq, isNotNull, max, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JudgeStatus, type HeatmapData, type UserHomeInfo } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { authSessions, problems, submissions } from '../../db/schema/index.js';
import { optionalUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { ownerFilter, siteOwner } from '../owner/index.js';
import { findUserByName, findUserByUid, genderOf, type UserRow } from '../../lib/users.js';

/** uid wins over username; with neither, the caller's own page (when logged in). */
export async function resolveUser(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, q: { uid?: string; username?: string }): Promise<UserRow> {
  const { db } = ctx.database;
  let user: UserRow | undefined;
  if (q.uid) user = await findUserByUid(db, q.uid);
  else if (q.username) user = await findUserByName(db, q.username);
  else {
    const me = await optionalUser(req, reply);
    if (me) user = await findUserByUid(db, me.uid);
  }
  if (!user) throw fail('userNotFound');
  return user;
}

/**
 * The public profile with statistics from the user's submissions: `total` counts every submission,
 * `solvedList` the problems (outside contests and groups, like the rank lists) with an accepted one,
 * `solvedGroupByDifficulty` the same ids by the problem's difficulty (0-5; a deleted problem is left
 * out there). `score` sums the best OI rank score per problem (as the OI rank list does), `scoreList`
 * lists those best scores, highest first.
 */
export async function homeInfo(ctx: AppContext, u: UserRow): Promise<UserHomeInfo> {
  const { db } = ctx.database;
  const own = eq(submissions.uid, u.uid);
  const publicOnes = and(eq(submissions.cid, 0), ownerFilter(siteOwner(null), submissions.gid));
  const [[totals], solved, best, [login]] = await Promise.all([
    db.select({ n: count() }).from(submissions).where(own),
    db
      .selectDistinct({ pid: submissions.pid, displayPid: submissions.displayPid, difficulty: problems.difficulty })
      .from(submissions)
      .leftJoin(problems, eq(problems.id, submissions.pid))
      .where(and(own, publicOnes, eq(submissions.status, JudgeStatus.ACCEPTED)))
      .orderBy(submissions.displayPid),
    db
      .select({ pid: submissions.displayPid, score: max(submissions.oiRankScore) })
      .from(submissions)
      .where(and(own, publicOnes, isNotNull(submissions.oiRankScore)))
      .groupBy(submissions.displayPid),
    db.select({ at: authSessions.createdAt }).from(authSessions).where(eq(authSessions.uid, u.uid)).orderBy(desc(authSessions.createdAt)).limit(1),
  ]);
  const solvedList = [...new Set(solved.map((s) => s.displayPid))];
  const solvedGroupByDifficulty: Record<string, string[]> = {};
  for (const s of solved) {
    if (s.difficulty === null) continue;
    const list = (solvedGroupByDifficulty[String(s.difficulty)] ??= []);
    if (!list.includes(s.displayPid)) list.push(s.displayPid);
  }
  const scoreList = best.map((b) => Number(b.score ?? 0)).sort((a, b) => b - a);
  return {
    uid: u.uid,
    username: u.username,
    nickname: u.nickname,
    avatar: u.avatar,
    gender: genderOf(u.gender),
    school: u.school,
    signature: u.signature,
    github: u.github,
    blog: u.blog,
    titleName: u.titleName,
    titleColor: u.titleColor,
    total: totals?.n ?? 0,
    rating: null,
    score: scoreList.reduce((a, b) => a + b, 0),
    scoreList,
    solvedList,
    solvedGroupByDifficulty,
    recentLoginTime: login?.at.toISOString() ?? null,
    gmtCreate: u.gmtCreate.toISOString(),
  };
}

const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Submissions per day over the last 365 days (today included), days counted in `timeZone`; days without any are left out. */
export async function heatmap(ctx: AppContext, u: UserRow, timeZone: string = serverTimeZone()): Promise<HeatmapData> {
  const { db } = ctx.database;
  const day = sql<string>`to_char((${submissions.submitTime} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  const today = sql`(now() at time zone ${timeZone})::date`;
  const [rows, [end]] = await Promise.all([
    db
      .select({ date: day, count: count() })
      .from(submissions)
      .where(
        and(
          eq(submissions.uid, u.uid),
          // The plain range lets the (uid, submit_time) index do the work; the day test is the exact rule.
          sql`${submissions.submitTime} > now() - interval '367 days'`,
          sql`(${submissions.submitTime} at time zone ${timeZone})::date > ${today} - 365`,
        ),
      )
      // By position: the time zone is a bound parameter, so the expression cannot be repeated verbatim.
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    db.execute<{ d: string }>(sql`select to_char(${today}, 'YYYY-MM-DD') as d`).then((r) => r.rows),
  ]);
  return { dataList: rows.map((r) => ({ date: r.date, count: r.count })), endDate: end!.d };
}
