/**
 * get-discussion-list: the site's discussions, pinned first then newest, page
 * size 10; keyword on title, description and author, category (`cid`), problem (`pid`), only mine.
 * Hidden ones are listed to their author and the moderators only. Also the admin list (every
 * discussion, by keyword and status). A group's lists are the same with the group as the owner (resolved
 * by the route with the caller's standing; its admins are the moderators there).
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  DiscussionStatus,
  may,
  type adminDiscussionListQuery,
  type DiscussionListPage,
  type DiscussionListRow,
  type discussionListQuery,
  type Page,
} from '@oj/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { discussions } from '../../db/schema/index.js';
import { pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { unauthorized } from '../../lib/errors.js';
import { getSetting } from '../../lib/site-config.js';
import { cachedTotal } from '../place/totals.js';
import { ownerColumns, ownerFilter, type Owner } from '../owner/index.js';
import { likeOf } from '../../lib/like.js';
import { postAbility } from './limits.js';
import { selectListRows, toListRow } from './rows.js';

/**
 * The list's order, pinned first then newest, written exactly as discussion_list_idx (gid, top_priority
 * desc nulls last, id desc nulls last) is declared, so PostgreSQL walks the index instead of sorting the
 * table: a plain `desc` means nulls first, and the site's filter (a null gid) does not make gid a constant
 * for ordering, so the order starts with gid (one value in every list, so it changes nothing).
 */
const listOrder = [asc(discussions.gid), sql`${discussions.topPriority} desc nulls last`, sql`${discussions.id} desc nulls last`];

const keywordCond = (keyword: string) => {
  const like = likeOf(keyword);
  return or(ilike(discussions.title, like), ilike(discussions.description, like), ilike(discussions.author, like));
};

/**
 * One page in the list order: the page's ids first (a walk of discussion_list_idx that skips the offset
 * without joining anything), then those rows with category and author.
 */
async function discussionPage(ctx: AppContext, where: SQL | undefined, q: { currentPage: number; limit: number }): Promise<DiscussionListRow[]> {
  const { db } = ctx.database;
  const ids = await db
    .select({ id: discussions.id })
    .from(discussions)
    .where(where)
    .orderBy(...listOrder)
    .limit(q.limit)
    .offset(pageOffset(q.currentPage, q.limit));
  if (!ids.length) return [];
  const rows = await selectListRows(db).where(
    inArray(
      discussions.id,
      ids.map((r) => r.id),
    ),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap(({ id }) => {
    const r = byId.get(id);
    return r ? [toListRow(r)] : [];
  });
}

/** How many rows match (a large count is shared a few seconds per node, place/totals.ts). */
const countOf = (ctx: AppContext, key: string, where: SQL | undefined) =>
  cachedTotal(ctx, key, async () => (await ctx.database.db.select({ n: count() }).from(discussions).where(where))[0]?.n ?? 0);

/**
 * The total when the page itself tells it: a page that is not full is the last one, so the total is
 * the rows before it plus its own (a search with few hits then costs one query, not two).
 */
const knownTotal = (q: { currentPage: number; limit: number }, records: unknown[]): number | undefined =>
  records.length > 0 && records.length < q.limit ? pageOffset(q.currentPage, q.limit) + records.length : q.currentPage === 1 && !records.length ? 0 : undefined;

/** A page of the owner's discussions, and whether the caller may post now (null for visitors). */
export async function discussionList(
  ctx: AppContext,
  user: AuthUser | null,
  owner: Owner,
  q: z.infer<typeof discussionListQuery>,
): Promise<DiscussionListPage> {
  const db = ctx.database.db;
  const [page, mayPost] = await Promise.all([
    discussionRows(ctx, user, owner, q),
    user ? getSetting(db, 'website').then((website) => postAbility(db, user, website)) : null,
  ]);
  return { ...page, mayPost };
}

async function discussionRows(ctx: AppContext, user: AuthUser | null, owner: Owner, q: z.infer<typeof discussionListQuery>): Promise<Page<DiscussionListRow>> {
  if (q.onlyMine && !user) throw unauthorized();
  const { gid } = ownerColumns(owner);
  const filters: (SQL | undefined)[] = [ownerFilter(owner, discussions.gid)];
  if (q.keyword) filters.push(keywordCond(q.keyword));
  if (q.cid !== undefined) filters.push(eq(discussions.categoryId, q.cid));
  // Display ids are case-insensitive (problemByDisplayId) and a discussion stores the problem's own
  // spelling: the filter looks that up once, so the comparison stays on discussion_pid_idx.
  if (q.pid) filters.push(sql`${discussions.pid} = coalesce((select p.problem_id from problem p where upper(p.problem_id) = upper(${q.pid})), ${q.pid})`);
  if (q.onlyMine && user) filters.push(eq(discussions.uid, user.uid));
  const key = JSON.stringify(['discussion', gid ?? '', q.keyword ?? '', q.cid ?? '', q.pid ?? '', q.onlyMine && user ? user.uid : '']);
  // The owner's moderators see hidden ones; others only their own.
  if (may(owner.actor, 'moderate', { kind: 'discussion', uid: null, gid })) {
    const where = and(...filters);
    const records = await discussionPage(ctx, where, q);
    return { records, total: knownTotal(q, records) ?? (await countOf(ctx, `${key}:all`, where)) };
  }
  const shown = eq(discussions.status, DiscussionStatus.PUBLIC);
  const records = await discussionPage(ctx, and(...filters, user ? or(shown, eq(discussions.uid, user.uid)) : shown), q);
  const known = knownTotal(q, records);
  if (known !== undefined) return { records, total: known };
  // The total is the public rows (the same for every reader, so shared) plus the caller's own hidden ones (discussion_uid_idx).
  const [total, ownHidden] = await Promise.all([
    countOf(ctx, `${key}:public`, and(...filters, shown)),
    user ? countOf(ctx, `${key}:hidden:${user.uid}`, and(...filters, eq(discussions.uid, user.uid), eq(discussions.status, DiscussionStatus.HIDDEN))) : 0,
  ]);
  return { records, total: total + ownHidden };
}

/**
 * admin/discussion: every discussion of the owner, hidden ones included: the site's (the route checked
 * moderateDiscussions) or a group's (the route resolved the group for one of its admins).
 */
export async function adminDiscussionList(ctx: AppContext, owner: Owner, q: z.infer<typeof adminDiscussionListQuery>): Promise<Page<DiscussionListRow>> {
  const { gid } = ownerColumns(owner);
  const conds: (SQL | undefined)[] = [ownerFilter(owner, discussions.gid)];
  if (q.keyword) conds.push(keywordCond(q.keyword));
  if (q.status !== undefined) conds.push(eq(discussions.status, q.status));
  const where = and(...conds);
  const records = await discussionPage(ctx, where, q);
  return {
    records,
    total: knownTotal(q, records) ?? (await countOf(ctx, JSON.stringify(['admin-discussion', gid ?? '', q.keyword ?? '', q.status ?? '']), where)),
  };
}
