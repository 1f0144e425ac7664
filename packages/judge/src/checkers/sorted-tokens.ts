/** `sorted-tokens`: the same tokens as the answer, as a multiset (any order). */
import { JudgeStatus } from '@oj/shared';
import { allTokens, shown } from '../tokens.js';
import { plural } from './text.js';
import type { BuiltinCheckerModule, CheckVerdict } from './types.js';

function occurrences(sorted: string[], token: string): number {
  let n = 0;
  for (const t of sorted) if (t === token) n++;
  return n;
}

const times = (n: number) => `${n} time${n === 1 ? '' : 's'}`;

function checkSortedTokens(expected: Buffer, actual: Buffer): CheckVerdict {
  const e = allTokens(expected);
  const a = allTokens(actual);
  if (e.length !== a.length) return { status: JudgeStatus.WRONG_ANSWER, message: `expected ${plural(e.length)}, found ${a.length}` };
  // Plain code-unit order (latin1 strings: byte order); any total order will do.
  e.sort();
  a.sort();
  for (let i = 0; i < e.length; i++) {
    if (e[i] === a[i]) continue;
    // The smaller of the two is the first token whose counts differ.
    const token = e[i]! < a[i]! ? e[i]! : a[i]!;
    return { status: JudgeStatus.WRONG_ANSWER, message: `expected ${shown(token)} ${times(occurrences(e, token))}, found it ${times(occurrences(a, token))}` };
  }
  return { status: JudgeStatus.ACCEPTED };
}

export const sortedTokensChecker: BuiltinCheckerModule<'sorted-tokens'> = {
  name: 'sorted-tokens',
  check: (expected, actual) => checkSortedTokens(expected, actual),
};
