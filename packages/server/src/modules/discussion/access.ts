/**
 * Who may see and touch a discussion (COMMON-13 "Decisions"): the site switch openPublicDiscussion
 * closes every public discussion call, openGroupDiscussion every call on a group's discussion; a group's
 * discussion exists only for the group's members; a hidden discussion (status 1) exists only
 * for its author and its moderators (policy `may` on the discussion resource). Every discussion call goes
 * through these. A discussion's owner (the site or its group, modules/owner) is resolved from the row once
 * with the group's gate (group/owner.ts `ownerOfRow`), and the calls ask the policy with its actor.
 */
import { eq } from 'drizzle-orm';
import { DiscussionStatus, dbId, may, type Resource } from '@oj/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { discussions } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { getSetting } from '../../lib/site-config.js';
import { ownerOfRow } from '../group/owner.js';
import { kindOfRow, type Owner, rowPagePath } from '../owner/index.js';
import { actorIn } from '../policy/index.js';

export type DiscussionRow = typeof discussions.$inferSelect;

export const discussionResource = (d: Pick<DiscussionRow, 'uid' | 'gid'>): Resource => ({ kind: 'discussion', uid: d.uid, gid: d.gid });

/** The site page of a discussion (messages link to it): a group's opens inside the group. */
export const discussionPath = (d: Pick<DiscussionRow, 'id' | 'gid'>) => rowPagePath(d.gid, `/discussion-detail/${d.id}`);

type DiscussionAction = 'edit' | 'delete' | 'moderate';

/** May the owner's caller do `action` on this discussion of the owner? In a group his group level counts. */
export const mayOnDiscussionIn = (owner: Owner, action: DiscussionAction, d: Pick<DiscussionRow, 'uid' | 'gid'>): boolean =>
  may(owner.actor, action, discussionResource(d));

/**
 * The same for a discussion named by the admin area, which passes no group's gate: the policy decides
 * with the caller's level in the discussion's group, if any.
 */
export async function mayOnDiscussion(db: DbOrTx, user: AuthUser | null, action: DiscussionAction, d: Pick<DiscussionRow, 'uid' | 'gid'>) {
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

/** The switch that closes the discussion area of each kind of owner. */
const areaSwitch: Record<Owner['kind'], (db: Db) => Promise<void>> = { site: assertDiscussionOpen, group: assertGroupDiscussionOpen };

/**
 * The switch that closes the calls on one discussion (detail, like, report, edit, delete), asked before
 * the login: the group area's for a group's discussion, the public area's otherwise (an id that names
 * no discussion too, so a closed site says so before "does not exist").
 */
export async function assertDiscussionPlaceOpen(db: Db, did: unknown): Promise<void> {
  const id = dbId.safeParse(did);
  const [d] = id.success ? await db.select({ gid: discussions.gid }).from(discussions).where(eq(discussions.id, id.data)) : [];
  await areaSwitch[d ? kindOfRow(d.gid) : 'site'](db);
}

/**
 * A discussion the caller may read, with its owner: hidden ones answer "does not exist" to all but author
 * and moderators. `lock` takes the row lock (writes that must not race a delete).
 */
export async function placedDiscussion(db: DbOrTx, id: number, user: AuthUser | null, o: { lock?: boolean } = {}): Promise<{ d: DiscussionRow; owner: Owner }> {
  const query = db.select().from(discussions).where(eq(discussions.id, id));
  // "no key update": serialises the writers of this row (likes, counters, status) without blocking
  // inserts that only reference it (comments, reports).
  const [d] = o.lock ? await query.for('no key update') : await query;
  if (!d) throw notFound('discussionNotFound');
  // A group's discussion: only its members (the group's own refusals: groupNotFound, groupNotMember).
  const owner = await ownerOfRow(db, user, d.gid);
  if (d.status === DiscussionStatus.HIDDEN && !(user && d.uid === user.uid) && !mayOnDiscussionIn(owner, 'moderate', d)) {
    throw notFound('discussionNotFound');
  }
  return { d, owner };
}

/** The discussion alone, for the calls that need no more of its owner than the gate. */
export const visibleDiscussion = async (db: DbOrTx, id: number, user: AuthUser | null, o: { lock?: boolean } = {}): Promise<DiscussionRow> =>
  (await placedDiscussion(db, id, user, o)).d;
