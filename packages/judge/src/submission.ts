/**
 * `judgeSubmission(request)`: the one entry of the engine for a submission — compile once in the
 * sandbox, get the special judge / interactor (compiled once per problem version, cached), run
 * the cases in the order the judge case mode asks, judge each with the problem's judge mode,
 * score them and fold everything into the final status.
 *
 * Judge modes: `default` (output comparison, `compare.ts`), `spj` (checker, `checker.ts`),
 * `interactive` (`interactive.ts`). File IO applies to `default` and `spj` (an interactive
 * program talks over stdin/stdout by definition). Case modes and scores: `modes.ts`.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { JudgeStatus, type BuiltinChecker, type CheckerConvention, type JudgeCaseMode, type JudgeStatusCode } from '@oj/shared';
import { compileChecker, DEFAULT_CHECKER_LIMITS, runChecker, type CheckerLimits, type CheckerSource, type CompiledChecker } from './checker.js';
import { checkOutput } from './builtin-checkers.js';
import { runInteractive } from './interactive.js';
import { findLanguage, type ProblemLimits } from './languages.js';
import {
  evenSplit,
  finalStatus,
  partialScore,
  PROBLEM_TYPE,
  SKIPPED_MESSAGE,
  subtaskSummaries,
  totalScore,
  type ProblemType,
  type SubtaskSummary,
} from './modes.js';
import {
  compileSubmission,
  isSafeFileName,
  materialise,
  preview,
  readHead,
  runProgram,
  workRoot,
  writeExtraFiles,
  type CompiledProgram,
  type FileIO,
  type FileSource,
} from './run.js';

export type JudgeMode = 'default' | 'spj' | 'interactive';
export const JUDGE_MODES: readonly JudgeMode[] = ['default', 'spj', 'interactive'];

export interface SubmissionCase {
  /** Echoed back in the case result (e.g. the problem_case id). */
  caseId?: number | string;
  input: FileSource;
  /** Expected output; the answer file of a checker or interactor. */
  output: FileSource;
  /** OI points of this case; default: an even split of `ioScore`. */
  score?: number;
  /** Subtask group (subtask_* modes); default 1. */
  groupNum?: number;
}

export interface JudgeSubmissionRequest {
  /** Language name as offered by `getLanguages()`, e.g. "C++ 17 With O2". */
  language: string;
  code: string;
  cases: SubmissionCase[];
  timeLimitMs: number;
  memoryLimitMb: number;
  /** Default 128 MB. */
  stackLimitMb?: number;
  /** 0 ACM (default), 1 OI. */
  problemType?: ProblemType;
  /** Default 'default'. 'spj' and 'interactive' need `checker`. */
  judgeMode?: JudgeMode;
  /** Default 'default'. */
  judgeCaseMode?: JudgeCaseMode;
  /**
   * Group → the groups every case of which must be accepted for it to score (Polygon's dependencies):
   * otherwise its cases keep their verdicts and earn nothing.
   */
  subtaskDependencies?: Record<string, number[]>;
  /** The special judge or interactor program (HOJ's spjLanguage / spjCode). */
  checker?: CheckerSource;
  /** OI total, default 100; split evenly over cases without a score. */
  ioScore?: number;
  /** Ignore trailing blanks of lines and trailing blank lines (then no PE; `default` mode, 'lines' checker only). */
  removeEndBlank?: boolean;
  /** The comparator of the `default` mode (builtin-checkers.ts); default 'lines'. */
  builtinChecker?: BuiltinChecker;
  /** 'floats': allowed error 1e-N (4..9), default 6. */
  checkerPrecision?: number;
  /** How the checker's / interactor's verdict is read; default 'hoj'. */
  checkerConvention?: CheckerConvention;
  /** File IO problems: read `readFileName`, write `writeFileName` in the work directory. */
  fileIO?: FileIO | null;
  /** Copied read-only next to the source at compile time and into every run's work directory. */
  userExtraFiles?: Record<string, FileSource>;
  /** Next to the checker/interactor source at its compile time and in its work directory. */
  judgeExtraFiles?: Record<string, FileSource>;
  /** Program output limit; default max(2 × expected output, 32 MB) per case. */
  outputLimitKb?: number;
  /** Overrides the language's compile CPU limit. */
  compileTimeMs?: number;
  /** Limits of each checker / interactor run; default 10 s CPU, 1024 MB. */
  checkerLimits?: CheckerLimits;
  /** Cases run at once (each in its own box and slot); default 1. */
  concurrency?: number;
  /** Bytes of program output kept in each case result; default 1024. */
  previewBytes?: number;
  /** Progress for the daemon: COMPILING, JUDGING, then one call per finished case. */
  onProgress?: (event: JudgeProgress) => void;
}

