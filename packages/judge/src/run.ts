/**
 * Building blocks of every judging path: work directories, test files made visible to a box,
 * compiling a submission, and running the contestant's program on one input (stdin/stdout or
 * file IO). Expected outputs never enter the contestant's box: only its input does.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JudgeStatus } from '@oj/shared';
import { runLimits, type LanguageSpec, type ProblemLimits } from './languages.js';
import { cacheKey, dirFileHashes, ProgramCache, sha256, toolStamp } from './program-cache.js';
import { runSandboxed, type ReadOnlyBind, type SandboxReport, type SandboxRequest } from './sandbox.js';
import { compileVerdict, runVerdict, trimCompilerOutput, type Verdict } from './verdict.js';

/** File content given inline, or a file on the judge host (e.g. from the test-data cache). */
export type FileSource = string | Buffer | { path: string };

/** File IO problems: the program reads and writes these files in its work directory. */
export interface FileIO {
  readFileName: string;
  writeFileName: string;
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

export async function readHead(file: string, max: number): Promise<Buffer> {
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

/** Text preview of at most `max` bytes (a cut multi-byte character is dropped, not garbled). */
export function preview(buf: Buffer, max: number): string {
  if (buf.length <= max) return buf.toString('utf8');
  let end = max;
  // Do not cut a UTF-8 sequence: step back over continuation bytes.
  while (end > 0 && (buf[end] & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}

/**
 * A name a problem may give to a file in the box (file IO names, extra files): one plain path
 * component, no control characters, nothing the runner's SRC:DST syntax would split.
 */
export function isSafeFileName(name: string): boolean {
  return /^[A-Za-z0-9._+-][A-Za-z0-9 ._+-]{0,127}$/.test(name) && name !== '.' && name !== '..' && !name.endsWith(' ');
}

async function writeReadable(file: string, data: string | Buffer): Promise<void> {
  await fsp.writeFile(file, data, { mode: 0o644 });
  await fsp.chmod(file, 0o644); // whatever the process umask is
}

/**
 * A host path for `src` that a box may open: inline content is written to `dir/name`; a host file
 * is used in place when every box user may read it (a program that reopens /dev/stdin, a bound
 * test file) and its path has no ':' (the runner's SRC:DST separator), else copied.
 */
export async function materialise(src: FileSource, dir: string, name: string): Promise<string> {
  const target = path.join(dir, name);
  if (typeof src === 'string' || Buffer.isBuffer(src)) {
    await writeReadable(target, src);
    return target;
  }
  // The runner opens and binds files with O_NOFOLLOW (a box must never be led elsewhere by a link),
  // so a test file that is a symbolic link (problem packages use them: sample/1.in -> ../secret/1.in)
  // is handed over as the file it names; the judge host chose the path, the link is its own.
  const real = await fsp.realpath(src.path);
  const st = await fsp.stat(real);
  if (!st.isFile()) throw new Error(`${src.path} is not a regular file`);
  if (st.mode & 0o004 && !real.includes(':')) return real;
  await fsp.copyFile(real, target);
  await fsp.chmod(target, 0o644);
  return target;
}

/** Writes named extra files into a fresh directory (copied into boxes read-only). */
export async function writeExtraFiles(dir: string, files: Record<string, FileSource> | undefined): Promise<string | null> {
  const entries = Object.entries(files ?? {});
  if (!entries.length) return null;
  await fsp.mkdir(dir, { mode: 0o755 });
  for (const [name, src] of entries) {
    if (!isSafeFileName(name)) throw new Error(`invalid extra file name "${name}"`);
    if (typeof src === 'string' || Buffer.isBuffer(src)) await writeReadable(path.join(dir, name), src);
    else {
      await fsp.copyFile(src.path, path.join(dir, name));
      await fsp.chmod(path.join(dir, name), 0o644);
    }
  }
  return dir;
}

/** Compiles run by `compileSubmission` in this process (the compiler started), for tests and the benches. */
export const submissionCompiles = { count: 0 };

let cacheOf: ProgramCache | null = null;
/** The compiled submissions: `OJ_JUDGE_PROGRAM_CACHE` or <work root>/programs. */
export function programCache(): ProgramCache {
  const root = process.env.OJ_JUDGE_PROGRAM_CACHE ?? path.join(workRoot(), 'programs');
  if (cacheOf?.root !== root) cacheOf = new ProgramCache(root);
  return cacheOf;
}

/** Everything that decides what compiling `source` as `language` gives (see program-cache.ts). */
async function compileKey(language: LanguageSpec, source: string, extraDirs: string[], timeMs: number): Promise<string> {
  return cacheKey({
    v: 1,
    name: language.name,
    version: language.description,
    compile: language.compile,
    compiler: toolStamp(language.compile?.argv[0]),
    sourceName: language.sourceName,
    artifact: language.artifact,
    runsSource: language.runsSource,
    binds: language.readOnlyBinds,
    memoryMb: language.compileMemoryMb,
    timeMs,
    source: sha256(source),
    extras: await dirFileHashes(extraDirs),
  });
}

type CompileOutcome = { program: CompiledProgram; verdict?: undefined } | { program?: undefined; verdict: Verdict };

/**
 * Compiles `source` in the sandbox. `dir` is a fresh host directory owned by the judge.
 * `extraDirs` (user extra files: headers of "function completion" problems) sit next to the source.
 * An identical compile done before (same toolchain, source, extra files, limit) is not run again:
 * its files are taken from the program cache, its compile error is given again (`cache: false`
 * compiles anyway, e.g. a toolchain's self-test).
 */
export async function compileSubmission(
  languageOf: LanguageSpec,
  source: string,
  dir: string,
  opts: { compileTimeMs?: number; extraDirs?: string[]; cache?: boolean } = {},
): Promise<CompileOutcome> {
  // Java: the file and the class to run are named after the submission's public class.
  const language = languageOf.forSource?.(source) ?? languageOf;
  const srcDir = path.join(dir, 'src');
  const outDir = path.join(dir, 'out');
  await fsp.mkdir(srcDir, { mode: 0o755 });
  await fsp.mkdir(outDir, { mode: 0o755 });
  await writeReadable(path.join(srcDir, language.sourceName), source);
  const programDirs = [language.runsSource ? srcDir : outDir];
  if (!language.compile) return { program: { language, programDirs } };
  const timeMs = opts.compileTimeMs ?? language.compileTimeMs;
  if (opts.cache === false) return (await compileInBox(language, dir, timeMs, opts.extraDirs ?? [])).outcome;

  const cache = programCache();
  const key = await compileKey(language, source, opts.extraDirs ?? [], timeMs);
  const fromCache = async (): Promise<CompileOutcome | null> => {
    const meta = await cache.lookup(key);
    if (!meta) return null;
    if (meta.error) return { verdict: meta.error };
    if (!language.runsSource && !(await cache.linkFiles(key, outDir))) return null;
    return { program: { language, programDirs } };
  };
  const hit = await fromCache();
  if (hit) return hit;
  // Workers of this daemon asking for the same compile at once: one compiles, the others then read the cache.
  const built = await cache.once(key, async () => {
    const r = await compileInBox(language, dir, timeMs, opts.extraDirs ?? []);
    if (r.keep) await cache.store(key, r.outcome.verdict ? { error: r.outcome.verdict } : { error: null }, language.runsSource ? null : outDir);
    return r.outcome;
  });
  if (built.built) return built.value;
  return (await fromCache()) ?? (await compileInBox(language, dir, timeMs, opts.extraDirs ?? [])).outcome;
}

/** One compile in a box; `keep`: its outcome is the source's own (not a time-out on a busy host or a sandbox failure). */
async function compileInBox(language: LanguageSpec, dir: string, timeMs: number, extraDirs: string[]): Promise<{ outcome: CompileOutcome; keep: boolean }> {
  const srcDir = path.join(dir, 'src');
  const outDir = path.join(dir, 'out');
  const programDirs = [language.runsSource ? srcDir : outDir];
  const log = path.join(dir, 'compile.log');
  submissionCompiles.count++;
  const rep = await runSandboxed({
    argv: language.compile!.argv,
    env: language.compile!.env,
    timeMs,
    wallMs: timeMs * 2 + 5000,
    memoryKb: language.compileMemoryMb * 1024,
    stackKb: 256 * 1024,
    outputKb: COMPILE_OUTPUT_LIMIT_KB,
    pids: 256,
    nofile: 512,
    // The source last: an extra file can never replace it.
    boxDirs: [...extraDirs, srcDir],
    copyOutDir: outDir,
    boxSizeKb: 512 * 1024,
    tmpSizeKb: 1024 * 1024,
    stdout: log,
    stderrToStdout: true,
    readOnlyBinds: language.readOnlyBinds,
  });
  const text = trimCompilerOutput((await readHead(log, 64 * 1024)).toString('utf8'));
  const verdict = compileVerdict(rep, text);
  if (verdict) return { outcome: { verdict }, keep: rep.status === 'RE' };
  if (language.artifact && !fs.existsSync(path.join(outDir, language.artifact))) {
    return {
      outcome: {
        verdict: { status: JudgeStatus.COMPILE_ERROR, message: `${language.artifact} was not produced${language.artifactHint ?? ''}\n${text}`.trim() },
      },
      keep: true,
    };
  }
  return { outcome: { program: { language, programDirs } }, keep: true };
}

export interface RunProgramOptions {
  limits: ProblemLimits;
  /** RLIMIT_FSIZE of the program (its stdout, the files it writes). */
  outputLimitKb: number;
  fileIO?: FileIO | null;
  /** User extra files, copied into /box read-only. */
  extraDirs?: string[];
}

export interface ProgramRun {
  report: SandboxReport;
  /** TLE / MLE / RE / SE, or null when the program ran to a normal end and its output decides. */
  early: Verdict | null;
  /** Host path of the program's output (stdout, or the file IO output file); null: it wrote none. */
  output: string | null;
  /** The program's stderr (first 64 KB). */
  stderr: string;
}

/** Runs the contestant's program on one input in a fresh box. `caseDir` is a fresh host directory. */
export async function runProgram(program: CompiledProgram, inputFile: string, caseDir: string, opts: RunProgramOptions): Promise<ProgramRun> {
  const lang = program.language;
  const stdout = path.join(caseDir, 'stdout');
  const stderr = path.join(caseDir, 'stderr');
  const cmd = lang.run(opts.limits);
  const binds: ReadOnlyBind[] = [...lang.readOnlyBinds];
  const req: SandboxRequest = {
    argv: cmd.argv,
    env: cmd.env,
    ...runLimits(lang, opts.limits),
    outputKb: opts.outputLimitKb,
    pids: lang.pids,
    nofile: lang.nofile,
    boxDirs: [...program.programDirs, ...(opts.extraDirs ?? [])],
    stdin: inputFile,
    stdout,
    stderr,
    readOnlyBinds: binds,
  };
  let filesDir: string | null = null;
  if (opts.fileIO) {
    // The input file is bound read-only into the work directory; whatever the program writes
    // there is copied out afterwards and the output file is judged. No stdin.
    filesDir = path.join(caseDir, 'files');
    await fsp.mkdir(filesDir, { mode: 0o700 });
    req.stdin = '/dev/null';
    binds.push({ src: await materialise({ path: inputFile }, caseDir, 'input.bind'), dst: `/box/${opts.fileIO.readFileName}` });
    req.copyOutDir = filesDir;
  }
  const ran = await runSandboxed(req);
  // A program stopped by the wall clock on a loaded machine may have used less CPU than the limit:
  // its time is shown as at least the limit, or "Time Limit Exceeded, 150 ms" would contradict itself.
  const report = ran.status === 'TLE' ? { ...ran, timeMs: Math.max(ran.timeMs, opts.limits.timeLimitMs) } : ran;
  const errText = (await readHead(stderr, 64 * 1024)).toString('utf8');
  let output: string | null = stdout;
  if (filesDir && opts.fileIO) {
    const f = path.join(filesDir, opts.fileIO.writeFileName);
    output = fs.existsSync(f) && fs.lstatSync(f).isFile() ? f : null;
  }
  return { report, early: runVerdict(report, errText), output, stderr: errText };
}
