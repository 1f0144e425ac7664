import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { problemCases } from './problem.js';
import { groups } from './group.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Submissions. The table keeps HOJ's name `judge`. `pid` is problem.id (no
 * foreign key: a submission outlives its problem). Judging writes status, time, memory, score,
 * error_message and judger; `version` goes up on every rejudge or cancel so that a result of an
 * earlier round can never land on a later one.
 */
export const submissions = pgTable(
  'judge',
  {
    submitId: serial('submit_id').primaryKey(),
    pid: integer('pid').notNull(),
    /** The problem id as shown to the user (e.g. P1000, or the contest letter). */
    displayPid: text('display_pid').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
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
    /** contest_problem.id, 0 outside contests */
    cpid: integer('cpid').notNull().default(0),
    gid: integer('gid').references(() => groups.id, { onDelete: 'cascade' }),
    /**
     * contest_virtual.id of a submission made in a virtual participation (cid is the contest's), else
     * null. No foreign key (the contest's deletion takes both away): contest.ts imports this table.
     */
    vid: integer('vid'),
    /** training.id when submitted inside a training (cid stays 0), else null */
    tid: integer('tid'),
    judger: text('judger'),
    /** a remote judge's run id once the site took the submission (a rejudge polls it again), and the pool account that sent it */
    remoteRunId: text('remote_run_id'),
    /** a run the user made on the site himself and linked here: the handle it must belong to (nothing is submitted) */
    remoteHandle: text('remote_handle'),
    /** made to a remote problem (judged on its site): a Submitted Failed one can be resubmitted */
    isRemote: boolean('is_remote').notNull().default(false),
    remoteAccountId: integer('remote_account_id'),
    isManual: boolean('is_manual').notNull().default(false),
    errorMessage: text('error_message'),
    share: boolean('share').notNull().default(false),
    oiRankScore: integer('oi_rank_score'),
    ip: text('ip'),
    /** judging round: +1 on rejudge and cancel */
    version: integer('version').notNull().default(0),
    gmtModified: ts('gmt_modified').notNull().defaultNow(),
  },
  (t) => [
    index('judge_uid_time_idx').on(t.uid, t.submitTime),
    // Verdict counts of a page of the problem list (problem/service.ts countsOf) read from the index
    // alone: with only (pid) every counted submission was a random heap read (bench/README.md).
    index('judge_pid_idx').on(t.pid, t.cid, t.status),
    // uid too: a contest's participants (contest/info.ts participantCounts) are read from the index alone;
    // and the rest: a contest's board reads all its submissions from it, per participant (board-state.ts);
    // vid last: the real board leaves virtual submissions out from the index alone.
    index('judge_cid_uid_idx').on(t.cid, t.uid, t.submitId, t.pid, t.status, t.score, t.time, t.submitTime, t.vid),
    // A virtual participation's submissions (its ghost board, contest/virtual-board.ts).
    index('judge_vid_idx').on(t.vid, t.submitId).where(sql`${t.vid} is not null`),
    // Submission list: newest first over public submissions, by author, by verdict, by
    // problem id. Partial like the list's filter (cid = 0, gid null), so the totals are index-only
    // counts and deep pages skip rows without touching the table.
    // pid (last) in each: the list hides submissions on hidden problems from the index alone.
    index('judge_public_idx').on(t.submitId, t.pid).where(sql`${t.cid} = 0 and ${t.gid} is null`),
    index('judge_public_status_idx').on(t.status, t.submitId, t.pid).where(sql`${t.cid} = 0 and ${t.gid} is null`),
    // status last: "this user's WA" is counted and paged from the index too
    index('judge_username_idx').on(t.username, t.submitId, t.status, t.pid).where(sql`${t.cid} = 0 and ${t.gid} is null`),
    // A problem's public submissions, newest first: the list's search by problem id (matched in the
    // problem table first, submission/service.ts).
    index('judge_public_pid_idx').on(t.pid, t.submitId, t.status).where(sql`${t.cid} = 0 and ${t.gid} is null`),
    // Rank lists and user home: per user and problem, submissions, AC and best OI rank score, read
    // from the index alone (modules/rank/service.ts).
    index('judge_rank_idx').on(t.uid, t.pid, t.status, t.oiRankScore).where(sql`${t.cid} = 0 and ${t.gid} is null`),
    // Home: accepted problems of the last 7 days, and submissions per day.
    index('judge_ac_time_idx').on(t.submitTime, t.uid, t.pid).where(sql`${t.status} = 0 and ${t.cid} = 0 and ${t.gid} is null`),
    index('judge_submit_time_idx').on(t.submitTime, t.status),
    // A group's submissions (its status list, newest first; its rank by user) and the cascade when it is disbanded.
    index('judge_group_idx').on(t.gid, t.submitId).where(sql`${t.gid} is not null`),
    index('judge_group_rank_idx').on(t.gid, t.uid, t.pid, t.status, t.oiRankScore).where(sql`${t.gid} is not null and ${t.cid} = 0`),
    // The training rank of one (training, user) is recomputed from these rows after each verdict
    // (training_rank_refresh, migration 0009).
    index('judge_training_idx').on(t.tid, t.uid, t.pid).where(sql`${t.tid} is not null`),
  ],
);

