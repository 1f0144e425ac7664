/**
 * Compiling special judges and interactors before they are saved (HOJ `compile-spj` /
 * `compile-interactive`): the same sandboxed compile the judges run (`@oj/judge` compileChecker, with
 * testlib.h), so a checker that saves here also compiles on every judge. Results are cached by content.
 */
import { compileChecker } from '@oj/judge';
import { CHECKER_LANGUAGES } from '@oj/shared';
import { fail } from '../../lib/errors.js';

export type CheckerMode = 'spj' | 'interactive';

/** Compiles `code`; throws the compiler's message (as a 400 envelope) when it does not compile. */
export async function assertCheckerCompiles(mode: CheckerMode, code: string, language: string, extraFiles?: Record<string, string> | null): Promise<void> {
  if (!(CHECKER_LANGUAGES as readonly string[]).includes(language.trim())) throw fail('checkerLanguage');
  const r = await compileChecker({ language, code }, extraFiles ?? {});
  if (r.error !== undefined) {
    // Compiler output can be long: the first 4000 characters say what is wrong.
    const error = r.error.length > 4000 ? `${r.error.slice(0, 4000)}\n…` : r.error;
    throw fail(mode === 'spj' ? 'spjCompileError' : 'interactiveCompileError', { error });
  }
}
