import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { PlagiarismFragment, PlagiarismMode, PlagiarismStatus } from '@oj/shared';
import { users } from './account.js';
import { contests } from './contest.js';
import { judgeServers } from './judge-queue.js';
import { problems } from './problem.js';
import { submissions } from './submission.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A plagiarism check of a contest's or a problem's submissions, and the queue of its task kind: a judge
 * leases it (token, deadline extended by each progress report), fetches the sources, posts the pairs.
 * A lease that runs out puts it back (`attempts` + 1); the third lost lease fails it.
 */
export const plagiarismChecks = pgTable(
  'plagiarism_check',
  {
    id: serial('id').primaryKey(),
    /** the contest checked, or the problem (outside contests); the other is null */
    cid: integer('cid').references(() => contests.id, { onDelete: 'cascade' }),
    pid: integer('pid').references(() => problems.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<PlagiarismMode>().notNull(),
    /** empty: every language */
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    status: text('status').$type<PlagiarismStatus>().notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    submissions: integer('submissions').notNull().default(0),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: integer('lease_owner').references(() => judgeServers.id, { onDelete: 'set null' }),
    leaseToken: text('lease_token'),
    leaseDeadline: ts('lease_deadline'),
    createdBy: text('created_by').references(() => users.uid, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('plagiarism_check_queue_idx').on(t.id).where(sql`${t.status} = 'queued'`),
    index('plagiarism_check_cid_idx').on(t.cid),
    index('plagiarism_check_pid_idx').on(t.pid),
  ],
);

/** A pair of similar submissions a check found (left has the lower submit id). */
export const plagiarismPairs = pgTable(
  'plagiarism_pair',
  {
    id: serial('id').primaryKey(),
    checkId: integer('check_id')
      .notNull()
      .references(() => plagiarismChecks.id, { onDelete: 'cascade' }),
    pid: integer('pid').notNull(),
    language: text('language').notNull(),
    left: integer('left_submit_id')
      .notNull()
      .references(() => submissions.submitId, { onDelete: 'cascade' }),
    right: integer('right_submit_id')
      .notNull()
      .references(() => submissions.submitId, { onDelete: 'cascade' }),
    similarity: doublePrecision('similarity').notNull(),
    longest: integer('longest').notNull(),
    overlap: integer('overlap').notNull(),
    fragments: jsonb('fragments').$type<PlagiarismFragment[]>().notNull(),
    reviewed: boolean('reviewed').notNull().default(false),
  },
  // the submission indexes serve the cascade when a submission (a user, a contest) is deleted
  (t) => [
    index('plagiarism_pair_check_idx').on(t.checkId, t.similarity.desc()),
    index('plagiarism_pair_left_idx').on(t.left),
    index('plagiarism_pair_right_idx').on(t.right),
  ],
);
