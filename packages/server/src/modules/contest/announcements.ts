/** Contest announcements: rows of `announcement` with `cid` set (status 0 shown, 1 hidden). */
import { and, count, desc, eq, notInArray } from 'drizzle-orm';
import type { ContestAnnouncement, Page } from '@oj/shared';
import type { z } from 'zod';
import type { contestAnnouncementBody } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { announcements, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { notFound } from '../../lib/errors.js';
import { administeredContest, assertCanView, visibleContest } from './access.js';

const columns = {
  id: announcements.id,
  cid: announcements.cid,
  title: announcements.title,
  content: announcements.content,
  status: announcements.status,
  username: users.username,
  gmtCreate: announcements.gmtCreate,
  gmtModified: announcements.gmtModified,
};

type Row = { id: number; cid: number | null; title: string; content: string; status: number; username: string | null; gmtCreate: Date; gmtModified: Date };

const view = (r: Row): ContestAnnouncement => ({
  ...r,
  cid: r.cid ?? 0,
  gmtCreate: r.gmtCreate.toISOString(),
  gmtModified: r.gmtModified.toISOString(),
});

async function list(ctx: AppContext, cid: number, onlyShown: boolean, currentPage: number, limit: number): Promise<Page<ContestAnnouncement>> {
  const { db } = ctx.database;
  const where = and(eq(announcements.cid, cid), onlyShown ? eq(announcements.status, 0) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(announcements)
      .leftJoin(users, eq(users.uid, announcements.uid))
      .where(where)
      .orderBy(desc(announcements.id))
      .limit(limit)
      .offset((currentPage - 1) * limit),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return { records: rows.map(view), total: total?.n ?? 0 };
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

export async function saveAnnouncement(ctx: AppContext, user: AuthUser, body: z.infer<typeof contestAnnouncementBody>): Promise<ContestAnnouncement> {
  const { db } = ctx.database;
  const c = await administeredContest(db, body.cid, user);
  const a = body.announcement;
  let id: number;
  if (a.id) {
    const rows = await db
      .update(announcements)
      .set({ title: a.title, content: a.content, status: a.status, gmtModified: new Date() })
      .where(and(eq(announcements.id, a.id), eq(announcements.cid, c.id)))
      .returning({ id: announcements.id });
    if (!rows.length) throw notFound('announcementNotFound');
    id = rows[0]!.id;
  } else {
    const [row] = await db
      .insert(announcements)
      .values({ title: a.title, content: a.content, status: a.status, cid: c.id, uid: user.uid })
      .returning({ id: announcements.id });
    id = row!.id;
  }
  const [row] = await db.select(columns).from(announcements).leftJoin(users, eq(users.uid, announcements.uid)).where(eq(announcements.id, id));
  return view(row!);
}

/** HOJ deletes by aid alone: the contest is found from the announcement, then its admin is checked. */
export async function deleteAnnouncement(ctx: AppContext, user: AuthUser, aid: number): Promise<void> {
  const { db } = ctx.database;
  const [a] = await db.select({ cid: announcements.cid }).from(announcements).where(eq(announcements.id, aid));
  if (!a || a.cid === null) throw notFound('announcementNotFound');
  await administeredContest(db, a.cid, user);
  await db.delete(announcements).where(eq(announcements.id, aid));
}