export type JudgeProgress =
  | { type: 'status'; status: typeof JudgeStatus.COMPILING | typeof JudgeStatus.JUDGING }
  | { type: 'case'; case: SubmissionCaseResult };

export interface SubmissionCaseResult {
  /** Position in the request's case list. */
  index: number;
  caseId?: number | string;
  status: JudgeStatusCode;
  /** CPU ms. */
  time: number;
  /** KB. */
  memory: number;
  /** Points earned (OI; 0 for ACM problems' failing cases, the case score when AC). */
  score: number;
  /** Checker percentage of a Partial Accepted case. */
  percentage?: number;
  groupNum: number;
  /** The program's output (first `previewBytes`). */
  userOutput: string;
  /** The program's stderr (first `previewBytes`). */
  stderr: string;
  /** Runtime error detail, checker message, "Skipped Judging"… */
  message?: string;
  /** A checker's or interactor's words for the problem's admins only (never shown to the contestant). */
  judgeMessage?: string;
}

export interface JudgeSubmissionResult {
  status: JudgeStatusCode;
  /** OI score; null for ACM problems. */
  score: number | null;
  /** Max over the judged cases. */
  time: number;
  memory: number;
  /** Compile error text, a system error, or the message of the first failing case. */
  errorMessage?: string;
  judgeMode: JudgeMode;
  judgeCaseMode: JudgeCaseMode;
  cases: SubmissionCaseResult[];
  /** Per-group summaries in the subtask modes. */
  subtasks?: SubtaskSummary[];
}

const DEFAULT_PREVIEW = 1024;

function failure(req: JudgeSubmissionRequest, status: JudgeStatusCode, errorMessage: string): JudgeSubmissionResult {
  return {
    status,
    score: (req.problemType ?? PROBLEM_TYPE.ACM) === PROBLEM_TYPE.OI && status === JudgeStatus.COMPILE_ERROR ? 0 : null,
    time: 0,
    memory: 0,
    errorMessage,
    judgeMode: req.judgeMode ?? 'default',
    judgeCaseMode: req.judgeCaseMode ?? 'default',
    cases: [],
  };
}

/** What is wrong with the request itself (not the submission); null when it is fine. */
export function validateRequest(req: JudgeSubmissionRequest): string | null {
  const mode = req.judgeMode ?? 'default';
  if (!JUDGE_MODES.includes(mode)) return `Unknown judge mode "${mode}"`;
  if (mode !== 'default' && !req.checker?.code?.trim()) return `Judge mode "${mode}" needs the ${mode === 'spj' ? 'special judge' : 'interactor'} program`;
  if (!req.cases.length) return 'The problem has no test cases';
  if (!(req.timeLimitMs > 0) || !(req.memoryLimitMb > 0)) return 'Invalid time or memory limit';
  if (req.fileIO && mode !== 'interactive') {
    const { readFileName, writeFileName } = req.fileIO;
    if (!isSafeFileName(readFileName) || !isSafeFileName(writeFileName)) return 'Invalid file IO file names';
    if (readFileName === writeFileName) return 'File IO input and output files must differ';
  }
  for (const name of [...Object.keys(req.userExtraFiles ?? {}), ...Object.keys(req.judgeExtraFiles ?? {})])
    if (!isSafeFileName(name)) return `Invalid extra file name "${name}"`;
  return null;
}

