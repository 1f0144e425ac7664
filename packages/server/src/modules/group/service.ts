/**
 * The group itself (creation, settings, disband; HOJ `get-group-list`,
 * POST/PUT/DELETE `/api/group`). Members and applications are in members.ts, the avatar in avatar.ts.
 */
import { and, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  GroupAuth,
  GroupLevel,
  may,
  type Ability,
  type Group,
  type GroupListPage,
  type groupForm,
  type groupListQuery,
  type groupUpdate,
  type MsgKey,
} from '@oj/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { uniqueViolation } from '../../db/errors.js';
import { announcements, contests, groupMembers, groups } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import { getSetting } from '../../lib/site-config.js';
import { acceptedProblems } from '../problem/accepted.js';
import { maySite } from '../policy/index.js';
import { likeOf } from '../../lib/like.js';
import { groupStanding, memberCount, rootStanding, toGroup, type GroupRow } from './access.js';

/** Members (levels 3–5) of each group, one query for a page of cards. */
async function memberCounts(db: DbOrTx, gids: number[]): Promise<Map<number, number>> {
  if (!gids.length) return new Map();
  const rows = await db
    .select({ gid: groupMembers.gid, n: sql<number>`count(*)::int` })
    .from(groupMembers)
    .where(and(inArray(groupMembers.gid, gids), gte(groupMembers.auth, GroupLevel.MEMBER)))
    .groupBy(groupMembers.gid);
  return new Map(rows.map((r) => [r.gid, r.n]));
}

/**
 * The group list: filters auth, keyword (name, short name, brief) and only-mine (groups
 * the caller owns or is a member of); hidden and disabled groups only for the super admin. Newest first.
 */
