/**
 * Who may see and touch a discussion (COMMON-13 "Decisions"): the site switch openPublicDiscussion
 * closes every public discussion call; a hidden discussion (status 1) exists only for its author and
 * its moderators (policy `may` on the discussion resource). Every discussion call goes through these.
 */
import { eq } from 'drizzle-orm';
import { DiscussionStatus, may, type Resource } from '@oj/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { discussions } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { getSetting } from '../../lib/site-config.js';
import { actorIn } from '../policy/index.js';

export type DiscussionRow = typeof discussions.$inferSelect;

export const discussionResource = (d: Pick<DiscussionRow, 'uid' | 'gid'>): Resource => ({ kind: 'discussion', uid: d.uid, gid: d.gid });

/** May the caller do `action` (edit, delete, moderate) on this discussion? Group discussions ask the group level. */
export async function mayOnDiscussion(db: DbOrTx, user: AuthUser | null, action: 'edit' | 'delete' | 'moderate', d: Pick<DiscussionRow, 'uid' | 'gid'>) {
  return may(await actorIn(db, user, d.gid), action, discussionResource(d));
}

/** The public discussion calls answer "No Access" (403) while the site has closed its discussion area. */
export async function assertDiscussionOpen(db: Db): Promise<void> {
  const website = await getSetting(db, 'website');
  if (!website.openPublicDiscussion) throw forbidden('noPublicDiscussion');
}

/**
 * A discussion the caller may read: hidden ones answer "does not exist" to all but author and
 * moderators. `lock` takes the row lock (writes that must not race a delete).
 */
export async function visibleDiscussion(db: DbOrTx, id: number, user: AuthUser | null, o: { lock?: boolean } = {}): Promise<DiscussionRow> {
  const query = db.select().from(discussions).where(eq(discussions.id, id));
  // "no key update": serialises the writers of this row (likes, counters, status) without blocking
  // inserts that only reference it (comments, reports).
  const [d] = o.lock ? await query.for('no key update') : await query;
  if (!d) throw notFound('discussionNotFound');
  if (d.status === DiscussionStatus.HIDDEN && !(user && d.uid === user.uid) && !(await mayOnDiscussion(db, user, 'moderate', d))) {
    throw notFound('discussionNotFound');
  }
  return d;
}
