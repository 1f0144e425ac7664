import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { HackVerdict } from '@oj/shared';
import { users } from './account.js';
import { contests } from './contest.js';
import { judgeServers, type TaskStateName } from './judge-queue.js';
import { problems } from './problem.js';
import { submissions } from './submission.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A problem's hack kit: its input validator (testlib, compiled like a package's programs, or a Kattis
 * input validator) and the reference solution whose output answers a hack; both compiled on a judge
 * before they are saved. A problem without one cannot be hacked.
 */
export const problemHackKits = pgTable('problem_hack_kit', {
  pid: integer('pid')
    .primaryKey()
    .references(() => problems.id, { onDelete: 'cascade' }),
  /** a package source type (cpp.g++17, …) */
  validatorType: text('validator_type').notNull(),
  validatorCode: text('validator_code').notNull(),
  /** the validator's exit code for "valid": 0 for testlib, 42 for a Kattis input validator */
  validatorOkExit: integer('validator_ok_exit').notNull().default(0),
  /** a judge language name */
  referenceLanguage: text('reference_language').notNull(),
  referenceCode: text('reference_code').notNull(),
  gmtModified: ts('gmt_modified').notNull().defaultNow(),
});

/** A participant's locked problem of a contest: no more submissions of his on it; he may hack it. */
export const contestProblemLocks = pgTable(
  'contest_problem_lock',
  {
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** contest_problem.display_id */
    displayId: text('display_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cid, t.uid, t.displayId] })],
);

/**
 * Hacks: both the queue a judge leases from (like `test_run`) and the record the contest's hacks list
 * shows. `verdict` is 'pending' until a judge's outcome (or the sweep) ends it.
 */
export const contestHacks = pgTable(
  'contest_hack',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    displayId: text('display_id').notNull(),
    hackerUid: text('hacker_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    submitId: integer('submit_id')
      .notNull()
      .references(() => submissions.submitId, { onDelete: 'cascade' }),
    input: text('input').notNull(),
    /** queued | leased | done */
    status: text('status').$type<TaskStateName>().notNull().default('queued'),
    verdict: text('verdict').$type<HackVerdict>().notNull().default('pending'),
    message: text('message'),
    victimStatus: integer('victim_status'),
    /** after the contest the input became a test of the problem */
    addedToTests: boolean('added_to_tests').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: integer('lease_owner').references(() => judgeServers.id, { onDelete: 'set null' }),
    leaseToken: text('lease_token'),
    leaseDeadline: ts('lease_deadline'),
    /** what the judge reported, kept for the staff */
    outcome: jsonb('outcome'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('contest_hack_queue_idx').on(t.id).where(sql`${t.status} <> 'done'`),
    index('contest_hack_cid_idx').on(t.cid, t.id),
    index('contest_hack_hacker_idx').on(t.hackerUid, t.cid),
  ],
);
