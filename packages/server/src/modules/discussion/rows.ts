/**
 * A discussion as the lists and the detail send it: the row, its category's name, and its author's
 * avatar, title tag and role badge (SPA for the super admin, ADM for an admin) read from
 * user_info and user_role in the same query.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { Role, type AuthorRole, type DiscussionDetail, type DiscussionListRow, type DiscussionStatusValue } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { discussionCategories, discussions, users } from '../../db/schema/index.js';
import type { DiscussionRow } from './access.js';

/** The badge of a user's roles: root wins over admin; everyone else has none. */
export const authorRoleSql = (uid: SQL | typeof discussions.uid) =>
  sql<AuthorRole>`(select case when bool_or(ur.role_id = ${Role.ROOT}) then 'root' when bool_or(ur.role_id = ${Role.ADMIN}) then 'admin' end from user_role ur where ur.uid = ${uid})`;

const listColumns = {
  id: discussions.id,
  pid: discussions.pid,
  title: discussions.title,
  description: discussions.description,
  categoryId: discussions.categoryId,
  categoryName: discussionCategories.name,
  topPriority: discussions.topPriority,
  status: discussions.status,
  uid: discussions.uid,
  author: discussions.author,
  avatar: users.avatar,
  role: authorRoleSql(discussions.uid),
  titleName: users.titleName,
  titleColor: users.titleColor,
  commentNum: discussions.commentNum,
  likeNum: discussions.likeNum,
  viewNum: discussions.viewNum,
  gid: discussions.gid,
  gmtCreate: discussions.gmtCreate,
};

type Selected = Awaited<ReturnType<typeof selectListRows>>[number];

export const toListRow = (r: Selected): DiscussionListRow => ({
  ...r,
  status: r.status as DiscussionStatusValue,
  categoryName: r.categoryName ?? '',
  gmtCreate: r.gmtCreate.toISOString(),
});

/** The select of list rows: discussions with category and author joined (the caller adds where/order/paging). */
export const selectListRows = (db: DbOrTx) =>
  db
    .select(listColumns)
    .from(discussions)
    .leftJoin(discussionCategories, eq(discussionCategories.id, discussions.categoryId))
    .leftJoin(users, eq(users.uid, discussions.uid));

/** One discussion as the detail sends it. */
export async function discussionDetail(db: DbOrTx, d: Pick<DiscussionRow, 'id' | 'content'>, hasLike: boolean): Promise<DiscussionDetail> {
  const [row] = await selectListRows(db).where(eq(discussions.id, d.id));
  return { ...toListRow(row!), content: d.content, hasLike };
}
