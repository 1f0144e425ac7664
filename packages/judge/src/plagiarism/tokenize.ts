/**
 * A small lexer per language family for the similarity check, in the spirit of Dolos' tokens: what a
 * copier changes without changing the program is normalised away. Identifiers become `I` (renaming
 * changes nothing), number literals `N`, string and character literals `S`; keywords and operators stay
 * as they are (they are the program's shape); comments, whitespace and C preprocessor lines are dropped.
 * Each token keeps where it is in the source, so matching fragments can be shown.
 *
 * Why not tree-sitter: Dolos' own tokenizer needs native grammars built at install, and the WASM builds
 * must match web-tree-sitter's ABI version by version; a lexer is a few hundred lines with no dependency,
 * runs 500 sources of 200 lines in well under a second, and reordered functions and renamed identifiers
 * are what Winnowing over its tokens already finds.
 */

/** A token's place: start line, start column, end line, end column (0-based; the end column is exclusive). */
export type TokenRegion = [number, number, number, number];

export interface Tokens {
  tokens: string[];
  regions: TokenRegion[];
}

type Family = 'c' | 'python' | 'ruby' | 'pascal' | 'haskell';

const C_KEYWORDS =
  'auto break case char class const continue default delete do double else enum extern float for goto if inline int long new private protected public register return short signed sizeof static struct switch template this throw try catch typedef typename union unsigned using virtual void volatile while bool true false nullptr namespace operator friend boolean byte extends final finally implements import instanceof interface package super synchronized throws var val fun when is in object override func go chan defer fallthrough map range select type let const function of yield async await null undefined fn mut impl trait pub use mod match loop where self Self crate echo foreach elseif string int64 float64';
const PYTHON_KEYWORDS =
  'and as assert async await break class continue def del elif else except False finally for from global if import in is lambda None nonlocal not or pass raise return True try while with yield print range len input int str float list dict set tuple map';
const RUBY_KEYWORDS =
  'alias and begin break case class def defined do else elsif end ensure false for if in module next nil not or redo rescue retry return self super then true undef unless until when while yield puts gets print each times map';
const PASCAL_KEYWORDS =
  'and array begin case const div do downto else end file for function goto if in label mod nil not of or packed procedure program record repeat set then to type until var while with integer longint int64 real boolean char string readln writeln read write uses';
const HASKELL_KEYWORDS =
  'case class data default deriving do else if import in infix infixl infixr instance let module newtype of then type where main getLine putStrLn print read show map foldr foldl';

const KEYWORDS: Record<Family, Set<string>> = {
  c: new Set(C_KEYWORDS.split(' ')),
  python: new Set(PYTHON_KEYWORDS.split(' ')),
  ruby: new Set(RUBY_KEYWORDS.split(' ')),
  pascal: new Set(PASCAL_KEYWORDS.split(' ')),
  haskell: new Set(HASKELL_KEYWORDS.split(' ')),
};

/** The lexer family of a judge language name (as stored with submissions: `C++ 17`, `Python3`, `PyPy 3`, …). */
export function familyOf(language: string): Family {
  const l = language.toLowerCase();
  if (l.includes('python') || l.includes('pypy')) return 'python';
  if (l.includes('ruby')) return 'ruby';
  if (l.includes('pascal')) return 'pascal';
  if (l.includes('haskell')) return 'haskell';
  return 'c';
}

/** Operators of two or three characters kept as one token (longest first). */
const OPERATORS = [
  '>>>=',
  '<<=',
  '>>=',
  '...',
  '->*',
  '<=>',
  '===',
  '!==',
  '**=',
  '//=',
  '::',
  '->',
  '++',
  '--',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
  '&&',
  '||',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  ':=',
  '**',
  '//',
  '=>',
  '<-',
  '..',
];

const isIdentStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '$' || c > '\x7f';
const isIdentPart = (c: string) => isIdentStart(c) || (c >= '0' && c <= '9');
const isDigit = (c: string) => c >= '0' && c <= '9';

export function tokenize(code: string, language: string): Tokens {
  const family = familyOf(language);
  const keywords = KEYWORDS[family];
  const hashComments = family === 'python' || family === 'ruby';
  const tokens: string[] = [];
  const regions: TokenRegion[] = [];
  let i = 0;
  let line = 0;
  let lineStart = 0;
  const n = code.length;
  const push = (tok: string, start: number, startLine: number, startLineStart: number) => {
    tokens.push(tok);
    regions.push([startLine, start - startLineStart, line, i - lineStart]);
  };
  /** Moves to `to`, counting the lines passed. */
  const advance = (to: number) => {
    for (; i < to && i < n; i++) {
      if (code.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
  };
  let atLineStart = true;
  while (i < n) {
    const c = code[i]!;
    if (c === '\n') {
      advance(i + 1);
      atLineStart = true;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
      i++;
      continue;
    }
    const first = atLineStart;
    atLineStart = false;
    // Comments and preprocessor lines.
    if (family === 'c' && first && c === '#') {
      // a directive runs to the end of the line (a trailing backslash continues it)
      let j = i;
      while (j < n && !(code[j] === '\n' && code[j - 1] !== '\\')) j++;
      advance(j);
      continue;
    }
    if (
      (hashComments && c === '#') ||
      (family === 'haskell' && code.startsWith('--', i)) ||
      (family !== 'python' && family !== 'ruby' && code.startsWith('//', i))
    ) {
      const j = code.indexOf('\n', i);
      advance(j < 0 ? n : j);
      continue;
    }
    const block =
      family === 'pascal'
        ? code.startsWith('(*', i)
          ? '*)'
          : c === '{'
            ? '}'
            : null
        : family === 'haskell'
          ? code.startsWith('{-', i)
            ? '-}'
            : null
          : family === 'c' && code.startsWith('/*', i)
            ? '*/'
            : null;
    if (block) {
      const j = code.indexOf(block, i + 2);
      advance(j < 0 ? n : j + block.length);
      continue;
    }
    const startLine = line;
    const startLineStart = lineStart;
    const start = i;
    if (isIdentStart(c)) {
      let j = i + 1;
      while (j < n && isIdentPart(code[j]!)) j++;
      const word = code.slice(i, j);
      i = j;
      push(keywords.has(family === 'pascal' ? word.toLowerCase() : word) ? word : 'I', start, startLine, startLineStart);
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(code[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < n && (isIdentPart(code[j]!) || code[j] === '.' || ((code[j] === '+' || code[j] === '-') && /[eEpP]/.test(code[j - 1]!)))) j++;
      i = j;
      push('N', start, startLine, startLineStart);
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      // Python's triple quotes; otherwise up to the closing quote, skipping escapes.
      const triple = family === 'python' && code.startsWith(c.repeat(3), i);
      const close = triple ? c.repeat(3) : c;
      let j = i + close.length;
      while (j < n && !code.startsWith(close, j)) {
        if (code[j] === '\\') j++;
        else if (code[j] === '\n' && !triple && c !== '`') break;
        j++;
      }
      advance(Math.min(n, j + close.length));
      push('S', start, startLine, startLineStart);
      continue;
    }
    const op = OPERATORS.find((o) => code.startsWith(o, i));
    i += op ? op.length : 1;
    push(op ?? c, start, startLine, startLineStart);
  }
  return { tokens, regions };
}
