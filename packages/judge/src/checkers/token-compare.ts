/**
 * The walk shared by the token checkers (tokens, integers, floats, yes-no): the output's token count
 * must equal the answer's (WA otherwise) and the first problem found decides; the message says where,
 * like testlib: "expected 3, found 4 on token 2".
 */
import { JudgeStatus } from '@oj/shared';
import { shown, TokenReader } from '../tokens.js';
import { plural } from './text.js';
import type { CheckVerdict } from './types.js';

/** Compares the current token of the answer with the output's; null when they match. */
export type TokenComparator = (expected: TokenReader, actual: TokenReader) => CheckVerdict | null;

function countRest(r: TokenReader): number {
  while (r.next());
  return r.count;
}

export function checkTokens(expected: Buffer, actual: Buffer, compare: TokenComparator): CheckVerdict {
  const e = new TokenReader(expected);
  const a = new TokenReader(actual);
  for (;;) {
    const x = e.next();
    const y = a.next();
    if (!x && !y) return { status: JudgeStatus.ACCEPTED };
    if (!x || !y) {
      // The number of the one token read (only one side has it), before counting the rest.
      const at = x ? e.count : a.count;
      const what = x ? `the output ended before token ${at}, expected ${shown(e.bytes())}` : `extra token ${at} in the output: ${shown(a.bytes())}`;
      const expectedCount = x ? countRest(e) : e.count;
      const foundCount = y ? countRest(a) : a.count;
      return { status: JudgeStatus.WRONG_ANSWER, message: `expected ${plural(expectedCount)}, found ${foundCount}: ${what}` };
    }
    const v = compare(e, a);
    if (v) return { status: v.status, message: `${v.message} on token ${e.count}` };
  }
}
