import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { JudgeJob, JudgeJobResult } from '@oj/shared';
import { judgeServers, type TaskStateName } from './judge-queue.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Judge jobs (compile a checker, run a package's programs): the queue of a task kind whose result the
 * API node that queued it waits for. A row lives as long as that wait and a short while after; the
 * lease deadline covers the whole job, so there is no progress call.
 */
export const judgeJobs = pgTable(
  'judge_job',
  {
    id: serial('id').primaryKey(),
    /** what the job is and what it needs, as the judge gets it */
    job: jsonb('job').$type<JudgeJob>().notNull(),
    /** queued | leased | done */
    status: text('status').$type<TaskStateName>().notNull().default('queued'),
    /** how long a judge has for the whole job */
    leaseMs: integer('lease_ms').notNull(),
    leaseOwner: integer('lease_owner').references(() => judgeServers.id, { onDelete: 'set null' }),
    leaseToken: text('lease_token'),
    leaseDeadline: ts('lease_deadline'),
    /** bytes of step outputs uploaded so far (bounded by a package run's maxTotalBytes) */
    uploadedBytes: integer('uploaded_bytes').notNull().default(0),
    result: jsonb('result').$type<JudgeJobResult>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('judge_job_queue_idx').on(t.id).where(sql`${t.status} = 'queued'`), index('judge_job_created_idx').on(t.createdAt)],
);
