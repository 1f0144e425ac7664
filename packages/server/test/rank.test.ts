import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, Role } from '@oj/shared';
import { putSetting } from '../src/lib/site-config.js';
import type { AppContext } from '../src/context.js';
import { clearRankCache } from '../src/modules/rank/service.js';
import { TtlCache } from '../src/modules/rank/ttl-cache.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, rootToken } from './helpers.js';
import { client, type TypedInput } from './client.js';
import { acceptedResult, createProblem, FakeJudge, testQueue } from './judge-helpers.js';

let t: TestApp;
let judge: FakeJudge;
const tokens: Record<string, string> = {};
const display: Record<string, string> = {};

/** Submits through the API and lets the fake judge give the verdict. */
async function judged(user: string, problem: string, status: number, score: number | null = null): Promise<number> {
  const r = await client(t, tokens[user]).call('submission.submit', { body: { pid: display[problem], language: 'C', code: 'int main(){}' } });
  if (r.status !== 200) throw new Error(`submit: ${r.msg}`);
  const task = await judge.take();
  const res = await judge.result(task, { ...acceptedResult(1), status, score });
  if (res.status !== 200) throw new Error(`result: ${res.msg}`);
  return r.data.submitId;
}

const rank = async (query: TypedInput<'rank.list'>['query']) => {
  clearRankCache(t.app.appContext);
  return client(t).call('rank.list', { query });
};

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  judge = await FakeJudge.start(t, 'rj');
  for (const name of ['amy', 'ben', 'cat', 'dan']) {
    await createUser(t, { username: name });
    tokens[name] = await login(t, name);
  }
  // ACM problems of difficulty 1 and 3, an OI problem of difficulty 2
  for (const [key, o] of [
    ['a1', { difficulty: 1 }],
    ['a2', { difficulty: 3 }],
    ['oi', { difficulty: 2, type: 1 }],
  ] as const) {
    const pid = await createProblem(t, { problemId: `R${key.toUpperCase()}`, ...o });
    display[key] = `R${key.toUpperCase()}`;
    expect(pid).toBeGreaterThan(0);
  }
  // amy: 2 AC in 3 submissions; ben: 2 AC in 2; cat: 1 AC; dan: only a WA
  await judged('amy', 'a1', JudgeStatus.WRONG_ANSWER);
  await judged('amy', 'a1', JudgeStatus.ACCEPTED);
  await judged('amy', 'a2', JudgeStatus.ACCEPTED);
  await judged('ben', 'a1', JudgeStatus.ACCEPTED);
  await judged('ben', 'a2', JudgeStatus.ACCEPTED);
  await judged('cat', 'a1', JudgeStatus.ACCEPTED);
  await judged('dan', 'a1', JudgeStatus.WRONG_ANSWER);
  // OI: cat 100 (best of 40 and 100), dan 50, amy 0
  await judged('cat', 'oi', JudgeStatus.PARTIAL_ACCEPTED, 40);
  await judged('cat', 'oi', JudgeStatus.ACCEPTED, 100);
  await judged('dan', 'oi', JudgeStatus.PARTIAL_ACCEPTED, 50);
  await judged('amy', 'oi', JudgeStatus.WRONG_ANSWER, 0);
});

afterAll(() => t.close());

