/**
 * The comparators of the default judge mode (a problem's `builtinChecker`), like DMOJ's and
 * testlib's standard checkers but without any program to compile. One function for judging and the
 * online test run. Outputs are bytes; the answer file is trusted to be well formed, and when it is
 * not (an 'integers' answer holding a word) the case is a System Error naming the token, because
 * the problem is broken, not the submission.
 *
 * - `lines`: the historic comparison (compare.ts): exact → AC, equal without whitespace → PE,
 *   else WA; with "remove end blank" trailing blanks and blank lines are ignored and there is no PE.
 * - `tokens`: the whitespace-separated tokens (space, tab, CR, LF, VT, FF) must be equal, in order,
 *   byte for byte; how they are spaced or split into lines does not matter. Never PE.
 * - `integers`: tokens that must be integers (`[+-]?[0-9]+`, any length: compared as big integers
 *   without overflow, so `007` = `7` and `-0` = `0`). A token that is not an integer → PE.
 * - `floats`: a token of the answer that is a number (decimal with optional exponent, or
 *   inf/infinity/nan in any case) matches a number x of the output when |x − a| ≤ 1e-N or
 *   |x − a| ≤ 1e-N·|a| (N = `checkerPrecision`, a tiny 1e-15 slack for binary rounding, like
 *   testlib's doubleCompare); NaN matches only NaN, ±inf only the same infinity, and a finite answer
 *   is never matched by NaN or inf. A non-number where the answer has a number → PE. Tokens of the
 *   answer that are not numbers ("Case", "#1:") must be equal as text.
 * - `yes-no`: every token is YES or NO in any case (`Yes`, `nO`); another word in the output → PE.
 * - `sorted-tokens`: the same tokens as the answer, as a multiset (any order).
 * - `trim-end`: QDUOJ's comparison (JudgeServer compares the MD5 of the output with its end
 *   stripped): the whole output must equal the answer byte for byte once the whitespace at the end
 *   of each is cut (space, tab, CR, LF, VT, FF, like Python's `bytes.rstrip`); CRLF of the answer is
 *   read as LF (QDUOJ rewrites answers so on upload), the output's bytes are taken as they are.
 *   Trailing spaces inside the output (before a line break that is not at the end) count. Never PE.
 *
 * For every token checker the output's token count must equal the answer's (WA otherwise) and the
 * first problem found decides. The message says where, like testlib: "expected 3, found 4 on token 2".
 */
import { type BuiltinChecker, CHECKER_PRECISION, JudgeStatus } from '@oj/shared';
import { compareOutput, normaliseNewlines, stripEndBlanks, withoutFinalNewline, type CompareStatus } from './compare.js';
import { allTokens, shown, TokenReader } from './tokens.js';

export type CheckStatus = CompareStatus | typeof JudgeStatus.SYSTEM_ERROR;

export interface CheckVerdict {
  status: CheckStatus;
  /** Where and how the output differs (none when accepted). */
  message?: string;
}

export interface BuiltinCheckerOptions {
  /** 'lines' only: the problem's "remove end blank". */
  removeEndBlank?: boolean;
  /** 'floats' only: allowed error 1e-N, default 6. */
  precision?: number;
}

const { ACCEPTED: AC, PRESENTATION_ERROR: PE, WRONG_ANSWER: WA, SYSTEM_ERROR: SE } = JudgeStatus;

const toBuffer = (x: Buffer | string) => (typeof x === 'string' ? Buffer.from(x, 'utf8') : x);

export function checkOutput(kind: BuiltinChecker, expected: Buffer | string, actual: Buffer | string, opts: BuiltinCheckerOptions = {}): CheckVerdict {
  const exp = toBuffer(expected);
  const act = toBuffer(actual);
  switch (kind) {
    case 'lines':
      return checkLines(exp, act, opts.removeEndBlank ?? false);
    case 'tokens':
      return checkTokens(exp, act, (e, a) => (e.sameAs(a) ? null : { status: WA, message: `expected ${shown(e.bytes())}, found ${shown(a.bytes())}` }));
    case 'integers':
      return checkTokens(exp, act, compareIntegers);
    case 'floats':
      return checkTokens(exp, act, floatComparator(opts.precision ?? CHECKER_PRECISION.default));
    case 'yes-no':
      return checkTokens(exp, act, compareYesNo);
    case 'sorted-tokens':
      return checkSortedTokens(exp, act);
    case 'trim-end':
      return checkTrimEnd(exp, act);
  }
}

// ---------------------------------------------------------------------------------------------
// lines

function* lines(b: Buffer): Generator<Buffer> {
  let start = 0;
  while (start <= b.length) {
    const end = b.indexOf(0x0a, start);
    if (end < 0) {
      yield b.subarray(start);
      return;
    }
    yield b.subarray(start, end);
    start = end + 1;
  }
}

