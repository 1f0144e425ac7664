/**
 * Online self-test ("test run"): the user's code run once on the user's input
 * by a judge, not stored as a submission. The result is kept for a short time under a random key that
 * only its owner can read.
 */
import { z } from 'zod';
import { dbId, INT4_MAX, optDbId } from './ids.js';
import { LIMITS } from './constants.js';
import { storableText, type BuiltinChecker, type JudgeMode, type JudgeTask } from './judge.js';
import { MSG } from './messages.js';
import { codeField } from './submission.js';
import { endpoint } from './endpoint.js';
import type { JudgeJobTask } from './judge-job.js';
import type { PlagiarismTask } from './plagiarism.js';
import type { RemoteTask } from './remote-judge.js';
import type { HackTask } from './contest-hacks.js';

export const TEST_RUN = {
  /** A result (or a run still waiting) can be read for this long after it was asked for. */
  keepMs: 10 * 60_000,
  /** A run no judge took within this time ends as System Error (no judge for it right now). */
  queueTimeoutMs: 60_000,
  /** Lease of a test run: compile time plus a few times the problem's time limit is added to it. */
  leaseSlackMs: 30_000,
  /** Failed leases after which a run ends as System Error. */
  maxAttempts: 2,
  /** Longest expected output accepted. */
  expectedOutputMax: LIMITS.longText,
} as const;

/** Where the problem is tested from (HOJ `type`): the public bank, a contest or a group. */
export const TEST_RUN_TYPES = ['public', 'contest', 'group'] as const;

export const testRunBody = z.object({
  /** the problem's internal id */
  pid: dbId,
  language: z.string().trim().min(1).max(50),
  code: codeField,
  type: z.enum(TEST_RUN_TYPES).default('public'),
  userInput: z.string().max(LIMITS.testInputMax, MSG.testInputTooLong).default(''),
  expectedOutput: z.string().max(TEST_RUN.expectedOutputMax).nullish(),
  /** the editor's mode (CodeMirror MIME type); informative only */
  mode: z.string().max(100).nullish(),
  isRemoteJudge: z.boolean().optional(),
  cid: optDbId.optional(),
  gid: optDbId.nullish(),
  /** the training the problem is opened in (type public): its hidden problems are tested there as they are submitted there */
  tid: optDbId.nullish(),
});
export type TestRunBody = z.infer<typeof testRunBody>;

export const testRunKeyQuery = z.object({ testJudgeKey: z.string().trim().min(1).max(100) });

/**
 * The result of a test run. While it waits `status` is Pending (5) or Judging (7, a judge has it) and
 * the other fields are empty. Accepted without an expected output means "it ran to a normal end".
 */
export interface TestRunResult {
  status: number;
  problemJudgeMode: JudgeMode;
  userInput: string;
  expectedOutput: string | null;
  /** the program's output, first 1000 characters (+ "...") */
  userOutput: string;
  /** compiler message, runtime error detail and the program's stderr */
  stderr: string;
  /** ms, KB */
  time: number;
  memory: number;
}

// ---------------------------------------------------------------------------------------------
// Judge protocol: a test run is a task kind of its own (server modules/test-run/service.ts; POST /api/judge/test-run/result).

/** A leased test run, as a poll hands it to a judge. */
export interface TestRunTask {
  kind: 'testRun';
  taskId: number;
  leaseToken: string;
  leaseDeadline: string;
  leaseMs: number;
  testRun: {
    language: string;
    code: string;
    input: string;
    expectedOutput: string | null;
    timeLimit: number;
    memoryLimit: number;
    stackLimit: number;
    removeEndBlank: boolean;
    /** The problem's comparator and its float precision (the test run compares like judging). */
    builtinChecker: BuiltinChecker;
    checkerPrecision: number;
    judgeMode: JudgeMode;
    fileIO: { input: string; output: string } | null;
    /** file name → content, beside the program */
    userExtraFiles: Record<string, string>;
  };
}

export const judgeTestRunResultBody = z.object({
  taskId: dbId,
  leaseToken: z.string().min(16).max(128),
  result: z.object({
    status: z.number().int().min(-3).max(8),
    userOutput: z
      .string()
      .max(16 * 1024)
      .default('')
      .transform(storableText),
    stderr: z
      .string()
      .max(128 * 1024)
      .default('')
      .transform(storableText),
    time: z.number().int().min(0).max(INT4_MAX).default(0),
    memory: z.number().int().min(0).max(INT4_MAX).default(0),
  }),
});
export type JudgeTestRunResultBody = z.infer<typeof judgeTestRunResultBody>;

/** What a poll hands a judge: a submission to judge, a test run, a job, a remote submission, a plagiarism check or a hack. */
export type PolledTask = JudgeTask | TestRunTask | JudgeJobTask | RemoteTask | PlagiarismTask | HackTask;

/** The self-test calls. */
export const testRunEndpoints = {
  /** answers the key to poll with */
  submit: endpoint<string>()({ method: 'POST', path: 'submit-problem-test-judge', body: testRunBody }),
  result: endpoint<TestRunResult>()({ method: 'GET', path: 'get-test-judge-result', query: testRunKeyQuery }),
} as const;
