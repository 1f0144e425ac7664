/**
 * Membership (the apply dialog, member admin; HOJ `/api/group/member`,
 * `get-member-list`, `get-apply-list`): joining and applying, the admins' accept / refuse / level
 * changes and removals, leaving, and the add-member search. The level rules are the policy's
 * (`may` on a `groupMember`), asked here as the member select asks them.
 */
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  GROUP_LIMITS,
  GroupAuth,
  GroupLevel,
  groupApplyProblem,
  may,
  type GroupLevelValue,
  type GroupMemberRow,
  type groupJoinQuery,
  type GroupBulkAddResult,
  type groupMemberUpdate,
  type GroupUserRow,
  type Page,
} from '@oj/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { groupCodeFailures, groupMembers, users } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { ApiError, fail, forbidden } from '../../lib/errors.js';
import { clearPasswordTries, countPasswordTry, type PasswordTries } from '../../lib/password-tries.js';
import { mainRole } from '../admin-user/service.js';
import { likeOf } from '../../lib/like.js';
import { adminStanding, groupStanding, memberStanding, type GroupStanding } from './access.js';

type MemberRow = typeof groupMembers.$inferSelect;

/** A member row as the policy's `groupMember` resource (`to`: the level a change would give). */
const memberResource = (s: GroupStanding, row: MemberRow, to?: GroupLevelValue) =>
  ({ kind: 'groupMember', uid: row.uid, level: row.auth, owner: row.uid === s.group.ownerUid, to }) as const;

async function memberRow(db: DbOrTx, gid: number, uid: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, uid)));
  return row;
}

/**
 * Writes `uid` at `level` with `reason`, unless he already is a member (level 3–5): then nothing is
 * written and the current level comes back. One statement, so a join racing an admin's acceptance
 * cannot lower a member back to an applicant.
 */
async function putMember(db: DbOrTx, gid: number, uid: string, level: GroupLevelValue, reason: string | null): Promise<GroupLevelValue | null> {
  const rows = await db
    .insert(groupMembers)
    .values({ gid, uid, auth: level, reason })
    .onConflictDoUpdate({
      target: [groupMembers.gid, groupMembers.uid],
      set: { auth: level, reason, gmtModified: new Date() },
      setWhere: sql`${groupMembers.auth} < ${GroupLevel.MEMBER}`,
    })
    .returning({ auth: groupMembers.auth });
  return rows[0]?.auth ?? null;
}

/** Five wrong invitation codes per user and group in ten minutes, then a pause (like contest and training passwords). */
const GROUP_CODE_TRIES: PasswordTries = {
  table: groupCodeFailures,
  key: groupCodeFailures.gid,
  uid: groupCodeFailures.uid,
  failures: groupCodeFailures.failures,
  windowStart: groupCodeFailures.windowStart,
  tries: GROUP_LIMITS.codeTries,
  windowMinutes: GROUP_LIMITS.codeWindowMinutes,
  tooMany: 'groupCodeTooManyTries',
};

/**
 * Join a public group at once; apply to a protected one with a reason, to a private one with its code
 * and a reason (a refused user may apply again). With `uid`, a group admin adds that user as a member.
 * Answers the user's level now.
 */
export async function joinGroup(db: Db, user: AuthUser, q: z.output<typeof groupJoinQuery>): Promise<GroupLevelValue> {
  const standing = await groupStanding(db, user, q.gid);
  const { group, info } = standing;
  if (q.uid !== undefined && q.uid !== user.uid) {
    if (!info.admin) throw forbidden();
    const [target] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, q.uid));
    if (!target) throw fail('userNotFound');
    const level = await putMember(db, group.id, target.uid, GroupLevel.MEMBER, null);
    if (level === null) throw fail('groupUserAlreadyMember');
    return level;
  }
  if (info.owner || info.level >= GroupLevel.MEMBER) throw fail('groupAlreadyMember');
  if (info.level === GroupLevel.APPLYING) throw fail('groupAlreadyApplied');
  const problem = groupApplyProblem(group.auth, { code: q.code, reason: q.reason });
  if (problem) throw new ApiError(problem);
  if (group.auth === GroupAuth.PRIVATE) {
    // Counted before the comparison, so parallel guesses cannot all get through; the right code clears it.
    await countPasswordTry(db, GROUP_CODE_TRIES, group.id, user.uid);
    if (q.code !== group.code) throw fail('groupCodeWrong');
    await clearPasswordTries(db, GROUP_CODE_TRIES, group.id, user.uid);
  }
  const open = group.auth === GroupAuth.PUBLIC;
  const level = await putMember(db, group.id, user.uid, open ? GroupLevel.MEMBER : GroupLevel.APPLYING, open ? null : (q.reason ?? null));
  if (level === null) throw fail('groupAlreadyMember');
  return level;
}

