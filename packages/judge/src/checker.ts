/**
 * Special judges (checkers) and interactors: C or C++ programs written by the problem setter,
 * compiled and run in the sandbox like submissions.
 *
 * A checker runs once per case as `checker <input> <user_output> <answer>`: the three files are
 * bound read-only into the checker's box only (the contestant's box never sees the answer), next to
 * the judge extra files in its work directory /box. An interactor runs as
 * `interactor <input> <output> <answer>` where <output> is a writable file of its own box (testlib's
 * `tout`), talking to the contestant's program over stdin/stdout.
 *
 * The problem says which result convention its program follows (`checkerConvention`; the judge
 * never guesses — see `interpretChecker`):
 * - 'hoj': exit code 0 or 100 → AC, 101 → PE, 1 or 102 → WA, 103 → System Error, 99 → partial, the
 *   percentage is the first number on stdout (on stderr for interactors, whose stdout is the pipe);
 *   stderr (else stdout) is only the message; any other exit code is read as testlib's report on
 *   stderr ("wrong output format" → PE), as HOJ's judge does, so a testlib checker (exit code 2, 3, 7…)
 *   judges under either convention; without one it is a System Error;
 * - 'testlib': the first line of stderr — "ok", "wrong answer", "wrong output format" (PE),
 *   "points N", "partially correct (N)" (N = percentage of the case score), "FAIL" (System Error),
 *   "unexpected eof" (WA) — else its exit codes 0 ok, 1 WA, 2 PE, 3 fail, 4 PE (dirt), 7 points,
 *   8 unexpected eof; any other exit code is a System Error;
 * - 'qduoj': QDUOJ's special judges (JudgeServer): run as `spj <input> <user_output>` (no answer: a
 *   QDUOJ problem with a special judge has inputs only) with the input on stdin too; exit code 0 →
 *   AC, 1 → WA, anything else → System Error (QDUOJ's "SPJ error"); the output is only the message.
 * - 'hustoj': HUSTOJ's special judges (the FreeProblemSet files' `spj`): run as
 *   `spj <input> <answer> <user_output>` (the answer before the user's output); exit code 0 → AC, any
 *   other → WA, as HUSTOJ's judge_client reads it; the output is only the message.
 *
 * Our own complete testlib.h (testlib 0.9.x's checker, interactor, validator and generator API with
 * its messages and exit codes, written here) ships in `../checker/testlib.h` and is placed next to
 * every checker source; a testlib.h given as a judge extra file (e.g. the real one) replaces it.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JUDGE_ONLY_MARK, JudgeStatus, type CheckerConvention, type JudgeStatusCode } from '@oj/shared';
import { cacheKey, InPlaceProgramCache, sha256, toolStamp } from './program-cache.js';
import { readHead, workRoot, writeExtraFiles, type FileSource } from './run.js';
import { reportToScope, runSandboxed, withoutRunScope, type ReadOnlyBind, type SandboxReport, type SandboxRequest } from './sandbox.js';
import { compileVerdict, signalDescription, trimCompilerOutput } from './verdict.js';

export const CHECKER_INCLUDE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'checker');
const TESTLIB = path.join(CHECKER_INCLUDE_DIR, 'testlib.h');
const CHECKER_BINARY = 'checker';

export interface CheckerSource {
  /** "C" or "C++" (HOJ's spjLanguage); "C++ 17", "SPJ-C++", "INTERACTIVE-C" and the like are accepted. */
  language: string;
  code: string;
}

export interface CompiledChecker {
  /** Host directory holding the binary and the judge extra files (copied into each checker box). */
  dir: string;
  /** Absolute argv[0] inside the box. */
  binary: string;
  /** True when this call found it compiled already. */
  cached: boolean;
}

interface CheckerToolchain {
  kind: 'c' | 'c++';
  sourceName: string;
  argv: string[];
}

