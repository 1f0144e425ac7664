/** Demo contests: one running ACM, one ended OI with a board, one scheduled protected; only once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@oj/shared';
import { seedContests } from '../src/modules/contest/seed.js';
import { seedProblems } from '../src/seed-problems.js';
import { createTestApp, type TestApp } from './harness.js';
import { get, post } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seedContests', () => {
  it('does nothing without the demo problems, then creates three contests once', async () => {
    const ctx = { config: t.config, database: t.database };
    expect(await seedContests(ctx)).toBe(0);
    await seedProblems(ctx);
    expect(await seedContests(ctx)).toBe(3);
    expect(await seedContests(ctx)).toBe(0);
    const list = await get(t, '/api/get-contest-list');
    expect(list.data.records.map((c: any) => [c.title, c.status, c.type, c.auth])).toEqual([
      ['Demo ACM Contest', 0, 0, 0],
      ['Demo Protected Contest', -1, 0, 2],
      ['Demo OI Contest', 1, 1, 0],
    ]);
    const oi = list.data.records[2];
    const board = await post(t, '/api/get-contest-outside-scoreboard', { cid: oi.id });
    expect(board.data.records.map((r: any) => [r.username, r.rank, r.totalScore])).toEqual([
      ['demo_bob', 1, 200],
      ['demo_ada', 2, 160],
      ['demo_cyd', 3, 80],
    ]);
    const acm = list.data.records[0];
    const info = await get(t, '/api/get-contest-outsize-info', { query: { cid: String(acm.id) } });
    expect(info.data.problemList.map((p: any) => [p.displayId, p.displayTitle])).toEqual([
      ['A', 'A + B Problem'],
      ['B', expect.any(String)],
    ]);
    expect((await post(t, '/api/get-contest-outside-scoreboard', { cid: list.data.records[1].id })).msg).toBe(MSG.contestRankNotOpen);
  });
});
