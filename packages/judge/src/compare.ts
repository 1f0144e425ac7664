/**
 * Output comparison of the default judge mode (HOJ rules):
 * - exact match → AC; equal once every whitespace byte is removed → PE; otherwise WA;
 * - with `removeEndBlank`, trailing blanks of every line and trailing blank lines of the file are
 *   ignored and a mismatch is WA (no PE in that mode).
 * CRLF and lone CR are normalised to LF on both sides first, and the final newline of a file is
 * optional: `300` and `300\n` are the same output (answers written by hand or on Windows often lack
 * it, and a program may or may not print it). A second trailing newline is a blank line and still
 * counts. Works on bytes (outputs may be large and are not necessarily valid UTF-8).
 * One comparator for judging and the online test run (test-run.ts), so both give the same verdict.
 */
import { JudgeStatus } from '@oj/shared';

export type CompareStatus = typeof JudgeStatus.ACCEPTED | typeof JudgeStatus.PRESENTATION_ERROR | typeof JudgeStatus.WRONG_ANSWER;

export interface CompareOptions {
  removeEndBlank?: boolean;
}

const CR = 0x0d;
const LF = 0x0a;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === LF || c === CR || c === 0x0b || c === 0x0c;
}

function toBuffer(x: Buffer | string): Buffer {
  return typeof x === 'string' ? Buffer.from(x, 'utf8') : x;
}

/** CRLF → LF, lone CR → LF. */
export function normaliseNewlines(b: Buffer): Buffer {
  if (b.indexOf(CR) < 0) return b;
  const out = Buffer.allocUnsafe(b.length);
  let n = 0;
  for (let i = 0; i < b.length; i++) {
    const c = b[i];
    if (c === CR) {
      out[n++] = LF;
      if (b[i + 1] === LF) i++;
    } else out[n++] = c;
  }
  return out.subarray(0, n);
}

/** The file without its final newline, if it has one (after `normaliseNewlines`). */
export function withoutFinalNewline(b: Buffer): Buffer {
  return b.length > 0 && b[b.length - 1] === LF ? b.subarray(0, b.length - 1) : b;
}

/** Trailing spaces/tabs of every line removed, then trailing blank lines of the file. */
export function stripEndBlanks(b: Buffer): Buffer {
  const out = Buffer.allocUnsafe(b.length);
  let n = 0;
  let lineStart = 0;
  for (let i = 0; i <= b.length; i++) {
    if (i === b.length || b[i] === LF) {
      let end = i;
      while (end > lineStart && isSpace(b[end - 1])) end--;
      b.copy(out, n, lineStart, end);
      n += end - lineStart;
      if (i < b.length) out[n++] = LF;
      lineStart = i + 1;
    }
  }
  while (n > 0 && isSpace(out[n - 1])) n--;
  return out.subarray(0, n);
}

function equalIgnoringWhitespace(a: Buffer, b: Buffer): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < a.length && isSpace(a[i])) i++;
    while (j < b.length && isSpace(b[j])) j++;
    if (i === a.length || j === b.length) return i === a.length && j === b.length;
    if (a[i] !== b[j]) return false;
    i++;
    j++;
  }
}

export function compareOutput(expected: Buffer | string, actual: Buffer | string, opts: CompareOptions = {}): CompareStatus {
  const exp = withoutFinalNewline(normaliseNewlines(toBuffer(expected)));
  const act = withoutFinalNewline(normaliseNewlines(toBuffer(actual)));
  if (opts.removeEndBlank) {
    return stripEndBlanks(exp).equals(stripEndBlanks(act)) ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER;
  }
  if (exp.equals(act)) return JudgeStatus.ACCEPTED;
  return equalIgnoringWhitespace(exp, act) ? JudgeStatus.PRESENTATION_ERROR : JudgeStatus.WRONG_ANSWER;
}
