/**
 * The similarity check's lexer and comparison, without a server: what a copier changes without changing
 * the program (names, comments, spacing, literals, the order of functions) leaves the tokens or the
 * similarity as they were; different problems and languages are never compared.
 */
import { describe, expect, it } from 'vitest';
import { nearCopy, uniqueProgram } from '@oj/test-fixtures';
import { comparePrograms } from '../src/plagiarism/compare.js';
import { tokenize } from '../src/plagiarism/tokenize.js';

describe('tokenize', () => {
  it('renamed identifiers, other numbers, comments and spacing give the same tokens', () => {
    const a = tokenize('int total = 0; // sum\nfor (int i = 0; i < n; i++) total += a[i] * 2;', 'C++');
    const b = tokenize('#include <cstdio>\n/* copied */ int  s=5;\nfor(int k=1;k<m;k++) s+=arr[k]*0x1F;', 'C++ 17');
    expect(b.tokens).toEqual(a.tokens);
    expect(a.tokens.slice(0, 5)).toEqual(['int', 'I', '=', 'N', ';']);
  });

  it('keeps where each token is, for the side-by-side view', () => {
    const { tokens, regions } = tokenize('x = 1\n# note\nprint(x)', 'Python3');
    expect(tokens).toEqual(['I', '=', 'N', 'print', '(', 'I', ')']);
    expect(regions[3]).toEqual([2, 0, 2, 5]);
  });

  it("Python's floor division is an operator, not a comment", () => {
    expect(tokenize('a // b', 'PyPy 3').tokens).toEqual(['I', '//', 'I']);
  });
});

describe('comparePrograms', () => {
  const base = uniqueProgram(1, 150);
  it('finds a near-copy (renamed, functions reordered) and not a unique program', async () => {
    const pairs = await comparePrograms([
      { submitId: 1, pid: 1, language: 'C++', code: base },
      { submitId: 2, pid: 1, language: 'C++', code: nearCopy(base, 5) },
      { submitId: 3, pid: 1, language: 'C++', code: uniqueProgram(2, 150) },
    ]);
    expect(pairs.map((p) => [p.left, p.right])).toEqual([[1, 2]]);
    expect(pairs[0]!.similarity).toBeGreaterThan(0.8);
    expect(pairs[0]!.fragments.length).toBeGreaterThan(0);
  });

  it('compares only within a problem and a language, and reports progress per group', async () => {
    const seen: [number, number][] = [];
    const pairs = await comparePrograms(
      [
        { submitId: 1, pid: 1, language: 'C++', code: base },
        { submitId: 2, pid: 2, language: 'C++', code: base },
        { submitId: 3, pid: 1, language: 'C', code: base },
        { submitId: 4, pid: 2, language: 'C++', code: base },
      ],
      { onProgress: (done, total) => void seen.push([done, total]) },
    );
    expect(pairs.map((p) => [p.left, p.right])).toEqual([[2, 4]]);
    expect(seen).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });
});
