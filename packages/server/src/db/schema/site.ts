import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { groups } from './group.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Site settings (website config, SMTP, switches, secrets) as JSON values by key. */
export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  gmtModified: ts('gmt_modified').notNull().defaultNow(),
});

export const announcements = pgTable(
  'announcement',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    /** 0 visible, 1 hidden */
    status: integer('status').notNull().default(0),
    /** contest id when the announcement belongs to a contest; null for site announcements */
    cid: integer('cid'),
    gid: integer('gid').references(() => groups.id, { onDelete: 'cascade' }),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
    gmtModified: ts('gmt_modified').notNull().defaultNow(),
  },
  (t) => [index('announcement_site_idx').on(t.status, t.gmtCreate)],
);

/** Uploaded files kept under DATA_DIR/files (avatars, carousel images, markdown images). */
export const files = pgTable('file', {
  id: serial('id').primaryKey(),
  uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
  /** avatar | carousel | md-image | md-file */
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  /** path relative to DATA_DIR/files */
  path: text('path').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  gid: integer('gid').references(() => groups.id, { onDelete: 'set null' }),
  gmtCreate: ts('gmt_create').notNull().defaultNow(),
});

export const carousel = pgTable('home_carousel', {
  id: serial('id').primaryKey(),
  fileId: integer('file_id')
    .notNull()
    .references(() => files.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull().default(0),
  gmtCreate: ts('gmt_create').notNull().defaultNow(),
});
