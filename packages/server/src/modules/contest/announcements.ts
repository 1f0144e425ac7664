/** A contest's announcements (participants read the shown ones; its admins write them), on announcement/rows.ts. */
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { AnnouncementBody, ContestAnnouncement, Page } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { announcements, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { notFound } from '../../lib/errors.js';
import { type AnnouncementDbRow, announcementRow, columns, listAnnouncements, writeAnnouncement } from '../announcement/rows.js';
import type { Owner } from '../owner/index.js';
import { administeredContest, assertCanView, visibleContest } from './access.js';

const view = (r: AnnouncementDbRow): ContestAnnouncement => ({ ...announcementRow(r), cid: r.cid ?? 0 });

async function list(ctx: AppContext, cid: number, onlyShown: boolean, currentPage: number, limit: number): Promise<Page<ContestAnnouncement>> {
  const { rows, total } = await listAnnouncements(ctx, { cid }, onlyShown, currentPage, limit);
  return { records: rows.map(view), total };
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

/** `within` (here and below): the owner the call was made in, whose contests alone it reaches. */
export async function adminAnnouncements(ctx: AppContext, user: AuthUser, q: { cid: number; currentPage: number; limit: number }, within?: Owner) {
  const c = await administeredContest(ctx.database.db, q.cid, user, within);
  return list(ctx, c.id, false, q.currentPage, q.limit);
}

export async function saveAnnouncement(
  ctx: AppContext,
  user: AuthUser,
  body: { cid: number; announcement: AnnouncementBody },
  within?: Owner,
): Promise<ContestAnnouncement> {
  const c = await administeredContest(ctx.database.db, body.cid, user, within);
  return view(await writeAnnouncement(ctx, { cid: c.id }, user.uid, body.announcement));
}

/** HOJ deletes by aid alone: the contest is found from the announcement, then its admin is checked. */
export async function deleteAnnouncement(ctx: AppContext, user: AuthUser, aid: number, within?: Owner): Promise<void> {
  const { db } = ctx.database;
  const [a] = await db.select({ cid: announcements.cid }).from(announcements).where(eq(announcements.id, aid));
  if (!a || a.cid === null) throw notFound('announcementNotFound');
  await administeredContest(db, a.cid, user, within);
  await db.delete(announcements).where(eq(announcements.id, aid));
}
