/** Contest list, info, registration and access (contest list and shell, access rules). */
import { and, count, desc, eq, gt, ilike, lte, sql, type SQL } from 'drizzle-orm';
import { ContestAuth, ContestStatus, type ContestDetail, type ContestInfo, type ContestProblemLink, type Page } from '@oj/shared';
import type { z } from 'zod';
import type { contestListQuery } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contestRegisters, contests } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { uniqueViolation } from '../../lib/users.js';
import { likeOf } from '../../lib/like.js';
import { hasAccess, isContestAdmin, limitedOut, passwordMatches, statusOf, visibleContest } from './access.js';
import { clearPasswordTries, countPasswordTry } from './password-guard.js';
import { participantCount, participantCounts, toContestInfo } from './info.js';
import { linksOf } from './problems.js';
import { ownerFilter, type Owner } from '../owner/index.js';

type Paging = { currentPage: number; limit: number };

/**
 * The owner's listed contests: the visible ones it holds (the site's lists leave out the groups' contests:
 * they are listed in their group, as in HOJ). The policy's `list` on a contest, as SQL.
 */
export const listedContest = (owner: Owner): SQL => and(eq(contests.visible, true), ownerFilter(owner, contests.gid))!;

/** 0 running, 1 scheduled, 2 ended at `nowIso`: the lists show them in this order. */
export const statusOrder = (nowIso: string) => sql`case when ${contests.startTime} > ${nowIso} then 1 when ${contests.endTime} > ${nowIso} then 0 else 2 end`;

/**
 * A page of contests matching `where` in the lists' order — running, then scheduled (soonest first), then
 * ended (latest first), like HOJ — with their participant counts (the site's list and a group's).
 */
export async function contestPage<T>(
  db: DbOrTx,
  where: SQL | undefined,
  q: { currentPage: number; limit: number },
  map: (r: typeof contests.$inferSelect, participants: number, now: number) => T,
): Promise<Page<T>> {
  const now = new Date();
  const nowIso = now.toISOString();
  const { records: rows, total } = await pageOf(
    db
      .select()
      .from(contests)
      .where(where)
      .orderBy(
        statusOrder(nowIso),
        sql`case when ${contests.startTime} > ${nowIso} then ${contests.startTime} end asc`,
        desc(contests.startTime),
        desc(contests.id),
      )
      .limit(q.limit)
      .offset(pageOffset(q.currentPage, q.limit)),
    db.select({ n: count() }).from(contests).where(where),
  );
  const counts = await participantCounts(
    db,
    rows.map((r) => r.id),
  );
  return { records: rows.map((r) => map(r, counts.get(r.id) ?? 0, now.getTime())), total };
}

/**
 * The owner's visible contests (the site's list leaves out the groups' contests: they are listed in their
 * group, as in HOJ; a group's members were checked when the owner was resolved), in the lists' order.
 * The filters are the site list's; a group's list sends none.
 */
export async function contestList(ctx: AppContext, owner: Owner, q: Partial<z.infer<typeof contestListQuery>> & Paging): Promise<Page<ContestInfo>> {
  const { db } = ctx.database;
  const now = new Date();
  const conds: (SQL | undefined)[] = [listedContest(owner)];
  if (q.type !== undefined) conds.push(eq(contests.type, q.type));
  if (q.status === ContestStatus.SCHEDULED) conds.push(gt(contests.startTime, now));
  if (q.status === ContestStatus.RUNNING) conds.push(and(lte(contests.startTime, now), gt(contests.endTime, now)));
  if (q.status === ContestStatus.ENDED) conds.push(lte(contests.endTime, now));
  const keyword = q.keyword?.trim();
  if (keyword) conds.push(ilike(contests.title, likeOf(keyword)));
  return contestPage(db, and(...conds), q, toContestInfo);
}

/**
 * The contest shell's header and overview: visible contests to anyone (the password gates the inside),
 * with whether the caller administers it, so the shell can offer the admin tabs.
 */
export async function contestInfo(ctx: AppContext, user: AuthUser | null, cid: number): Promise<ContestDetail> {
  const c = await visibleContest(ctx.database.db, cid, user);
  return { ...toContestInfo(c, await participantCount(ctx.database.db, c.id)), isContestAdmin: await isContestAdmin(ctx.database.db, c, user) };
}

/** Header and problem letters for the public outside scoreboard (HOJ get-contest-outsize-info). */
export async function outsideInfo(ctx: AppContext, user: AuthUser | null, cid: number): Promise<{ contest: ContestInfo; problemList: ContestProblemLink[] }> {
  const { db } = ctx.database;
  const c = await visibleContest(db, cid, user);
  if (!c.openRank && !(await isContestAdmin(db, c, user))) throw fail('contestRankNotOpen');
  if (statusOf(c) === ContestStatus.SCHEDULED) throw fail('contestNotStarted');
  const links = await linksOf(db, c.id);
  return {
    contest: toContestInfo(c, await participantCount(db, c.id)),
    problemList: links.map((l) => ({ id: l.id, cid: l.cid, pid: l.pid, displayId: l.displayId, displayTitle: l.displayTitle, color: l.color })),
  };
}

export async function registerContest(ctx: AppContext, user: AuthUser, cid: number, password: string): Promise<void> {
  const { db } = ctx.database;
  const c = await visibleContest(db, cid, user);
  if (c.auth === ContestAuth.PUBLIC) throw fail('contestNeedsNoRegister');
  if (!password) throw fail('enterContestPassword');
  await countPasswordTry(db, c.id, user.uid);
  if (!passwordMatches(c.pwd, password)) throw fail('contestPasswordWrong');
  await clearPasswordTries(db, c.id, user.uid);
  if (await limitedOut(db, c, user)) throw fail('contestAccountLimited');
  try {
    await db.insert(contestRegisters).values({ cid: c.id, uid: user.uid });
  } catch (err) {
    if (uniqueViolation(err) === 'contest_register_uq') throw fail('contestAlreadyRegistered');
    throw err;
  }
}

export async function contestAccess(ctx: AppContext, user: AuthUser, cid: number): Promise<{ access: boolean }> {
  const c = await visibleContest(ctx.database.db, cid, user);
  return { access: await hasAccess(ctx.database.db, c, user) };
}
