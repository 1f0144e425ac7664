import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { TestRunResult } from '@oj/shared';
import { users } from './account.js';
import { judgeServers, type TaskStateName } from './judge-queue.js';
import { problems } from './problem.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Online self-tests: a queue of their own beside `judge_task`, because a test run is no
 * submission (nothing about it is kept once it expires). The row is both the task a judge leases and
 * the short-lived result its owner reads by `key`.
 */
export const testRuns = pgTable(
  'test_run',
  {
    id: serial('id').primaryKey(),
    /** random, given to the owner (testJudgeKey) */
    key: text('key').notNull().unique(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    code: text('code').notNull(),
    input: text('input').notNull(),
    expectedOutput: text('expected_output'),
    /** queued | leased | done */
    status: text('status').$type<TaskStateName>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: integer('lease_owner').references(() => judgeServers.id, { onDelete: 'set null' }),
    leaseToken: text('lease_token'),
    leaseDeadline: ts('lease_deadline'),
    /** set when done */
    result: jsonb('result').$type<TestRunResult>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('test_run_queue_idx').on(t.id).where(sql`${t.status} <> 'done'`),
    index('test_run_uid_idx').on(t.uid, t.createdAt),
    index('test_run_created_idx').on(t.createdAt),
  ],
);
