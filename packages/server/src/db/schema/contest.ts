import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { problems } from './problem.js';
import { submissions } from './submission.js';
import { groups } from './group.js';
import { announcements } from './site.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** One prize of the award table (awardConfigList). */
export interface AwardConfigRow {
  priority: number;
  name: string;
  background: string;
  color: string;
  num: number;
}

/**
 * Contests. Status and duration are not stored: both follow from the times, so
 * editing the times can never leave them stale. Contest announcements are rows of `announcement` with
 * `cid` set (that table already carries the column).
 */
export const contests = pgTable(
  'contest',
  {
    id: serial('id').primaryKey(),
    /** creator: with the super admin, the "contest admin" */
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    author: text('author'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** 0 ACM, 1 OI; fixed once created */
    type: integer('type').notNull().default(0),
    /** 0 public, 1 private (password to view), 2 protected (password to submit) */
    auth: integer('auth').notNull().default(0),
    pwd: text('pwd'),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    sealRank: boolean('seal_rank').notNull().default(false),
    sealRankTime: ts('seal_rank_time'),
    /** after the end the real board is shown; false keeps it sealed for good */
    autoRealRank: boolean('auto_real_rank').notNull().default(true),
    openPrint: boolean('open_print').notNull().default(false),
    /** outside scoreboard open to everyone */
    openRank: boolean('open_rank').notNull().default(false),
    /** username | nickname | realname */
    rankShowName: text('rank_show_name').notNull().default('username'),
    openAccountLimit: boolean('open_account_limit').notNull().default(false),
    /** <prefix>..</prefix><suffix>..</suffix><start>N</start><end>M</end><extra>a b</extra> */
    accountLimitRule: text('account_limit_rule'),
    /** usernames ranked -1 (unofficial) */
    starAccount: jsonb('star_account').$type<string[]>().notNull().default([]),
    /** Recent | Highest */
    oiRankScoreType: text('oi_rank_score_type').notNull().default('Recent'),
    /** 0 none, 1 percentages, 2 counts */
    awardType: integer('award_type').notNull().default(0),
    awardConfig: jsonb('award_config').$type<AwardConfigRow[]>().notNull().default([]),
    allowEndSubmit: boolean('allow_end_submit').notNull().default(false),
    /** hacks allowed (only where the rule has them: contestRule(type).hackable) */
    allowHacks: boolean('allow_hacks').notNull().default(false),
    visible: boolean('visible').notNull().default(true),
    gid: integer('gid').references(() => groups.id, { onDelete: 'cascade' }),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
    gmtModified: ts('gmt_modified').notNull().defaultNow(),
  },
  (t) => [index('contest_start_idx').on(t.startTime), index('contest_uid_idx').on(t.uid)],
);

/** Problems of a contest with their letter (displayId), shown title and balloon colour. */
export const contestProblems = pgTable(
  'contest_problem',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    displayId: text('display_id').notNull(),
    displayTitle: text('display_title').notNull(),
    color: text('color'),
  },
  (t) => [uniqueIndex('contest_problem_display_uq').on(t.cid, sql`upper(${t.displayId})`), uniqueIndex('contest_problem_pid_uq').on(t.cid, t.pid)],
);

/** Users who entered the password of a private or protected contest. */
export const contestRegisters = pgTable(
  'contest_register',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contest_register_uq').on(t.cid, t.uid)],
);

/** Wrong contest passwords per user and contest in the current window (contest/password-guard.ts). */
export const contestPasswordFailures = pgTable(
  'contest_password_failure',
  {
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    failures: integer('failures').notNull(),
    windowStart: ts('window_start').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cid, t.uid] })],
);

/** Texts sent to the contest's printer by participants (status 0 waiting, 1 printed). */
export const contestPrints = pgTable(
  'contest_print',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    realname: text('realname'),
    content: text('content').notNull(),
    status: integer('status').notNull().default(0),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
  },
  (t) => [index('contest_print_cid_idx').on(t.cid, t.id), index('contest_print_uid_idx').on(t.uid, t.gmtCreate)],
);

/**
 * Questions of participants to a contest's admins (modules/contest/clarifications.ts). `problem_id`: the
 * contest problem asked about (null: the contest in general, or the problem left the contest);
 * `answered_at` null: waiting for an answer; `public`: answered to everyone, then also published as
 * `announcement_id`.
 */
export const contestClarifications = pgTable(
  'contest_clarification',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    problemId: integer('problem_id').references(() => contestProblems.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    answer: text('answer'),
    public: boolean('public').notNull().default(false),
    answeredBy: text('answered_by').references(() => users.uid, { onDelete: 'set null' }),
    answeredAt: ts('answered_at'),
    announcementId: integer('announcement_id').references(() => announcements.id, { onDelete: 'set null' }),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
  },
  (t) => [
    // The staff's list: one contest's questions, unanswered first, newest first.
    index('contest_clarification_cid_idx').on(t.cid, t.answeredAt, t.id),
    // A participant's own questions (his list, the flood limits).
    index('contest_clarification_uid_idx').on(t.cid, t.uid, t.id),
  ],
);

/** Accepted submissions whose balloon the contest admin has handed out (AC helper). */
export const contestAcChecks = pgTable('contest_ac_check', {
  submitId: integer('submit_id')
    .primaryKey()
    .references(() => submissions.submitId, { onDelete: 'cascade' }),
  cid: integer('cid')
    .notNull()
    .references(() => contests.id, { onDelete: 'cascade' }),
  gmtCreate: ts('gmt_create').notNull().defaultNow(),
});

/**
 * Virtual participations (contest/virtual.ts): a user who did not take part in an ended public contest
 * takes it later on his own clock, from `startTime` for the contest's duration (`endTime` is fixed when
 * he starts, so moving the contest's times later does not move a run under way). His submissions are
 * contest submissions (`judge.cid`) carrying this row's id in `judge.vid`: the real board, participant
 * counts and verdict counts leave them out; his ghost board folds them at his elapsed time.
 */
export const contestVirtuals = pgTable(
  'contest_virtual',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
  },
  (t) => [index('contest_virtual_cid_uid_idx').on(t.cid, t.uid, t.startTime)],
);
