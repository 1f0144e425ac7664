/**
 * The judge protocol: what a judge daemon and the API server say to each other (docs/architecture.md,
 * "Judge protocol"). Every call carries the shared judge token in the `X-Judge-Token` header; bodies
 * are JSON and answers use the usual envelope {status, msg, data}.
 */
import { z } from 'zod';
import { dbId, INT4_MAX } from './ids.js';
import { LIMITS, REMOTE_OJS } from './constants.js';
import { POLL_LANES, remoteLanguageReport } from './remote-judge.js';
import { JudgeStatus, type JudgeCaseMode, type JudgeStatusCode } from './judge-status.js';

export const JUDGE_TOKEN_HEADER = 'x-judge-token';

/** How a problem's output is checked: compare with the answer, a special judge, or an interactor. */
export const JUDGE_MODES = ['default', 'spj', 'interactive'] as const;
export type JudgeMode = (typeof JUDGE_MODES)[number];

/**
 * Comparators of the default judge mode, written in the judge (no checker code): exact lines (the
 * historic comparison, with "remove end blank"), whitespace-separated tokens, integers (any size),
 * floats within 1e-`checkerPrecision` absolute or relative, YES/NO tokens in any case, tokens in
 * any order, and QDUOJ's comparison (the whole output byte for byte once the whitespace at its end is
 * cut: what QDUOJ imports are judged with). Semantics: packages/judge/src/builtin-checkers.ts.
 */
export const BUILTIN_CHECKERS = ['lines', 'tokens', 'integers', 'floats', 'yes-no', 'sorted-tokens', 'trim-end'] as const;
export type BuiltinChecker = (typeof BUILTIN_CHECKERS)[number];

/** `checkerPrecision` N of the 'floats' checker: an absolute or relative error of 1e-N is allowed. */
export const CHECKER_PRECISION = { min: 4, max: 9, default: 6 } as const;

/**
 * How a custom checker or interactor is called and its verdict read: 'hoj' = exit codes (0/100 AC,
 * 101 PE, 1/102 WA, 103 System Error, 99 partial with the percentage on stdout; stderr is the
 * message), any other exit code read as testlib's report, as HOJ does; 'testlib' = testlib's report
 * (first line of stderr) and exit codes (0 ok, 1 WA, 2/4 PE, 3 fail, 7 points, 8 unexpected eof);
 * 'qduoj' = QDUOJ's special judge: called with two files only (`spj <input> <user output>`, the
 * input also on stdin), exit code 0 AC, 1 WA, anything else System Error; 'hustoj' = HUSTOJ's (and
 * the FreeProblemSet files') special judge: `spj <input> <answer> <user output>`, exit code 0 AC,
 * any other WA.
 */
export const CHECKER_CONVENTIONS = ['hoj', 'testlib', 'qduoj', 'hustoj'] as const;
export type CheckerConvention = (typeof CHECKER_CONVENTIONS)[number];

/** Whether a name read from outside (a package attribute, a stored column) is a convention the judge knows. */
export const isCheckerConvention = (name: unknown): name is CheckerConvention => (CHECKER_CONVENTIONS as readonly unknown[]).includes(name);

/**
 * The convention a checker's source most likely follows, by its code: 'testlib' when it includes
 * testlib.h (by any path), registers as a testlib checker or interactor (`registerTestlibCmd`, the old
 * `registerTestlib`, `registerInteraction`) or quits with testlib's verdicts (`quitf(_wa, …)`) — so a
 * checker with testlib pasted in, no include, is one too. Imports take it from the checker, not from the
 * package format (a testlib checker in an HOJ zip or an FPS file answers in testlib's codes); the judge
 * never guesses.
 */
const TESTLIB_CODE =
  /#\s*include\s*[<"](?:[^<>"\n]*\/)?testlib\.h[>"]|\bregister(?:TestlibCmd|Testlib|Interaction)\s*\(|\bquitf?\s*\(\s*_(?:ok|wa|pe|fail|dirt|points|unexpected_eof)\b/;
export function conventionOfCheckerCode(code: string | null | undefined): CheckerConvention {
  return code && TESTLIB_CODE.test(code) ? 'testlib' : 'hoj';
}

/** Problem type: 0 ACM, 1 OI. */
export const ProblemType = { ACM: 0, OI: 1 } as const;
export type ProblemTypeCode = (typeof ProblemType)[keyof typeof ProblemType];

