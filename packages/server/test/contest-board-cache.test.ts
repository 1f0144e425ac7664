/** The per-node board cache: a board folded from settings an admin has just changed is never kept. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestById } from '../src/modules/contest/access.js';
import { contestBoard, forgetBoards } from '../src/modules/contest/board.js';
import { sessionCacheOf } from '../src/lib/session-cache.js';
import { createContest } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { rootToken } from './helpers.js';
import { createProblem } from './judge-helpers.js';

let t: TestApp;
let cid: number;
const variant = { sealed: false, containsEnd: false, removeStar: false };

beforeAll(async () => {
  t = await createTestApp();
  const pid = await createProblem(t, { type: 0 });
  cid = await createContest(t, await rootToken(t), {}, [[pid, 'A']]);
  // The contest's making sends board notices that come back to this node later: heard before the tests.
  await sessionCacheOf(t.database).settled();
});

afterAll(() => t.close());

describe('contest board cache', () => {
  it('serves one board to readers within its lifetime', async () => {
    const c = (await contestById(t.database.db, cid))!;
    const first = contestBoard(t.app.appContext, c, variant);
    expect(contestBoard(t.app.appContext, c, variant)).toBe(first);
    await first;
    expect(contestBoard(t.app.appContext, c, variant)).toBe(first);
  });

  it('does not keep a board whose computation started before the contest changed', async () => {
    const c = (await contestById(t.database.db, cid))!;
    await forgetBoards(t.app.appContext, cid);
    const late = contestBoard(t.app.appContext, c, variant);
    // an admin saves the contest while that board is still being computed
    await forgetBoards(t.app.appContext, cid);
    await late;
    const next = contestBoard(t.app.appContext, c, variant);
    expect(next).not.toBe(late);
    await next;
  });
});
