/**
 * Announcements: rows of `announcement` (status 0 shown, 1 hidden). A contest's have `cid` set (modules/
 * contest); an owner's (./service.ts) have no `cid` and the owner's `gid` (null for the site's). The row,
 * list and write code below serves both.
 */
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { AnnouncementBody, AnnouncementRow } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { pageOf, pageOffset } from '../../db/page.js';
import { announcements, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { publishAnnouncement } from '../../lib/live-publish.js';
import { ownerColumns, ownerFilter, type Owner } from '../owner/index.js';

export const columns = {
  id: announcements.id,
  cid: announcements.cid,
  gid: announcements.gid,
  uid: announcements.uid,
  title: announcements.title,
  content: announcements.content,
  status: announcements.status,
  username: users.username,
  gmtCreate: announcements.gmtCreate,
  gmtModified: announcements.gmtModified,
};

export type AnnouncementDbRow = {
  id: number;
  cid: number | null;
  gid: number | null;
  uid: string | null;
  title: string;
  content: string;
  status: number;
  username: string | null;
  gmtCreate: Date;
  gmtModified: Date;
};

export const announcementRow = ({ cid: _cid, gid: _gid, uid: _uid, ...r }: AnnouncementDbRow): AnnouncementRow => ({
  ...r,
  gmtCreate: r.gmtCreate.toISOString(),
  gmtModified: r.gmtModified.toISOString(),
});

/** Where an announcement belongs: a contest, or an owner (the site or a group: its own, not its contests'). */
export type AnnouncementScope = { cid: number } | Owner;

export const inAnnouncementScope = (scope: AnnouncementScope): SQL =>
  'cid' in scope ? eq(announcements.cid, scope.cid) : and(ownerFilter(scope, announcements.gid), isNull(announcements.cid))!;

/**
 * One page of a scope's announcements, newest first (by creation, then id: the site's shown list walks
 * its status-and-creation index); `onlyShown` leaves out the hidden ones.
 */
export async function listAnnouncements(ctx: AppContext, scope: AnnouncementScope, onlyShown: boolean, currentPage: number, limit: number) {
  const { db } = ctx.database;
  const where = and(inAnnouncementScope(scope), onlyShown ? eq(announcements.status, 0) : undefined);
  const { records: rows, total } = await pageOf(
    db
      .select(columns)
      .from(announcements)
      .leftJoin(users, eq(users.uid, announcements.uid))
      .where(where)
      .orderBy(desc(announcements.gmtCreate), desc(announcements.id))
      .limit(limit)
      .offset(pageOffset(currentPage, limit)),
    db.select({ n: count() }).from(announcements).where(where),
  );
  return { rows, total };
}

/**
 * Creates (no id) or edits (id, within the scope, else `announcementNotFound`) an announcement, then
 * reads it back with its author's name. `db`: the caller's transaction when the announcement is part of
 * a larger change (a clarification answered to everyone); the contest's pages hear of it on its commit.
 */
export async function writeAnnouncement(
  ctx: AppContext,
  scope: AnnouncementScope,
  uid: string,
  a: AnnouncementBody,
  db: DbOrTx = ctx.database.db,
): Promise<AnnouncementDbRow> {
  let id: number;
  if (a.id) {
    const rows = await db
      .update(announcements)
      .set({ title: a.title, content: a.content, status: a.status, gmtModified: new Date() })
      .where(and(eq(announcements.id, a.id), inAnnouncementScope(scope)))
      .returning({ id: announcements.id });
    if (!rows.length) throw notFound('announcementNotFound');
    id = rows[0]!.id;
  } else {
    const [made] = await db
      .insert(announcements)
      .values({
        title: a.title,
        content: a.content,
        status: a.status,
        ...('cid' in scope ? { cid: scope.cid, gid: null } : { cid: null, ...ownerColumns(scope) }),
        uid,
      })
      .returning({ id: announcements.id });
    id = made!.id;
  }
  // Sent in the writer's transaction (or after the write above committed on its own): the contest's open pages hear of it on commit.
  if ('cid' in scope && a.status === 0) await publishAnnouncement(db, scope.cid);
  const [r] = await db.select(columns).from(announcements).leftJoin(users, eq(users.uid, announcements.uid)).where(eq(announcements.id, id));
  return r!;
}