/** The compile command of a checker language; null when it is not C or C++. */
export function checkerToolchain(language: string): CheckerToolchain | null {
  const name = language.trim().replace(/^(SPJ|INTERACTIVE)-/i, '');
  const cpp = /^(C\+\+|CPP|G\+\+)(\s*(\d\d))?/i.exec(name);
  if (cpp) {
    const std = cpp[3] && ['11', '14', '17', '20'].includes(cpp[3]) ? `c++${cpp[3]}` : 'c++17';
    return {
      kind: 'c++',
      sourceName: 'checker.cpp',
      argv: ['/usr/bin/g++', '-DONLINE_JUDGE', '-w', '-fmax-errors=3', '-O2', `-std=${std}`, 'checker.cpp', '-lm', '-o', CHECKER_BINARY],
    };
  }
  if (/^(C|GCC)(\s+With O2)?$/i.test(name)) {
    return {
      kind: 'c',
      sourceName: 'checker.c',
      argv: ['/usr/bin/gcc', '-DONLINE_JUDGE', '-w', '-fmax-errors=3', '-O2', '-std=c11', 'checker.c', '-lm', '-o', CHECKER_BINARY],
    };
  }
  return null;
}

async function contentOf(src: FileSource): Promise<Buffer> {
  if (typeof src === 'string') return Buffer.from(src, 'utf8');
  if (Buffer.isBuffer(src)) return src;
  return fsp.readFile(src.path);
}

