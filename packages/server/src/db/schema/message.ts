import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Reminders of others' actions on a user's content: Discuss (comment), Reply, Like. */
export const msgReminds = pgTable(
  'msg_remind',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    sourceId: integer('source_id'),
    sourceType: text('source_type'),
    sourceContent: text('source_content'),
    quoteId: integer('quote_id'),
    quoteType: text('quote_type'),
    url: text('url'),
    state: boolean('state').notNull().default(false),
    senderId: text('sender_id').references(() => users.uid, { onDelete: 'set null' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
  },
  (t) => [
    index('msg_remind_recipient_idx').on(t.recipientId, t.state),
    // Each tab of the message centre lists one recipient's reminders of some actions, newest first.
    index('msg_remind_list_idx').on(t.recipientId, t.action, t.id.desc()),
  ],
);

/**
 * Notices written by administrators: to every user (All), to chosen users (Single, the users in
 * `admin_sys_notice_recipient`) or to the admins (Admin). `state`: delivered to the recipients' "sys"
 * lists by the hourly job (a notice is delivered once, then only its text may change).
 */
export const adminSysNotices = pgTable('admin_sys_notice', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  type: text('type').notNull(),
  adminId: text('admin_id').references(() => users.uid, { onDelete: 'set null' }),
  state: boolean('state').notNull().default(false),
  gmtCreate: ts('gmt_create').notNull().defaultNow(),
});

/** The chosen recipients of a Single notice. */
export const adminSysNoticeRecipients = pgTable(
  'admin_sys_notice_recipient',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => adminSysNotices.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.uid] })],
);

/** A notice as delivered to one user: Sys (from admins) or Mine (about the user's own affairs). */
export const userSysNotices = pgTable(
  'user_sys_notice',
  {
    id: serial('id').primaryKey(),
    sysNoticeId: integer('sys_notice_id').references(() => adminSysNotices.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title'),
    content: text('content'),
    state: boolean('state').notNull().default(false),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
  },
  (t) => [
    index('user_sys_notice_recipient_idx').on(t.recipientId, t.state),
    index('user_sys_notice_list_idx').on(t.recipientId, t.type, t.id.desc()),
    // A notice reaches each recipient once, however often (and on however many nodes) the job runs.
    uniqueIndex('user_sys_notice_delivery_uq').on(t.sysNoticeId, t.recipientId),
  ],
);