/**
 * The row an admin acts on, after the rules every member action shares: it exists, it is neither the
 * owner nor the caller, and its level is below the caller's (the owner and the super admin: any).
 */
async function managedRow(db: DbOrTx, s: GroupStanding, user: AuthUser, uid: string): Promise<MemberRow> {
  const row = await memberRow(db, s.group.id, uid);
  if (!row) throw fail('groupMemberNotFound');
  if (row.uid === s.group.ownerUid) throw fail('groupOwnerFixed');
  if (row.uid === user.uid) throw fail('groupSelfFixed');
  if (!may(s.actor, 'delete', memberResource(s, row))) throw forbidden('groupLevelDenied');
  return row;
}

/** Accept (3), refuse (2), promote or demote one member or applicant, by the select's rules. */
export async function updateMember(db: Db, user: AuthUser, b: z.output<typeof groupMemberUpdate>): Promise<GroupMemberRow> {
  const s = await adminStanding(db, user, b.gid);
  const row = await managedRow(db, s, user, b.uid);
  if (!may(s.actor, 'setLevel', memberResource(s, row, b.auth))) {
    throw b.auth < GroupLevel.MEMBER && row.auth >= GroupLevel.MEMBER ? fail('groupMemberNoBack') : forbidden('groupLevelDenied');
  }
  // Guarded by the level read above: a concurrent change by another admin makes this one a no-op.
  const [updated] = await db
    .update(groupMembers)
    .set({ auth: b.auth, gmtModified: new Date() })
    .where(and(eq(groupMembers.id, row.id), eq(groupMembers.auth, row.auth)))
    .returning({ id: groupMembers.id });
  if (!updated) throw fail('groupMemberNotFound');
  const [fresh] = await rowsOf(db, s, and(eq(groupMembers.id, row.id))!, 1, 0);
  return fresh!;
}

/** Removes a member or an application (never oneself or the owner; only below one's own level). */
export async function deleteMember(db: Db, user: AuthUser, gid: number, uid: string): Promise<void> {
  const s = await adminStanding(db, user, gid);
  const row = await managedRow(db, s, user, uid);
  await db.delete(groupMembers).where(and(eq(groupMembers.id, row.id), eq(groupMembers.auth, row.auth)));
}

/** Leaves the group, or withdraws one's application; the owner disbands instead. */
export async function exitGroup(db: Db, user: AuthUser, gid: number): Promise<void> {
  const { group } = await groupStanding(db, user, gid);
  if (group.ownerUid === user.uid) throw fail('groupOwnerCannotExit');
  const gone = await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.gid, group.id), eq(groupMembers.uid, user.uid)))
    .returning({ id: groupMembers.id });
  if (!gone.length) throw fail('groupNotInGroup');
}

/** Member rows with their users; real name, school and reason only for the group's admins. */
async function rowsOf(
  db: DbOrTx,
  s: GroupStanding,
  where: SQL,
  limit: number,
  offset: number,
  order: 'members' | 'applications' = 'members',
): Promise<GroupMemberRow[]> {
  const rows = await db
    .select({ m: groupMembers, username: users.username, avatar: users.avatar, realname: users.realname, school: users.school })
    .from(groupMembers)
    .innerJoin(users, eq(users.uid, groupMembers.uid))
    .where(where)
    .orderBy(
      ...(order === 'members'
        ? [desc(groupMembers.auth), asc(groupMembers.gmtCreate), asc(groupMembers.id)]
        : [asc(groupMembers.auth), desc(groupMembers.gmtModified), desc(groupMembers.id)]),
    )
    .limit(limit)
    .offset(offset);
  const admin = s.info.admin;
  return rows.map((r) => ({
    uid: r.m.uid,
    username: r.username,
    avatar: r.avatar,
    realname: admin ? r.realname : null,
    school: admin ? r.school : null,
    auth: r.m.auth,
    reason: admin ? r.m.reason : null,
    owner: r.m.uid === s.group.ownerUid,
    gmtCreate: r.m.gmtCreate.toISOString(),
    gmtModified: r.m.gmtModified.toISOString(),
  }));
}

interface ListQuery {
  gid: number;
  currentPage: number;
  limit: number;
  keyword?: string;
}

