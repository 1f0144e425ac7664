/**
 * Judge jobs: work an administrator's action needs done by a judge (compile a checker or a hack kit's
 * programs before they are saved, run a problem package's generators, validators and main solution at
 * import), as a task kind of the judge queue.
 * The API node that takes the action only queues the job and waits for its result, so it needs no
 * sandbox, compiler or root of its own. Files travel through the test-data store by their SHA-256.
 */
import { z } from 'zod';
import { dbId } from './ids.js';
import { remoteContestsResult, remoteFailedResult, remoteProblemResult, type RemoteJob } from './remote-judge.js';

/** A file of the test-data store. */
const hash = z.string().regex(/^[0-9a-f]{64}$/);

/** Compile a special judge or an interactor the way judges compile it (testlib.h beside it). */
export interface CompileCheckerJob {
  type: 'compileChecker';
  language: string;
  code: string;
  /** file name → content, beside the source (the problem's judge extra files) */
  extraFiles: Record<string, string>;
}

/**
 * A program to compile only, to know that it does: a package program (by its source type, testlib.h
 * beside it, as a hack's validator is compiled) or a program in a judge language (as a submission is).
 */
export type ProgramToCompile = { packageType: string; code: string } | { language: string; code: string };

/** Compile programs (a hack kit's validator and reference) the way a hack compiles them; nothing is run. */
export interface CompileProgramsJob {
  type: 'compilePrograms';
  /** name → program; the result names the ones that do not compile */
  programs: Record<string, ProgramToCompile>;
}

/** A program of a package: compiled once, on first use, with the job's headers beside it. */
export interface PackageProgram {
  /** the package's source type (cpp.g++17, c.gcc, java8, python.3, …) */
  type: string;
  /** the source's file name (for messages and languages that care, such as Java) */
  name: string;
  source: string;
}

/**
 * One run: a program with arguments, its stdin a stored file, an earlier step's output or nothing.
 * A check (an input validator) keeps no output: it passes on `okExit` (0 unless told; Kattis' is 42).
 */
export interface PackageStep {
  id: string;
  program: string;
  args: string[];
  stdin: { hash: string } | { step: string } | null;
  timeLimitMs: number;
  memoryLimitMb: number;
  check?: { okExit: number };
}

/** Run a package's programs in order; each step's stdout is kept in the store. */
export interface PackageRunJob {
  type: 'packageRun';
  programs: Record<string, PackageProgram>;
  /** header name → stored file, beside every program's source (testlib.h is the judge's own unless given) */
  headers: Record<string, string>;
  steps: PackageStep[];
  /** the outputs of all steps together may not be larger (the bound of a test-data zip) */
  maxTotalBytes: number;
}

/** Remote jobs (remote-judge.ts) go only to judges that serve the job's site, through the remote lane. */
export type JudgeJob = CompileCheckerJob | CompileProgramsJob | PackageRunJob | RemoteJob;
export type JudgeJobType = JudgeJob['type'];

/** A leased job, as a poll hands it to a judge. */
export interface JudgeJobTask {
  kind: 'job';
  taskId: number;
  leaseToken: string;
  leaseDeadline: string;
  leaseMs: number;
  job: JudgeJob;
}

const message = z.string().max(8000);

export const compileCheckerResult = z.object({ type: z.literal('compileChecker'), error: message.nullable() });
/** per program of a compilePrograms job: the compiler's message, or null when it compiles */
export const compileProgramsResult = z.object({
  type: z.literal('compilePrograms'),
  errors: z.record(z.string().max(64), message.nullable()),
});
export const packageRunResult = z.object({
  type: z.literal('packageRun'),
  /**
   * per step: its output in the store, a check passed, or why not: `stage` says whether its program did
   * not compile, its stdin was not made, or the run itself failed (a check: the input was refused).
   */
  steps: z.record(
    z.string().max(64),
    z.union([
      z.object({ hash, size: z.number().int().min(0) }),
      z.object({ passed: z.literal(true) }),
      z.object({ error: message, stage: z.enum(['compile', 'stdin', 'run']).optional() }),
    ]),
  ),
});
/** The judge could not do the job at all (a download failed, the sandbox broke): the action says why. */
export const failedJobResult = z.object({ type: z.literal('failed'), error: message });

export const judgeJobResult = z.discriminatedUnion('type', [
  compileCheckerResult,
  compileProgramsResult,
  packageRunResult,
  failedJobResult,
  remoteProblemResult,
  remoteContestsResult,
  remoteFailedResult,
]);
export type JudgeJobResult = z.infer<typeof judgeJobResult>;
export type CompileCheckerResult = z.infer<typeof compileCheckerResult>;
export type CompileProgramsResult = z.infer<typeof compileProgramsResult>;
export type PackageRunResult = z.infer<typeof packageRunResult>;

export const judgeJobResultBody = z.object({
  taskId: dbId,
  leaseToken: z.string().min(16).max(128),
  result: judgeJobResult,
});
export type JudgeJobResultBody = z.infer<typeof judgeJobResultBody>;

/** The lease a step's output is uploaded under (the body is the bytes). */
export const judgeJobOutputQuery = z.object({
  taskId: dbId,
  leaseToken: z.string().min(16).max(128),
});
