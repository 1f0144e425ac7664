/**
 * Who may see and touch a discussion (COMMON-13 "Decisions"): the site switch openPublicDiscussion
 * closes every public discussion call, openGroupDiscussion every call on a group's discussion; a group's
 * discussion exists only for the group's members (issue 15); a hidden discussion (status 1) exists only
 * for its author and its moderators (policy `may` on the discussion resource). Every discussion call goes
 * through these.
 */
import { eq } from 'drizzle-orm';
import { DiscussionStatus, dbId, may, type Resource } from '@oj/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { discussions } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { getSetting } from '../../lib/site-config.js';
import { memberStanding } from '../group/access.js';
import { actorIn } from '../policy/index.js';

export type DiscussionRow = typeof discussions.$inferSelect;

export const discussionResource = (d: Pick<DiscussionRow, 'uid' | 'gid'>): Resource => ({ kind: 'discussion', uid: d.uid, gid: d.gid });

/** The site page of a discussion (messages link to it): a group's opens inside the group. */
export const discussionPath = (d: Pick<DiscussionRow, 'id' | 'gid'>) =>
  d.gid === null ? `/discussion-detail/${d.id}` : `/group/${d.gid}/discussion-detail/${d.id}`;

/** May the caller do `action` (edit, delete, moderate) on this discussion? Group discussions ask the group level. */
export async function mayOnDiscussion(db: DbOrTx, user: AuthUser | null, action: 'edit' | 'delete' | 'moderate', d: Pick<DiscussionRow, 'uid' | 'gid'>) {
  return may(await actorIn(db, user, d.gid), action, discussionResource(d));
}

/** The public discussion calls answer "No Access" (403) while the site has closed its discussion area. */
export async function assertDiscussionOpen(db: Db): Promise<void> {
  const website = await getSetting(db, 'website');
  if (!website.openPublicDiscussion) throw forbidden('noPublicDiscussion');
}

/** Every call on a group's discussions answers "No Access" (403) while the site has closed the group discussion area. */
export async function assertGroupDiscussionOpen(db: Db): Promise<void> {
  const website = await getSetting(db, 'website');
  if (!website.openGroupDiscussion) throw forbidden('noGroupDiscussion');
}

/**
 * The switch that closes the calls on one discussion (detail, like, report, edit, delete), asked before
 * the login: the group area's for a group's discussion, the public area's otherwise (an id that names
 * no discussion too, so a closed site says so before "does not exist").
 */
export async function assertDiscussionPlaceOpen(db: Db, did: unknown): Promise<void> {
  const id = dbId.safeParse(did);
  const [d] = id.success ? await db.select({ gid: discussions.gid }).from(discussions).where(eq(discussions.id, id.data)) : [];
  if (d && d.gid !== null) await assertGroupDiscussionOpen(db);
  else await assertDiscussionOpen(db);
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
  // A group's discussion: only its members (the group's own refusals: groupNotFound, groupNotMember).
  if (d.gid !== null) {
    if (!user) throw unauthorized();
    await memberStanding(db, user, d.gid);
  }
  if (d.status === DiscussionStatus.HIDDEN && !(user && d.uid === user.uid) && !(await mayOnDiscussion(db, user, 'moderate', d))) {
    throw notFound('discussionNotFound');
  }
  return d;
}
