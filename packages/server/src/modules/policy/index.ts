/**
 * The server side of `may()` (@oj/shared policy.ts): the site's guards (lib/site-policy.ts) and the
 * caller as the policy sees them in a group (`actorIn`), so no module checks roles by hand.
 */
import { and, eq } from 'drizzle-orm';
import { may, type Actor, type GroupLevelValue, type Resource } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { groupMembers, groups } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { actorOf } from '../../lib/site-policy.js';

export { actorOf, mayOn, maySite, requireSite } from '../../lib/site-policy.js';

/** The caller's level in group `gid` (null: no row, or only an application) and whether he owns it. */
export async function groupStandingOf(db: DbOrTx, uid: string, gid: number): Promise<{ level: GroupLevelValue | null; owner: boolean }> {
  const [row] = await db
    .select({ level: groupMembers.auth, ownerUid: groups.ownerUid })
    .from(groups)
    .leftJoin(groupMembers, and(eq(groupMembers.gid, groups.id), eq(groupMembers.uid, uid)))
    .where(eq(groups.id, gid));
  return { level: row?.level ?? null, owner: !!row && row.ownerUid === uid };
}

/**
 * The caller as the policy sees them for a resource of group `gid` (null: no group). This is the one
 * place the group level and ownership are looked up (one query); applying (1) and refused (2) are
 * levels too, and the policy gives them nothing a member has.
 */
export async function actorIn(db: DbOrTx, user: AuthUser | null, gid: number | null): Promise<Actor | null> {
  const actor = actorOf(user);
  if (!actor || gid === null) return actor;
  const { level, owner } = await groupStandingOf(db, actor.uid, gid);
  return { ...actor, groupLevel: level, groupOwner: owner };
}

/** A group as the policy reads it (`may` view, delete). */
export const groupResource = (g: Pick<typeof groups.$inferSelect, 'ownerUid' | 'visible' | 'status'>): Resource => ({
  kind: 'group',
  ownerUid: g.ownerUid ?? '',
  visible: g.visible,
  status: g.status,
});

/**
 * Is the owner of a row held by `gid` (null: the site, shown to everyone) shown to the caller (policy
 * `view` on the group)? A hidden or disabled group, and its inside, exist for the super admin only; the
 * policy's rules on a group's rows are asked after this.
 */
export async function ownerShownTo(db: DbOrTx, user: AuthUser | null, gid: number | null): Promise<boolean> {
  if (gid === null) return true;
  const [g] = await db.select({ ownerUid: groups.ownerUid, visible: groups.visible, status: groups.status }).from(groups).where(eq(groups.id, gid));
  return !!g && may(actorOf(user), 'view', groupResource(g));
}
