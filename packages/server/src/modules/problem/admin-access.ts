/**
 * The admin problem calls by id (`adminProblemEndpoints`, the test data download) on a problem held by a
 * group follow the group's rule of the policy, not the site's: the group root, the author
 * while he is one of its admins, and the super admin. A site problem admin manages the public bank only;
 * he reads, changes, hides, rejudges, downloads or deletes a private group's problem no more than any
 * other outsider of the group.
 */
import { eq } from 'drizzle-orm';
import { may } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { problems } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { notFound } from '../../lib/errors.js';
import { ownerOfRowUngated, refusalIn, type Owner } from '../owner/index.js';

/**
 * The owner of problem `pid` with the caller in it, once he may administer the problem there (bank:
 * `manageProblems`; a group's: the group rule); a problem that does not exist is "not found" only to
 * those who manage the bank. The admin area keeps a group problem's display id as typed (no prefix).
 */
export async function administeredProblemOwner(db: DbOrTx, user: AuthUser, pid: number): Promise<Owner> {
  const [p] = await db.select({ gid: problems.gid, author: problems.author }).from(problems).where(eq(problems.id, pid));
  const owner = await ownerOfRowUngated(db, user, p?.gid ?? null);
  if (!may(owner.actor, 'administer', { kind: 'problem', author: p?.author ?? null, gid: p?.gid ?? null })) throw refusalIn(owner, 'groupProblemNotYours');
  if (!p) throw notFound('problemNotFound');
  return owner;
}
