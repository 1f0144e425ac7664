/**
 * Remote judging: a submission to a problem of another site (HDU, Codeforces, …) is judged there. The
 * judge protocol side (a task kind `remote` of the leased queue; jobs that fetch a problem or the sites'
 * contest lists) and the calls users and admins make (import a remote problem, resubmit, the home page's
 * contests of other sites). Only judges that enable remote judging lease these, so an API node never
 * talks to another site.
 */
import { z } from 'zod';
import { REMOTE_OJS, type RemoteOj } from './constants.js';
import { endpoint } from './endpoint.js';
import { dbId, INT4_MAX } from './ids.js';
import { storableText } from './storable-text.js';
import type { SubmissionInfo } from './submission.js';

const ojField = z.enum(REMOTE_OJS, { error: `name: one of ${REMOTE_OJS.join(', ')}.` });

// ---------------------------------------------------------------------------------------------
// Judge protocol

/**
 * Which tasks a poll asks for: `local` (submissions, test runs and jobs run in the sandbox) or `remote`
 * (remote submissions and remote jobs: a daemon's remote workers wait on other sites, not on its cores).
 */
export const POLL_LANES = ['local', 'remote'] as const;
export type PollLane = (typeof POLL_LANES)[number];

/** A language a remote site takes, as a judge that serves the site reports it at registration. */
export const remoteLanguageReport = z.object({
  oj: z.enum(REMOTE_OJS),
  name: z.string().trim().min(1).max(64),
  contentType: z.string().max(100).default('text/plain'),
});
export type RemoteLanguageReport = z.infer<typeof remoteLanguageReport>;

/** `RemoteTaskAccount.id` of a task judged with the submitter's own Codeforces session (no pool account, no password). */
export const USER_SESSION_ACCOUNT = 0;

/** The account a remote task is judged with: the password and saved session, opened for this lease only. */
export interface RemoteTaskAccount {
  /** the pool account's id, or USER_SESSION_ACCOUNT */
  id: number;
  username: string;
  password: string;
  /** cookies saved by an earlier login (RemoteHttp.saveCookies), null before the first */
  session: string | null;
}

/** A leased remote submission, as a poll of the remote lane hands it to a judge. */
export interface RemoteTask {
  kind: 'remote';
  taskId: number;
  leaseToken: string;
  leaseDeadline: string;
  leaseMs: number;
  attempt: number;
  oj: RemoteOj;
  submitId: number;
  /** the site's problem id (problem.remote_id) */
  problemId: string;
  /** our name of the site's language (a language row of oj `oj`) */
  language: string;
  /** the user's code, not salted yet */
  code: string;
  account: RemoteTaskAccount;
  /**
   * A run the user made on the site himself and linked here (`linkRun`): the judge checks that it is a
   * run of this handle to this problem, then follows it; nothing is submitted and no account is used.
   */
  linkedHandle: string | null;
  /**
   * The site's run id stored by an earlier lease of this submission (a judge that died while polling, a
   * rejudge): poll it, never submit again. The account is the one that submitted it.
   */
  runId: string | null;
}

const leaseFields = { taskId: dbId, leaseToken: z.string().min(16).max(128) };
/** cookies of the account's session after the call, saved with the account (sealed) */
const sessionField = z
  .string()
  .max(64 * 1024)
  .nullish();

/**
 * Pending, Compiling or Judging on the site: extends the lease (of the task and its account). The first
 * report after the submit carries the run id: stored at once, so a judge that dies from here on is
 * followed by one that polls the run instead of submitting it again.
 */
export const judgeRemoteProgressBody = z.object({
  ...leaseFields,
  status: z.union([z.literal(5), z.literal(6), z.literal(7)]),
  runId: z.string().trim().min(1).max(64).nullish(),
  session: sessionField,
});
export type JudgeRemoteProgressBody = z.infer<typeof judgeRemoteProgressBody>;

/** The site's final verdict; the account is free again. */
export const judgeRemoteResultBody = z.object({
  ...leaseFields,
  /** a final JudgeStatus: AC, WA, PE, TLE, MLE, OLE, RE, CE, PA, SE */
  status: z.number().int().min(-3).max(11),
  time: z.number().int().min(0).max(INT4_MAX).nullable(),
  memory: z.number().int().min(0).max(INT4_MAX).nullable(),
  score: z.number().int().min(0).max(100).nullish(),
  /** the compiler's message of a CE, else null */
  errorMessage: z
    .string()
    .max(64 * 1024)
    .nullable()
    .transform((s) => (s === null ? null : storableText(s))),
  session: sessionField,
});
export type JudgeRemoteResultBody = z.infer<typeof judgeRemoteResultBody>;

/**
 * What kept a remote task from its verdict (the adapters' error kinds). `loginFailed` marks the account
 * failing; `refused` (the site will not take this code: language, length, duplicate) ends the
 * submission as Submitted Failed at once; the others are given back to the queue, after `retryAfterMs`
 * when the site asked to wait, and end as Submitted Failed when the wait bound is over.
 */
export const REMOTE_FAILURES = ['unreachable', 'loginFailed', 'notFound', 'badId', 'rateLimited', 'refused', 'unexpected'] as const;
export type RemoteFailure = (typeof REMOTE_FAILURES)[number];

export const judgeRemoteFailBody = z.object({
  ...leaseFields,
  failure: z.enum(REMOTE_FAILURES),
  error: z
    .string()
    .max(8000)
    .transform((s) => storableText(s)),
  retryAfterMs: z.number().int().min(0).max(3_600_000).nullish(),
  session: sessionField,
});
export type JudgeRemoteFailBody = z.infer<typeof judgeRemoteFailBody>;

