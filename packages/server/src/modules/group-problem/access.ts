/**
 * The group problem calls that name a problem by id alone: its group is the owner, with the caller
 * among the group's admins; the site's problem services then check he may administer it there.
 */
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth.js';
import { notFound } from '../../lib/errors.js';
import { groupOwnerOfRow } from '../group/owner.js';
import type { Owner } from '../owner/index.js';
import { ownedProblem } from '../problem/admin.js';
import { problemById } from '../problem/service.js';

/** The group holding problem `pid` as the owner (a bank problem is "not found" to the group calls). */
export async function problemGroupOwner(db: DbOrTx, user: AuthUser, pid: number): Promise<Owner> {
  const p = await problemById(db, pid);
  return groupOwnerOfRow(db, user, p?.gid, notFound('problemNotFound'), 'admin');
}

/** Refuses the call unless the caller administers group problem `pid`; answers its owner. */
export async function managedProblemOwner(db: DbOrTx, user: AuthUser, pid: number): Promise<Owner> {
  const owner = await problemGroupOwner(db, user, pid);
  await ownedProblem(db, owner, pid);
  return owner;
}