/**
 * Each submission judged by subtasks with its subtask scores: `scores` holds (subtask, score) pairs, the
 * subtask being `group_num` (1 when none) and its score the case scores under the judge case mode the
 * submission was judged in (`subtaskScore` of @oj/shared: subtask_lowest the lowest, subtask_average the
 * mean rounded half up). Kept by statement triggers on `judge_case` in the writing transaction (migration
 * 0030): a result written, a rejudge clearing the cases, a submission deleted, so no path can forget it.
 * An IOI board reads a contest's rows (`cid`, copied from the submission) instead of aggregating its
 * case rows (server/modules/contest/board-state.ts).
 */
export const judgeSubtaskScores = pgTable(
  'judge_subtask',
  {
    submitId: integer('submit_id')
      .primaryKey()
      .references(() => submissions.submitId, { onDelete: 'cascade' }),
    cid: integer('cid').notNull(),
    scores: integer('scores').array().notNull(),
  },
  (t) => [index('judge_subtask_cid_idx').on(t.cid)],
);

/**
 * How many submissions of each problem, per place (cid; 0 outside contests) and status, there are: the
 * verdict counts of the problem lists and the statistics pie, read instead of counting `judge` (a popular
 * problem has tens of thousands of submissions). Kept by statement triggers on `judge` in the writing
 * transaction (migration 0025): every insert, status change (judging, rejudge, manual judge, cancel)
 * and delete (by hand, with a contest, user or group) moves the counts, so no path can forget them.
 * `oj repair-counts` recomputes them from `judge` (modules/problem/verdict-counts.ts).
 */
export const problemVerdictCounts = pgTable(
  'problem_verdict_count',
  {
    pid: integer('pid').notNull(),
    cid: integer('cid').notNull(),
    status: integer('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pid, t.cid, t.status] })],
);

/**
 * Results of single test cases, written with the submission's result.
 * (submit_id, seq) is unique, so a result posted twice cannot add rows twice.
 */
export const judgeCases = pgTable(
  'judge_case',
  {
    id: serial('id').primaryKey(),
    submitId: integer('submit_id')
      .notNull()
      .references(() => submissions.submitId, { onDelete: 'cascade' }),
    uid: text('uid'),
    pid: integer('pid'),
    /** problem_case.id; null when the case was removed from the problem since */
    caseId: integer('case_id').references(() => problemCases.id, { onDelete: 'set null' }),
    status: integer('status').notNull(),
    /** ms */
    time: integer('time').notNull().default(0),
    /** KB */
    memory: integer('memory').notNull().default(0),
    score: integer('score'),
    groupNum: integer('group_num'),
    seq: integer('seq').notNull(),
    /** judge case mode of the problem when judged */
    mode: text('mode').notNull().default('default'),
    /** file names of the case's input and answer */
    inputData: text('input_data'),
    outputData: text('output_data'),
    /** head of the program's output */
    userOutput: text('user_output'),
    /** checker message, runtime error text, "Skipped Judging"… */
    message: text('message'),
    /** a checker's or interactor's words for the problem's admins only (Kattis judgemessage.txt, testlib's comment) */
    judgeMessage: text('judge_message'),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('judge_case_submit_seq_uq').on(t.submitId, t.seq)],
);
