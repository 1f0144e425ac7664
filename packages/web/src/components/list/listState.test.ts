import { describe, expect, it } from 'vitest';
import { GROUP_LIMITS, PAGE_SIZES, groupRankQuery, problemListQuery, reportListQuery, submissionListQuery, trainingListQuery } from '@oj/shared';
import { parseListState, patchListState, serializeListState } from './listState';

const q = (s: string) => new URLSearchParams(s);

describe('list state in the address bar', () => {
  it('reads a shared link with the types of the endpoint schema and writes it back unchanged', () => {
    // Written in the schema's order of keys.
    const link = 'currentPage=4&limit=50&keyword=a%2Bb&difficulty=2&tagId=3%2C7&auth=2';
    const state = parseListState(problemListQuery, q(link));
    expect(state).toEqual({ currentPage: 4, limit: 50, keyword: 'a+b', difficulty: 2, oj: undefined, tagId: [3, 7], auth: 2 });
    expect(serializeListState(problemListQuery, state).toString()).toBe(link);
  });

  it('gives the defaults for an empty address and writes nothing for them', () => {
    const state = parseListState(problemListQuery, q(''));
    expect(state.currentPage).toBe(1);
    expect(state.limit).toBe(PAGE_SIZES.problemList);
    expect(serializeListState(problemListQuery, state).toString()).toBe('');
  });

  it('lets each bad value fall back on its own and keeps the good ones', () => {
    const state = parseListState(problemListQuery, q('currentPage=abc&limit=-5&difficulty=9&auth=x&tagId=1,zz&keyword=ok'));
    expect(state).toMatchObject({ currentPage: 1, limit: PAGE_SIZES.problemList, difficulty: undefined, auth: undefined, tagId: undefined, keyword: 'ok' });
    // Blank is no filter (a coerced '' would be 0, a real status).
    expect(parseListState(submissionListQuery, q('status=&currentPage=0')).status).toBeUndefined();
    expect(parseListState(trainingListQuery, q('auth=Nope&categoryId=-1')).auth).toBeUndefined();
  });

  it('keeps the page size among the pager options when the page names them', () => {
    const sizes = { pageSizes: PAGE_SIZES.options };
    expect(parseListState(submissionListQuery, q('limit=37'), {}, sizes).limit).toBe(PAGE_SIZES.submissionList);
    expect(parseListState(submissionListQuery, q(`limit=${PAGE_SIZES.options.at(-1)}`), {}, sizes).limit).toBe(PAGE_SIZES.options.at(-1));
  });

  it('reads the old `page` parameter and writes `currentPage` instead', () => {
    const defaults = { type: 0 as const };
    const state = parseListState(groupRankQuery, q('type=1&page=2&limit=2'), defaults);
    expect(state).toMatchObject({ currentPage: 2, limit: 2, type: 1 });
    const next = patchListState(state, { currentPage: 3 });
    expect(serializeListState(groupRankQuery, next, defaults, q('type=1&page=2&limit=2')).toString()).toBe('currentPage=3&limit=2&type=1');
    // The page's own default (ACM) for a key the schema requires, and not written back.
    expect(parseListState(groupRankQuery, q('type=7'), defaults).type).toBe(0);
    expect(serializeListState(groupRankQuery, { ...state, type: 0, limit: GROUP_LIMITS.rankPageSize }, defaults).toString()).toBe('currentPage=2');
  });

  it('starts again at page 1 when a filter or the page size changes, not when the page does', () => {
    const state = parseListState(problemListQuery, q('currentPage=5&keyword=x'));
    const filtered = patchListState(state, { difficulty: 1 });
    expect(serializeListState(problemListQuery, filtered).toString()).toBe('keyword=x&difficulty=1');
    const resized = patchListState(state, { limit: 50 });
    expect(serializeListState(problemListQuery, resized).toString()).toBe('limit=50&keyword=x');
    const paged = patchListState(state, { currentPage: 6 });
    expect(serializeListState(problemListQuery, paged).toString()).toBe('currentPage=6&keyword=x');
    // Clearing a filter: undefined goes back to the default and leaves the address.
    expect(serializeListState(problemListQuery, patchListState(state, { keyword: undefined })).toString()).toBe('');
  });

  it('keeps keys the schema does not know and drops unset flags', () => {
    const base = q('l=en-US&admin=true&onlyMine=true');
    const state = patchListState(parseListState(submissionListQuery, base), { onlyMine: false });
    expect(serializeListState(submissionListQuery, state, {}, base).toString()).toBe('l=en-US&admin=true');
  });

  it("keeps a second list's keys under its prefix, apart from the first list's", () => {
    const second = { prefix: 'report' };
    const base = q('currentPage=3&status=1&reportPage=2');
    const state = parseListState(reportListQuery, base, {}, second);
    expect(state).toMatchObject({ currentPage: 2, status: undefined });
    // Its own filter starts its own page again; the first list's page and filter stay.
    const next = patchListState(state, { status: true });
    expect(serializeListState(reportListQuery, next, {}, base, second).toString()).toBe('currentPage=3&status=1&reportStatus=true');
    // The old `page` name is the first list's only.
    expect(parseListState(reportListQuery, q('page=4'), {}, second).currentPage).toBe(1);
  });
});
