/** Demo contests: one running ACM, one ended OI with a board, one scheduled protected; only once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type OiRankRow } from '@oj/shared';
import { seedContests } from '../src/modules/contest/seed.js';
import { seedProblems } from '../src/seed-problems.js';
import { createTestApp, type TestApp } from './harness.js';
import { client } from './client.js';

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
    const list = await client(t).call('contest.list');
    expect(list.data.records.map((c) => [c.title, c.status, c.type, c.auth])).toEqual([
      ['Demo ACM Contest', 0, 0, 0],
      ['Demo Protected Contest', -1, 0, 2],
      ['Demo OI Contest', 1, 1, 0],
    ]);
    const oi = list.data.records[2];
    const board = await client(t).call('contest.outsideRank', { body: { cid: oi.id } });
    expect((board.data.records as OiRankRow[]).map((r) => [r.username, r.rank, r.totalScore])).toEqual([
      ['demo_bob', 1, 200],
      ['demo_ada', 2, 160],
      ['demo_cyd', 3, 80],
    ]);
    const acm = list.data.records[0];
    const info = await client(t).call('contest.outsideInfo', { query: { cid: acm.id } });
    expect(info.data.problemList.map((p) => [p.displayId, p.displayTitle])).toEqual([
      ['A', 'A + B Problem'],
      ['B', expect.any(String)],
    ]);
    expect((await client(t).call('contest.outsideRank', { body: { cid: list.data.records[1].id } })).msg).toBe(MSG.contestRankNotOpen);
  });
});
