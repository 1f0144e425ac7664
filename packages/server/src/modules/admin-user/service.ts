/**
 * The super admin's user list, edit and delete (the "user" page). Import and generation are in
 * import.ts and generate.ts.
 */
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLE_IDS, ROLE_ORDER, UserStatus, type AdminUserRow, type EditUserBody, type Page, type RoleId } from '@oj/shared';
import type { z } from 'zod';
import type { adminUserListQuery } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { discussions, userRoles, users, commentLikes, comments, discussionLikes } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import { revokeAllSessions, type AuthUser } from '../../lib/auth.js';
import { forgetUserSessions } from '../../lib/session-cache.js';
import { fail, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { genderOf, uniqueViolation, type UserRow } from '../../lib/users.js';
import { likeOf } from '../../lib/like.js';

/** Written out qualified: inside a subquery an unqualified "uid" would be user_role's own column. */
const outerUid = sql.raw('"user_info"."uid"');
const rolesSql = sql<number[]>`coalesce((select array_agg(r.role_id) from user_role r where r.uid = ${outerUid}), '{}')`;

/** The most powerful role held; a user without any counts as a plain user. */
export const mainRole = (roles: readonly number[]): RoleId => ROLE_ORDER.find((r) => roles.includes(r)) ?? 1002;

function toRow(u: UserRow, roles: readonly number[]): AdminUserRow {
  const held = ROLE_ORDER.filter((r) => roles.includes(r));
  return {
    uid: u.uid,
    username: u.username,
    realname: u.realname,
    nickname: u.nickname,
    email: u.email,
    school: u.school,
    gender: genderOf(u.gender),
    role: mainRole(held),
    roles: held,
    status: u.status,
    titleName: u.titleName,
    titleColor: u.titleColor,
    gmtCreate: u.gmtCreate.toISOString(),
  };
}

export async function listUsers(ctx: AppContext, q: z.output<typeof adminUserListQuery>): Promise<Page<AdminUserRow>> {
  const { db } = ctx.database;
  const conds: SQL[] = [];
  if (q.keyword) {
    const k = likeOf(q.keyword);
    conds.push(or(ilike(users.username, k), ilike(users.realname, k), ilike(users.nickname, k), ilike(users.email, k), ilike(users.school, k))!);
  }
  const holding = (ids: number[]) =>
    sql`exists (select 1 from user_role r where r.uid = ${outerUid} and r.role_id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}))`;
  if (q.onlyAdmin) conds.push(holding(ADMIN_ROLE_IDS));
  if (q.role !== undefined) conds.push(holding([q.role]));
  const where = conds.length ? and(...conds) : undefined;
  const { records: rows, total } = await pageOf(
    db
      .select({ u: users, roles: rolesSql })
      .from(users)
      .where(where)
      .orderBy(desc(users.gmtCreate), users.username)
      .limit(q.limit)
      .offset(pageOffset(q.currentPage, q.limit)),
    db.select({ n: count() }).from(users).where(where),
  );
  return { records: rows.map((r) => toRow(r.u, r.roles.map(Number))), total };
}

/** Root may not lock himself out: no disabling, demoting (from root) or deleting his own account. */
function refuseSelf(actor: AuthUser, uid: string) {
  if (actor.uid === uid) throw fail('cannotChangeSelf');
}

/**
 * HOJ's edit-user: username (unique), real name, e-mail (unique), title, role (replaces the roles),
 * status and an optional new password. Disabling or a new password ends every session of the user in
 * the same transaction, so his open tabs are logged out on their next call.
 */
export async function editUser(ctx: AppContext, actor: AuthUser, b: EditUserBody): Promise<AdminUserRow> {
  const { db } = ctx.database;
  const password = b.setNewPwd ? await hashPassword(b.password!) : null;
  try {
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.uid, b.uid)).for('update');
      if (!before) throw notFound('userNotFound');
      const rolesBefore = (await tx.select({ r: userRoles.roleId }).from(userRoles).where(eq(userRoles.uid, b.uid))).map((x) => x.r);
      const demoted = rolesBefore.includes(1000) && b.type !== 1000;
      if (b.status === UserStatus.DISABLED || demoted) refuseSelf(actor, b.uid);
      const email = b.email ? b.email : null;
      const [after] = await tx
        .update(users)
        .set({
          username: b.username,
          realname: b.realname,
          email,
          titleName: b.titleName,
          titleColor: b.titleColor,
          status: b.status,
          ...(password ? { password } : {}),
          gmtModified: new Date(),
        })
        .where(eq(users.uid, b.uid))
        .returning();
      if (!(rolesBefore.length === 1 && rolesBefore[0] === b.type)) {
        await tx.delete(userRoles).where(eq(userRoles.uid, b.uid));
        await tx.insert(userRoles).values({ uid: b.uid, roleId: b.type });
      }
      if (password || (b.status === UserStatus.DISABLED && before.status !== UserStatus.DISABLED)) await revokeAllSessions(tx, b.uid);
      return toRow(after!, [b.type]);
    });
    // Name, status and role are part of every session check: this node must not serve the old ones
    // (other nodes hear of the change from the user_info and user_role triggers).
    forgetUserSessions(b.uid);
    return row;
  } catch (err) {
    const c = uniqueViolation(err);
    if (c === 'user_info_username_uq') throw fail('usernameExists');
    if (c === 'user_info_email_uq') throw fail('emailExists');
    throw err;
  }
}

/**
 * Deletes users in one transaction. What goes and what stays (stated in the screen's confirmation):
 * - deleted with them: their submissions (with case results and queue entries), test runs, sessions,
 *   roles, contest and training registrations and ranks, likes, messages to them, notice deliveries;
 * - kept, shown under the name they were posted with and no longer linked to an account: problems,
 *   contests, trainings, discussions, comments, replies, announcements, notices and uploaded files
 *   they authored (the foreign keys set the author to null).
 * The like counters their likes had raised are lowered in the same transaction.
 */
export async function deleteUsers(ctx: AppContext, actor: AuthUser, ids: string[]): Promise<number> {
  const uids = [...new Set(ids)];
  if (uids.includes(actor.uid)) refuseSelf(actor, actor.uid);
  const { db } = ctx.database;
  return db
    .transaction(async (tx) => {
      // Their likes are about to go: take them off the counters they raised.
      await tx.execute(sql`
      update ${discussions} d set like_num = greatest(0, d.like_num - l.n)
      from (select did, count(*)::int n from ${discussionLikes} where uid in ${uids} group by did) l
      where d.id = l.did`);
      await tx.execute(sql`
      update ${comments} c set like_num = greatest(0, c.like_num - l.n)
      from (select comment_id, count(*)::int n from ${commentLikes} where uid in ${uids} group by comment_id) l
      where c.id = l.comment_id`);
      const gone = await tx.delete(users).where(inArray(users.uid, uids)).returning({ uid: users.uid });
      return gone.length;
    })
    .finally(() => {
      for (const uid of uids) forgetUserSessions(uid);
    });
}
