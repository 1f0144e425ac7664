/** The side-by-side view's marking of matching fragments: each character in at most one fragment, lines kept whole. */
import { describe, expect, it } from 'vitest';
import { markedLines } from '../src/pages/plagiarism/highlight';

describe('markedLines', () => {
  it('cuts lines into pieces by the fragment covering them, across lines, the first fragment winning', () => {
    const code = 'int a = 1;\nint b = 2;\nreturn a;';
    const lines = markedLines(code, [
      [0, 4, 1, 3],
      [1, 0, 1, 8],
    ]);
    expect(lines[0]).toEqual([
      { text: 'int ', fragment: -1 },
      { text: 'a = 1;', fragment: 0 },
    ]);
    expect(lines[1]).toEqual([
      { text: 'int', fragment: 0 },
      { text: ' b = ', fragment: 1 },
      { text: '2;', fragment: -1 },
    ]);
    expect(lines[2]).toEqual([{ text: 'return a;', fragment: -1 }]);
    // nothing lost: the pieces are the source
    expect(lines.map((l) => l.map((p) => p.text).join('')).join('\n')).toBe(code);
  });

  it('an empty line has no pieces', () => {
    expect(markedLines('a\n\nb', [[0, 0, 2, 1]])).toEqual([[{ text: 'a', fragment: 0 }], [], [{ text: 'b', fragment: 0 }]]);
  });
});
