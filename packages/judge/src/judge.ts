/**
 * The judging engine for one submission: compile once (inside the sandbox), then run every case in
 * a fresh box whose /box holds only root-owned read-only copies of the program. Expected outputs
 * stay on the host: the box sees only its input.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JudgeStatus, type JudgeCaseMode, type JudgeStatusCode } from '@oj/shared';
import { compareOutput } from './compare.js';
import { findLanguage, runLimits, type LanguageSpec, type ProblemLimits } from './languages.js';
import { evenSplit, finalStatus, PROBLEM_TYPE, SKIPPED_MESSAGE, totalScore, type ProblemType } from './modes.js';
import { runSandboxed } from './sandbox.js';
import { compileVerdict, runVerdict, trimCompilerOutput, type Verdict } from './verdict.js';

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
  /** Default 128 MB (spec 3 §9). */
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

export interface CompiledProgram {
  language: LanguageSpec;
  /** Host directories copied into each run's /box. */
  programDirs: string[];
}

const COMPILE_OUTPUT_LIMIT_KB = 128 * 1024;

export function workRoot(): string {
  const dir = process.env.OJ_JUDGE_WORK_DIR ?? path.join(os.tmpdir(), 'oj-judge');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

async function readHead(file: string, max: number): Promise<Buffer> {
  let fh: fsp.FileHandle | undefined;
  try {
    fh = await fsp.open(file, 'r');
    const buf = Buffer.alloc(max);
    const { bytesRead } = await fh.read(buf, 0, max, 0);
    return buf.subarray(0, bytesRead);
  } catch {
    return Buffer.alloc(0);
  } finally {
    await fh?.close();
  }
}

/** Compiles `source` in the sandbox. `dir` is a fresh host directory owned by the judge. */
export async function compileSubmission(
  language: LanguageSpec,
  source: string,
  dir: string,
  opts: { compileTimeMs?: number } = {},
): Promise<{ program: CompiledProgram; verdict?: undefined } | { program?: undefined; verdict: Verdict }> {
  const srcDir = path.join(dir, 'src');
  const outDir = path.join(dir, 'out');
  await fsp.mkdir(srcDir, { mode: 0o755 });
  await fsp.mkdir(outDir, { mode: 0o755 });
  await fsp.writeFile(path.join(srcDir, language.sourceName), source, { mode: 0o644 });
  const programDirs = [language.runsSource ? srcDir : outDir];
  if (!language.compile) return { program: { language, programDirs } };

  const log = path.join(dir, 'compile.log');
  const timeMs = opts.compileTimeMs ?? language.compileTimeMs;
  const rep = await runSandboxed({
    argv: language.compile.argv,
    env: language.compile.env,
    timeMs,
    wallMs: timeMs * 2 + 5000,
    memoryKb: language.compileMemoryMb * 1024,
    stackKb: 256 * 1024,
    outputKb: COMPILE_OUTPUT_LIMIT_KB,
    pids: 256,
    nofile: 512,
    boxDirs: [srcDir],
    copyOutDir: outDir,
    boxSizeKb: 512 * 1024,
    tmpSizeKb: 1024 * 1024,
    stdout: log,
    stderrToStdout: true,
    readOnlyBinds: language.readOnlyBinds,
  });
  const text = trimCompilerOutput((await readHead(log, 64 * 1024)).toString('utf8'));
  const verdict = compileVerdict(rep, text);
  if (verdict) return { verdict };
  if (language.artifact && !fs.existsSync(path.join(outDir, language.artifact))) {
    const hint = language.name === 'Java' ? ' (the public class must be named Main)' : '';
    return { verdict: { status: JudgeStatus.COMPILE_ERROR, message: `${language.artifact} was not produced${hint}\n${text}`.trim() } };
  }
  return { program: { language, programDirs } };
}

export interface RunCaseOptions {
  limits: ProblemLimits;
  outputLimitKb?: number;
  removeEndBlank?: boolean;
  previewBytes?: number;
}

/** Runs one case in a fresh box and judges its output. `caseDir` is a fresh host directory. */
export async function runCase(
  program: CompiledProgram,
  tc: JudgeCaseInput,
  caseDir: string,
  opts: RunCaseOptions,
): Promise<Omit<CaseResult, 'index' | 'score' | 'groupNum'>> {
  const lang = program.language;
  const expected: Buffer = tc.expectedFile ? await fsp.readFile(tc.expectedFile) : Buffer.from(tc.expected ?? '');
  let inputFile = tc.inputFile;
  if (!inputFile) {
    inputFile = path.join(caseDir, 'input');
    await fsp.writeFile(inputFile, tc.input ?? '', { mode: 0o644 });
  }
  const stdout = path.join(caseDir, 'stdout');
  const stderr = path.join(caseDir, 'stderr');
  const limits = runLimits(lang, opts.limits);
  const cmd = lang.run(opts.limits);
  const outputKb = opts.outputLimitKb ?? Math.max(Math.ceil((2 * expected.length) / 1024), 32 * 1024);
  const rep = await runSandboxed({
    argv: cmd.argv,
    env: cmd.env,
    ...limits,
    outputKb,
    pids: lang.pids,
    nofile: lang.nofile,
    boxDirs: program.programDirs,
    stdin: inputFile,
    stdout,
    stderr,
    readOnlyBinds: lang.readOnlyBinds,
  });
  const preview = opts.previewBytes ?? 1024;
  const errText = (await readHead(stderr, Math.max(preview, 64 * 1024))).toString('utf8');
  const base = { time: rep.timeMs, memory: rep.memoryKb, stderr: errText.slice(0, preview) };
  const early = runVerdict(rep, errText);
  if (early) return { ...base, ...early, stdout: (await readHead(stdout, preview)).toString('utf8') };
  const actual = await fsp.readFile(stdout);
  const status = compareOutput(expected, actual, { removeEndBlank: opts.removeEndBlank });
  return { ...base, status, stdout: actual.subarray(0, preview).toString('utf8') };
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

/** Judges one submission against its cases. Never throws for anything the submission does. */
export async function judgeOne(req: JudgeRequest): Promise<JudgeResult> {
  const type = req.problemType ?? PROBLEM_TYPE.ACM;
  const lang = findLanguage(req.language);
  if (!lang) return { status: JudgeStatus.SYSTEM_ERROR, time: 0, memory: 0, score: null, errorMessage: `Language "${req.language}" is not available on this judge`, cases: [] };
  if (!req.cases.length) return { status: JudgeStatus.SYSTEM_ERROR, time: 0, memory: 0, score: null, errorMessage: 'The problem has no test cases', cases: [] };

  const dir = await fsp.mkdtemp(path.join(workRoot(), 'sub-'));
  try {
    const compiled = await compileSubmission(lang, req.source, dir, { compileTimeMs: req.compileTimeMs });
    if (!compiled.program) {
      return { status: compiled.verdict.status, time: 0, memory: 0, score: type === PROBLEM_TYPE.OI ? 0 : null, errorMessage: compiled.verdict.message, cases: [] };
    }
    const program = compiled.program;
    const limits: ProblemLimits = { timeLimitMs: req.timeLimitMs, memoryLimitMb: req.memoryLimitMb, stackLimitMb: req.stackLimitMb ?? 128 };
    const split = evenSplit(req.ioScore ?? 100, req.cases.length);
    const mode = req.judgeCaseMode ?? 'default';

    const run = async (i: number): Promise<CaseResult> => {
      const tc = req.cases[i];
      const caseDir = path.join(dir, `case-${i}`);
      await fsp.mkdir(caseDir, { mode: 0o755 });
      const r = await runCase(program, tc, caseDir, {
        limits, outputLimitKb: req.outputLimitKb, removeEndBlank: req.removeEndBlank, previewBytes: req.previewBytes,
      });
      // Outputs can be large: drop them as soon as the case is judged.
      await fsp.rm(caseDir, { recursive: true, force: true });
      const fullScore = tc.score ?? split[i];
      return { index: i, ...r, groupNum: tc.groupNum ?? 1, score: r.status === JudgeStatus.ACCEPTED ? fullScore : 0 };
    };
    const skipped = (i: number): CaseResult => ({
      index: i, status: JudgeStatus.CANCELLED, time: 0, memory: 0, score: 0, groupNum: req.cases[i].groupNum ?? 1,
      message: SKIPPED_MESSAGE, stdout: '', stderr: '',
    });

    const indices = req.cases.map((_, i) => i);
    let results: CaseResult[] = [];
    if (mode === 'ergodic_without_error') {
      for (const i of indices) {
        const r = await run(i);
        results.push(r);
        if (r.status !== JudgeStatus.ACCEPTED) break;
      }
    } else if (mode === 'subtask_lowest') {
      const byGroup = new Map<number, number[]>();
      for (const i of indices) {
        const g = req.cases[i].groupNum ?? 1;
        byGroup.set(g, [...(byGroup.get(g) ?? []), i]);
      }
      const groupResults = await pool(
        [...byGroup.values()].map((group) => async () => {
          const out: CaseResult[] = [];
          let failed = false;
          for (const i of group) {
            if (failed) { out.push(skipped(i)); continue; }
            const r = await run(i);
            out.push(r);
            failed = r.status !== JudgeStatus.ACCEPTED;
          }
          return out;
        }),
        req.concurrency ?? 1,
      );
      results = groupResults.flat().sort((a, b) => a.index - b.index);
    } else {
      results = await pool(indices.map((i) => () => run(i)), req.concurrency ?? 1);
    }

    const judged = results.filter((r) => r.status !== JudgeStatus.CANCELLED);
    const status = finalStatus(results.map((r) => r.status), type);
    const score = totalScore(
      results.map((r) => ({ status: r.status, fullScore: req.cases[r.index].score ?? split[r.index], groupNum: r.groupNum })),
      mode,
      req.ioScore,
    );
    const firstFail = results.find((r) => r.status !== JudgeStatus.ACCEPTED && r.status !== JudgeStatus.CANCELLED);
    return {
      status,
      time: Math.max(0, ...judged.map((r) => r.time)),
      memory: Math.max(0, ...judged.map((r) => r.memory)),
      score: type === PROBLEM_TYPE.OI ? score : null,
      errorMessage: firstFail?.message,
      cases: results,
    };
  } catch (e) {
    return { status: JudgeStatus.SYSTEM_ERROR, time: 0, memory: 0, score: null, errorMessage: `System Error: ${(e as Error).message}`, cases: [] };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
