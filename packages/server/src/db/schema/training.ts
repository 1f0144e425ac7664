import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TrainingAuthValue } from '@oj/shared';
import { users } from './account.js';
import { problems } from './problem.js';
import { groups } from './group.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Training categories: site ones have no gid; a group's own carry it. */
export const trainingCategories = pgTable(
  'training_category',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    gid: integer('gid').references(() => groups.id, { onDelete: 'cascade' }),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
    gmtModified: ts('gmt_modified').notNull().defaultNow(),
  },
  // Two categories of one place with the same name could not be told apart in the filter.
  (t) => [uniqueIndex('training_category_name_uq').on(sql`coalesce(${t.gid}, 0)`, sql`lower(${t.name})`)],
);

/**
 * Trainings: a ranked list of problems, public or behind a password. `status`
 * is "visible"; hidden trainings exist only for their admins. The category is required by the form;
 * a used category cannot be deleted (restrict).
 */
export const trainings = pgTable(
  'training',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** username of the creator as it was typed */
    author: text('author'),
    /** creator: with the super admin (and a group's root), the "training admin" */
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    auth: text('auth').$type<TrainingAuthValue>().notNull().default('Public'),
    privatePwd: text('private_pwd'),
    rank: integer('rank').notNull().default(1000),
    status: boolean('status').notNull().default(true),
    gid: integer('gid').references(() => groups.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => trainingCategories.id, { onDelete: 'restrict' }),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
    gmtModified: ts('gmt_modified').notNull().defaultNow(),
  },
  // The list: visible site trainings by rank.
  (t) => [index('training_list_idx').on(t.gid, t.status, t.rank, t.id), index('training_category_idx').on(t.categoryId)],
);

/** Problems of a training, ordered by `rank`. */
export const trainingProblems = pgTable(
  'training_problem',
  {
    id: serial('id').primaryKey(),
    tid: integer('tid')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull().default(1000),
    displayId: text('display_id').notNull(),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('training_problem_uq').on(t.tid, t.pid), index('training_problem_pid_idx').on(t.pid)],
);

/** Users who entered the password of a private training (register-training). */
export const trainingRegisters = pgTable(
  'training_register',
  {
    tid: integer('tid')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    time: ts('time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tid, t.uid] })],
);

/** Wrong training passwords per user and training in the current window (lib/password-tries.ts). */
export const trainingPasswordFailures = pgTable(
  'training_password_failure',
  {
    tid: integer('tid')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    failures: integer('failures').notNull(),
    windowStart: ts('window_start').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tid, t.uid] })],
);

/** One problem of one user in the training rank: 0 when accepted, else the latest verdict. */
export interface TrainingRankCellRow {
  status: number;
  /** ms: the fastest accepted run, else the latest run */
  runTime: number | null;
}

/**
 * The training rank, one row per (training, user) who submitted inside it, kept by the database
 * itself: triggers on `judge` (a submission with tid inserted, its status or time changed) and on
 * `training_problem` call `training_rank_refresh(tid, uid)` in the same transaction (migration
 * 0009_training_rank_refresh), so the rank follows every verdict, rejudge, manual verdict, cancel and
 * sweep without a recount per view. Cells are keyed by problem.id.
 */
export const trainingRanks = pgTable(
  'training_rank',
  {
    tid: integer('tid')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    ac: integer('ac').notNull().default(0),
    /** sum over the accepted problems of the fastest accepted run, ms */
    totalRunTime: integer('total_run_time').notNull().default(0),
    /** when the user reached the current AC count (ties of ac and time: earlier first) */
    lastAcTime: ts('last_ac_time'),
    cells: jsonb('cells').$type<Record<string, TrainingRankCellRow>>().notNull().default({}),
    gmtModified: ts('gmt_modified').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tid, t.uid] }),
    // get-training-rank reads a page in this order from the index (bench/training-rank.ts).
    index('training_rank_order_idx').on(t.tid, t.ac.desc(), t.totalRunTime, t.lastAcTime, t.uid),
  ],
);
