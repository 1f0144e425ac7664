/**
 * A group as an owner (modules/owner): resolved with the caller's standing, so the group routes hand the
 * site's services `{ kind: 'group', gid }` after the group's gate (members, or admins for the admin calls).
 * A call that names only a row (a contest by its id) resolves the row's owner here from the row's `gid`:
 * this file and modules/owner are where the site and a group are told apart, not the services.
 */
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth.js';
import { type ApiError, unauthorized } from '../../lib/errors.js';
import { siteOwner, type Owner } from '../owner/index.js';
import { adminStanding, type GroupStanding, memberStanding } from './access.js';

export const ownerOfStanding = (s: GroupStanding): Owner => ({ kind: 'group', gid: s.group.id, actor: s.actor, idPrefix: s.group.shortName });

/** The caller's standing a group call needs: the group's inside (`'member'`) or its admin pages (`'admin'`). */
export type GroupNeed = 'member' | 'admin';

/** Group `gid` as the owner, for a member (`'member'`) or one of its admins (`'admin'`); others are refused. */
export async function groupOwner(db: DbOrTx, user: AuthUser, gid: number, need: GroupNeed): Promise<Owner> {
  return ownerOfStanding(await (need === 'admin' ? adminStanding : memberStanding)(db, user, gid));
}

/**
 * The owner of a row held by `gid` (null: the site), for the caller. A group's row is the inside of its
 * group: the caller passes the group's gate first (a visitor 401, an outsider groupNotMember, a hidden
 * group groupNotFound), asked afresh, so a member removed from the group is refused at once.
 */
export async function ownerOfRow(db: DbOrTx, user: AuthUser | null, gid: number | null): Promise<Owner> {
  if (gid === null) return siteOwner(user);
  if (!user) throw unauthorized();
  return groupOwner(db, user, gid, 'member');
}

/**
 * The group holding a row (`gid`; undefined: no such row) as the owner, for one of its members or, with
 * `need` 'admin', of its admins: the group calls act on a group's rows only, so a missing row and a row
 * of the site are both refused with `missing` there (they never stand in for the site's calls).
 */
export async function groupOwnerOfRow(
  db: DbOrTx,
  user: AuthUser,
  gid: number | null | undefined,
  missing: ApiError,
  need: GroupNeed = 'member',
): Promise<Owner> {
  if (gid === null || gid === undefined) throw missing;
  return groupOwner(db, user, gid, need);
}