export const JUDGE_PROTOCOL = {
  /** Longest a poll may wait for a task. */
  maxWaitMs: 30_000,
  /** A lease not extended (progress) or finished (result) within this time is given to another judge. */
  defaultLeaseMs: 60_000,
  /** Failed leases (expired, or reported by `fail`) after which a submission ends as System Error. */
  maxAttempts: 3,
  /** A judge not heard of for this long counts as offline (dashboard, language availability). */
  offlineAfterMs: 90_000,
  /** Suggested heartbeat interval for daemons. */
  heartbeatMs: 20_000,
  /** Characters of a case's program output (or message) kept with the case result. */
  userOutputMax: 1024,
} as const;

/** Statuses a judge may give a whole submission as its result. */
export const FINAL_JUDGE_STATUSES = [
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.ACCEPTED,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.PARTIAL_ACCEPTED,
] as const satisfies readonly JudgeStatusCode[];

/** Statuses of one case: the final ones plus Cancelled (-4) for cases skipped in subtask modes. */
export const CASE_JUDGE_STATUSES = [...FINAL_JUDGE_STATUSES, JudgeStatus.CANCELLED] as const satisfies readonly JudgeStatusCode[];

/** Texts of the protocol's own failures (machines read them; they are not part of the web's catalogue). */
export const JUDGE_MSG = {
  badToken: 'Invalid judge token.',
  unknownJudge: 'Unknown judge: register again.',
  disabledJudge: 'This judge has been disabled by an administrator.',
  leaseLost: 'The lease on this task is no longer valid: drop the task.',
  notFound: 'No such test data or problem.',
  /** HTTP 503: the API node cannot reach its database right now (a restart, a shutdown); try again. */
  databaseUnavailable: 'The database is unavailable right now: try again shortly.',
  /** errorMessage of a submission that failed `maxAttempts` times. */
  gaveUp: 'System Error: judging failed {attempts} times. Last error: {error}',
  leaseExpired: 'judge "{judge}" stopped answering (lease expired)',
  noJudgeForLanguage: 'System Error: no judge online supports the language "{language}".',
  problemMissing: 'System Error: the problem of this submission no longer exists.',
  /** errorMessage of a remote submission that ended as Submitted Failed */
  remoteFailed: 'Submitting to {oj} failed: {error}',
  remoteGaveUp: 'Submitting to {oj} failed {attempts} times. Last error: {error}',
  remoteNoJudge: 'No judge serves {oj} right now.',
  remoteNoAccount: 'No usable {oj} account is set: ask an administrator to add one.',
  remoteNoFreeAccount: 'No {oj} account was free within {minutes} minutes.',
  remoteRunNotYours: 'The linked run is not a run of {handle} to this problem on {oj}: {error}',
  remoteSessionRefused: 'Submitting to {oj} failed: your Codeforces session has expired or was refused. Set a new one in your settings, then resubmit.',
} as const;

const statusOf = <T extends readonly number[]>(allowed: T, what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .int()
    .refine((s): s is T[number] => (allowed as readonly number[]).includes(s), `${what} must be one of ${allowed.join(', ')}.`);

const judgeName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w.@:-]+$/, 'The judge name may contain letters, digits and . _ @ : - only.');
// Ids and measurements land in int4 columns: beyond INT4_MAX PostgreSQL would fail the query (a 500).
const judgeId = dbId;
const taskId = dbId;
/** A count, time (ms), memory (KB) or score stored in an int4 column. */
const int4Amount = z.number().int().min(0).max(INT4_MAX);
const leaseToken = z.string().min(16).max(128);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'A hash is 64 lower-case hex digits.');

/** A language as a judge detected it; the server's `language` table (oj ME) is filled from these. */
export const judgeLanguageReport = z.object({
  name: z.string().trim().min(1).max(64),
  description: z.string().max(LIMITS.shortText).default(''),
  compileCommand: z.string().max(1000).default(''),
  template: z.string().max(LIMITS.longText).default(''),
  contentType: z.string().max(100).default('text/plain'),
});
export type JudgeLanguageReport = z.infer<typeof judgeLanguageReport>;

/**
 * Host CPU and memory use in percent, for the admin dashboard. Optional in register and heartbeat, so
 * judges that do not send them keep working (the dashboard shows "–").
 */
const usagePercent = z.number().min(0).max(100).nullable().optional();
const hostUsage = { cpuUsage: usagePercent, memoryUsage: usagePercent };

