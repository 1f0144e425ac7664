/**
 * A group's discussions: the discussion module's list, posting, editing,
 * deleting and moderation (modules/discussion) with the group as the place. Members only; the group's
 * admins moderate (policy: discussion resource with `gid`). Detail, likes, reports and comments are the
 * site's calls, which refuse a group's discussion to non-members (discussion/access.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { discussions } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { notFound } from '../../lib/errors.js';
import { groupOwnerOfRow } from '../group/owner.js';
import type { Owner } from '../owner/index.js';

/**
 * The group of a discussion named by a group call as the owner, for one of its members; a site
 * discussion is none of the group calls' business ("not found").
 */
export async function discussionGroupOwner(db: Db, user: AuthUser, did: number): Promise<Owner> {
  const [d] = await db.select({ gid: discussions.gid }).from(discussions).where(eq(discussions.id, did));
  return groupOwnerOfRow(db, user, d?.gid, notFound('discussionNotFound'));
}
