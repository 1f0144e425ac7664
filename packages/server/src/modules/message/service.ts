import { sql } from 'drizzle-orm';
import type { UnreadCounts } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { msgReminds, userSysNotices } from '../../db/schema/index.js';

/**
 * Unread messages per tab of the message centre. Reminders: Discuss → comment, Reply → reply, any
 * Like action (Like, Like_Post, Like_Discuss) → like; notices: Sys → sys, Mine → mine. Every open tab
 * polls this, so it is one statement (two index ranges, msg_remind_recipient_idx and
 * user_sys_notice_recipient_idx), not one round trip per table (bench/discussion.ts).
 */
export async function unreadCounts(ctx: AppContext, uid: string): Promise<UnreadCounts> {
  const res = await ctx.database.db.execute<UnreadCounts & Record<string, unknown>>(sql`
    select r.comment, r.reply, r."like", n.sys, n.mine
    from (select count(*) filter (where ${msgReminds.action} = 'Discuss')::int as comment,
                 count(*) filter (where ${msgReminds.action} = 'Reply')::int as reply,
                 count(*) filter (where ${msgReminds.action} like 'Like%')::int as "like"
          from ${msgReminds} where ${msgReminds.recipientId} = ${uid} and ${msgReminds.state} = false) r,
         (select count(*) filter (where ${userSysNotices.type} = 'Sys')::int as sys,
                 count(*) filter (where ${userSysNotices.type} = 'Mine')::int as mine
          from ${userSysNotices} where ${userSysNotices.recipientId} = ${uid} and ${userSysNotices.state} = false) n`);
  const row = res.rows[0];
  return { comment: row?.comment ?? 0, reply: row?.reply ?? 0, like: row?.like ?? 0, sys: row?.sys ?? 0, mine: row?.mine ?? 0 };
}
