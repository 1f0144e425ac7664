/**
 * Who may see what of a group: every group call needs a login; a logged-in user
 * may see a visible group's card and home (what he needs to join or apply); its inside — announcements,
 * problems, trainings, contests, submissions, discussions, members, rank — is for members (level 3–5),
 * its owner and the super admin. Hidden or disabled groups exist only for the super admin. Every group
 * call and every place in a group goes through these functions, and the levels come from the policy.
 */
import { and, count, eq, gte } from 'drizzle-orm';
import { GroupLevel, isGroupAdmin, isGroupMember, isGroupRoot, may, type Actor, type Group, type GroupAuthInfo } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { groupMembers, groups } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import { actorIn, actorOf, groupResource } from '../policy/index.js';

export type GroupRow = typeof groups.$inferSelect;

/** A group and the caller in it, as the policy reads him. */
export interface GroupStanding {
  group: GroupRow;
  actor: Actor;
  info: GroupAuthInfo;
}

export async function groupById(db: DbOrTx, gid: number): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groups).where(eq(groups.id, gid));
  return row;
}

/** The caller's standing as the screens show it (get-group-access). */
export function authInfoOf(actor: Actor): GroupAuthInfo {
  return {
    level: actor.groupLevel ?? 0,
    owner: !!actor.groupOwner,
    member: isGroupMember(actor),
    admin: isGroupAdmin(actor),
    root: isGroupRoot(actor),
  };
}

/** A group as the policy reads it: defined with the policy (problems of a group ask it too). */
export { groupResource } from '../policy/index.js';

/**
 * A group the caller may know of (policy `view`), with his standing: hidden and disabled groups answer
 * "does not exist" to all but the super admin.
 */
export async function groupStanding(db: DbOrTx, user: AuthUser, gid: number): Promise<GroupStanding> {
  const group = await groupById(db, gid);
  if (!group || !may(actorOf(user), 'view', groupResource(group))) throw fail('groupNotFound');
  const actor = (await actorIn(db, user, gid)) as Actor;
  return { group, actor, info: authInfoOf(actor) };
}

/** The group's inside: members (3–5), its owner and the super admin; everyone else is refused (403). */
export async function memberStanding(db: DbOrTx, user: AuthUser, gid: number): Promise<GroupStanding> {
  const standing = await groupStanding(db, user, gid);
  if (!standing.info.member) throw forbidden('groupNotMember');
  return standing;
}

/** Group admin pages: level 4–5, the owner, the super admin. */
export async function adminStanding(db: DbOrTx, user: AuthUser, gid: number): Promise<GroupStanding> {
  const standing = await memberStanding(db, user, gid);
  if (!standing.info.admin) throw forbidden();
  return standing;
}

/** Group root pages (settings): level 5, the owner, the super admin. */
export async function rootStanding(db: DbOrTx, user: AuthUser, gid: number): Promise<GroupStanding> {
  const standing = await memberStanding(db, user, gid);
  if (!standing.info.root) throw forbidden();
  return standing;
}

export async function memberCount(db: DbOrTx, gid: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupMembers)
    .where(and(eq(groupMembers.gid, gid), gte(groupMembers.auth, GroupLevel.MEMBER)));
  return row?.n ?? 0;
}

/** A group as the caller may see it: the invitation code only for its root. */
export function toGroup(g: GroupRow, members: number, info: GroupAuthInfo | null): Group {
  return {
    id: g.id,
    avatar: g.avatar,
    name: g.name,
    shortName: g.shortName,
    brief: g.brief,
    description: g.description,
    owner: g.owner,
    ownerUid: g.ownerUid,
    auth: g.auth,
    code: info?.root ? g.code : null,
    visible: g.visible,
    status: g.status,
    memberCount: members,
    gmtCreate: g.gmtCreate.toISOString(),
  };
}