export function checkerCacheDir(): string {
  const dir = process.env.OJ_JUDGE_CHECKER_CACHE ?? path.join(workRoot(), 'checkers');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

let cacheOf: InPlaceProgramCache | null = null;
/** The compiled checkers: the program cache, run in place (a checker in use is never evicted). */
function checkerCache(): InPlaceProgramCache {
  const root = checkerCacheDir();
  if (cacheOf?.root !== root) cacheOf = new InPlaceProgramCache(root);
  return cacheOf;
}

type BuildResult = { checker: CompiledChecker } | { error: string; failedRun?: { report: SandboxReport; request: SandboxRequest } };
const inFlight = new Map<string, Promise<BuildResult>>();

/**
 * Compiles a checker/interactor in the sandbox, once per (language, code, judge extra files, testlib.h,
 * compiler): the result, a compile error too, is kept in the program cache (`program-cache.ts`). A
 * compile error is returned as `error` (the compiler's message).
 */
export async function compileChecker(
  src: CheckerSource,
  judgeExtraFiles: Record<string, FileSource> = {},
  opts: { compileTimeMs?: number } = {},
): Promise<{ checker: CompiledChecker; error?: undefined } | { checker?: undefined; error: string }> {
  const tool = checkerToolchain(src.language);
  if (!tool) return { error: `Checker language "${src.language}" is not supported (C and C++ only)` };
  const extras = await Promise.all(
    Object.entries(judgeExtraFiles)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(async ([name, f]) => [name, await contentOf(f)] as const),
  );
  const key = cacheKey({
    v: 2,
    argv: tool.argv,
    compiler: toolStamp(tool.argv[0]),
    code: sha256(src.code),
    testlib: sha256(fs.readFileSync(TESTLIB)),
    extras: extras.map(([name, buf]) => [name, sha256(buf)]),
    timeMs: opts.compileTimeMs ?? null,
  });
  const cache = checkerCache();
  const found = await cache.lookup(key);
  if (found)
    return found.error
      ? { error: found.error.message ?? 'Compile Error' }
      : { checker: { dir: cache.filesDir(key), binary: `/box/${CHECKER_BINARY}`, cached: true } };
  let job = inFlight.get(key);
  if (!job) {
    // Shared by every caller that asks meanwhile: built outside the first caller's run scope, so
    // that caller giving up (a daemon's lost lease) does not kill it for the others.
    job = withoutRunScope(() => buildChecker(tool, src.code, extras, cache, key, opts)).finally(() => inFlight.delete(key));
    inFlight.set(key, job);
  }
  const r = await job;
  // A sandbox failure while compiling is every caller's to know (a daemon gives the task back).
  if ('error' in r && r.failedRun) reportToScope(r.failedRun.report, r.failedRun.request);
  return 'error' in r ? { error: r.error } : { checker: r.checker };
}

async function buildChecker(
  tool: CheckerToolchain,
  code: string,
  extras: ReadonlyArray<readonly [string, Buffer]>,
  cache: InPlaceProgramCache,
  key: string,
  opts: { compileTimeMs?: number },
): Promise<BuildResult> {
  const tmp = await fsp.mkdtemp(path.join(workRoot(), 'checker-'));
  try {
    const srcDir = path.join(tmp, 'src');
    const outDir = path.join(tmp, 'out');
    await fsp.mkdir(srcDir, { mode: 0o755 });
    await fsp.mkdir(outDir, { mode: 0o755 });
    // Our testlib.h first: a judge extra file of the same name replaces it.
    await fsp.copyFile(TESTLIB, path.join(srcDir, 'testlib.h'));
    const extraDir = await writeExtraFiles(path.join(tmp, 'extra'), Object.fromEntries(extras));
    if (extraDir) for (const [name] of extras) await fsp.copyFile(path.join(extraDir, name), path.join(srcDir, name));
    await fsp.writeFile(path.join(srcDir, tool.sourceName), code, { mode: 0o644 });
    const log = path.join(tmp, 'compile.log');
    const timeMs = opts.compileTimeMs ?? 20_000;
    const request: SandboxRequest = {
      argv: tool.argv,
      timeMs,
      wallMs: timeMs * 2 + 5000,
      memoryKb: 1024 * 1024,
      stackKb: 256 * 1024,
      outputKb: 128 * 1024,
      pids: 256,
      nofile: 512,
      boxDirs: [srcDir],
      copyOutDir: outDir,
      boxSizeKb: 512 * 1024,
      tmpSizeKb: 1024 * 1024,
      stdout: log,
      stderrToStdout: true,
    };
    checkerCompiles.count++;
    const rep = await runSandboxed(request);
    const text = trimCompilerOutput((await readHead(log, 64 * 1024)).toString('utf8'));
    const verdict = compileVerdict(rep, text);
    if (verdict) {
      const error = verdict.status === JudgeStatus.SYSTEM_ERROR ? (verdict.message ?? 'System Error') : text.trim() || verdict.message || 'Compile Error';
      // Only what the source decides is kept: the compiler said no (not a time-out on a busy host, not the sandbox).
      if (rep.status === 'RE') await cache.store(key, { error: { status: verdict.status, message: error } }, null);
      return rep.status === 'SE' ? { error, failedRun: { report: rep, request } } : { error };
    }
    if (!fs.existsSync(path.join(outDir, CHECKER_BINARY))) return { error: `the checker binary was not produced\n${text}`.trim() };
    // The box of a checker run: the binary and the judge extra files (data it may read).
    await fsp.chmod(path.join(outDir, CHECKER_BINARY), 0o755);
    const files = Object.fromEntries([...extras.map(([name]) => [name, path.join(extraDir!, name)]), [CHECKER_BINARY, path.join(outDir, CHECKER_BINARY)]]);
    await cache.store(key, { error: null }, null, files);
    if (!fs.existsSync(path.join(cache.filesDir(key), CHECKER_BINARY))) return { error: 'the compiled checker could not be kept in the cache' };
    return { checker: { dir: cache.filesDir(key), binary: `/box/${CHECKER_BINARY}`, cached: false } };
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

/** Checker compiles this process ran (the compiler started), for tests and the benches. */
export const checkerCompiles = { count: 0 };

export interface CheckerVerdict {
  status: JudgeStatusCode;
  /** Percentage of the case score for Partial Accepted (0 < p < 100). */
  percentage?: number;
  /** What the contestant may read (a Kattis validator's teammessage.txt, a hand-written HOJ checker's text). */
  message?: string;
  /**
   * What only the problem's admins read: a testlib or QDUOJ checker's comment ("expected 2, found 3"
   * quotes the answer), a Kattis validator's judgemessage.txt, whatever follows JUDGE_ONLY_MARK.
   */
  judgeMessage?: string;
}

/** The text before the mark (the contestant's) and after it (the judges'). */
export function splitJudgeOnly(text: string): { team: string; judge: string } {
  // The mark at the very start (no message for the contestant) has no line before it.
  const at = text.startsWith(JUDGE_ONLY_MARK.slice(1)) ? -1 : text.indexOf(JUDGE_ONLY_MARK);
  if (at < 0 && text.startsWith(JUDGE_ONLY_MARK.slice(1))) return { team: '', judge: text.slice(JUDGE_ONLY_MARK.length - 1) };
  return at < 0 ? { team: text, judge: '' } : { team: text.slice(0, at), judge: text.slice(at + JUDGE_ONLY_MARK.length) };
}

const MESSAGE_LIMIT = 1024;

function clip(text: string): string {
  const t = text.trim();
  return t.length > MESSAGE_LIMIT ? `${t.slice(0, MESSAGE_LIMIT)}...` : t;
}

function partial(pct: number, message: string): CheckerVerdict {
  if (!Number.isFinite(pct)) return { status: JudgeStatus.SYSTEM_ERROR, message: `Checker gave an invalid score\n${message}`.trim() };
  if (pct >= 100) return { status: JudgeStatus.ACCEPTED, message: message || undefined };
  if (pct <= 0) return { status: JudgeStatus.WRONG_ANSWER, message: message || undefined };
  return { status: JudgeStatus.PARTIAL_ACCEPTED, percentage: pct, message: message || undefined };
}

const TESTLIB_PREFIXES: Array<[RegExp, (m: RegExpExecArray, msg: string) => CheckerVerdict]> = [
  [/^ok\b/, (_, msg) => ({ status: JudgeStatus.ACCEPTED, message: msg || undefined })],
  [/^wrong answer\b/, (_, msg) => ({ status: JudgeStatus.WRONG_ANSWER, message: msg })],
  [/^wrong output format\b/, (_, msg) => ({ status: JudgeStatus.PRESENTATION_ERROR, message: msg })],
  [/^unexpected eof\b/, (_, msg) => ({ status: JudgeStatus.WRONG_ANSWER, message: msg })],
  [/^partially correct\s*\(\s*([-+]?\d+(?:\.\d+)?)\s*\)/, (m, msg) => partial(Number(m[1]), msg)],
  // testlib's quitpi: an accepted answer carrying information for the report, not a score.
  [/^points\s+points_info=/, (_, msg) => ({ status: JudgeStatus.ACCEPTED, message: msg || undefined })],
  [/^points\s+([-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/, (m, msg) => partial(Number(m[1]), msg)],
  [/^FAIL\b/, (_, msg) => ({ status: JudgeStatus.SYSTEM_ERROR, message: `Checker failed: ${msg}` })],
];

/**
 * The verdict of a checker or interactor run under the problem's convention (see the module
 * comment). `stdout` is the checker's stdout (HOJ's percentage for exit code 99); interactors pass ''.
 * Messages of the judges only (testlib's and QDUOJ's comments, text after JUDGE_ONLY_MARK) come back
 * as `judgeMessage`, never as `message`, which the contestant may read on a sample case.
 */
export function interpretChecker(rep: SandboxReport, stdout: string, stderr: string, convention: CheckerConvention, what = 'Checker'): CheckerVerdict {
  const split = convention === 'hoj' ? splitJudgeOnly(stderr) : { team: stderr, judge: '' };
  const judgeOnly = clip(split.judge);
  const v = interpret(rep, stdout, split.team, convention, what);
  // A broken checker is the admins' to mend: its words stay where they were (the submission's message).
  if (v.status === JudgeStatus.SYSTEM_ERROR) return judgeOnly ? { ...v, judgeMessage: judgeOnly } : v;
  // testlib's comment (under either convention: a report on stderr) and QDUOJ's output are the judges' words.
  const judgesWords = convention !== 'hoj' || testlibReport(split.team) !== null;
  if (!judgesWords) return judgeOnly ? { ...v, judgeMessage: judgeOnly } : v;
  const judge = [v.message, judgeOnly].filter(Boolean).join('\n');
  const out: CheckerVerdict = { status: v.status, percentage: v.percentage };
  if (out.percentage === undefined) delete out.percentage;
  if (judge) out.judgeMessage = judge;
  return out;
}

function interpret(rep: SandboxReport, stdout: string, stderr: string, convention: CheckerConvention, what: string): CheckerVerdict {
  const message = clip(stderr || (rep.exitCode === 99 ? '' : stdout));
  if (rep.status === 'SE') return { status: JudgeStatus.SYSTEM_ERROR, message: `${what} could not run: ${rep.error}` };
  if (rep.status === 'TLE') return { status: JudgeStatus.SYSTEM_ERROR, message: `${what} exceeded its time limit` };
  if (rep.status === 'MLE') return { status: JudgeStatus.SYSTEM_ERROR, message: `${what} exceeded its memory limit` };
  if (rep.status === 'OLE') return { status: JudgeStatus.SYSTEM_ERROR, message: `${what} output limit exceeded` };
  if (rep.exitCode === null) {
    return { status: JudgeStatus.SYSTEM_ERROR, message: `${what} was killed by ${signalDescription(rep.signal)}${message ? `\n${message}` : ''}` };
  }
  const verdict =
    convention === 'testlib'
      ? testlibVerdict(rep.exitCode, stderr, message, what)
      : convention === 'qduoj'
        ? qduojVerdict(rep.exitCode, message)
        : convention === 'hustoj'
          ? hustojVerdict(rep.exitCode, message)
          : (hojVerdict(rep.exitCode, stdout, stderr, message, what) ?? testlibReport(stderr));
  return verdict ?? { status: JudgeStatus.SYSTEM_ERROR, message: `${what} exited with code ${rep.exitCode}${message ? `: ${message}` : ''}` };
}

/** HOJ's exit codes (0 and 1 too: plain checkers return them); the text is only information. */
function hojVerdict(code: number, stdout: string, stderr: string, message: string, what: string): CheckerVerdict | null {
  switch (code) {
    case 0:
    case 100:
      return { status: JudgeStatus.ACCEPTED, message: message || undefined };
    case 101:
      return { status: JudgeStatus.PRESENTATION_ERROR, message: message || undefined };
    case 1:
    case 102:
      return { status: JudgeStatus.WRONG_ANSWER, message: message || undefined };
    case 103:
      return { status: JudgeStatus.SYSTEM_ERROR, message: `${what} reported a system error${message ? `: ${message}` : ''}` };
    case 99: {
      // The percentage: first number of stdout (of stderr for interactors); the message: stderr.
      const source = stdout.trim() ? stdout : stderr;
      const n = /[-+]?\d+(?:\.\d+)?/.exec(source);
      const rest = source === stderr ? clip(n ? stderr.slice(n.index + n[0].length) : '') : clip(stderr);
      return n ? partial(Number(n[0]), rest) : { status: JudgeStatus.SYSTEM_ERROR, message: `${what} exited with 99 (partial) without a percentage` };
    }
  }
  return null;
}

/** QDUOJ's SPJ_AC = 0 and SPJ_WA = 1; its SPJ_ERROR (-1) and every other ending are a System Error. */
function qduojVerdict(code: number, message: string): CheckerVerdict | null {
  if (code === 0) return { status: JudgeStatus.ACCEPTED, message: message || undefined };
  if (code === 1) return { status: JudgeStatus.WRONG_ANSWER, message: message || undefined };
  return null;
}

/** HUSTOJ's judge_client: a special judge's exit code 0 is AC, any other WA (a crash or time-out stays ours to report). */
function hustojVerdict(code: number, message: string): CheckerVerdict {
  return { status: code === 0 ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER, message: message || undefined };
}

/** The verdict testlib's report (the first line of stderr) states, if it states one. */
function testlibReport(stderr: string): CheckerVerdict | null {
  const first = stderr.trimStart();
  for (const [re, make] of TESTLIB_PREFIXES) {
    const m = re.exec(first);
    if (m) return make(m, clip(first.slice(m[0].length)));
  }
  return null;
}

/** testlib: the first line of its report decides, else its exit codes. */
function testlibVerdict(code: number, stderr: string, message: string, what: string): CheckerVerdict | null {
  const reported = testlibReport(stderr);
  if (reported) return reported;
  switch (code) {
    case 0:
      return { status: JudgeStatus.ACCEPTED, message: message || undefined };
    case 1:
      return { status: JudgeStatus.WRONG_ANSWER, message: message || undefined };
    case 2:
    case 4:
      return { status: JudgeStatus.PRESENTATION_ERROR, message: message || undefined };
    case 3:
      return { status: JudgeStatus.SYSTEM_ERROR, message: `${what} failed${message ? `: ${message}` : ''}` };
    case 8:
      return { status: JudgeStatus.WRONG_ANSWER, message: message || 'unexpected end of file' };
    case 7:
      return { status: JudgeStatus.SYSTEM_ERROR, message: `${what} exited with 7 (points) without "points N" on stderr` };
  }
  return null;
}

export interface CheckerLimits {
  timeMs: number;
  memoryMb: number;
}

export const DEFAULT_CHECKER_LIMITS: CheckerLimits = { timeMs: 10_000, memoryMb: 1024 };

/** Paths inside a checker's box. */
export const CHECKER_FILES = { input: '/judge/input', userOutput: '/judge/user_output', answer: '/judge/answer' } as const;

/** The box of a checker or interactor: its binary and the judge extra files, the test files bound read-only. */
export function checkerRequest(checker: CompiledChecker, binds: ReadOnlyBind[], limits: CheckerLimits): Omit<SandboxRequest, 'argv'> {
  return {
    timeMs: limits.timeMs,
    wallMs: limits.timeMs * 2 + 2000,
    memoryKb: limits.memoryMb * 1024,
    stackKb: 256 * 1024,
    outputKb: 64 * 1024,
    pids: 16,
    nofile: 64,
    boxDirs: [checker.dir],
    readOnlyBinds: binds,
  };
}

/**
 * Runs the checker on one case. `userOutput` may be null (the program wrote nothing: an empty
 * file is bound). All host files must be readable by any box user (0644) and root-owned or the
 * contestant's old box file made so by the caller.
 */
export async function runChecker(
  checker: CompiledChecker,
  files: { input: string; userOutput: string; answer: string },
  caseDir: string,
  convention: CheckerConvention,
  limits: CheckerLimits = DEFAULT_CHECKER_LIMITS,
): Promise<CheckerVerdict & { report: SandboxReport }> {
  const out = path.join(caseDir, 'checker.out');
  const err = path.join(caseDir, 'checker.err');
  const report = await runSandboxed({
    ...checkerRequest(
      checker,
      [
        { src: files.input, dst: CHECKER_FILES.input },
        { src: files.userOutput, dst: CHECKER_FILES.userOutput },
        { src: files.answer, dst: CHECKER_FILES.answer },
      ],
      limits,
    ),
    // QDUOJ's special judges take two files (and exit with "Usage: spj x.in x.out" when given three);
    // HUSTOJ's take the answer before the user's output.
    argv:
      convention === 'qduoj'
        ? [checker.binary, CHECKER_FILES.input, CHECKER_FILES.userOutput]
        : convention === 'hustoj'
          ? [checker.binary, CHECKER_FILES.input, CHECKER_FILES.answer, CHECKER_FILES.userOutput]
          : [checker.binary, CHECKER_FILES.input, CHECKER_FILES.userOutput, CHECKER_FILES.answer],
    stdin: convention === 'qduoj' ? files.input : '/dev/null',
    stdout: out,
    stderr: err,
  });
  const stdout = (await readHead(out, 4096)).toString('utf8');
  const stderr = (await readHead(err, 4096)).toString('utf8');
  return { ...interpretChecker(report, stdout, stderr, convention), report };
}
