/**
 * The admin problem calls by id (`adminProblemEndpoints`, the test data download) on a problem held by a
 * group follow the group's rule of the policy (spec 3 §6), not the site's: the group root, the author
 * while he is one of its admins, and the super admin. A site problem admin manages the public bank only;
 * he reads, changes, hides, rejudges, downloads or deletes a private group's problem no more than any
 * other outsider of the group.
 */
import { eq } from 'drizzle-orm';
import { may } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { problems } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { actorIn, maySite } from '../policy/index.js';

/**
 * Refuses the call unless the caller administers problem `pid` (bank: `manageProblems`; a group's: the
 * group rule). Returns the group holding it (null: the bank), so a save keeps new tags in that group.
 */
export async function assertAdministersProblem(db: DbOrTx, user: AuthUser, pid: number): Promise<{ gid: number | null }> {
  const [p] = await db.select({ gid: problems.gid, author: problems.author }).from(problems).where(eq(problems.id, pid));
  if (!p) {
    if (!maySite(user, 'manageProblems')) throw forbidden();
    throw notFound('problemNotFound');
  }
  if (p.gid === null) {
    if (!maySite(user, 'manageProblems')) throw forbidden();
    return { gid: null };
  }
  const actor = await actorIn(db, user, p.gid);
  if (!may(actor, 'administer', { kind: 'problem', author: p.author, gid: p.gid })) throw forbidden('groupProblemNotYours');
  return { gid: p.gid };
}
