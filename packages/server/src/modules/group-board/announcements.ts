/**
 * A group's announcements (spec 3 "Group announcements"): the site's announcement rows, list and write
 * code (contest/announcements.ts) in the group's scope (`gid` set, no `cid`). Members read the shown ones;
 * group admins list all, write, switch and delete — the group root any, other admins their own (policy
 * `groupAnnouncement`).
 */
import { eq } from 'drizzle-orm';
import { type AnnouncementBody, type GroupAnnouncement, may, type Page } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { announcements } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { type AnnouncementDbRow, announcementRow, listAnnouncements, writeAnnouncement } from '../contest/announcements.js';
import { adminStanding, memberStanding } from '../group/access.js';

const view = (r: AnnouncementDbRow): GroupAnnouncement => ({ ...announcementRow(r), gid: r.gid ?? 0, uid: r.uid });

/** Members: the shown ones; `all` (group admins): hidden ones too. Newest first. */
export async function groupAnnouncements(
  ctx: AppContext,
  user: AuthUser,
  q: { gid: number; currentPage: number; limit: number },
  all: boolean,
): Promise<Page<GroupAnnouncement>> {
  const { db } = ctx.database;
  const { group } = all ? await adminStanding(db, user, q.gid) : await memberStanding(db, user, q.gid);
  const { rows, total } = await listAnnouncements(ctx, { gid: group.id }, !all, q.currentPage, q.limit);
  return { records: rows.map(view), total };
}

/** A group's own announcement by id (not a contest's, not the site's), or `announcementNotFound`. */
async function groupAnnouncement(ctx: AppContext, aid: number) {
  const [a] = await ctx.database.db
    .select({ uid: announcements.uid, gid: announcements.gid, cid: announcements.cid })
    .from(announcements)
    .where(eq(announcements.id, aid));
  if (!a || a.gid === null || a.cid !== null) throw notFound('announcementNotFound');
  return { uid: a.uid, gid: a.gid };
}

/** POST (no id) or PUT (id of one of this group's announcements) group/announcement. */
export async function saveGroupAnnouncement(ctx: AppContext, user: AuthUser, body: AnnouncementBody & { gid: number }): Promise<GroupAnnouncement> {
  const { actor, group } = await adminStanding(ctx.database.db, user, body.gid);
  if (body.id) {
    const a = await groupAnnouncement(ctx, body.id);
    if (a.gid !== group.id) throw notFound('announcementNotFound');
    if (!may(actor, 'edit', { kind: 'groupAnnouncement', uid: a.uid, gid: a.gid })) throw forbidden();
  } else if (!may(actor, 'create', { kind: 'groupAnnouncement', uid: user.uid, gid: group.id })) throw forbidden();
  return view(await writeAnnouncement(ctx, { gid: group.id }, user.uid, body));
}

/** DELETE group/announcement?aid (HOJ deletes by id alone: the group is the announcement's). */
export async function deleteGroupAnnouncement(ctx: AppContext, user: AuthUser, aid: number): Promise<void> {
  const { db } = ctx.database;
  const a = await groupAnnouncement(ctx, aid);
  const { actor } = await adminStanding(db, user, a.gid);
  if (!may(actor, 'delete', { kind: 'groupAnnouncement', uid: a.uid, gid: a.gid })) throw forbidden();
  await db.delete(announcements).where(eq(announcements.id, aid));
}