async function memberPage(db: DbOrTx, s: GroupStanding, q: ListQuery, levels: SQL, order: 'members' | 'applications'): Promise<Page<GroupMemberRow>> {
  const conds: SQL[] = [eq(groupMembers.gid, s.group.id), levels];
  if (q.keyword) {
    const k = likeOf(q.keyword);
    conds.push(s.info.admin ? or(ilike(users.username, k), ilike(users.realname, k))! : ilike(users.username, k));
  }
  const where = and(...conds)!;
  return pageOf(
    rowsOf(db, s, where, q.limit, pageOffset(q.currentPage, q.limit), order),
    db.select({ n: sql<number>`count(*)::int` }).from(groupMembers).innerJoin(users, eq(users.uid, groupMembers.uid)).where(where),
  );
}

/** The members (levels 3–5), for the group's members: root first, then by joining time. */
export async function listMembers(db: Db, user: AuthUser, q: ListQuery): Promise<Page<GroupMemberRow>> {
  const s = await memberStanding(db, user, q.gid);
  return memberPage(db, s, q, gte(groupMembers.auth, GroupLevel.MEMBER), 'members');
}

/** The applications (1 applying, then 2 refused; newest first), for the group's admins. */
export async function listApplications(db: Db, user: AuthUser, q: ListQuery): Promise<Page<GroupMemberRow>> {
  const s = await adminStanding(db, user, q.gid);
  return memberPage(db, s, q, lte(groupMembers.auth, GroupLevel.REFUSED), 'applications');
}

/**
 * The add-member dialog: every account by username or nickname, with its role and its standing
 * in the group, for the group's admins. Real names, schools and e-mail addresses are neither shown nor
 * searched: the accounts are not the group's yet.
 */
export async function searchUsers(db: Db, user: AuthUser, q: ListQuery): Promise<Page<GroupUserRow>> {
  const s = await adminStanding(db, user, q.gid);
  const conds: SQL[] = [];
  if (q.keyword) {
    const k = likeOf(q.keyword);
    conds.push(or(ilike(users.username, k), ilike(users.nickname, k))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const outerUid = sql.raw('"user_info"."uid"');
  const { records: rows, total } = await pageOf(
    db
      .select({
        uid: users.uid,
        username: users.username,
        nickname: users.nickname,
        roles: sql<number[]>`coalesce((select array_agg(r.role_id) from user_role r where r.uid = ${outerUid}), '{}')`,
        level: groupMembers.auth,
      })
      .from(users)
      .leftJoin(groupMembers, and(eq(groupMembers.uid, users.uid), eq(groupMembers.gid, s.group.id)))
      .where(where)
      .orderBy(asc(users.username))
      .limit(q.limit)
      .offset(pageOffset(q.currentPage, q.limit)),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  );
  return {
    records: rows.map((r) => ({
      uid: r.uid,
      username: r.username,
      nickname: r.nickname,
      role: mainRole(r.roles.map(Number)),
      level: r.level ?? 0,
    })),
    total,
  };
}

/**
 * Bulk add: the users named in `usernames` become members (level 3), as when an admin adds
 * them one by one: applicants and refused users are taken in, members keep their level. One statement,
 * so a join or an acceptance racing it cannot lower anybody.
 */
export async function addMembersByName(db: Db, user: AuthUser, gid: number, usernames: string[]): Promise<GroupBulkAddResult> {
  const { group } = await adminStanding(db, user, gid);
  const wanted = [...new Map(usernames.map((n) => [n.toLowerCase(), n])).entries()];
  const found = await db
    .select({ uid: users.uid, username: users.username })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        wanted.map(([lower]) => lower),
      ),
    );
  const byName = new Map(found.map((u) => [u.username.toLowerCase(), u]));
  const notFound = wanted.filter(([lower]) => !byName.has(lower)).map(([, typed]) => typed);
  const targets = wanted.flatMap(([lower]) => byName.get(lower) ?? []);
  const written = targets.length
    ? await db
        .insert(groupMembers)
        .values(targets.map((u) => ({ gid: group.id, uid: u.uid, auth: GroupLevel.MEMBER, reason: null })))
        .onConflictDoUpdate({
          target: [groupMembers.gid, groupMembers.uid],
          set: { auth: GroupLevel.MEMBER, reason: null, gmtModified: new Date() },
          setWhere: sql`${groupMembers.auth} < ${GroupLevel.MEMBER}`,
        })
        .returning({ uid: groupMembers.uid })
    : [];
  const addedUids = new Set(written.map((w) => w.uid));
  return {
    added: targets.filter((u) => addedUids.has(u.uid)).map((u) => u.username),
    alreadyMembers: targets.filter((u) => !addedUids.has(u.uid)).map((u) => u.username),
    notFound,
  };
}
