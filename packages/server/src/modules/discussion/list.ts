/**
 * get-discussion-list (spec 2 "Discussion"): the site's discussions, pinned first then newest, page
 * size 10; keyword on title, description and author, category (`cid`), problem (`pid`), only mine.
 * Hidden ones are listed to their author and the moderators only. Also the admin list (every
 * discussion, by keyword and status).
 */
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DiscussionStatus, may, type adminDiscussionListQuery, type DiscussionListRow, type discussionListQuery, type Page } from '@oj/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { discussions } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { unauthorized } from '../../lib/errors.js';
import { cachedTotal } from '../place/totals.js';
import { actorOf } from '../policy/index.js';
import { likeOf } from '../problem/service.js';
import { selectListRows, toListRow } from './rows.js';

/** The list's order (discussion_list_idx): pinned first, then newest. */
const listOrder = [desc(discussions.topPriority), desc(discussions.id)];

const keywordCond = (keyword: string) => {
  const like = likeOf(keyword);
  return or(ilike(discussions.title, like), ilike(discussions.description, like), ilike(discussions.author, like));
};

/** One page in the list order, with its total (a large total is shared a few seconds, place/totals.ts). */
async function discussionPage(
  ctx: AppContext,
  where: SQL | undefined,
  totalKey: string,
  q: { currentPage: number; limit: number },
): Promise<Page<DiscussionListRow>> {
  const { db } = ctx.database;
  const [rows, total] = await Promise.all([
    selectListRows(db)
      .where(where)
      .orderBy(...listOrder)
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit),
    cachedTotal(ctx, totalKey, async () => (await db.select({ n: count() }).from(discussions).where(where))[0]?.n ?? 0),
  ]);
  return { records: rows.map(toListRow), total };
}

export async function discussionList(ctx: AppContext, user: AuthUser | null, q: z.infer<typeof discussionListQuery>): Promise<Page<DiscussionListRow>> {
  if (q.onlyMine && !user) throw unauthorized();
  const conds: (SQL | undefined)[] = [isNull(discussions.gid)];
  // Site discussions: the site's moderators see hidden ones; others only their own.
  const moderator = may(actorOf(user), 'moderate', { kind: 'discussion', uid: null, gid: null });
  let scope = 'mod';
  if (!moderator) {
    scope = user ? `u:${user.uid}` : 'anon';
    conds.push(user ? or(eq(discussions.status, DiscussionStatus.PUBLIC), eq(discussions.uid, user.uid)) : eq(discussions.status, DiscussionStatus.PUBLIC));
  }
  if (q.keyword) conds.push(keywordCond(q.keyword));
  if (q.cid !== undefined) conds.push(eq(discussions.categoryId, q.cid));
  // Display ids are case-insensitive (problemByDisplayId) and a discussion stores the problem's own
  // spelling: the filter looks that up once, so the comparison stays on discussion_pid_idx.
  if (q.pid) conds.push(sql`${discussions.pid} = coalesce((select p.problem_id from problem p where upper(p.problem_id) = upper(${q.pid})), ${q.pid})`);
  if (q.onlyMine && user) conds.push(eq(discussions.uid, user.uid));
  const key = JSON.stringify(['discussion', scope, q.keyword ?? '', q.cid ?? '', q.pid ?? '', !!q.onlyMine]);
  return discussionPage(ctx, and(...conds), key, q);
}

/** admin/discussion: every site discussion, hidden ones included (the route checked moderateDiscussions). */
export async function adminDiscussionList(ctx: AppContext, q: z.infer<typeof adminDiscussionListQuery>): Promise<Page<DiscussionListRow>> {
  const conds: (SQL | undefined)[] = [isNull(discussions.gid)];
  if (q.keyword) conds.push(keywordCond(q.keyword));
  if (q.status !== undefined) conds.push(eq(discussions.status, q.status));
  const key = JSON.stringify(['admin-discussion', q.keyword ?? '', q.status ?? '']);
  return discussionPage(ctx, and(...conds), key, q);
}
