/**
 * A group's announcements on the owners' announcement service: HOJ's
 * group calls name the group (`gid`), except delete, which names only the announcement. Members read the
 * shown ones; group admins list all, write, switch and delete (policy 'announcement').
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { GroupAnnouncement } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { announcements } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { notFound } from '../../lib/errors.js';
import { type AnnouncementDbRow, announcementRow } from '../announcement/rows.js';
import { groupOwnerOfRow } from '../group/owner.js';
import type { Owner } from '../owner/index.js';

export const groupAnnouncementView = (r: AnnouncementDbRow): GroupAnnouncement => ({ ...announcementRow(r), gid: r.gid ?? 0, uid: r.uid });

/**
 * The group holding announcement `aid` as the owner, for one of its admins (a site or contest announcement
 * is "not found" here).
 */
export async function announcementGroupOwner(db: DbOrTx, user: AuthUser, aid: number): Promise<Owner> {
  const [a] = await db
    .select({ gid: announcements.gid })
    .from(announcements)
    .where(and(eq(announcements.id, aid), isNull(announcements.cid)));
  return groupOwnerOfRow(db, user, a?.gid, notFound('announcementNotFound'), 'admin');
}