export async function listGroups(db: Db, user: AuthUser | null, q: z.output<typeof groupListQuery>): Promise<GroupListPage> {
  const conds: SQL[] = [];
  if (!user || !maySite(user, 'administerAllGroups')) conds.push(eq(groups.visible, true), eq(groups.status, 0));
  if (q.auth !== undefined) conds.push(eq(groups.auth, q.auth as Group['auth']));
  if (q.keyword) {
    const k = likeOf(q.keyword);
    conds.push(or(ilike(groups.name, k), ilike(groups.shortName, k), ilike(groups.brief, k))!);
  }
  // A visitor has no groups of his own.
  if (q.onlyMine && !user) conds.push(sql`false`);
  else if (q.onlyMine && user) {
    conds.push(
      or(
        eq(groups.ownerUid, user.uid),
        sql`exists (select 1 from group_member m where m.gid = ${groups.id} and m.uid = ${user.uid} and m.auth >= ${GroupLevel.MEMBER})`,
      )!,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const { records: rows, total } = await pageOf(
    db.select().from(groups).where(where).orderBy(desc(groups.gmtCreate), desc(groups.id)).limit(q.limit).offset(pageOffset(q.currentPage, q.limit)),
    db.select({ n: sql<number>`count(*)::int` }).from(groups).where(where),
  );
  const counts = await memberCounts(
    db,
    rows.map((r) => r.id),
  );
  // The list never carries invitation codes: the settings page reads its own group's.
  return {
    records: rows.map((g) => toGroup(g, counts.get(g.id) ?? 0, null)),
    total,
    mayCreate: user ? await groupCreateAbility(db, user) : null,
  };
}

/** Unique name / short name (case-insensitive indexes) as the catalogue says it, also when two creations race. */
function nameTaken(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'group_name_uq') throw fail('groupNameExists');
  if (constraint === 'group_short_name_uq') throw fail('groupShortNameExists');
  throw err;
}

async function assertNamesFree(db: DbOrTx, name: string | undefined, shortName: string | undefined, except: number | null) {
  const other = except === null ? undefined : sql`${groups.id} <> ${except}`;
  if (name !== undefined) {
    const [hit] = await db
      .select({ id: groups.id })
      .from(groups)
      .where(and(sql`lower(${groups.name}) = lower(${name})`, other));
    if (hit) throw fail('groupNameExists');
  }
  if (shortName !== undefined) {
    const [hit] = await db
      .select({ id: groups.id })
      .from(groups)
      .where(and(sql`lower(${groups.shortName}) = lower(${shortName})`, other));
    if (hit) throw fail('groupShortNameExists');
  }
}

/**
 * Whether the user may create a group now, by the site's group settings (admin roles exempt, as HOJ):
 * accepted problems needed, groups a day, groups owned. The group list carries it (`mayCreate`) so the
 * page disables "create" with the reason; `createGroup` asks the same and re-counts under its lock.
 */
export async function groupCreateAbility(db: DbOrTx, user: AuthUser): Promise<Ability> {
  if (maySite(user, 'createGroupWithoutLimits')) return { allowed: true, reason: null };
  const limits = await getSetting(db, 'group');
  const need = limits.groupAcRequired;
  if (need > 0 && (await acceptedProblems(db, user.uid, need)) < need) return refused('groupAcRequired', need);
  const { day, all } = await ownedGroups(db, user.uid);
  if (day >= limits.groupDailyLimit) return refused('groupDailyLimit', limits.groupDailyLimit);
  if (all >= limits.groupPerUserLimit) return refused('groupPerUserLimit', limits.groupPerUserLimit);
  return { allowed: true, reason: null };
}

const refused = (key: MsgKey, count: number): Ability => ({ allowed: false, reason: { key, params: { count } } });

async function ownedGroups(db: DbOrTx, uid: string): Promise<{ day: number; all: number }> {
  const res = await db.execute<{ day: number; all: number }>(sql`
    select count(*) filter (where gmt_create > now() - interval '24 hours')::int as day, count(*)::int as all
    from "group" where owner_uid = ${uid}`);
  const { day = 0, all = 0 } = res.rows[0] ?? {};
  return { day, all };
}

/**
 * Creates a group owned by the caller, who becomes its level-5 member. Unless the policy
 * exempts him (admin roles, as HOJ), the site's group settings apply (see `groupCreateAbility`). The
 * counts are taken again under a per-user advisory lock inside the transaction, so parallel creations
 * on any number of API nodes cannot pass a limit together.
 */
export async function createGroup(db: Db, user: AuthUser, b: z.output<typeof groupForm>): Promise<Group> {
  const free = maySite(user, 'createGroupWithoutLimits');
  const limits = await getSetting(db, 'group');
  const ability = await groupCreateAbility(db, user);
  if (ability.reason) throw fail(ability.reason.key, ability.reason.params);
  await assertNamesFree(db, b.name, b.shortName, null);
  const row = await db
    .transaction(async (tx) => {
      if (!free) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`group-create:${user.uid}`}))`);
        const { day, all } = await ownedGroups(tx, user.uid);
        if (day >= limits.groupDailyLimit) throw fail('groupDailyLimit', { count: limits.groupDailyLimit });
        if (all >= limits.groupPerUserLimit) throw fail('groupPerUserLimit', { count: limits.groupPerUserLimit });
      }
      const [g] = await tx
        .insert(groups)
        .values({
          name: b.name,
          shortName: b.shortName,
          brief: b.brief,
          description: b.description,
          auth: b.auth,
          code: b.auth === GroupAuth.PUBLIC ? null : (b.code ?? null),
          ownerUid: user.uid,
          owner: user.username,
          // Only the super admin may hide a group: anyone else would hide it from himself.
          visible: maySite(user, 'administerAllGroups') ? (b.visible ?? true) : true,
        })
        .returning();
      await tx.insert(groupMembers).values({ gid: g!.id, uid: user.uid, auth: GroupLevel.ROOT });
      return g!;
    })
    .catch(nameTaken);
  return toGroup(row, 1, { level: GroupLevel.ROOT, owner: true, member: true, admin: true, root: true });
}

/**
 * The settings form (group root): the fields given change. A group turned public forgets its code;
 * one turned protected or private needs a code, given now or already held. `visible` and `status` are
 * the super admin's.
 */
export async function updateGroup(db: Db, user: AuthUser, b: z.output<typeof groupUpdate>): Promise<Group> {
  const { group, info } = await rootStanding(db, user, b.id);
  const superAdmin = maySite(user, 'administerAllGroups');
  if ((b.visible !== undefined && b.visible !== group.visible) || (b.status !== undefined && b.status !== group.status)) {
    if (!superAdmin) throw forbidden();
  }
  const auth = b.auth ?? group.auth;
  const code = auth === GroupAuth.PUBLIC ? null : b.code || group.code;
  if (auth !== GroupAuth.PUBLIC && !code) throw fail('groupCodeInvalid');
  await assertNamesFree(db, b.name, b.shortName, group.id);
  const [row] = await db
    .update(groups)
    .set({
      name: b.name ?? group.name,
      shortName: b.shortName ?? group.shortName,
      brief: b.brief ?? group.brief,
      description: b.description ?? group.description,
      auth,
      code,
      visible: b.visible ?? group.visible,
      status: b.status ?? group.status,
      gmtModified: new Date(),
    })
    .where(eq(groups.id, group.id))
    .returning()
    .catch(nameTaken);
  return toGroup(row as GroupRow, await memberCount(db, group.id), info);
}

/**
 * Disbands a group (the owner or the super admin, policy `delete` on the group): deleting its row takes
 * with it, in the same statement's transaction, its members and applications, announcements, problems
 * (with their cases and tags), trainings and categories, contests, discussions and every submission made
 * in it (foreign keys `on delete cascade`); uploaded files stay, no longer tied to it.
 */
export async function disbandGroup(db: Db, user: AuthUser, gid: number): Promise<void> {
  const { group, actor } = await groupStanding(db, user, gid);
  // An owner whose account is gone leaves the group to the super admin.
  if (!may(actor, 'delete', { kind: 'group', ownerUid: group.ownerUid ?? '' })) throw forbidden();
  await db.transaction(async (tx) => {
    // Everything carrying the gid goes with the group (foreign keys); a contest's announcements name only
    // their contest (announcement.cid has no key), so they go first.
    await tx.delete(announcements).where(inArray(announcements.cid, tx.select({ id: contests.id }).from(contests).where(eq(contests.gid, group.id))));
    await tx.delete(groups).where(eq(groups.id, group.id));
  });
}
