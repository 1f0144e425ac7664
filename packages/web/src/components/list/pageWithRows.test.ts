import { describe, expect, it } from 'vitest';
import { pageWithRows } from './pageWithRows';

describe('a list page that came back empty', () => {
  it('deleting every row of a later page goes back one page', () => {
    // 21 rows, 10 a page: the one row of page 3 deleted leaves 20.
    expect(pageWithRows(3, 0, 20, 10)).toBe(2);
    // 14 rows: the four of page 2 deleted leave 10.
    expect(pageWithRows(2, 0, 10, 10)).toBe(1);
  });

  it('an old link far past the end lands on the last page with rows', () => {
    expect(pageWithRows(9, 0, 11, 10)).toBe(2);
    expect(pageWithRows(9, 0, 0, 10)).toBe(1);
  });

  it('stays when rows are on show, and on the first page', () => {
    expect(pageWithRows(3, 1, 21, 10)).toBe(3);
    expect(pageWithRows(1, 0, 0, 10)).toBe(1);
  });

  it('moves back even when the total still counts rows on the empty page, so it cannot loop', () => {
    expect(pageWithRows(3, 0, 30, 10)).toBe(2);
    expect(pageWithRows(2, 0, 5, 0)).toBe(1);
  });
});
