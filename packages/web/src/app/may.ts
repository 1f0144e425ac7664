/**
 * The web side of the policy (@oj/shared `may()`): the logged-in user as the policy sees him (role
 * names of the session → role ids, the permission codes the site assigned), so a button is shown
 * exactly when the server would accept its call. Rights inside a group add the viewer's level there.
 */
import { may, type Action, type Actor, type GroupAuthInfo, type Resource } from '@oj/shared';
import { roleIdsOf, type SessionState, useSession } from './session';

const SITE: Resource = { kind: 'site' };

/** The session's user as an Actor; null for visitors. `permissions` null (not yet known): the roles' defaults. */
export function actorOfSession({ user, roles, permissions }: Pick<SessionState, 'user' | 'roles' | 'permissions'>): Actor | null {
  if (!user) return null;
  return { uid: user.uid, username: user.username, roles: roleIdsOf(roles), permissions: permissions ?? undefined };
}

export function useActor(): Actor | null {
  return actorOfSession(useSession());
}

/** The actor inside a group: his level there (none below member) and whether he owns it, from the group's access answer. */
export function actorInGroup(actor: Actor | null, access: Pick<GroupAuthInfo, 'level' | 'owner'> | undefined): Actor | null {
  if (!actor) return null;
  const level = access?.level || null;
  return { ...actor, groupLevel: level, groupOwner: !!access?.owner };
}

/** May the logged-in user do `action` on `resource` (default: the site)? */
export function mayIn(session: Pick<SessionState, 'user' | 'roles' | 'permissions'>, action: Action, resource: Resource = SITE): boolean {
  return may(actorOfSession(session), action, resource);
}

export function useMay(action: Action, resource: Resource = SITE): boolean {
  return mayIn(useSession(), action, resource);
}
