import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
  (t) => [index('msg_remind_recipient_idx').on(t.recipientId, t.state)],
);

/** Notices written by administrators: to everyone (All) or to one user (Single). */
export const adminSysNotices = pgTable('admin_sys_notice', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  type: text('type').notNull(),
  recipientId: text('recipient_id').references(() => users.uid, { onDelete: 'cascade' }),
  adminId: text('admin_id').references(() => users.uid, { onDelete: 'set null' }),
  state: boolean('state').notNull().default(false),
  gmtCreate: ts('gmt_create').notNull().defaultNow(),
});

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
  (t) => [index('user_sys_notice_recipient_idx').on(t.recipientId, t.state)],
);
