import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './account.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Submissions (spec 1 §3 "Submission"). The table keeps HOJ's name `judge`. This is the minimal shape
 * the account pages read (home info, heatmap); the problem/judge work extends it.
 */
export const submissions = pgTable(
  'judge',
  {
    submitId: serial('submit_id').primaryKey(),
    pid: integer('pid').notNull(),
    /** The problem id as shown to the user (e.g. P1000, or the contest letter). */
    displayPid: text('display_pid').notNull(),
    uid: text('uid').notNull().references(() => users.uid, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    /** JudgeStatus code */
    status: integer('status').notNull().default(5),
    score: integer('score'),
    /** ms */
    time: integer('time'),
    /** KB */
    memory: integer('memory'),
    /** bytes of code */
    length: integer('length').notNull().default(0),
    language: text('language').notNull(),
    code: text('code').notNull(),
    submitTime: ts('submit_time').notNull().defaultNow(),
    /** 0 when the submission belongs to no contest */
    cid: integer('cid').notNull().default(0),
    gid: integer('gid'),
    judger: text('judger'),
    isManual: boolean('is_manual').notNull().default(false),
    errorMessage: text('error_message'),
    share: boolean('share').notNull().default(false),
    oiRankScore: integer('oi_rank_score'),
    ip: text('ip'),
  },
  (t) => [
    index('judge_uid_time_idx').on(t.uid, t.submitTime),
    index('judge_pid_idx').on(t.pid),
    index('judge_cid_idx').on(t.cid),
    index('judge_status_idx').on(t.status),
  ],
);
