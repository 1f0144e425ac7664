/**
 * `trim-end`: QDUOJ's comparison (JudgeServer compares the MD5 of the output with its end stripped):
 * the whole output must equal the answer byte for byte once the whitespace at the end of each is cut
 * (space, tab, CR, LF, VT, FF, like Python's `bytes.rstrip`); CRLF of the answer is read as LF (QDUOJ
 * rewrites answers so on upload), the output's bytes are taken as they are. Trailing spaces inside
 * the output (before a line break that is not at the end) count. Never PE.
 */
import { JudgeStatus } from '@oj/shared';
import { shown } from '../tokens.js';
import { lines } from './text.js';
import type { BuiltinCheckerModule, CheckVerdict } from './types.js';

const { ACCEPTED: AC, WRONG_ANSWER: WA } = JudgeStatus;

const isBlank = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0b || c === 0x0c;

function trimEnd(b: Buffer): Buffer {
  let n = b.length;
  while (n > 0 && isBlank(b[n - 1]!)) n--;
  return b.subarray(0, n);
}

/** CRLF → LF only (QDUOJ's rewrite of an uploaded answer; a lone CR stays). */
function crlfToLf(b: Buffer): Buffer {
  return b.includes('\r\n') ? Buffer.from(b.toString('latin1').replaceAll('\r\n', '\n'), 'latin1') : b;
}

function checkTrimEnd(expected: Buffer, actual: Buffer): CheckVerdict {
  const exp = trimEnd(crlfToLf(expected));
  const act = trimEnd(actual);
  if (exp.equals(act)) return { status: AC };
  const e = lines(exp);
  const a = lines(act);
  for (let n = 1; ; n++) {
    const x = e.next();
    const y = a.next();
    if (x.done && y.done) return { status: WA };
    if (x.done) return { status: WA, message: `the output has more lines than the answer: line ${n} is ${shown(y.value as Buffer)}` };
    if (y.done) return { status: WA, message: `the output ended at line ${n}, expected ${shown(x.value as Buffer)}` };
    if (!(x.value as Buffer).equals(y.value as Buffer)) {
      return { status: WA, message: `line ${n} differs: expected ${shown(x.value as Buffer)}, found ${shown(y.value as Buffer)}` };
    }
  }
}

export const trimEndChecker: BuiltinCheckerModule<'trim-end'> = {
  name: 'trim-end',
  check: (expected, actual) => checkTrimEnd(expected, actual),
};
