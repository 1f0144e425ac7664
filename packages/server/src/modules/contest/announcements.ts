/**
 * Announcements: rows of `announcement` (status 0 shown, 1 hidden). A contest's have `cid` set, a group's
 * `gid` and no `cid` (modules/group-board); the site's have neither (modules/admin-site). The row, list and
 * write code below serves all three.
 */
import { and, count, desc, eq, isNull, notInArray, type SQL } from 'drizzle-orm';
import type { AnnouncementBody, AnnouncementRow, ContestAnnouncement, Page } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { announcements, users } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { notFound } from '../../lib/errors.js';
import { administeredContest, assertCanView, visibleContest } from './access.js';

const columns = {
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
const view = (r: AnnouncementDbRow): ContestAnnouncement => ({ ...announcementRow(r), cid: r.cid ?? 0 });

/** Where an announcement belongs: a contest, a group (its own, not its contests'), or the site (no contest, no group). */
export type AnnouncementScope = { cid: number } | { gid: number } | 'site';

export const inAnnouncementScope = (scope: AnnouncementScope): SQL =>
  scope === 'site'
    ? and(isNull(announcements.cid), isNull(announcements.gid))!
    : 'cid' in scope
      ? eq(announcements.cid, scope.cid)
      : and(eq(announcements.gid, scope.gid), isNull(announcements.cid))!;

/** One page of a scope's announcements, newest first; `onlyShown` leaves out the hidden ones. */
export async function listAnnouncements(ctx: AppContext, scope: AnnouncementScope, onlyShown: boolean, currentPage: number, limit: number) {
  const { db } = ctx.database;
  const where = and(inAnnouncementScope(scope), onlyShown ? eq(announcements.status, 0) : undefined);
  const { records: rows, total } = await pageOf(
    db
      .select(columns)
      .from(announcements)
      .leftJoin(users, eq(users.uid, announcements.uid))
      .where(where)
      .orderBy(desc(announcements.id))
      .limit(limit)
      .offset(pageOffset(currentPage, limit)),
    db.select({ n: count() }).from(announcements).where(where),
  );
  return { rows, total };
}

async function list(ctx: AppContext, cid: number, onlyShown: boolean, currentPage: number, limit: number): Promise<Page<ContestAnnouncement>> {
  const { rows, total } = await listAnnouncements(ctx, { cid }, onlyShown, currentPage, limit);
  return { records: rows.map(view), total };
}

/**
 * Creates (no id) or edits (id, within the scope, else `announcementNotFound`) an announcement, then
 * reads it back with its author's name.
 */
export async function writeAnnouncement(ctx: AppContext, scope: AnnouncementScope, uid: string, a: AnnouncementBody): Promise<AnnouncementDbRow> {
  const { db } = ctx.database;
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
        cid: scope !== 'site' && 'cid' in scope ? scope.cid : null,
        gid: scope !== 'site' && 'gid' in scope ? scope.gid : null,
        uid,
      })
      .returning({ id: announcements.id });
    id = made!.id;
  }
  const [r] = await db.select(columns).from(announcements).leftJoin(users, eq(users.uid, announcements.uid)).where(eq(announcements.id, id));
  return r!;
}

/** Participants: the shown announcements, newest first. */
export async function contestAnnouncements(ctx: AppContext, user: AuthUser, q: { cid: number; currentPage: number; limit: number }) {
  const c = await visibleContest(ctx.database.db, q.cid, user);
  await assertCanView(ctx.database.db, c, user);
  return list(ctx, c.id, true, q.currentPage, q.limit);
}

/** Shown announcements whose ids the client has not read yet (it polls every 60 s). */
export async function notReadAnnouncements(ctx: AppContext, user: AuthUser, cid: number, read: number[]): Promise<ContestAnnouncement[]> {
  const { db } = ctx.database;
  const c = await visibleContest(db, cid, user);
  await assertCanView(db, c, user);
  const rows = await db
    .select(columns)
    .from(announcements)
    .leftJoin(users, eq(users.uid, announcements.uid))
    .where(and(eq(announcements.cid, c.id), eq(announcements.status, 0), read.length ? notInArray(announcements.id, read) : undefined))
    .orderBy(desc(announcements.id));
  return rows.map(view);
}

export async function adminAnnouncements(ctx: AppContext, user: AuthUser, q: { cid: number; currentPage: number; limit: number }) {
  const c = await administeredContest(ctx.database.db, q.cid, user);
  return list(ctx, c.id, false, q.currentPage, q.limit);
}

export async function saveAnnouncement(ctx: AppContext, user: AuthUser, body: { cid: number; announcement: AnnouncementBody }): Promise<ContestAnnouncement> {
  const c = await administeredContest(ctx.database.db, body.cid, user);
  return view(await writeAnnouncement(ctx, { cid: c.id }, user.uid, body.announcement));
}

/** HOJ deletes by aid alone: the contest is found from the announcement, then its admin is checked. */
export async function deleteAnnouncement(ctx: AppContext, user: AuthUser, aid: number): Promise<void> {
  const { db } = ctx.database;
  const [a] = await db.select({ cid: announcements.cid }).from(announcements).where(eq(announcements.id, aid));
  if (!a || a.cid === null) throw notFound('announcementNotFound');
  await administeredContest(db, a.cid, user);
  await db.delete(announcements).where(eq(announcements.id, aid));
}
