/** Contest management (admin contest screens; HOJ /api/admin/contest). */
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { may, type AdminContest, type ContestBody, type GroupAdminContest, type Page } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { announcements, contests, submissions } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { likeOf } from '../../lib/like.js';
import { ownerColumns, ownerFilter, siteOwner, type Owner } from '../owner/index.js';
import { maySite } from '../policy/index.js';
import { administeredContest, contestResource } from './access.js';
import { forgetBoards } from './board.js';
import { contestValues } from './form.js';
import { participantCount, participantCounts, toAdminContest } from './info.js';
import { contestPage } from './participate.js';

/**
 * The site's contests (HOJ's admin list leaves the groups' out: each group has its own admin table): the
 * super admin sees every one, other admins the ones they created.
 */
export async function adminContestList(
  ctx: AppContext,
  user: AuthUser,
  q: { currentPage: number; limit: number; keyword?: string },
): Promise<Page<AdminContest>> {
  const { db } = ctx.database;
  const conds: (SQL | undefined)[] = [ownerFilter(siteOwner(user), contests.gid)];
  if (!maySite(user, 'administerAllContests')) conds.push(eq(contests.uid, user.uid));
  const keyword = q.keyword?.trim();
  if (keyword) conds.push(ilike(contests.title, likeOf(keyword)));
  const where = and(...conds);
  const { records: rows, total } = await pageOf(
    db.select().from(contests).where(where).orderBy(desc(contests.startTime), desc(contests.id)).limit(q.limit).offset(pageOffset(q.currentPage, q.limit)),
    db.select({ n: count() }).from(contests).where(where),
  );
  const counts = await participantCounts(
    db,
    rows.map((r) => r.id),
  );
  return { records: rows.map((r) => toAdminContest(r, counts.get(r.id) ?? 0)), total };
}

/**
 * Every contest of the owner in the lists' order, each saying whether the caller may manage it (a group's
 * admin table: edit, problems, announcements, download, delete and the visible switch only for
 * the group root or the contest's creator; the contest calls check it again).
 */
export async function ownerAdminContestList(ctx: AppContext, owner: Owner, q: { currentPage: number; limit: number }): Promise<Page<GroupAdminContest>> {
  return contestPage(ctx.database.db, ownerFilter(owner, contests.gid), q, (r, n) => ({
    ...toAdminContest(r, n),
    canManage: may(owner.actor, 'administer', contestResource(r)),
  }));
}

/** `within` (here and below): the owner the call was made in, whose contests alone it reaches (`administeredContestOf`). */
export async function adminContest(ctx: AppContext, user: AuthUser, cid: number, within?: Owner): Promise<AdminContest> {
  const c = await administeredContest(ctx.database.db, cid, user, within);
  return toAdminContest(c, await participantCount(ctx.database.db, cid));
}

/**
 * A contest of the owner, made by the caller. Whether he may make one is the route's question: the admin
 * area's is the contest_admin permission, a group's the policy's `create` with his level there.
 */
export async function createContest(ctx: AppContext, user: AuthUser, owner: Owner, body: ContestBody): Promise<AdminContest> {
  const values = contestValues(body);
  const [row] = await ctx.database.db
    .insert(contests)
    .values({ ...values, uid: user.uid, author: user.username, ...ownerColumns(owner) })
    .returning();
  return toAdminContest(row!, 0);
}

export async function updateContest(ctx: AppContext, user: AuthUser, body: ContestBody, within?: Owner): Promise<AdminContest> {
  if (!body.id) throw fail('contestNotFound');
  const { db } = ctx.database;
  const c = await administeredContest(db, body.id, user, within);
  // Rule type is fixed once created: boards, problems and scores depend on it.
  if (body.type !== c.type) throw fail('contestTypeFixed');
  const values = contestValues(body);
  const [row] = await db
    .update(contests)
    .set({ ...values, gmtModified: new Date() })
    .where(eq(contests.id, c.id))
    .returning();
  await forgetBoards(ctx, c.id);
  return toAdminContest(row!, await participantCount(db, c.id));
}

/** Deleting a contest takes its submissions and announcements with it. */
export async function deleteContest(ctx: AppContext, user: AuthUser, cid: number, within?: Owner): Promise<void> {
  const { db } = ctx.database;
  const c = await administeredContest(db, cid, user, within);
  await db.transaction(async (tx) => {
    await tx.delete(submissions).where(eq(submissions.cid, c.id));
    await tx.delete(announcements).where(eq(announcements.cid, c.id));
    await tx.delete(contests).where(eq(contests.id, c.id));
  });
  await forgetBoards(ctx, c.id);
}

export async function changeVisible(ctx: AppContext, user: AuthUser, cid: number, visible: boolean, within?: Owner): Promise<void> {
  const c = await administeredContest(ctx.database.db, cid, user, within);
  await ctx.database.db.update(contests).set({ visible, gmtModified: new Date() }).where(eq(contests.id, c.id));
}
