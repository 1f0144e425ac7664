/**
 * Online self-test ("test run"; HOJ's TestJudge): compile the code and run it once
 * on the user's input (at most 1000 characters) with the problem's limits.
 *
 * Status, as HOJ:
 * - Compile Error: `stderr` holds the compiler's message;
 * - the program failed: TLE / MLE / RE (with the exit code or signal in `stderr`) / SE;
 * - it ran to a normal end: with a non-empty expected output, Accepted / Presentation Error /
 *   Wrong Answer by the problem's built-in checker (`builtinChecker`, `removeEndBlank`, the float
 *   precision, as the problem says: the same comparator as real judging, builtin-checkers.ts; an
 *   expected output the checker cannot read, e.g. a word for 'integers', is Wrong Answer here since
 *   the user typed it); without one (absent, null or ""),
 *   **Accepted** meaning "run finished" — the UI shows the output and nothing is compared.
 * The special judge and the interactor are never used here: spj and interactive problems are
 * compared plainly (or not at all) and `problemJudgeMode` is echoed so that the UI can say so.
 * File IO problems get the input as their input file and show their output file.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { JudgeStatus, type BuiltinChecker, type JudgeStatusCode } from '@oj/shared';
import { checkOutput } from './builtin-checkers.js';
import { findLanguage, type ProblemLimits } from './languages.js';
import { compileSubmission, materialise, preview, readHead, runProgram, workRoot, writeExtraFiles, type FileIO, type FileSource } from './run.js';
import type { JudgeMode } from './submission.js';

export const TEST_INPUT_MAX_CHARS = 1000;
/** HOJ keeps the first 1000 characters of the output and adds "...". */
const OUTPUT_PREVIEW_CHARS = 1000;
const STDERR_PREVIEW_CHARS = 1000;

export interface TestRunRequest {
  language: string;
  code: string;
  /** The user's input, at most 1000 characters. */
  input: string;
  /** When given, the output is compared with it. */
  expectedOutput?: string | null;
  limits: { timeLimitMs: number; memoryLimitMb: number; stackLimitMb?: number };
  removeEndBlank?: boolean;
  /** The problem's comparator (default 'lines'; spj and interactive problems: 'lines'). */
  builtinChecker?: BuiltinChecker;
  /** 'floats': allowed error 1e-N. */
  checkerPrecision?: number;
  fileIO?: FileIO | null;
  userExtraFiles?: Record<string, FileSource>;
  /** The problem's judge mode, echoed in the result. */
  problemJudgeMode?: JudgeMode;
  /** Program output limit; default 16 MB. */
  outputLimitKb?: number;
  /** Longest accepted input; default 1000. `oj run` lifts it. */
  maxInputChars?: number;
}

export interface TestRunResult {
  status: JudgeStatusCode;
  problemJudgeMode: JudgeMode;
  userInput: string;
  /** The program's output, first 1000 characters (+ "..."). */
  userOutput: string;
  expectedOutput: string | null;
  /** Compiler message, runtime error detail and the program's stderr, trimmed. */
  stderr: string;
  /** CPU ms. */
  time: number;
  /** KB. */
  memory: number;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export async function testRun(req: TestRunRequest): Promise<TestRunResult> {
  const base = {
    problemJudgeMode: req.problemJudgeMode ?? 'default',
    userInput: req.input,
    expectedOutput: req.expectedOutput || null,
    userOutput: '',
    time: 0,
    memory: 0,
  } as const;
  const fail = (status: JudgeStatusCode, stderr: string): TestRunResult => ({ ...base, status, stderr: clip(stderr, 64 * 1024) });
  const maxInput = req.maxInputChars ?? TEST_INPUT_MAX_CHARS;
  if (req.input.length > maxInput) return fail(JudgeStatus.SYSTEM_ERROR, `The test input exceeds ${maxInput} characters`);
  const lang = findLanguage(req.language);
  if (!lang) return fail(JudgeStatus.SYSTEM_ERROR, `Language "${req.language}" is not available on this judge`);

  const dir = await fsp.mkdtemp(path.join(workRoot(), 'test-'));
  try {
    const userExtra = await writeExtraFiles(path.join(dir, 'user-extra'), req.userExtraFiles);
    const extraDirs = userExtra ? [userExtra] : [];
    const compiled = await compileSubmission(lang, req.code, dir, { extraDirs });
    if (!compiled.program) return fail(compiled.verdict.status, compiled.verdict.message ?? '');
    const caseDir = path.join(dir, 'case');
    await fsp.mkdir(caseDir, { mode: 0o755 });
    const input = await materialise(req.input, caseDir, 'input');
    const limits: ProblemLimits = {
      timeLimitMs: req.limits.timeLimitMs,
      memoryLimitMb: req.limits.memoryLimitMb,
      stackLimitMb: req.limits.stackLimitMb ?? 128,
    };
    const run = await runProgram(compiled.program, input, caseDir, { limits, outputLimitKb: req.outputLimitKb ?? 16 * 1024, fileIO: req.fileIO, extraDirs });
    const head = run.output ? await readHead(run.output, OUTPUT_PREVIEW_CHARS * 4 + 4) : Buffer.alloc(0);
    const text = preview(head, OUTPUT_PREVIEW_CHARS * 4);
    const userOutput = clip(text, OUTPUT_PREVIEW_CHARS);
    const stderr = clip([run.early?.message, run.stderr].filter((s) => s?.trim()).join('\n'), STDERR_PREVIEW_CHARS);
    const measured = { ...base, userOutput, stderr, time: run.report.timeMs, memory: run.report.memoryKb };
    if (run.early) return { ...measured, status: run.early.status };
    // An empty expected-output box means "just run it".
    if (!req.expectedOutput) return { ...measured, status: JudgeStatus.ACCEPTED };
    const actual = run.output ? await fsp.readFile(run.output) : Buffer.alloc(0);
    const kind = (req.problemJudgeMode ?? 'default') === 'default' ? (req.builtinChecker ?? 'lines') : 'lines';
    const v = checkOutput(kind, req.expectedOutput, actual, { removeEndBlank: req.removeEndBlank, precision: req.checkerPrecision });
    return { ...measured, status: v.status === JudgeStatus.SYSTEM_ERROR ? JudgeStatus.WRONG_ANSWER : v.status };
  } catch (e) {
    return fail(JudgeStatus.SYSTEM_ERROR, `System Error: ${(e as Error).message}`);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
