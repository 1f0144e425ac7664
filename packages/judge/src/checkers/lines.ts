/**
 * `lines`: the historic comparison (compare.ts): exact → AC, equal without whitespace → PE, else WA;
 * with "remove end blank" trailing blanks and blank lines are ignored and there is no PE. The message
 * names the first line that differs.
 */
import { JudgeStatus } from '@oj/shared';
import { compareOutput, normaliseNewlines, stripEndBlanks, withoutFinalNewline } from '../compare.js';
import { shown } from '../tokens.js';
import { lines } from './text.js';
import type { BuiltinCheckerModule, CheckVerdict } from './types.js';

function checkLines(expected: Buffer, actual: Buffer, removeEndBlank: boolean): CheckVerdict {
  const status = compareOutput(expected, actual, { removeEndBlank });
  if (status === JudgeStatus.ACCEPTED) return { status };
  let exp = withoutFinalNewline(normaliseNewlines(expected));
  let act = withoutFinalNewline(normaliseNewlines(actual));
  if (removeEndBlank) {
    exp = stripEndBlanks(exp);
    act = stripEndBlanks(act);
  }
  const e = exp.length ? lines(exp) : [][Symbol.iterator]();
  const a = act.length ? lines(act) : [][Symbol.iterator]();
  const prefix = status === JudgeStatus.PRESENTATION_ERROR ? 'only whitespace differs; ' : '';
  for (let n = 1; ; n++) {
    const x = e.next();
    const y = a.next();
    if (x.done && y.done) return { status };
    if (x.done) return { status, message: `${prefix}the output has more lines than the answer: line ${n} is ${shown(y.value as Buffer)}` };
    if (y.done) return { status, message: `${prefix}the output ended at line ${n}, expected ${shown(x.value as Buffer)}` };
    if (!(x.value as Buffer).equals(y.value as Buffer)) {
      return { status, message: `${prefix}line ${n} differs: expected ${shown(x.value as Buffer)}, found ${shown(y.value as Buffer)}` };
    }
  }
}

export const linesChecker: BuiltinCheckerModule<'lines'> = {
  name: 'lines',
  check: (expected, actual, opts) => checkLines(expected, actual, opts.removeEndBlank ?? false),
};