function checkLines(expected: Buffer, actual: Buffer, removeEndBlank: boolean): CheckVerdict {
  const status = compareOutput(expected, actual, { removeEndBlank });
  if (status === AC) return { status };
  let exp = withoutFinalNewline(normaliseNewlines(expected));
  let act = withoutFinalNewline(normaliseNewlines(actual));
  if (removeEndBlank) {
    exp = stripEndBlanks(exp);
    act = stripEndBlanks(act);
  }
  const e = exp.length ? lines(exp) : [][Symbol.iterator]();
  const a = act.length ? lines(act) : [][Symbol.iterator]();
  const prefix = status === PE ? 'only whitespace differs; ' : '';
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

// ---------------------------------------------------------------------------------------------
// trim-end (QDUOJ)

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

// ---------------------------------------------------------------------------------------------
// token by token

/** Compares the current token of the answer with the output's; null when they match. */
type TokenComparator = (expected: TokenReader, actual: TokenReader) => CheckVerdict | null;

function countRest(r: TokenReader): number {
  while (r.next());
  return r.count;
}

function checkTokens(expected: Buffer, actual: Buffer, compare: TokenComparator): CheckVerdict {
  const e = new TokenReader(expected);
  const a = new TokenReader(actual);
  for (;;) {
    const x = e.next();
    const y = a.next();
    if (!x && !y) return { status: AC };
    if (!x || !y) {
      // The number of the one token read (only one side has it), before counting the rest.
      const at = x ? e.count : a.count;
      const what = x ? `the output ended before token ${at}, expected ${shown(e.bytes())}` : `extra token ${at} in the output: ${shown(a.bytes())}`;
      const expectedCount = x ? countRest(e) : e.count;
      const foundCount = y ? countRest(a) : a.count;
      return { status: WA, message: `expected ${plural(expectedCount)}, found ${foundCount}: ${what}` };
    }
    const v = compare(e, a);
    if (v) return { status: v.status, message: `${v.message} on token ${e.count}` };
  }
}

const plural = (n: number) => `${n} token${n === 1 ? '' : 's'}`;

/** An unquoted value (integers, numbers: ASCII), cut when very long. */
function plain(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

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
  if (!INTEGER.test(e)) return { status: SE, message: `the answer file is not made of integers: ${shown(e)}` };
  if (!INTEGER.test(a)) return { status: PE, message: `expected an integer, found ${shown(a)}` };
  return canonicalInteger(e) === canonicalInteger(a) ? null : { status: WA, message: `expected ${plain(e)}, found ${plain(a)}` };
}

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
    if (e === null) return et === at ? null : { status: WA, message: `expected ${shown(et)}, found ${shown(at)}` };
    const a = parseFloatToken(at);
    if (a === null) return { status: PE, message: `expected a number, found ${shown(at)}` };
    if (floatsMatch(e, a, eps)) return null;
    return { status: WA, message: `expected ${plain(et)}, found ${plain(at)}, error ${Math.abs(a - e).toPrecision(3)} > 1e-${n}` };
  };
}

const YES_NO = /^(yes|no)$/i;

function compareYesNo(expected: TokenReader, actual: TokenReader): CheckVerdict | null {
  const e = expected.text();
  const a = actual.text();
  if (!YES_NO.test(e)) return { status: SE, message: `the answer file holds ${shown(e)} where YES or NO is expected` };
  if (!YES_NO.test(a)) return { status: PE, message: `expected YES or NO, found ${shown(a)}` };
  return e.toLowerCase() === a.toLowerCase() ? null : { status: WA, message: `expected ${e.toUpperCase()}, found ${a.toUpperCase()}` };
}

// ---------------------------------------------------------------------------------------------
// sorted tokens

function occurrences(sorted: string[], token: string): number {
  let n = 0;
  for (const t of sorted) if (t === token) n++;
  return n;
}

const times = (n: number) => `${n} time${n === 1 ? '' : 's'}`;

function checkSortedTokens(expected: Buffer, actual: Buffer): CheckVerdict {
  const e = allTokens(expected);
  const a = allTokens(actual);
  if (e.length !== a.length) return { status: WA, message: `expected ${plural(e.length)}, found ${a.length}` };
  // Plain code-unit order (latin1 strings: byte order); any total order will do.
  e.sort();
  a.sort();
  for (let i = 0; i < e.length; i++) {
    if (e[i] === a[i]) continue;
    // The smaller of the two is the first token whose counts differ.
    const token = e[i]! < a[i]! ? e[i]! : a[i]!;
    return { status: WA, message: `expected ${shown(token)} ${times(occurrences(e, token))}, found it ${times(occurrences(a, token))}` };
  }
  return { status: AC };
}
