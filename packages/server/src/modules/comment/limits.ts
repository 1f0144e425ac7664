/**
 * Who may write a comment or reply (issue 13): the policy's `comment` right (muted roles have not), and
 * unless `postWithoutLimits` (admin roles) the site's count of accepted problems (`discussionAcRequired`),
 * counted as for posting a discussion.
 */
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import { getSetting } from '../../lib/site-config.js';
import { acceptedProblems } from '../discussion/limits.js';
import { maySite } from '../policy/index.js';

export async function assertMayComment(db: Db, user: AuthUser): Promise<void> {
  if (!maySite(user, 'comment')) throw forbidden('commentNotAllowed');
  if (maySite(user, 'postWithoutLimits')) return;
  const { discussionAcRequired: need } = await getSetting(db, 'website');
  if (need > 0 && (await acceptedProblems(db, user.uid, need)) < need) throw fail('discussionAcRequired', { count: need });
}
