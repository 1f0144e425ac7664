import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { submissions } from './submission.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Judge daemons that registered (by name); the admin dashboard reads them. */
export const judgeServers = pgTable('judge_server', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  ip: text('ip'),
  cpuCount: integer('cpu_count').notNull().default(1),
  /** submissions judged at once */
  capacity: integer('capacity').notNull().default(1),
  /** names of the languages the judge detected */
  languages: jsonb('languages').$type<string[]>().notNull().default([]),
  /** the remote judges (site keys) its remote workers serve; empty when remote judging is off on it */
  remoteOjs: jsonb('remote_ojs').$type<string[]>().notNull().default([]),
  version: text('version').notNull().default(''),
  /** submissions the judge said it is judging at its last heartbeat */
  running: integer('running').notNull().default(0),
  /** host CPU and memory use in percent at its last report (older judges do not report them: null) */
  cpuUsage: real('cpu_usage'),
  memoryUsage: real('memory_usage'),
  /** 0 enabled, 1 disabled by an administrator (gets no tasks) */
  status: integer('status').notNull().default(0),
  lastHeartbeat: ts('last_heartbeat').notNull().defaultNow(),
  gmtCreate: ts('gmt_create').notNull().defaultNow(),
});

export const TaskState = { QUEUED: 'queued', LEASED: 'leased', DONE: 'done' } as const;
export type TaskStateName = (typeof TaskState)[keyof typeof TaskState];

/**
 * The judge queue: one row per submission to judge. A judge leases a queued row (FOR UPDATE SKIP
 * LOCKED) until `lease_deadline`; progress extends the lease, the result ends it. A lease that runs
 * out goes back to the queue (attempts + 1); after the last attempt the submission ends as System Error.
 * Done rows stay as the record of who judged what; a rejudge turns the row back to queued.
 */
export const judgeTasks = pgTable(
  'judge_task',
  {
    id: serial('id').primaryKey(),
    submitId: integer('submit_id')
      .notNull()
      .unique()
      .references(() => submissions.submitId, { onDelete: 'cascade' }),
    /** higher first: 1 contest submissions, 0 the others */
    priority: integer('priority').notNull().default(0),
    /** language of the submission: only judges that have it are given the task */
    language: text('language').notNull(),
    /** the remote judge of a remote problem's submission (HDU, CF, …): judged through that site, never by our own judges */
    remoteOj: text('remote_oj'),
    /** queued | leased | done */
    status: text('status').$type<TaskStateName>().notNull().default('queued'),
    /** failed leases so far (expired or reported failed) */
    attempts: integer('attempts').notNull().default(0),
    /** judge.version the task judges; a rejudge or cancel changes it, so a late result cannot land */
    version: integer('version').notNull().default(0),
    leaseOwner: integer('lease_owner').references(() => judgeServers.id, { onDelete: 'set null' }),
    leaseToken: text('lease_token'),
    leaseDeadline: ts('lease_deadline'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** when the task last entered the queue */
    queuedAt: ts('queued_at').notNull().defaultNow(),
    /** when the submission (or its rejudge, resubmit) was put in the queue: a remote task's wait is bounded from here */
    enqueuedAt: ts('enqueued_at').notNull().defaultNow(),
    /** not leased before this time (a remote site asked to wait, or the task backs off after a failure) */
    notBefore: ts('not_before'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('judge_task_queue_idx').on(sql`${t.priority} DESC`, t.id).where(sql`${t.status} = 'queued'`),
    index('judge_task_lease_idx').on(t.leaseDeadline).where(sql`${t.status} = 'leased'`),
  ],
);
