/**
 * `integers`: tokens that must be integers (`[+-]?[0-9]+`, any length: compared as big integers
 * without overflow, so `007` = `7` and `-0` = `0`). A token of the output that is not an integer → PE;
 * one of the answer → System Error (the problem is broken, not the submission).
 */
import { JudgeStatus } from '@oj/shared';
import { shown, type TokenReader } from '../tokens.js';
import { plain } from './text.js';
import { checkTokens } from './token-compare.js';
import type { BuiltinCheckerModule, CheckVerdict } from './types.js';

const INTEGER = /^[+-]?[0-9]+$/;

/** The integer's canonical text: no '+', no leading zeros, no '-0'. */
function canonicalInteger(s: string): string {
  const negative = s[0] === '-';
  const digits = s.replace(/^[+-]/, '').replace(/^0+/, '');
  if (!digits) return '0';
  return negative ? `-${digits}` : digits;
}

function compareIntegers(expected: TokenReader, actual: TokenReader): CheckVerdict | null {
  const e = expected.text();
  const a = actual.text();
  if (!INTEGER.test(e)) return { status: JudgeStatus.SYSTEM_ERROR, message: `the answer file is not made of integers: ${shown(e)}` };
  if (!INTEGER.test(a)) return { status: JudgeStatus.PRESENTATION_ERROR, message: `expected an integer, found ${shown(a)}` };
  return canonicalInteger(e) === canonicalInteger(a) ? null : { status: JudgeStatus.WRONG_ANSWER, message: `expected ${plain(e)}, found ${plain(a)}` };
}

export const integersChecker: BuiltinCheckerModule<'integers'> = {
  name: 'integers',
  check: (expected, actual) => checkTokens(expected, actual, compareIntegers),
};
