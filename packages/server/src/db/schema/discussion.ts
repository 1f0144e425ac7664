import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReportTag } from '@oj/shared';
import { users } from './account.js';
import { contests } from './contest.js';
import { groups } from './group.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Discussion categories; a used one cannot be deleted (restrict). */
export const discussionCategories = pgTable(
  'discussion_category',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('discussion_category_name_uq').on(sql`lower(${t.name})`)],
);

/**
 * Discussions. `pid` is the display id of the problem a discussion is about
 * (HOJ keeps the display id, which is what /discussion/:problemID carries); `gid` marks a group's own
 * discussions (groups issue). Counters are kept by the actions that change them, in their transaction.
 */
export const discussions = pgTable(
  'discussion',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => discussionCategories.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    content: text('content').notNull(),
    pid: text('pid'),
    gid: integer('gid').references(() => groups.id, { onDelete: 'cascade' }),
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    /** username as it was when posting (the author may be deleted) */
    author: text('author').notNull(),
    topPriority: boolean('top_priority').notNull().default(false),
    /** 0 public, 1 hidden by an admin */
    status: integer('status').notNull().default(0),
    viewNum: integer('view_num').notNull().default(0),
    likeNum: integer('like_num').notNull().default(0),
    commentNum: integer('comment_num').notNull().default(0),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
    gmtModified: ts('gmt_modified').notNull().defaultNow(),
  },
  (t) => [
    // The list's order: pinned first, then newest. status and uid ride along so a page's ids (and the
    // offset of a deep page) come from the index alone, hidden rows filtered there (list.ts).
    index('discussion_list_idx').on(t.gid, t.topPriority.desc(), t.id.desc(), t.status, t.uid),
    index('discussion_pid_idx').on(t.pid, t.id.desc()),
    index('discussion_uid_idx').on(t.uid, t.id.desc()),
    index('discussion_category_idx').on(t.categoryId),
    // The list's keyword (ILIKE '%…%' on title, description, author): trigram indexes, so a search of
    // 100 000 discussions reads the matching rows only (pg_trgm, created by migration 0010).
    index('discussion_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('discussion_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    index('discussion_author_trgm_idx').using('gin', t.author.op('gin_trgm_ops')),
  ],
);

/** One like per user and discussion (the primary key makes concurrent likes count once). */
export const discussionLikes = pgTable(
  'discussion_like',
  {
    did: integer('did')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.did, t.uid] })],
);

/** Reports of a discussion: the report dialog's tags and a reason; `status` = handled. */
export const discussionReports = pgTable(
  'discussion_report',
  {
    id: serial('id').primaryKey(),
    did: integer('did')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    reporterUid: text('reporter_uid').references(() => users.uid, { onDelete: 'set null' }),
    reporter: text('reporter').notNull(),
    tags: jsonb('tags').$type<ReportTag[]>().notNull().default([]),
    reason: text('reason').notNull().default(''),
    status: boolean('status').notNull().default(false),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
    gmtModified: ts('gmt_modified').notNull().defaultNow(),
  },
  (t) => [index('discussion_report_status_idx').on(t.status, t.id.desc())],
);

/**
 * Comments: one table for every place that has comments. The parent is exactly
 * one of a discussion or a contest (a foreign key each, so deleting the parent deletes its comments).
 */
export const comments = pgTable(
  'comment',
  {
    id: serial('id').primaryKey(),
    did: integer('did').references(() => discussions.id, { onDelete: 'cascade' }),
    cid: integer('cid').references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    /** username as it was when commenting */
    fromName: text('from_name').notNull(),
    content: text('content').notNull(),
    likeNum: integer('like_num').notNull().default(0),
    replyNum: integer('reply_num').notNull().default(0),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
  },
  (t) => [
    check('comment_one_parent', sql`num_nonnulls(${t.did}, ${t.cid}) = 1`),
    index('comment_did_idx').on(t.did, t.id.desc()),
    index('comment_cid_idx').on(t.cid, t.id.desc()),
  ],
);

export const commentLikes = pgTable(
  'comment_like',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.uid] })],
);

/** Replies to a comment, to its author or to another reply's author. */
export const replies = pgTable(
  'reply',
  {
    id: serial('id').primaryKey(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    fromName: text('from_name').notNull(),
    toUid: text('to_uid').references(() => users.uid, { onDelete: 'set null' }),
    toName: text('to_name'),
    content: text('content').notNull(),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
  },
  (t) => [index('reply_comment_idx').on(t.commentId, t.id)],
);
