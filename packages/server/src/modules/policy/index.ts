/**
 * The server side of `may()` (@oj/shared policy.ts): builds the Actor of a request and offers guards
 * asking the policy, so no module checks roles by hand. Site roles come with the login
 * (`lib/auth.ts`); a resource held by a group adds the caller's level there (`actorIn`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { may, type Action, type Actor, type GroupLevelValue, type Resource, type SiteAction } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { groupMembers, groups } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { forbidden } from '../../lib/errors.js';

/** The caller as the policy sees them outside any group (null: a visitor). */
export function actorOf(user: AuthUser | null): Actor | null {
  return user ? { uid: user.uid, username: user.username, roles: user.roles, permissions: user.permissions } : null;
}

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

/** May the caller do this on the site (the rules of `SiteAction`)? */
export const maySite = (user: AuthUser | null, action: SiteAction) => may(actorOf(user), action, { kind: 'site' });

/** May the caller do this on a resource outside groups (contests, trainings of the site)? Group resources go through `actorIn`. */
export const mayOn = (user: AuthUser | null, action: Action, resource: Resource) => may(actorOf(user), action, resource);

/** preHandler: logged in (else 401) and allowed the site action (else 403). */
export function requireSite(action: SiteAction) {
  return async function requireSiteGuard(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireLogin(req, reply);
    if (!maySite(userOf(req), action)) throw forbidden();
  };
}