async function sizeOf(src: FileSource): Promise<number> {
  if (typeof src === 'string') return Buffer.byteLength(src);
  if (Buffer.isBuffer(src)) return src.length;
  return (await fsp.stat(src.path)).size;
}

/** Runs `tasks` with at most `n` in flight, keeping their order in the result. */
async function pool<T>(tasks: Array<() => Promise<T>>, n: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(n, tasks.length)) }, async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]();
    }
  });
  await Promise.all(workers);
  return out;
}

interface CaseContext {
  req: JudgeSubmissionRequest;
  mode: JudgeMode;
  program: CompiledProgram;
  checker: CompiledChecker | null;
  limits: ProblemLimits;
  extraDirs: string[];
  previewBytes: number;
  checkerLimits: CheckerLimits;
}

type CaseVerdict = Omit<SubmissionCaseResult, 'index' | 'caseId' | 'score' | 'groupNum'>;

/** Judges one case in `caseDir` (a fresh host directory, removed afterwards by the caller). */
async function judgeCase(ctx: CaseContext, tc: SubmissionCase, caseDir: string): Promise<CaseVerdict> {
  const { req, mode, program, checker, limits, previewBytes } = ctx;
  const input = await materialise(tc.input, caseDir, 'input');
  if (mode === 'interactive') {
    const answer = await materialise(tc.output, caseDir, 'answer');
    const r = await runInteractive(program, checker!, { input, answer }, caseDir, {
      limits,
      extraDirs: ctx.extraDirs,
      interactorLimits: ctx.checkerLimits,
      convention: req.checkerConvention ?? 'hoj',
    });
    return {
      status: r.status,
      time: r.time,
      memory: r.memory,
      percentage: r.percentage,
      message: r.message,
      judgeMessage: r.judgeMessage,
      userOutput: '',
      stderr: preview(Buffer.from(r.stderr), previewBytes),
    };
  }
  const expectedSize = await sizeOf(tc.output);
  const outputLimitKb = req.outputLimitKb ?? Math.max(Math.ceil((2 * expectedSize) / 1024), 32 * 1024);
  const run = await runProgram(program, input, caseDir, { limits, outputLimitKb, fileIO: req.fileIO, extraDirs: ctx.extraDirs });
  const base = {
    time: run.report.timeMs,
    memory: run.report.memoryKb,
    stderr: preview(Buffer.from(run.stderr), previewBytes),
    userOutput: run.output ? preview(await readHead(run.output, previewBytes + 4), previewBytes) : '',
  };
  if (run.early) return { ...base, ...run.early };
  if (mode === 'spj') {
    // The program's box is gone: its output file becomes a read-only input of the checker's box.
    let userOutput = run.output;
    if (userOutput) {
      await fsp.chown(userOutput, 0, 0);
      await fsp.chmod(userOutput, 0o644);
    } else userOutput = await materialise('', caseDir, 'empty-output');
    const answer = await materialise(tc.output, caseDir, 'answer');
    const v = await runChecker(checker!, { input, userOutput, answer }, caseDir, req.checkerConvention ?? 'hoj', ctx.checkerLimits);
    return { ...base, status: v.status, percentage: v.percentage, message: v.message, judgeMessage: v.judgeMessage };
  }
  const expected = typeof tc.output === 'string' || Buffer.isBuffer(tc.output) ? tc.output : await fsp.readFile(tc.output.path);
  const actual = run.output ? await fsp.readFile(run.output) : Buffer.alloc(0);
  const v = checkOutput(req.builtinChecker ?? 'lines', expected, actual, { removeEndBlank: req.removeEndBlank, precision: req.checkerPrecision });
  return { ...base, status: v.status, message: v.message };
}

