import { and, count, eq, sql } from 'drizzle-orm';
import type { UnreadCounts } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { msgReminds, userSysNotices } from '../../db/schema/index.js';

/**
 * Unread messages per tab of the message centre. Reminders: Discuss → comment, Reply → reply, any
 * Like action (Like, Like_Post, Like_Discuss) → like; notices: Sys → sys, Mine → mine.
 */
export async function unreadCounts(ctx: AppContext, uid: string): Promise<UnreadCounts> {
  const { db } = ctx.database;
  const [[r], [n]] = await Promise.all([
    db
      .select({
        comment: count(sql`case when ${msgReminds.action} = 'Discuss' then 1 end`),
        reply: count(sql`case when ${msgReminds.action} = 'Reply' then 1 end`),
        like: count(sql`case when ${msgReminds.action} like 'Like%' then 1 end`),
      })
      .from(msgReminds)
      .where(and(eq(msgReminds.recipientId, uid), eq(msgReminds.state, false))),
    db
      .select({
        sys: count(sql`case when ${userSysNotices.type} = 'Sys' then 1 end`),
        mine: count(sql`case when ${userSysNotices.type} = 'Mine' then 1 end`),
      })
      .from(userSysNotices)
      .where(and(eq(userSysNotices.recipientId, uid), eq(userSysNotices.state, false))),
  ]);
  return { comment: r?.comment ?? 0, reply: r?.reply ?? 0, like: r?.like ?? 0, sys: n?.sys ?? 0, mine: n?.mine ?? 0 };
}