describe('OI rank score', () => {
  it('is stored with the verdict: 0.1 × score + 2 × difficulty, nothing for a zero score', async () => {
    const rows = await t.database.db.execute<{ username: string; score: number | null; oi_rank_score: number | null }>(
      sql`select username, score, oi_rank_score from judge where display_pid = 'ROI' order by submit_id`,
    );
    expect(rows.rows.map((r) => [r.username, r.score, r.oi_rank_score])).toEqual([
      ['cat', 40, 8],
      ['cat', 100, 14],
      ['dan', 50, 9],
      ['amy', 0, 0],
    ]);
    // ACM verdicts carry no score, so no rank score either
    const acm = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from judge where display_pid <> 'ROI' and oi_rank_score is not null`);
    expect(acm.rows[0]!.n).toBe(0);
  });
});

describe('get-rank-list', () => {
  it('orders the ACM list by AC desc, then submissions asc', async () => {
    const r = await rank({ type: 0 });
    expect(r.status).toBe(200);
    // ben (2 AC, 2 submissions), cat (2 AC: RA1 and ROI, 3), amy (2 AC, 4), dan (no AC)
    expect(r.data.records.map((x) => [x.rank, x.username, x.ac, x.total])).toEqual([
      [1, 'ben', 2, 2],
      [2, 'cat', 2, 3],
      [3, 'amy', 2, 4],
      [4, 'dan', 0, 2],
    ]);
    expect(r.data.records[0]).toMatchObject({ ac: 2, total: 2, rank: 1, nickname: null, avatar: null });
    expect(r.data.total).toBe(4);
  });

  it('orders the OI list by score desc and accepts the type by name', async () => {
    // the name is text, where the typed query takes the number it stands for
    clearRankCache(t.app.appContext);
    const r = await get(t, '/api/get-rank-list', { query: { type: 'OI' } });
    expect(r.data.records.map((x: { username: string; score: number }) => [x.username, x.score])).toEqual([
      ['cat', 14],
      ['dan', 9],
      ['ben', 0],
      ['amy', 0],
    ]);
  });

  it('pages and searches by username or nickname, keeping the place in the whole list', async () => {
    const p2 = await rank({ type: 0, currentPage: 2, limit: 2 });
    expect(p2.data.records.map((x) => [x.rank, x.username])).toEqual([
      [3, 'amy'],
      [4, 'dan'],
    ]);
    expect(p2.data.total).toBe(4);
    await t.database.db.execute(sql`update user_info set nickname = 'Dandelion' where username = 'dan'`);
    const s = await rank({ type: 0, searchUser: 'DANDEL' });
    expect(s.data.records.map((x) => [x.rank, x.username, x.nickname])).toEqual([[4, 'dan', 'Dandelion']]);
    expect((await rank({ type: 0, searchUser: 'AM' })).data.records.map((x) => x.username)).toEqual(['amy']);
    expect((await rank({ type: 0, searchUser: '%' })).data.total).toBe(0);
  });

  it('leaves out disabled users, contest submissions and users without submissions', async () => {
    await createUser(t, { username: 'eve' });
    await t.database.db.execute(sql`update user_info set status = 1 where username = 'dan'`);
    await t.database.db.execute(
      sql`insert into judge (pid, display_pid, uid, username, status, language, code, cid)
          select pid, display_pid, uid, username, 0, language, code, 7 from judge where username = 'ben' limit 1`,
    );
    const r = await rank({ type: 0 });
    expect(r.data.records.map((x) => x.username)).toEqual(['ben', 'cat', 'amy']);
    expect(r.data.records[0].total).toBe(2);
    await t.database.db.execute(sql`update user_info set status = 0 where username = 'dan'`);
  });

  it('rejects bad input with 400', async () => {
    for (const query of <Record<string, string>[]>[
      {},
      { type: '2' },
      { type: 'x' },
      { type: '0', limit: '1000' },
      { type: '0', currentPage: '0' },
      { type: '0', searchUser: 'x'.repeat(300) },
    ]) {
      const r = await get(t, '/api/get-rank-list', { query });
      expect(r.http, JSON.stringify(query)).toBe(400);
      expect(r.msg).toMatch(/type|limit|currentPage|searchUser/);
    }
  });

  it('is cached for a while, so a new verdict shows after the cache is renewed', async () => {
    const before = await rank({ type: 0 });
    await judged('dan', 'a2', JudgeStatus.ACCEPTED);
    const cached = await client(t).call('rank.list', { query: { type: 0 } });
    expect(cached.data).toEqual(before.data);
    const fresh = await rank({ type: 0 });
    expect(fresh.data.records.find((x) => x.username === 'dan')?.ac).toBe(1);
  });
});

describe('user home statistics', () => {
  it('lists solved problems and groups them by difficulty; the score is the OI rank sum', async () => {
    const r = await client(t).call('account.homeInfo', { query: { username: 'cat' } });
    expect(r.status).toBe(200);
    expect(r.data.solvedList).toEqual(['RA1', 'ROI']);
    expect(r.data.solvedGroupByDifficulty).toEqual({ '1': ['RA1'], '2': ['ROI'] });
    expect(r.data.score).toBe(14);
    expect(r.data.scoreList).toEqual([14]);
    expect(r.data.total).toBe(3);
    const amy = await client(t).call('account.homeInfo', { query: { username: 'amy' } });
    expect(amy.data.solvedGroupByDifficulty).toEqual({ '1': ['RA1'], '3': ['RA2'] });
    expect((await client(t).call('account.homeInfo', { query: { username: 'nobody' } })).status).toBe(400);
  });
});

describe('cancel by the super admin', () => {
  it('clears the score and rank score and records the admin; others may not', async () => {
    const submitId = await judged('dan', 'oi', JudgeStatus.PARTIAL_ACCEPTED, 30);
    const q = { submitId };
    await createUser(t, { username: 'adm', roles: [Role.ADMIN] });
    const adm = await login(t, 'adm');
    expect((await client(t, tokens.dan).call('submission.cancel', { query: q })).http).toBe(403);
    expect((await client(t, adm).call('submission.cancel', { query: q })).http).toBe(403);
    const root = await rootToken(t);
    const c = await client(t, root).call('submission.cancel', { query: q });
    expect(c.data).toMatchObject({ status: JudgeStatus.CANCELLED, score: null, oiRankScore: null, isManual: true, judger: 'root' });
  });
});

describe('TtlCache', () => {
  it('computes once per period, then serves the old value while one recomputation runs', async () => {
    let n = 0;
    let release: () => void = () => {};
    const cache = new TtlCache<number>(50, async () => {
      n += 1;
      if (n === 2) await new Promise<void>((r) => (release = r));
      return n;
    });
    const ctx = {} as AppContext;
    expect(await Promise.all([cache.get(ctx), cache.get(ctx)])).toEqual([1, 1]);
    expect(n).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    // expired: the old value at once, a single recomputation behind it
    expect(await Promise.all([cache.get(ctx), cache.get(ctx)])).toEqual([1, 1]);
    expect(n).toBe(2);
    release();
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.get(ctx)).toBe(2);
    expect(await cache.get(ctx, '', true)).toBe(3);
  });
});
