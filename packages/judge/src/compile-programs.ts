/**
 * Compiling programs only, to know before they are saved that they compile (judge job `compilePrograms`):
 * a hack kit's validator as a package program (testlib.h beside it) and its reference solution in a
 * judge language, each exactly as `runHack` compiles it, so a kit that saves compiles in every hack.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ProgramToCompile } from '@oj/shared';
import { compilePackageProgram, ProgramFailure } from './package-programs.js';
import { findLanguage } from './languages.js';
import { compileSubmission, workRoot } from './run.js';

/** The compiler's message of a program that does not compile (null when it does), in a work folder of its own. */
async function compileOne(name: string, p: ProgramToCompile, dir: string): Promise<string | null> {
  if ('packageType' in p) {
    const source = path.join(dir, 'src', name);
    await fsp.mkdir(path.dirname(source), { recursive: true, mode: 0o755 });
    await fsp.writeFile(source, p.code, { mode: 0o644 });
    try {
      await compilePackageProgram(p.packageType, source, {}, path.join(dir, 'program'));
      return null;
    } catch (e) {
      // "<file> does not compile: <compiler output>": the caller names the program itself.
      if (e instanceof ProgramFailure) return e.message.replace(`${name} does not compile: `, '');
      throw e;
    }
  }
  const lang = findLanguage(p.language);
  if (!lang) return `the language "${p.language}" is not on this judge`;
  const r = await compileSubmission(lang, p.code, dir, {});
  return r.program ? null : (r.verdict.message ?? 'compile error');
}

/** Compiles each program; answers per name the compiler's message or null. */
export async function compilePrograms(programs: Record<string, ProgramToCompile>): Promise<Record<string, string | null>> {
  await fsp.mkdir(workRoot(), { recursive: true });
  const dir = await fsp.mkdtemp(path.join(workRoot(), 'compile-'));
  await fsp.chmod(dir, 0o755);
  try {
    const errors: Record<string, string | null> = {};
    for (const [i, [name, p]] of Object.entries(programs).entries()) {
      const own = path.join(dir, String(i));
      await fsp.mkdir(own, { mode: 0o755 });
      errors[name] = await compileOne(name, p, own);
    }
    return errors;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