export const judgeRegisterBody = z.object({
  name: judgeName,
  cpuCount: z.number().int().min(1).max(4096),
  /** Submissions the daemon judges at once (it keeps that many polls open). */
  capacity: z.number().int().min(1).max(1024),
  languages: z.array(judgeLanguageReport).max(200),
  /** the remote judges this daemon's remote workers serve (OJ_REMOTE_JUDGE), with the languages each site takes */
  remoteOjs: z.array(z.enum(REMOTE_OJS)).max(REMOTE_OJS.length).default([]),
  remoteLanguages: z.array(remoteLanguageReport).max(500).default([]),
  version: z.string().trim().max(100).default(''),
  ...hostUsage,
});
export type JudgeRegisterBody = z.infer<typeof judgeRegisterBody>;

export interface JudgeRegisterResponse {
  judgeId: number;
  /** Lease length the server grants; send progress well within it (e.g. every third of it). */
  leaseMs: number;
  maxWaitMs: number;
  heartbeatMs: number;
}

export const judgeHeartbeatBody = z.object({
  judgeId,
  /** Submissions being judged right now. */
  running: z.number().int().min(0).max(100_000).default(0),
  ...hostUsage,
});

export interface JudgeHeartbeatResponse {
  /** False when an administrator disabled this judge: it gets no tasks until enabled again. */
  enabled: boolean;
}

export const judgePollBody = z.object({
  judgeId,
  /** How long to wait for a task before answering with null (ms, at most 30 000). */
  wait: z.number().int().min(0).max(JUDGE_PROTOCOL.maxWaitMs).default(JUDGE_PROTOCOL.maxWaitMs),
  lane: z.enum(POLL_LANES).default('local'),
});

/** A leased task: everything needed to judge one submission. */
export interface JudgeTask {
  /** Task kind; a poll may also hand out a `TestRunTask` (kind 'testRun', test-run.ts). */
  kind?: 'submission';
  taskId: number;
  leaseToken: string;
  /** ISO time; progress before it extends the lease by `leaseMs`. */
  leaseDeadline: string;
  leaseMs: number;
  /** 1 for the first lease of this task, 2 after one failure, … */
  attempt: number;
  submission: { submitId: number; language: string; code: string };
  problem: {
    id: number;
    displayId: string;
    caseVersion: string;
    /** Hash of the manifest (GET /api/judge/manifest): a daemon that has it cached needs not fetch it. */
    manifestHash: string;
    timeLimit: number;
    memoryLimit: number;
    stackLimit: number;
  };
}

export const judgeManifestQuery = z.object({ problemId: dbId });

/** A file of the test-data store, fetched with GET /api/judge/testdata/<hash>. */
export interface FileRef {
  /** sha256 of the content, lower-case hex */
  hash: string;
  /** bytes */
  size: number;
}

/** A case file: its name (shown in case results) and where it is. */
export interface ManifestFile extends FileRef {
  name: string;
}

export interface ManifestCase {
  /** problem_case.id, sent back with the case result */
  id: number;
  seq: number;
  input: ManifestFile;
  output: ManifestFile;
  score: number;
  groupNum: number;
}

/** What a judge needs to know about a problem to judge it; every content is addressed by hash. */
export interface ProblemManifest {
  problemId: number;
  displayId: string;
  caseVersion: string;
  /** sha256 of the manifest's canonical JSON without this field. */
  hash: string;
  type: ProblemTypeCode;
  judgeMode: JudgeMode;
  judgeCaseMode: JudgeCaseMode;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  ioScore: number;
  isRemoveEndBlank: boolean;
  /** The comparator of the default mode. */
  builtinChecker: BuiltinChecker;
  /** 4..9: the 'floats' checker allows an error of 1e-N. */
  checkerPrecision: number;
  /** How the checker's / interactor's verdict is read (spj and interactive modes). */
  checkerConvention: CheckerConvention;
  /** File IO: read `input` instead of stdin and `output` instead of stdout. */
  fileIO: { input: string; output: string } | null;
  /** Source of the checker (spj) or interactor (interactive), C or C++; null in default mode. */
  spj: ({ language: string } & FileRef) | null;
  /** File name → file: beside the user's program (e.g. headers) and beside the checker/interactor (e.g. testlib.h). */
  userExtraFiles: Record<string, FileRef>;
  judgeExtraFiles: Record<string, FileRef>;
  cases: ManifestCase[];
  /**
   * Subtask (groupNum) → the subtasks every case of which must be accepted for it to score (Polygon's
   * group dependencies). Left out when no subtask depends on another, so older manifests hash the same.
   */
  subtaskDependencies?: Record<string, number[]>;
}

