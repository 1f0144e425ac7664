/** The offset of a page and the page answer, without a database. */
import { describe, expect, it } from 'vitest';
import { pageCountedIfNeeded, pageOf, pageOffset } from '../src/db/page.js';

describe('pageOffset', () => {
  it('skips the rows of the pages before', () => {
    expect(pageOffset(1, 20)).toBe(0);
    expect(pageOffset(2, 20)).toBe(20);
    expect(pageOffset(5, 7)).toBe(28);
  });

  it('reads a page below the first as the first', () => {
    expect(pageOffset(0, 10)).toBe(0);
    expect(pageOffset(-3, 10)).toBe(0);
  });

  it('stays exact for the largest page the schema lets through', () => {
    expect(pageOffset(2_147_483_647, 100)).toBe(214_748_364_600);
  });
});

describe('pageOf', () => {
  it('answers the rows and the counted total', async () => {
    expect(await pageOf(Promise.resolve(['a', 'b']), Promise.resolve([{ n: 7 }]))).toEqual({ records: ['a', 'b'], total: 7 });
  });

  it('takes a total already counted', async () => {
    expect(await pageOf(Promise.resolve([1]), Promise.resolve(3))).toEqual({ records: [1], total: 3 });
  });

  it('reads a count without a row as 0, and keeps an empty page past the end with its total', async () => {
    expect(await pageOf(Promise.resolve([]), Promise.resolve([]))).toEqual({ records: [], total: 0 });
    expect(await pageOf(Promise.resolve([]), Promise.resolve([{ n: 4 }]))).toEqual({ records: [], total: 4 });
  });
});

describe('pageCountedIfNeeded', () => {
  const counter = (n: number) => {
    const calls: number[] = [];
    const count = () => {
      calls.push(1);
      return Promise.resolve([{ n }]);
    };
    return { calls, count };
  };

  it('tells the total of a last page from its rows, without counting', async () => {
    const c = counter(99);
    expect(await pageCountedIfNeeded(Promise.resolve(['a', 'b']), 20, 10, c.count)).toEqual({ records: ['a', 'b'], total: 22 });
    expect(await pageCountedIfNeeded(Promise.resolve([]), 0, 10, c.count)).toEqual({ records: [], total: 0 });
    expect(c.calls).toEqual([]);
  });

  it('counts for a full page and for an empty page past the end', async () => {
    const c = counter(57);
    expect(await pageCountedIfNeeded(Promise.resolve([1, 2]), 0, 2, c.count)).toEqual({ records: [1, 2], total: 57 });
    expect(await pageCountedIfNeeded(Promise.resolve([]), 100, 10, c.count)).toEqual({ records: [], total: 57 });
    expect(c.calls).toHaveLength(2);
  });
});