export interface JudgeRemoteFailResponse {
  /** back in the queue (true) or ended as Submitted Failed (false) */
  requeued: boolean;
}

// ---------------------------------------------------------------------------------------------
// Remote jobs (judge_job rows of the remote lane)

/** Fetch a problem's statement, limits, samples and tags from its site. */
export interface RemoteProblemJob {
  type: 'remoteProblem';
  oj: RemoteOj;
  problemId: string;
}

/** The coming and running contests of every site that lists them. */
export interface RemoteContestsJob {
  type: 'remoteContests';
}

export type RemoteJob = RemoteProblemJob | RemoteContestsJob;
export const REMOTE_JOB_TYPES = ['remoteProblem', 'remoteContests'] as const;

const text = (max: number) => z.string().max(max);

/** A problem as its site shows it (the judge's adapter reads it; the server stores it). */
export const remoteProblemData = z.object({
  remoteId: text(64).min(1),
  title: text(255).min(1),
  timeLimitMs: z.number().int().min(1).max(INT4_MAX),
  memoryLimitMb: z.number().int().min(1).max(INT4_MAX),
  description: text(1_000_000),
  input: text(1_000_000),
  output: text(1_000_000),
  hint: text(1_000_000),
  format: z.enum(['html', 'markdown']),
  samples: z.array(z.object({ input: text(100_000), output: text(100_000) })).max(50),
  source: text(1000),
  url: text(1000),
  tags: z.array(text(64)).max(50),
  pdfUrl: text(1000).optional(),
  io: z.object({ input: text(255), output: text(255) }).optional(),
});
export type RemoteProblemData = z.infer<typeof remoteProblemData>;

/** A contest of another site for the home page. */
export const otherContest = z.object({
  oj: z.enum(REMOTE_OJS),
  title: text(500),
  url: text(1000),
  /** ISO times */
  beginTime: text(40),
  endTime: text(40),
});
export type OtherContest = z.infer<typeof otherContest>;

/**
 * Results of remote jobs. A problem that could not be fetched is `remoteFailed` with the adapter's
 * error kind, so the admin reads "not found" or "login failed" rather than a judge failure.
 */
export const remoteProblemResult = z.object({ type: z.literal('remoteProblem'), problem: remoteProblemData });
export const remoteContestsResult = z.object({ type: z.literal('remoteContests'), contests: z.array(otherContest).max(500) });
export const remoteFailedResult = z.object({ type: z.literal('remoteFailed'), failure: z.enum(REMOTE_FAILURES), error: text(8000) });

// ---------------------------------------------------------------------------------------------
// Calls of users and admins

/** Import a remote problem by site and id (HOJ's query names). */
export const importRemoteQuery = z.object({
  name: ojField,
  problemId: z
    .string({ error: 'problemId: the problem id on the remote site.' })
    .trim()
    .min(1, 'problemId: the problem id on the remote site.')
    .max(64, 'problemId: at most 64 characters.'),
});
export const importRemoteTrainingQuery = importRemoteQuery.extend({ tid: dbId });
export const importRemoteContestQuery = importRemoteQuery.extend({
  cid: dbId,
  displayId: z.string().trim().min(1).max(20),
});
export const importRemoteGroupQuery = importRemoteQuery.extend({ gid: dbId });

/** What an import answers: the problem (new or refreshed) in the bank. */
export interface ImportedRemoteProblem {
  id: number;
  problemId: string;
  title: string;
  /** false when the problem was already in the bank and its statement was refreshed */
  created: boolean;
}

export const resubmitQuery = z.object({ submitId: dbId });

/**
 * Link a run made on the remote site: the problem by its id where it is opened (the bank, a training
 * or a group; never a contest), and the site's run id. The user's Codeforces handle (his profile) must be
 * the run's author.
 */
export const linkRunBody = z.object({
  pid: z.string().trim().min(1).max(100),
  tid: dbId.nullish(),
  gid: dbId.nullish(),
  runId: z
    .string({ error: 'runId: the run id on the remote site (digits).' })
    .trim()
    .regex(/^\d{1,12}$/, 'runId: the run id on the remote site (digits).'),
});
export type LinkRunBody = z.infer<typeof linkRunBody>;

export const remoteJudgeEndpoints = {
  importToBank: endpoint<ImportedRemoteProblem>()({ method: 'GET', path: 'admin/problem/import-remote-oj-problem', query: importRemoteQuery }),
  importToTraining: endpoint<ImportedRemoteProblem>()({
    method: 'GET',
    path: 'admin/training/import-remote-oj-problem',
    query: importRemoteTrainingQuery,
  }),
  importToContest: endpoint<ImportedRemoteProblem>()({
    method: 'GET',
    path: 'admin/contest/import-remote-oj-problem',
    query: importRemoteContestQuery,
  }),
  importToGroup: endpoint<ImportedRemoteProblem>()({ method: 'GET', path: 'group/import-remote-oj-problem', query: importRemoteGroupQuery }),
  /** Submits a Submitted Failed (or any) remote submission anew: the owner or an admin. */
  resubmit: endpoint<SubmissionInfo>()({ method: 'GET', path: 'resubmit', query: resubmitQuery }),
  recentOtherContests: endpoint<OtherContest[]>()({ method: 'GET', path: 'get-recent-other-contest' }),
  /** A run the caller made on the site, judged here once the site says it is his (LINKABLE_OJS). */
  linkRun: endpoint<SubmissionInfo>()({ method: 'POST', path: 'link-remote-run', body: linkRunBody }),
} as const;
