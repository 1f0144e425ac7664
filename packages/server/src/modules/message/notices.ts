/**
 * Admin notices (super admin): written here, delivered by `notice-delivery.ts`. A
 * delivered notice keeps its type and recipients (they already have it); its title and content may
 * still change, and the delivered copies change with them. Deleting a notice deletes the copies
 * (foreign key cascade).
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminNotice, NoticeType, Page } from '@oj/shared';
import type { z } from 'zod';
import type { noticeBody, noticeListQuery } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { adminSysNoticeRecipients, adminSysNotices, userSysNotices, users } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { ApiError, fail, notFound } from '../../lib/errors.js';
import { deliverNotices } from './notice-delivery.js';

type NoticeRow = typeof adminSysNotices.$inferSelect;
type NoticeInput = z.output<typeof noticeBody>;

async function views(db: DbOrTx, rows: NoticeRow[]): Promise<AdminNotice[]> {
  const ids = rows.map((r) => r.id);
  const adminIds = [...new Set(rows.map((r) => r.adminId).filter((u): u is string => !!u))];
  const [recipients, admins] = await Promise.all([
    ids.length
      ? db
          .select({ noticeId: adminSysNoticeRecipients.noticeId, username: users.username })
          .from(adminSysNoticeRecipients)
          .innerJoin(users, eq(users.uid, adminSysNoticeRecipients.uid))
          .where(inArray(adminSysNoticeRecipients.noticeId, ids))
          .orderBy(sql`lower(${users.username})`)
      : Promise.resolve([]),
    adminIds.length ? db.select({ uid: users.uid, username: users.username }).from(users).where(inArray(users.uid, adminIds)) : Promise.resolve([]),
  ]);
  const names = new Map(admins.map((a) => [a.uid, a.username]));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    type: r.type as NoticeType,
    recipients: recipients.filter((x) => x.noticeId === r.id).map((x) => x.username),
    state: r.state,
    adminName: r.adminId ? (names.get(r.adminId) ?? null) : null,
    gmtCreate: r.gmtCreate.toISOString(),
  }));
}

export async function listNotices(ctx: AppContext, q: z.output<typeof noticeListQuery>): Promise<Page<AdminNotice>> {
  const { db } = ctx.database;
  const where = q.type ? eq(adminSysNotices.type, q.type) : undefined;
  const { records: rows, total } = await pageOf(
    db.select().from(adminSysNotices).where(where).orderBy(desc(adminSysNotices.id)).limit(q.limit).offset(pageOffset(q.currentPage, q.limit)),
    db.select({ n: count() }).from(adminSysNotices).where(where),
  );
  return { records: await views(db, rows), total };
}

/** The uids of a Single notice's usernames (case-insensitive, as usernames are unique); an unknown one is refused. */
async function recipientUids(db: DbOrTx, input: NoticeInput): Promise<string[]> {
  if (input.type !== 'Single') return [];
  const wanted = [...new Map(input.recipients.map((n) => [n.toLowerCase(), n])).entries()];
  if (wanted.length === 0) throw fail('noticeRecipientsEmpty');
  const found = await db
    .select({ uid: users.uid, lower: sql<string>`lower(${users.username})` })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        wanted.map(([lower]) => lower),
      ),
    );
  const byName = new Map(found.map((f) => [f.lower, f.uid]));
  const unknown = wanted.find(([lower]) => !byName.has(lower));
  if (unknown) throw fail('noticeRecipientUnknown', { username: unknown[1] });
  return [...byName.values()];
}

export async function addNotice(ctx: AppContext, admin: AuthUser, input: NoticeInput): Promise<AdminNotice> {
  const { db } = ctx.database;
  const uids = await recipientUids(db, input);
  const row = await db.transaction(async (tx) => {
    const [n] = await tx.insert(adminSysNotices).values({ title: input.title, content: input.content, type: input.type, adminId: admin.uid }).returning();
    if (uids.length) await tx.insert(adminSysNoticeRecipients).values(uids.map((uid) => ({ noticeId: n!.id, uid })));
    return n!;
  });
  return (await views(db, [row]))[0]!;
}

export async function updateNotice(ctx: AppContext, input: NoticeInput): Promise<AdminNotice> {
  const { db } = ctx.database;
  if (input.id === undefined) throw new ApiError('id: required', 400, 400);
  const id = input.id;
  const row = await db.transaction(async (tx) => {
    // Locked so the delivery job either delivered it before (copies updated below) or delivers the new text.
    const [cur] = await tx.select().from(adminSysNotices).where(eq(adminSysNotices.id, id)).for('update');
    if (!cur) throw notFound('noticeNotFound');
    if (cur.state) {
      await tx.update(userSysNotices).set({ title: input.title, content: input.content }).where(eq(userSysNotices.sysNoticeId, id));
      const [n] = await tx.update(adminSysNotices).set({ title: input.title, content: input.content }).where(eq(adminSysNotices.id, id)).returning();
      return n!;
    }
    const uids = await recipientUids(tx, input);
    await tx.delete(adminSysNoticeRecipients).where(eq(adminSysNoticeRecipients.noticeId, id));
    if (uids.length) await tx.insert(adminSysNoticeRecipients).values(uids.map((uid) => ({ noticeId: id, uid })));
    const [n] = await tx
      .update(adminSysNotices)
      .set({ title: input.title, content: input.content, type: input.type })
      .where(eq(adminSysNotices.id, id))
      .returning();
    return n!;
  });
  return (await views(db, [row]))[0]!;
}

export async function removeNotice(ctx: AppContext, id: number): Promise<void> {
  const gone = await ctx.database.db
    .delete(adminSysNotices)
    .where(and(eq(adminSysNotices.id, id)))
    .returning({ id: adminSysNotices.id });
  if (gone.length === 0) throw notFound('noticeNotFound');
}

/** "Send now": delivers the notice at once; the hourly job then finds it delivered (and a delivered one is left as it is). */
export async function sendNoticeNow(ctx: AppContext, id: number): Promise<AdminNotice> {
  const { db } = ctx.database;
  await deliverNotices(db, id);
  const [row] = await db.select().from(adminSysNotices).where(eq(adminSysNotices.id, id));
  if (!row) throw notFound('noticeNotFound');
  return (await views(db, [row]))[0]!;
}
