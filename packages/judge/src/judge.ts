/**
 * `judgeOne`: the original, default-mode-only entry of the engine, kept as a thin layer over
 * `judgeSubmission` (which adds special judges, interactors, file IO and extra files) for the
 * existing callers and the per-language test suites. New code should call `judgeSubmission`.
 *
 * The building blocks (`compileSubmission`, `runProgram`, `workRoot`) live in `run.ts`.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { JudgeCaseMode, JudgeStatusCode } from '@oj/shared';
import { compareOutput } from './compare.js';
import type { ProblemLimits } from './languages.js';
import type { ProblemType } from './modes.js';
import { materialise, preview, readHead, runProgram, type CompiledProgram, type FileSource } from './run.js';
import { judgeSubmission, type SubmissionCase } from './submission.js';

export { compileSubmission, runProgram, workRoot, type CompiledProgram } from './run.js';

export interface JudgeCaseInput {
  /** Inline input, or `inputFile` (a host path the sandbox opens as stdin). */
  input?: string | Buffer;
  inputFile?: string;
  /** Inline expected output, or `expectedFile`. */
  expected?: string | Buffer;
  expectedFile?: string;
  /** OI points of this case; default: an even split of `ioScore`. */
  score?: number;
  groupNum?: number;
}

export interface JudgeRequest {
  language: string;
  source: string;
  cases: JudgeCaseInput[];
  timeLimitMs: number;
  memoryLimitMb: number;
  /** Default 128 MB. */
  stackLimitMb?: number;
  removeEndBlank?: boolean;
  judgeCaseMode?: JudgeCaseMode;
  problemType?: ProblemType;
  /** OI total, default 100. */
  ioScore?: number;
  /** Default: max(2 × expected output, 32 MB) per case. */
  outputLimitKb?: number;
  /** Overrides the language's compile CPU limit. */
  compileTimeMs?: number;
  /** Cases run at once (each in its own box and slot); default 1. */
  concurrency?: number;
  /** Bytes of stdout/stderr kept in each case result; default 1024. */
  previewBytes?: number;
}

export interface CaseResult {
  /** Position in the request's case list. */
  index: number;
  status: JudgeStatusCode;
  /** CPU ms. */
  time: number;
  /** KB. */
  memory: number;
  score: number;
  groupNum: number;
  message?: string;
  stdout: string;
  stderr: string;
}

export interface JudgeResult {
  status: JudgeStatusCode;
  time: number;
  memory: number;
  /** OI score; null for ACM problems. */
  score: number | null;
  /** Compile error text, or the message of the first failing case (RE/SE). */
  errorMessage?: string;
  cases: CaseResult[];
}

function source(inline: string | Buffer | undefined, file: string | undefined): FileSource {
  return file ? { path: file } : (inline ?? '');
}

export function toSubmissionCase(tc: JudgeCaseInput): SubmissionCase {
  return { input: source(tc.input, tc.inputFile), output: source(tc.expected, tc.expectedFile), score: tc.score, groupNum: tc.groupNum };
}

/** Judges one submission against its cases (default judge mode). Never throws for anything the submission does. */
export async function judgeOne(req: JudgeRequest): Promise<JudgeResult> {
  const r = await judgeSubmission({
    language: req.language,
    code: req.source,
    cases: req.cases.map(toSubmissionCase),
    timeLimitMs: req.timeLimitMs,
    memoryLimitMb: req.memoryLimitMb,
    stackLimitMb: req.stackLimitMb,
    removeEndBlank: req.removeEndBlank,
    judgeCaseMode: req.judgeCaseMode,
    problemType: req.problemType,
    ioScore: req.ioScore,
    outputLimitKb: req.outputLimitKb,
    compileTimeMs: req.compileTimeMs,
    concurrency: req.concurrency,
    previewBytes: req.previewBytes,
  });
  return {
    status: r.status,
    time: r.time,
    memory: r.memory,
    score: r.score,
    errorMessage: r.errorMessage,
    cases: r.cases.map((c) => ({
      index: c.index,
      status: c.status,
      time: c.time,
      memory: c.memory,
      score: c.score,
      groupNum: c.groupNum,
      message: c.message,
      stdout: c.userOutput,
      stderr: c.stderr,
    })),
  };
}

export interface RunCaseOptions {
  limits: ProblemLimits;
  outputLimitKb?: number;
  removeEndBlank?: boolean;
  previewBytes?: number;
}

/** Runs one case in a fresh box and compares its output (default judge mode). `caseDir` is a fresh host directory. */
export async function runCase(
  program: CompiledProgram,
  tc: JudgeCaseInput,
  caseDir: string,
  opts: RunCaseOptions,
): Promise<Omit<CaseResult, 'index' | 'score' | 'groupNum'>> {
  const expected: Buffer = tc.expectedFile ? await fsp.readFile(tc.expectedFile) : Buffer.from(tc.expected ?? '');
  const input = await materialise(source(tc.input, tc.inputFile), caseDir, 'input');
  const outputLimitKb = opts.outputLimitKb ?? Math.max(Math.ceil((2 * expected.length) / 1024), 32 * 1024);
  const run = await runProgram(program, input, caseDir, { limits: opts.limits, outputLimitKb });
  const max = opts.previewBytes ?? 1024;
  const out = run.output ?? path.join(caseDir, 'stdout');
  const base = { time: run.report.timeMs, memory: run.report.memoryKb, stderr: preview(Buffer.from(run.stderr), max) };
  if (run.early) return { ...base, ...run.early, stdout: preview(await readHead(out, max + 4), max) };
  const actual = await fsp.readFile(out);
  return { ...base, status: compareOutput(expected, actual, { removeEndBlank: opts.removeEndBlank }), stdout: preview(actual, max) };
}