export const judgeProgressBody = z.object({
  taskId,
  leaseToken,
  status: statusOf([JudgeStatus.COMPILING, JudgeStatus.JUDGING] as const, 'status'),
  /** while judging: cases judged so far and in all, shown live as "Judging 7/20" (not stored) */
  done: z.number().int().min(0).max(100_000).optional(),
  total: z.number().int().min(0).max(100_000).optional(),
});

export interface JudgeProgressResponse {
  leaseDeadline: string;
}

export { isStorable, storableText } from './storable-text.js';
import { storableText } from './storable-text.js';

const trimmedText = (max: number) =>
  z
    .string()
    .max(max * 64)
    .transform((s) => storableText(s.length > max ? s.slice(0, max) : s));

/**
 * A checker under the HOJ convention may mark the rest of its stderr as meant for the problem's admins
 * only by writing this line (the Kattis validator adapter puts judgemessage.txt after it, teammessage.txt
 * before it); the judge sends that part as the case's `judgeMessage`.
 */
export const JUDGE_ONLY_MARK = '\n--- judge only ---\n';

export const judgeCaseResult = z.object({
  /** problem_case.id from the manifest; null for a case the manifest did not name. */
  caseId: dbId.nullable().default(null),
  seq: int4Amount,
  status: statusOf(CASE_JUDGE_STATUSES, 'case status'),
  /** ms */
  time: int4Amount.default(0),
  /** KB */
  memory: int4Amount.default(0),
  score: int4Amount.nullable().default(null),
  groupNum: int4Amount.nullable().default(null),
  /** Head of the program's output, kept for the case detail (cut to userOutputMax characters). */
  userOutput: trimmedText(JUDGE_PROTOCOL.userOutputMax).nullable().default(null),
  /** Checker message, runtime-error text, "Skipped Judging"… (cut to userOutputMax characters). */
  message: trimmedText(JUDGE_PROTOCOL.userOutputMax).nullable().default(null),
  /** A checker's or interactor's words for the problem's admins only (Kattis judgemessage.txt, testlib's comment). */
  judgeMessage: trimmedText(JUDGE_PROTOCOL.userOutputMax).nullable().default(null),
});
export type JudgeCaseResultBody = z.infer<typeof judgeCaseResult>;

export const judgeResultBody = z
  .object({
    taskId,
    leaseToken,
    status: statusOf(FINAL_JUDGE_STATUSES, 'status'),
    /** ms and KB (largest over the cases); null when nothing ran (e.g. Compile Error) */
    time: int4Amount.nullable().default(null),
    memory: int4Amount.nullable().default(null),
    /** OI score; null for ACM problems */
    score: int4Amount.nullable().default(null),
    /** Compile error text, or the message of the first failing case. */
    errorMessage: trimmedText(LIMITS.longText).nullable().default(null),
    cases: z.array(judgeCaseResult).max(10_000).default([]),
  })
  .refine((b) => new Set(b.cases.map((c) => c.seq)).size === b.cases.length, { message: 'cases: every seq must be unique.', path: ['cases'] });
export type JudgeResultBody = z.infer<typeof judgeResultBody>;

export interface JudgeResultResponse {
  submitId: number;
  /** True when this lease had already posted its result: nothing was written again. */
  duplicate: boolean;
}

/**
 * A stopping judge gives a task of a kind with its own queue table back (`kind`: the task kind's name,
 * as `PolledTask.kind` says it): it waits for the next judge at once, without counting an attempt.
 */
export const judgeGiveBackBody = z.object({ kind: z.enum(['plagiarism', 'hack']), taskId, leaseToken });
export type GivenBackKind = z.infer<typeof judgeGiveBackBody>['kind'];

export const judgeFailBody = z.object({
  taskId,
  leaseToken,
  error: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.mediumText * 64)
    .transform((s) => storableText(s.slice(0, 2000))),
});

export interface JudgeFailResponse {
  /** True: the task is queued again; false: attempts are used up and the submission ended as System Error. */
  requeued: boolean;
}

export const testdataHashParams = z.object({ hash: sha256 });
