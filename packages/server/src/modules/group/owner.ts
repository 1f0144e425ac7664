/**
 * A group as an owner (modules/owner): resolved with the caller's standing, so the group routes hand the
 * site's services `{ kind: 'group', gid }` after the group's gate (members, or admins for the admin calls).
 */
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth.js';
import type { Owner } from '../owner/index.js';
import { adminStanding, type GroupStanding, memberStanding } from './access.js';

export const ownerOfStanding = (s: GroupStanding): Owner => ({ kind: 'group', gid: s.group.id, actor: s.actor, idPrefix: s.group.shortName });

/** Group `gid` as the owner, for a member (`'member'`) or one of its admins (`'admin'`); others are refused. */
export async function groupOwner(db: DbOrTx, user: AuthUser, gid: number, need: 'member' | 'admin'): Promise<Owner> {
  return ownerOfStanding(await (need === 'admin' ? adminStanding : memberStanding)(db, user, gid));
}
