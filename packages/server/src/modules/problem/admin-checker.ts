/**
 * Compiling special judges and interactors before they are saved (HOJ `compile-spj` /
 * `compile-interactive`): a judge job, so the checker is compiled the way judges compile it (testlib.h
 * beside it) by a judge, and a checker that saves here also compiles on every judge.
 */
import { CHECKER_LANGUAGES } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { runJudgeJob } from '../judge-job/service.js';

export type CheckerMode = 'spj' | 'interactive';

/** Long enough for a template-heavy checker on a loaded judge; the compile itself stops at 30 s. */
const COMPILE_LEASE_MS = 90_000;

/** Compiles `code` on a judge; throws the compiler's message (as a 400 envelope) when it does not compile. */
export async function assertCheckerCompiles(
  ctx: AppContext,
  mode: CheckerMode,
  code: string,
  language: string,
  extraFiles?: Record<string, string> | null,
): Promise<void> {
  if (!(CHECKER_LANGUAGES as readonly string[]).includes(language.trim())) throw fail('checkerLanguage');
  const r = await runJudgeJob(ctx, { type: 'compileChecker', language: language.trim(), code, extraFiles: extraFiles ?? {} }, { leaseMs: COMPILE_LEASE_MS });
  const error = r.type === 'compileChecker' ? r.error : 'unexpected answer';
  if (error !== null) {
    // Compiler output can be long: the first 4000 characters say what is wrong.
    const shown = error.length > 4000 ? `${error.slice(0, 4000)}\n…` : error;
    throw fail(mode === 'spj' ? 'spjCompileError' : 'interactiveCompileError', { error: shown });
  }
}
