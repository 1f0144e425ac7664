/**
 * The message centre's lists: reminders (Discuss, Reply, Like_*) and system
 * messages (Sys, Mine) of the caller, newest first. Listing a page marks exactly the rows of that page
 * read, so the unread counters drop by what the user was shown. Cleaning deletes the caller's own rows only.
 */
import { and, count, desc, eq, inArray, like, type SQL } from 'drizzle-orm';
import type { MessageType, Page, RemindActionValue, SystemMessage, UserMessage } from '@oj/shared';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import { comments, contests, discussions, msgReminds, replies, userSysNotices, users } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import { notFound } from '../../lib/errors.js';
import { excerpt } from './write.js';

/** The reminder tabs and the actions each shows. */
export type RemindTab = 'Discuss' | 'Reply' | 'Like';

const tabFilter = (tab: RemindTab): SQL => (tab === 'Like' ? like(msgReminds.action, 'Like%') : eq(msgReminds.action, tab));

interface Paging {
  currentPage: number;
  limit: number;
}

export async function listReminds(ctx: AppContext, uid: string, tab: RemindTab, p: Paging): Promise<Page<UserMessage>> {
  const { db } = ctx.database;
  const where = and(eq(msgReminds.recipientId, uid), tabFilter(tab));
  const quotedComment = alias(comments, 'quoted_comment');
  const { records: rows, total } = await pageOf(
    db
      .select({
        m: msgReminds,
        senderUsername: users.username,
        senderAvatar: users.avatar,
        discussionTitle: discussions.title,
        contestTitle: contests.title,
        quotedComment: quotedComment.content,
        quotedReply: replies.content,
      })
      .from(msgReminds)
      .leftJoin(users, eq(users.uid, msgReminds.senderId))
      .leftJoin(discussions, and(eq(msgReminds.sourceType, 'Discussion'), eq(discussions.id, msgReminds.sourceId)))
      .leftJoin(contests, and(eq(msgReminds.sourceType, 'Contest'), eq(contests.id, msgReminds.sourceId)))
      .leftJoin(quotedComment, and(eq(msgReminds.quoteType, 'Comment'), eq(quotedComment.id, msgReminds.quoteId)))
      .leftJoin(replies, and(eq(msgReminds.quoteType, 'Reply'), eq(replies.id, msgReminds.quoteId)))
      .where(where)
      .orderBy(desc(msgReminds.id))
      .limit(p.limit)
      .offset(pageOffset(p.currentPage, p.limit)),
    db.select({ n: count() }).from(msgReminds).where(where),
  );
  const unread = rows.filter((r) => !r.m.state).map((r) => r.m.id);
  if (unread.length > 0)
    await db
      .update(msgReminds)
      .set({ state: true })
      .where(and(eq(msgReminds.recipientId, uid), inArray(msgReminds.id, unread)));
  const records: UserMessage[] = rows.map(({ m, ...r }) => ({
    id: m.id,
    // as it was when listed: the page shows what was new, the counters already dropped
    state: m.state,
    senderId: m.senderId,
    senderUsername: r.senderUsername,
    senderAvatar: r.senderAvatar,
    action: m.action as RemindActionValue,
    sourceType: m.sourceType === 'Contest' ? 'Contest' : 'Discussion',
    sourceId: m.sourceId ?? 0,
    sourceTitle: r.discussionTitle ?? r.contestTitle ?? '',
    sourceContent: m.sourceContent,
    quoteContent: excerpt(r.quotedReply ?? r.quotedComment),
    url: m.url ?? '',
    gmtCreate: m.gmtCreate.toISOString(),
  }));
  return { records, total };
}

export async function listSystem(ctx: AppContext, uid: string, type: 'Sys' | 'Mine', p: Paging): Promise<Page<SystemMessage>> {
  const { db } = ctx.database;
  const where = and(eq(userSysNotices.recipientId, uid), eq(userSysNotices.type, type));
  const { records: rows, total } = await pageOf(
    db.select().from(userSysNotices).where(where).orderBy(desc(userSysNotices.id)).limit(p.limit).offset(pageOffset(p.currentPage, p.limit)),
    db.select({ n: count() }).from(userSysNotices).where(where),
  );
  const unread = rows.filter((r) => !r.state).map((r) => r.id);
  if (unread.length > 0)
    await db
      .update(userSysNotices)
      .set({ state: true })
      .where(and(eq(userSysNotices.recipientId, uid), inArray(userSysNotices.id, unread)));
  return {
    records: rows.map((r) => ({ id: r.id, title: r.title ?? '', content: r.content ?? '', state: r.state, gmtCreate: r.gmtCreate.toISOString() })),
    total,
  };
}

/** DELETE msg/clean: one of the caller's messages of that type (id), or all of them. */
export async function cleanMessages(ctx: AppContext, uid: string, type: MessageType, id?: number): Promise<void> {
  const { db } = ctx.database;
  let removed: number;
  if (type === 'Sys' || type === 'Mine') {
    const conds = [eq(userSysNotices.recipientId, uid), eq(userSysNotices.type, type)];
    if (id !== undefined) conds.push(eq(userSysNotices.id, id));
    removed = (
      await db
        .delete(userSysNotices)
        .where(and(...conds))
        .returning({ id: userSysNotices.id })
    ).length;
  } else {
    const conds = [eq(msgReminds.recipientId, uid), tabFilter(type)];
    if (id !== undefined) conds.push(eq(msgReminds.id, id));
    removed = (
      await db
        .delete(msgReminds)
        .where(and(...conds))
        .returning({ id: msgReminds.id })
    ).length;
  }
  // Another user's message, or one already gone: nothing of the caller's matched.
  if (id !== undefined && removed === 0) throw notFound('notFound');
}
