/**
 * `floats`: a token of the answer that is a number (decimal with optional exponent, or
 * inf/infinity/nan in any case) matches a number x of the output when |x − a| ≤ 1e-N or
 * |x − a| ≤ 1e-N·|a| (N = `checkerPrecision`, a tiny 1e-15 slack for binary rounding, like testlib's
 * doubleCompare); NaN matches only NaN, ±inf only the same infinity, and a finite answer is never
 * matched by NaN or inf. A non-number where the answer has a number → PE. Tokens of the answer that
 * are not numbers ("Case", "#1:") must be equal as text.
 */
import { CHECKER_PRECISION, JudgeStatus } from '@oj/shared';
import { shown } from '../tokens.js';
import { plain } from './text.js';
import { checkTokens, type TokenComparator } from './token-compare.js';
import type { BuiltinCheckerModule } from './types.js';

const DECIMAL = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

/** The number a token spells, or null when it is not one. */
export function parseFloatToken(s: string): number | null {
  if (DECIMAL.test(s)) return Number(s);
  const m = SPECIAL.exec(s);
  if (!m) return null;
  if (m[2]!.toLowerCase() === 'nan') return Number.NaN;
  return m[1] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

/** |found − expected| ≤ eps, or ≤ eps·|expected| (see the module comment). */
export function floatsMatch(expected: number, found: number, eps: number): boolean {
  if (Number.isNaN(expected)) return Number.isNaN(found);
  if (!Number.isFinite(expected)) return found === expected;
  if (!Number.isFinite(found)) return false;
  const scale = Math.max(1, Math.abs(expected));
  return Math.abs(found - expected) <= eps * scale + 1e-15 * scale;
}

function floatComparator(precision: number): TokenComparator {
  const n = Number.isInteger(precision) && precision >= CHECKER_PRECISION.min && precision <= CHECKER_PRECISION.max ? precision : CHECKER_PRECISION.default;
  // The literal, not 10 ** -n (which is off by one ulp for some n).
  const eps = Number(`1e-${n}`);
  return (expected, actual) => {
    const et = expected.text();
    const at = actual.text();
    const e = parseFloatToken(et);
    if (e === null) return et === at ? null : { status: JudgeStatus.WRONG_ANSWER, message: `expected ${shown(et)}, found ${shown(at)}` };
    const a = parseFloatToken(at);
    if (a === null) return { status: JudgeStatus.PRESENTATION_ERROR, message: `expected a number, found ${shown(at)}` };
    if (floatsMatch(e, a, eps)) return null;
    return { status: JudgeStatus.WRONG_ANSWER, message: `expected ${plain(et)}, found ${plain(at)}, error ${Math.abs(a - e).toPrecision(3)} > 1e-${n}` };
  };
}

export const floatsChecker: BuiltinCheckerModule<'floats'> = {
  name: 'floats',
  check: (expected, actual, opts) => checkTokens(expected, actual, floatComparator(opts.precision ?? CHECKER_PRECISION.default)),
};
