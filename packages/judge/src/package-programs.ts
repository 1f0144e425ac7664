/**
 * A problem package's own programs (generators, validators, main solution) as a judge runs them for an
 * import: each compiled once (the package's headers, testlib.h among them, next to the source) and run
 * with the limits a judge would give it.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { CHECKER_INCLUDE_DIR } from './checker.js';
import { findLanguage, getLanguages, runLimits, type LanguageSpec } from './languages.js';
import { compileSubmission, type CompiledProgram } from './run.js';
import { runSandboxed } from './sandbox.js';

/** Why a step has no output: its program did not compile, its stdin was not made, or the run failed. */
export class ProgramFailure extends Error {
  constructor(
    message: string,
    readonly stage: 'compile' | 'stdin' | 'run' = 'run',
  ) {
    super(message);
  }
}

/** The judge language for a Polygon source type (cpp.g++17, c.gcc, java8, python.3, …). */
export function languageForType(type: string): LanguageSpec | undefined {
  const t = type.toLowerCase();
  const names = getLanguages().map((l) => l.name);
  const first = (...c: string[]) => c.map((n) => findLanguage(n)).find(Boolean);
  if (t.startsWith('cpp') || t.includes('g++') || t.includes('clang++')) {
    return first('C++ 17 With O2', 'C++ 17', 'C++ With O2', 'C++', ...names.filter((n) => n.startsWith('C++')));
  }
  if (t.startsWith('c.') || t === 'c') return first('C With O2', 'C');
  if (t.startsWith('java')) return first('Java');
  if (/^(python\.3|py3|python3)/.test(t)) return first('Python3');
  if (/pypy\.?3/.test(t)) return first('PyPy3', 'Python3');
  return undefined;
}

/** Compiles `source` (a file of the package) with `headers` (name → host path) beside it. */
export async function compilePackageProgram(type: string, source: string, headers: Record<string, string>, dir: string): Promise<CompiledProgram> {
  const lang = languageForType(type);
  if (!lang) throw new ProgramFailure(`no judge language for "${type}"`, 'compile');
  await fsp.mkdir(dir, { recursive: true });
  const extra = path.join(dir, 'headers');
  await fsp.mkdir(extra, { mode: 0o755 });
  // A generator may include testlib.h without the package shipping it: the judge's own one is there then.
  const all = { 'testlib.h': path.join(CHECKER_INCLUDE_DIR, 'testlib.h'), ...headers };
  for (const [name, p] of Object.entries(all)) {
    await fsp.copyFile(p, path.join(extra, name));
    await fsp.chmod(path.join(extra, name), 0o644);
  }
  const code = await fsp.readFile(source, 'utf8');
  const r = await compileSubmission(lang, code, dir, { compileTimeMs: 30_000, extraDirs: [extra] });
  if (r.verdict) throw new ProgramFailure(`${path.basename(source)} does not compile: ${(r.verdict.message ?? '').slice(0, 500)}`, 'compile');
  return r.program;
}

/** Runs a compiled program with `args`, `stdin` (a host file or /dev/null) and its stdout into `out`; it succeeds on exit `okExit` (0). */
export async function runPackageProgram(
  program: CompiledProgram,
  o: { args?: string[]; stdin?: string; out: string; timeLimitMs: number; memoryLimitMb: number; okExit?: number },
): Promise<void> {
  const lang = program.language;
  const limits = { timeLimitMs: o.timeLimitMs, memoryLimitMb: o.memoryLimitMb, stackLimitMb: Math.min(o.memoryLimitMb, 256) };
  const cmd = lang.run(limits);
  const err = `${o.out}.err`;
  const rep = await runSandboxed({
    argv: [...cmd.argv, ...(o.args ?? [])],
    env: cmd.env,
    ...runLimits(lang, limits),
    outputKb: 64 * 1024,
    pids: lang.pids,
    nofile: lang.nofile,
    boxDirs: program.programDirs,
    stdin: o.stdin ?? '/dev/null',
    stdout: o.out,
    stderr: err,
    readOnlyBinds: lang.readOnlyBinds,
  });
  // A non-zero exit is a runtime error to the runner; for a validator it may be its "valid".
  const exited = rep.exitCode !== null && (rep.status === 'OK' || rep.status === 'RE');
  if (!exited || rep.exitCode !== (o.okExit ?? 0)) {
    // A validator says why on stderr (testlib) or stdout (some Kattis validators).
    const said = async (f: string) => (await fsp.readFile(f, 'utf8').catch(() => '')).slice(0, 300).trim();
    const msg = (await said(err)) || (o.okExit !== undefined ? await said(o.out) : '');
    throw new ProgramFailure(`${exited ? `exit code ${rep.exitCode}` : `${rep.status}${rep.error ? ` (${rep.error})` : ''}`}${msg ? `: ${msg}` : ''}`);
  }
}
