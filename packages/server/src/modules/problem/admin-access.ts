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
import { forbidden, notFound } from '../../lib/errors.js';
import { siteOwner, type Owner } from '../owner/index.js';
import { actorIn } from '../policy/index.js';

/**
 * The owner of problem `pid` with the caller in it, once he may administer the problem there (bank:
 * `manageProblems`; a group's: the group rule); a problem that does not exist is "not found" only to
 * those who manage the bank. The admin area keeps a group problem's display id as typed (no prefix).
 */
export async function administeredProblemOwner(db: DbOrTx, user: AuthUser, pid: number): Promise<Owner> {
  const [p] = await db.select({ gid: problems.gid, author: problems.author }).from(problems).where(eq(problems.id, pid));
  const site = siteOwner(user);
  if (!p || p.gid === null) {
    if (!may(site.actor, 'manageProblems', { kind: 'site' })) throw forbidden();
    if (!p) throw notFound('problemNotFound');
    return site;
  }
  const owner: Owner = { kind: 'group', gid: p.gid, actor: await actorIn(db, user, p.gid), idPrefix: '' };
  if (!may(owner.actor, 'administer', { kind: 'problem', author: p.author, gid: p.gid })) throw forbidden('groupProblemNotYours');
  return owner;
}
