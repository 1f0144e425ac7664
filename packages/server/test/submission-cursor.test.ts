/**
 * The status list by keyset cursor: following `nextCursor` / `prevCursor` gives the rows the page
 * numbers give, and a page reached by cursor neither repeats nor skips rows when submissions arrive
 * in between (page numbers shift by the new rows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeSubmissionCursor } from '@oj/shared';
import { createTestApp, type TestApp } from './harness.js';
import { get } from './helpers.js';
import { client, type TypedCall, type TypedInput } from './client.js';
import { createProblem, createSubmitter, drainQueue, submit, testQueue } from './judge-helpers.js';

let t: TestApp;
let pid: number;
let ann: { uid: string; username: string };
let bob: { uid: string; username: string };

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  pid = await createProblem(t, { problemId: 'CUR1' });
  ann = await createSubmitter(t);
  bob = await createSubmitter(t);
  // 12 submissions, ann and bob in turn
  for (let i = 0; i < 12; i++) await submit(t, { pid, user: i % 2 ? bob : ann });
  await drainQueue(t);
});

afterAll(() => t.close());

type Query = NonNullable<TypedInput<'submission.list'>['query']>;
const list = async (query: Query) => {
  const r = await client(t).call('submission.list', { query });
  if (r.status !== 200) throw new Error(`list: ${r.msg}`);
  return r;
};
const idsOf = (r: TypedCall<'submission.list'>) => r.data.records.map((x) => x.submitId);
/** The cursor of a page as the client sends it back (the query takes it as text). */
const cursorQuery = (cursor: string | null | undefined): Query => ({ cursor: cursor ?? undefined });

describe('get-submission-list by cursor', () => {
  it('walks the same pages as the page numbers, forwards and back, with the whole total', async () => {
    const byNumber = [];
    for (let page = 1; page <= 3; page++) byNumber.push(idsOf(await list({ limit: 5, currentPage: page })));
    expect(byNumber.map((p) => p.length)).toEqual([5, 5, 2]);

    const p1 = await list({ limit: 5 });
    const p2 = await list({ limit: 5, ...cursorQuery(p1.data.nextCursor) });
    const p3 = await list({ limit: 5, ...cursorQuery(p2.data.nextCursor) });
    expect([idsOf(p1), idsOf(p2), idsOf(p3)]).toEqual(byNumber);
    expect([p2.data.total, p3.data.total]).toEqual([12, 12]);
    // the last page says there is nothing after it
    expect(p3.data.nextCursor).toBeNull();

    const back2 = await list({ limit: 5, ...cursorQuery(p3.data.prevCursor) });
    const back1 = await list({ limit: 5, ...cursorQuery(back2.data.prevCursor) });
    expect([idsOf(back2), idsOf(back1)]).toEqual([byNumber[1], byNumber[0]]);
    // nothing newer than the newest: an empty page
    expect(idsOf(await list({ limit: 5, ...cursorQuery(back1.data.prevCursor) }))).toEqual([]);
  });

  it('keeps to the filters', async () => {
    const byNumber = [idsOf(await list({ limit: 4, username: ann.username })), idsOf(await list({ limit: 4, username: ann.username, currentPage: 2 }))];
    const p1 = await list({ limit: 4, username: ann.username });
    const p2 = await list({ limit: 4, username: ann.username, ...cursorQuery(p1.data.nextCursor) });
    expect([idsOf(p1), idsOf(p2)]).toEqual(byNumber);
    expect(p2.data.total).toBe(6);
  });

  it('is stable while submissions arrive: no row twice, none skipped', async () => {
    const p1 = await list({ limit: 5 });
    const p2Before = idsOf(await list({ limit: 5, currentPage: 2 }));
    const fresh = [await submit(t, { pid, user: ann }), await submit(t, { pid, user: bob })];
    await drainQueue(t);
    // page numbers now shift by the two new rows…
    expect(idsOf(await list({ limit: 5, currentPage: 2 }))).not.toEqual(p2Before);
    // …the cursor does not
    const p2 = await list({ limit: 5, ...cursorQuery(p1.data.nextCursor) });
    expect(idsOf(p2)).toEqual(p2Before);
    // back from page 2: the rows page 1 showed, not the new ones
    expect(idsOf(await list({ limit: 5, ...cursorQuery(p2.data.prevCursor) }))).toEqual(idsOf(p1));
    // and the new ones are above the old first page
    expect(idsOf(await list({ limit: 5, ...cursorQuery(p1.data.prevCursor) }))).toEqual([...fresh].reverse());
  });

  it('refuses what is not a cursor', async () => {
    for (const cursor of ['x', 'bjA', encodeSubmissionCursor({ dir: 'next', submitId: 1 }).slice(1), '=====']) {
      expect((await get(t, '/api/get-submission-list', { query: { cursor } })).http, cursor).toBe(400);
    }
  });
});
