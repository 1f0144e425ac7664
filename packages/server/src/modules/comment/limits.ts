/**
 * Who may write a comment or reply: the policy's `comment` right (muted roles have not), and
 * unless `postWithoutLimits` (admin roles) the site's count of accepted problems (`discussionAcRequired`),
 * counted as for posting a discussion. The comment list carries the same answer (`mayComment`), so the
 * page disables the comment box and the reply buttons with the reason before anything is typed.
 */
import type { Ability } from '@oj/shared';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import { getSetting } from '../../lib/site-config.js';
import { acceptedProblems } from '../problem/accepted.js';
import { maySite } from '../policy/index.js';

export async function commentAbility(db: Db, user: AuthUser): Promise<Ability> {
  if (!maySite(user, 'comment')) return { allowed: false, reason: { key: 'commentNotAllowed', params: {} } };
  if (maySite(user, 'postWithoutLimits')) return { allowed: true, reason: null };
  const { discussionAcRequired: need } = await getSetting(db, 'website');
  if (need > 0 && (await acceptedProblems(db, user.uid, need)) < need) {
    return { allowed: false, reason: { key: 'discussionAcRequired', params: { count: need } } };
  }
  return { allowed: true, reason: null };
}

export async function assertMayComment(db: Db, user: AuthUser): Promise<void> {
  const { reason } = await commentAbility(db, user);
  if (!reason) return;
  // A refused right is a 403 as before; a count not reached is a business failure with its number.
  if (reason.key === 'commentNotAllowed') throw forbidden(reason.key);
  throw fail(reason.key, reason.params);
}
