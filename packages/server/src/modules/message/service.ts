import type { UnreadCounts } from '@oj/shared';
import type { AppContext } from '../../context.js';

/**
 * The counters in one statement (two index ranges: msg_remind_recipient_idx and
 * user_sys_notice_recipient_idx), sent as a named prepared statement so each pooled connection plans
 * it once: every open tab polls this call, and planning was a large part of its cost (bench/discussion.ts).
 */
const UNREAD_SQL = `
  select r.comment, r.reply, r."like", n.sys, n.mine
  from (select count(*) filter (where action = 'Discuss')::int as comment,
               count(*) filter (where action = 'Reply')::int as reply,
               count(*) filter (where action like 'Like%')::int as "like"
        from msg_remind where recipient_id = $1 and state = false) r,
       (select count(*) filter (where type = 'Sys')::int as sys,
               count(*) filter (where type = 'Mine')::int as mine
        from user_sys_notice where recipient_id = $1 and state = false) n`;

/**
 * Unread messages per tab of the message centre. Reminders: Discuss → comment, Reply → reply, any
 * Like action (Like, Like_Post, Like_Discuss) → like; notices: Sys → sys, Mine → mine.
 */
export async function unreadCounts(ctx: AppContext, uid: string): Promise<UnreadCounts> {
  const res = await ctx.database.pool.query<UnreadCounts>({ name: 'unread-counts', text: UNREAD_SQL, values: [uid] });
  const row = res.rows[0];
  return { comment: row?.comment ?? 0, reply: row?.reply ?? 0, like: row?.like ?? 0, sys: row?.sys ?? 0, mine: row?.mine ?? 0 };
}
