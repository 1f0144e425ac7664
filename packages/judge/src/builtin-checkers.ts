/**
 * The registry of the comparators of the default judge mode (a problem's `builtinChecker`), like
 * DMOJ's and testlib's standard checkers but without any program to compile. Each lives in a module
 * of its own under `checkers/` (its comment says exactly what it accepts); this file only lists them
 * and picks one. One function for judging and the online test run. Outputs are bytes; the answer file
 * is trusted to be well formed, and when it is not (an 'integers' answer holding a word) the case is
 * a System Error naming the token, because the problem is broken, not the submission.
 *
 * The names are the contract's (`BUILTIN_CHECKERS` of @oj/shared: the server validates a problem's
 * checker against that list without loading the judge). The registry's type has one entry per name,
 * so a name without a module, or a module without a name, does not compile; adding a checker is one
 * module here, one entry below and its name in that list.
 */
import { BUILTIN_CHECKERS, type BuiltinChecker } from '@oj/shared';
import { floatsChecker } from './checkers/floats.js';
import { integersChecker } from './checkers/integers.js';
import { linesChecker } from './checkers/lines.js';
import { sortedTokensChecker } from './checkers/sorted-tokens.js';
import { tokensChecker } from './checkers/tokens.js';
import { trimEndChecker } from './checkers/trim-end.js';
import type { BuiltinCheckerModule, BuiltinCheckerOptions, CheckVerdict } from './checkers/types.js';
import { yesNoChecker } from './checkers/yes-no.js';

export { floatsMatch, parseFloatToken } from './checkers/floats.js';
export type { BuiltinCheckerModule, BuiltinCheckerOptions, CheckStatus, CheckVerdict } from './checkers/types.js';

export const BUILTIN_CHECKER_REGISTRY: { readonly [K in BuiltinChecker]: BuiltinCheckerModule<K> } = {
  lines: linesChecker,
  tokens: tokensChecker,
  integers: integersChecker,
  floats: floatsChecker,
  'yes-no': yesNoChecker,
  'sorted-tokens': sortedTokensChecker,
  'trim-end': trimEndChecker,
};

/** The built-in checkers in the contract's order (`oj run --checker`, the admin's choice). */
export function builtinCheckers(): BuiltinCheckerModule[] {
  return BUILTIN_CHECKERS.map((name) => BUILTIN_CHECKER_REGISTRY[name]);
}

const toBuffer = (x: Buffer | string) => (typeof x === 'string' ? Buffer.from(x, 'utf8') : x);

export function checkOutput(kind: BuiltinChecker, expected: Buffer | string, actual: Buffer | string, opts: BuiltinCheckerOptions = {}): CheckVerdict {
  return BUILTIN_CHECKER_REGISTRY[kind].check(toBuffer(expected), toBuffer(actual), opts);
}
