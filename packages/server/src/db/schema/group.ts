import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GroupAuthValue, GroupLevelValue } from '@oj/shared';
import { users } from './account.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Groups: a team or class. `auth` 1 public, 2 protected (apply with a reason),
 * 3 private (apply with the 6-character `code` and a reason). Every row of another table that carries
 * `gid` belongs to the group and goes with it (foreign keys `cascade`), so disbanding is one delete.
 * The owner is also a member at level 5; `owner_uid` tells him apart and is kept when the
 * account is deleted only as the stored name (`owner`).
 */
export const groups = pgTable(
  'group',
  {
    id: serial('id').primaryKey(),
    avatar: text('avatar'),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    brief: text('brief').notNull(),
    description: text('description').notNull(),
    ownerUid: text('owner_uid').references(() => users.uid, { onDelete: 'set null' }),
    /** the owner's username when the group was made (shown after the account is gone) */
    owner: text('owner').notNull(),
    auth: integer('auth').$type<GroupAuthValue>().notNull(),
    code: text('code'),
    /** false: hidden from the list (super admin only) */
    visible: boolean('visible').notNull().default(true),
    /** 0 normal, 1 disabled by a super admin */
    status: integer('status').notNull().default(0),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
    gmtModified: ts('gmt_modified').notNull().defaultNow(),
  },
  (t) => [
    // Names and short names identify a group to people (the short name prefixes its problem ids).
    uniqueIndex('group_name_uq').on(sql`lower(${t.name})`),
    uniqueIndex('group_short_name_uq').on(sql`lower(${t.shortName})`),
    // The per-user and per-day creation limits count a user's groups.
    index('group_owner_idx').on(t.ownerUid, t.gmtCreate),
  ],
);

/** Members and applications: `auth` 1 applying, 2 refused, 3 member, 4 admin, 5 root. */
export const groupMembers = pgTable(
  'group_member',
  {
    id: serial('id').primaryKey(),
    gid: integer('gid')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    auth: integer('auth').$type<GroupLevelValue>().notNull(),
    reason: text('reason'),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
    gmtModified: ts('gmt_modified').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('group_member_uq').on(t.gid, t.uid), index('group_member_uid_idx').on(t.uid, t.auth), index('group_member_list_idx').on(t.gid, t.auth)],
);

/**
 * Wrong invitation codes per user and private group (`lib/password-tries.ts`): a 6-character code must
 * not be guessable by trying, so a user gets a few tries per window, counted before the code is compared.
 */
export const groupCodeFailures = pgTable(
  'group_code_failure',
  {
    gid: integer('gid')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    failures: integer('failures').notNull(),
    windowStart: ts('window_start').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gid, t.uid] })],
);
