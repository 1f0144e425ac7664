/** `yes-no`: every token is YES or NO in any case (`Yes`, `nO`); another word in the output → PE. */
import { JudgeStatus } from '@oj/shared';
import { shown, type TokenReader } from '../tokens.js';
import { checkTokens } from './token-compare.js';
import type { BuiltinCheckerModule, CheckVerdict } from './types.js';

const YES_NO = /^(yes|no)$/i;

function compareYesNo(expected: TokenReader, actual: TokenReader): CheckVerdict | null {
  const e = expected.text();
  const a = actual.text();
  if (!YES_NO.test(e)) return { status: JudgeStatus.SYSTEM_ERROR, message: `the answer file holds ${shown(e)} where YES or NO is expected` };
  if (!YES_NO.test(a)) return { status: JudgeStatus.PRESENTATION_ERROR, message: `expected YES or NO, found ${shown(a)}` };
  return e.toLowerCase() === a.toLowerCase() ? null : { status: JudgeStatus.WRONG_ANSWER, message: `expected ${e.toUpperCase()}, found ${a.toUpperCase()}` };
}

export const yesNoChecker: BuiltinCheckerModule<'yes-no'> = {
  name: 'yes-no',
  check: (expected, actual) => checkTokens(expected, actual, compareYesNo),
};