/** Judges one submission. Never throws for anything the submission (or the problem data) does. */
export async function judgeSubmission(req: JudgeSubmissionRequest): Promise<JudgeSubmissionResult> {
  const type = req.problemType ?? PROBLEM_TYPE.ACM;
  const mode = req.judgeMode ?? 'default';
  const caseMode = req.judgeCaseMode ?? 'default';
  const invalid = validateRequest(req);
  if (invalid) return failure(req, JudgeStatus.SYSTEM_ERROR, invalid);
  const lang = findLanguage(req.language);
  if (!lang) return failure(req, JudgeStatus.SYSTEM_ERROR, `Language "${req.language}" is not available on this judge`);

  const dir = await fsp.mkdtemp(path.join(workRoot(), 'sub-'));
  try {
    req.onProgress?.({ type: 'status', status: JudgeStatus.COMPILING });
    const userExtra = await writeExtraFiles(path.join(dir, 'user-extra'), req.userExtraFiles);
    const extraDirs = userExtra ? [userExtra] : [];
    const compiled = await compileSubmission(lang, req.code, dir, { compileTimeMs: req.compileTimeMs, extraDirs });
    if (!compiled.program) return failure(req, compiled.verdict.status, compiled.verdict.message ?? 'Compile Error');

    let checker: CompiledChecker | null = null;
    if (mode !== 'default') {
      const c = await compileChecker(req.checker!, req.judgeExtraFiles ?? {});
      if (!c.checker) {
        const what = mode === 'spj' ? 'Special judge' : 'Interactor';
        return failure(req, JudgeStatus.SYSTEM_ERROR, `${what} compile error:\n${c.error}`);
      }
      checker = c.checker;
    }
    req.onProgress?.({ type: 'status', status: JudgeStatus.JUDGING });

    const ctx: CaseContext = {
      req,
      mode,
      program: compiled.program,
      checker,
      extraDirs,
      limits: { timeLimitMs: req.timeLimitMs, memoryLimitMb: req.memoryLimitMb, stackLimitMb: req.stackLimitMb ?? 128 },
      previewBytes: req.previewBytes ?? DEFAULT_PREVIEW,
      checkerLimits: req.checkerLimits ?? DEFAULT_CHECKER_LIMITS,
    };
    const split = evenSplit(req.ioScore ?? 100, req.cases.length);
    const fullScore = (i: number) => req.cases[i].score ?? split[i];
    const groupOf = (i: number) => req.cases[i].groupNum ?? 1;

    const run = async (i: number): Promise<SubmissionCaseResult> => {
      const tc = req.cases[i];
      const caseDir = path.join(dir, `case-${i}`);
      await fsp.mkdir(caseDir, { mode: 0o755 });
      let v: CaseVerdict;
      try {
        v = await judgeCase(ctx, tc, caseDir);
      } catch (e) {
        v = { status: JudgeStatus.SYSTEM_ERROR, time: 0, memory: 0, userOutput: '', stderr: '', message: `System Error: ${(e as Error).message}` };
      } finally {
        // Outputs can be large: drop them as soon as the case is judged.
        await fsp.rm(caseDir, { recursive: true, force: true });
      }
      const full = fullScore(i);
      const score = v.status === JudgeStatus.ACCEPTED ? full : v.status === JudgeStatus.PARTIAL_ACCEPTED ? partialScore(full, v.percentage ?? 0) : 0;
      const r: SubmissionCaseResult = { index: i, caseId: tc.caseId, ...v, score, groupNum: groupOf(i) };
      if (r.caseId === undefined) delete r.caseId;
      req.onProgress?.({ type: 'case', case: r });
      return r;
    };
    const skipped = (i: number): SubmissionCaseResult => {
      const r: SubmissionCaseResult = {
        index: i,
        caseId: req.cases[i].caseId,
        status: JudgeStatus.CANCELLED,
        time: 0,
        memory: 0,
        score: 0,
        groupNum: groupOf(i),
        userOutput: '',
        stderr: '',
        message: SKIPPED_MESSAGE,
      };
      if (r.caseId === undefined) delete r.caseId;
      return r;
    };
    // A case that earned something lets the group go on (HOJ: not AC and not a partial > 0 stops it).
    const earned = (r: SubmissionCaseResult) => r.status === JudgeStatus.ACCEPTED || (r.status === JudgeStatus.PARTIAL_ACCEPTED && r.score > 0);
    const concurrency = req.concurrency ?? 1;

    const indices = req.cases.map((_, i) => i);
    let results: SubmissionCaseResult[] = [];
    if (caseMode === 'ergodic_without_error') {
      for (const i of indices) {
        const r = await run(i);
        results.push(r);
        if (r.status !== JudgeStatus.ACCEPTED) break;
      }
    } else if (caseMode === 'subtask_lowest') {
      const byGroup = new Map<number, number[]>();
      for (const i of indices) byGroup.set(groupOf(i), [...(byGroup.get(groupOf(i)) ?? []), i]);
      const groupResults = await pool(
        [...byGroup.values()].map((group) => async () => {
          const out: SubmissionCaseResult[] = [];
          let stop = false;
          for (const i of group) {
            if (stop) {
              out.push(skipped(i));
              continue;
            }
            const r = await run(i);
            out.push(r);
            stop = !earned(r);
          }
          return out;
        }),
        concurrency,
      );
      results = groupResults.flat().sort((a, b) => a.index - b.index);
    } else {
      results = await pool(
        indices.map((i) => () => run(i)),
        concurrency,
      );
    }

    const judged = results.filter((r) => r.status !== JudgeStatus.CANCELLED);
    const blocked = blockedGroups(results, req.subtaskDependencies);
    for (const r of results) if (blocked.has(r.groupNum)) r.score = 0;
    const scored = results.map((r) => ({
      status: r.status,
      fullScore: blocked.has(r.groupNum) ? 0 : fullScore(r.index),
      groupNum: r.groupNum,
      earned: r.score,
      time: r.time,
      memory: r.memory,
    }));
    const score = type === PROBLEM_TYPE.OI ? totalScore(scored, caseMode, req.ioScore) : null;
    const status = finalStatus(
      results.map((r) => r.status),
      type,
      score ?? undefined,
    );
    // A built-in comparator's WA/PE note quotes the answer: it stays with the case (shown by the
    // open-case-result rule), not in the submission's message that everyone who sees it reads.
    const comparedOnly = (r: SubmissionCaseResult) =>
      mode === 'default' && (r.status === JudgeStatus.WRONG_ANSWER || r.status === JudgeStatus.PRESENTATION_ERROR);
    const firstFail = results.find((r) => r.status !== JudgeStatus.ACCEPTED && r.status !== JudgeStatus.CANCELLED);
    const result: JudgeSubmissionResult = {
      status,
      score,
      time: Math.max(0, ...judged.map((r) => r.time)),
      memory: Math.max(0, ...judged.map((r) => r.memory)),
      judgeMode: mode,
      judgeCaseMode: caseMode,
      cases: results,
    };
    const message =
      results.find((r) => r.status === JudgeStatus.SYSTEM_ERROR)?.message ?? (firstFail && !comparedOnly(firstFail) ? firstFail.message : undefined);
    if (message) result.errorMessage = message;
    if (caseMode === 'subtask_lowest' || caseMode === 'subtask_average') result.subtasks = subtaskSummaries(scored, caseMode);
    return result;
  } catch (e) {
    return failure(req, JudgeStatus.SYSTEM_ERROR, `System Error: ${(e as Error).message}`);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Groups whose dependencies were not passed: a dependency is passed when every one of its cases is
 * accepted (Polygon: "the group's points are given only if all tests of the groups it depends on are
 * passed"); a dependency with no case is passed.
 */
export function blockedGroups(results: readonly { groupNum: number; status: JudgeStatusCode }[], deps: Record<string, number[]> | undefined): Set<number> {
  const out = new Set<number>();
  if (!deps) return out;
  const failed = new Set(results.filter((r) => r.status !== JudgeStatus.ACCEPTED).map((r) => r.groupNum));
  for (const [group, needs] of Object.entries(deps)) if (needs.some((g) => failed.has(g))) out.add(Number(group));
  return out;
}
