/**
 * Made-up C++ programs for the plagiarism check's bench and tests: `uniqueProgram` draws functions of random
 * statements and expressions from a seed (two seeds share idioms, not code), `nearCopy` renames every
 * identifier, reorders the functions and adds a few lines, as a copier hiding a copy would.
 */

/** A small seeded generator (mulberry32), so a run is the same every time. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPS = ['+', '-', '*', '/', '%', '^', '&', '|', '<<', '>>'];
const CMP = ['<', '>', '<=', '>=', '==', '!='];

function expr(r: () => number, vars: string[], depth: number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  if (depth === 0 || r() < 0.3) return r() < 0.6 ? pick(vars) : String(Math.floor(r() * 1000));
  const form = r();
  if (form < 0.15) return `(${expr(r, vars, depth - 1)})`;
  if (form < 0.25) return `a[${expr(r, vars, depth - 1)} % N]`;
  if (form < 0.32) return `std::max(${expr(r, vars, depth - 1)}, ${expr(r, vars, depth - 1)})`;
  return `${expr(r, vars, depth - 1)} ${pick(OPS)} ${expr(r, vars, depth - 1)}`;
}

function statement(r: () => number, vars: string[], indent: string, depth: number): string[] {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const form = r();
  const e = () => expr(r, vars, 2 + Math.floor(r() * 2));
  if (depth > 0 && form < 0.15) {
    const i = `i${depth}`;
    return [`${indent}for (int ${i} = 0; ${i} < ${e()}; ${i}++) {`, ...block(r, [...vars, i], `${indent}  `, depth - 1), `${indent}}`];
  }
  if (depth > 0 && form < 0.3) {
    return [
      `${indent}if (${e()} ${pick(CMP)} ${e()}) {`,
      ...block(r, vars, `${indent}  `, depth - 1),
      `${indent}} else {`,
      ...block(r, vars, `${indent}  `, depth - 1),
      `${indent}}`,
    ];
  }
  if (depth > 0 && form < 0.38)
    return [`${indent}while (${pick(vars)} ${pick(CMP)} ${e()}) {`, `${indent}  ${pick(vars)} ${pick(['/=', '>>=', '-='])} 2;`, `${indent}}`];
  if (form < 0.45) return [`${indent}printf("%lld\\n", ${e()});`];
  if (form < 0.52) return [`${indent}a[${e()} % N] = ${e()};`];
  return [`${indent}${pick(vars)} ${pick(['=', '+=', '-=', '^=', '*='])} ${e()};`];
}

function block(r: () => number, vars: string[], indent: string, depth: number): string[] {
  const out: string[] = [];
  const count = 1 + Math.floor(r() * 3);
  for (let k = 0; k < count; k++) out.push(...statement(r, vars, indent, depth));
  return out;
}

/** A program of about `lines` lines: functions f0, f1, … of random statements, and a main calling them. */
export function uniqueProgram(seed: number, lines = 200): string {
  const r = rng(seed);
  const fns: string[][] = [];
  let total = 8;
  for (let f = 0; total < lines - 8; f++) {
    const vars = ['x', 'y', 'z', `s${f}`];
    const body: string[] = [`long long f${f}(long long x, long long y) {`, `  long long z = x ^ y, s${f} = ${f};`];
    while (body.length < 12 + Math.floor(r() * 20)) body.push(...statement(r, vars, '  ', 2));
    body.push(`  return ${expr(r, vars, 2)};`, '}', '');
    fns.push(body);
    total += body.length;
  }
  const calls = fns.map((_, f) => `  acc = f${f}(acc, ${Math.floor(r() * 100)}) % 1000003;`);
  return [
    '#include <bits/stdc++.h>',
    'using namespace std;',
    'const int N = 1000;',
    'long long a[N];',
    '',
    ...fns.flat(),
    'int main() {',
    '  long long acc = 0;',
    '  scanf("%lld", &acc);',
    ...calls,
    '  printf("%lld\\n", acc);',
    '  return 0;',
    '}',
  ].join('\n');
}

/** The program with identifiers renamed, its functions in another order and a few lines added. */
export function nearCopy(code: string, seed: number): string {
  const r = rng(seed);
  const renames = new Map<string, string>();
  const renamed = code.replace(/\b(f\d+|s\d+|i\d+|acc|x|y|z)\b/g, (name) => {
    let to = renames.get(name);
    if (!to) renames.set(name, (to = `${name.replace(/\d+/, '')}v${renames.size}_${seed % 97}`));
    return to;
  });
  // Split at the top-level functions (they end with a line "}" then an empty line), shuffle the functions.
  const parts = renamed.split('\n}\n\n');
  const head = parts.shift()!;
  const tail = parts.pop()!;
  const headLines = head.split('\n');
  const firstFn = headLines.findIndex((l) => l.startsWith('long long ') && l.includes('('));
  const fns = [headLines.slice(firstFn).join('\n'), ...parts];
  for (let k = fns.length - 1; k > 0; k--) {
    const j = Math.floor(r() * (k + 1));
    [fns[k], fns[j]] = [fns[j]!, fns[k]!];
  }
  const decls = fns.map((f) => `${f.split('\n')[0]!.replace(' {', ';')}`);
  return [...headLines.slice(0, firstFn), ...decls, '// helpers', ...fns.map((f) => `${f}\n}\n`), tail, `// checked ${seed}`].join('\n');
}
