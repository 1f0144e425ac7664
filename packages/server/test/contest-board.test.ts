/** Scoreboards through the API: who sees the sealed or real board, pinning, search, stars, outside board. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JudgeStatus as S, MSG, Role, type AcmRankRow, type OiRankRow } from '@oj/shared';
import { users } from '../src/db/schema/index.js';
import { createContest, insertContestSubmission, isoAt as iso, MIN } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, post, rootToken, uidOf } from './helpers.js';
import { client, type TypedCall, type TypedInput } from './client.js';
import { createProblem } from './judge-helpers.js';

let t: TestApp;
let root: string;
let padmin: string;
let alice: string;
let bob: string;
let dina: string;
const uids: Record<string, string> = {};
let pA: number;
let pB: number;
let oiP: number;

const start = Date.now() - 100 * MIN;
const base = (o: Record<string, unknown> = {}) => ({
  title: 'Board',
  description: 'x',
  startTime: iso(start),
  endTime: iso(start + 200 * MIN),
  type: 0,
  auth: 0,
  ...o,
});

const contest = (o: Record<string, unknown>, problems: [number, string][]) => createContest(t, padmin, base(o), problems);

/** A judged submission made `min` minutes after the start. */
const judged = (cid: number, username: string, pid: number, status: number, min: number, o: { score?: number; time?: number } = {}) =>
  insertContestSubmission(t, {
    cid,
    pid,
    uid: uids[username]!,
    username,
    status,
    score: o.score ?? null,
    time: o.time ?? 10,
    submitTime: new Date(start + min * MIN),
  });

type RankBody = TypedInput<'contest.rank'>['body'];
type Board = TypedCall<'contest.rank'>;
const rank = (token: string | null, body: RankBody) => client(t, token).call('contest.rank', { body });
const outside = (token: string | null, body: RankBody) => client(t, token).call('contest.outsideRank', { body });
const names = (r: Board) => r.data.records.map((x) => [x.username, x.rank]);
/** The rows of an ACM board. */
const acmRows = (r: Board) => r.data.records as AcmRankRow[];

let acm: number;

beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
  await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  for (const u of ['alice', 'bob', 'carl', 'dina', 'star']) uids[u] = await createUser(t, { username: u });
  for (const u of ['padmin', 'root']) uids[u] = await uidOf(t, u);
  await t.database.db.update(users).set({ school: 'North High', realname: 'Carl C' }).where(eq(users.username, 'carl'));
  [padmin, alice, bob, dina] = await Promise.all(['padmin', 'alice', 'bob', 'dina'].map((u) => login(t, u)));
  pA = await createProblem(t, { problemId: 'P4000', type: 0 });
  pB = await createProblem(t, { problemId: 'P4001', type: 0 });
  oiP = await createProblem(t, { problemId: 'P4002', type: 1 });
  // sealed from 80 minutes after the start (20 minutes ago), awards: 1 gold
  acm = await contest(
    {
      sealRank: true,
      sealRankTime: iso(start + 80 * MIN),
      starAccount: ['star'],
      awardType: 2,
      awardConfigList: [{ priority: 1, name: 'Gold', background: '#e6bf25', color: '#fff', num: 1 }],
    },
    [
      [pA, 'A'],
      [pB, 'B'],
    ],
  );
  await judged(acm, 'alice', pA, S.WRONG_ANSWER, 5);
  await judged(acm, 'alice', pA, S.ACCEPTED, 10); // 600 + 1200
  await judged(acm, 'alice', pB, S.ACCEPTED, 90); // after the seal: 5400
  await judged(acm, 'bob', pA, S.ACCEPTED, 20); // 1200
  await judged(acm, 'carl', pA, S.COMPILE_ERROR, 30);
  await judged(acm, 'carl', pA, S.ACCEPTED, 40); // 2400
  await judged(acm, 'dina', pB, S.WRONG_ANSWER, 50);
  await judged(acm, 'star', pA, S.ACCEPTED, 1);
  await judged(acm, 'star', pB, S.ACCEPTED, 2);
  await judged(acm, 'padmin', pA, S.ACCEPTED, 1); // the creator tests: not on the board
  await judged(acm, 'root', pA, S.ACCEPTED, 1);
});

afterAll(() => t.close());

describe('ACM board through the API', () => {
  it('shows participants the sealed board, with their own row pinned on top', async () => {
    const r = await rank(alice, { cid: acm });
    expect(r.status).toBe(200);
    expect(r.data.sealed).toBe(true);
    // alice pinned, then the full list: star first (-1), bob 1200, alice 1800, carl 2400, dina 0
    expect(names(r)).toEqual([
      ['alice', 2],
      ['star', -1],
      ['bob', 1],
      ['alice', 2],
      ['carl', 3],
      ['dina', 4],
    ]);
    expect(r.data.total).toBe(6);
    expect(r.data.pinned).toBe(1);
    const aliceRow = r.data.records[0];
    expect(aliceRow).toMatchObject({ ac: 1, totalTime: 1800 });
    expect(aliceRow.submissionInfo.B).toMatchObject({ isAC: false, tryNum: 1 });
    expect(aliceRow.submissionInfo.A).toMatchObject({ isAC: true, errorNum: 1, ACTime: 600 });
    const bobRow = r.data.records[2];
    expect(bobRow).toMatchObject({ isWinAward: true, awardName: 'Gold' });
    expect(r.data.records[1]).toMatchObject({ isWinAward: false });
    // star's A at minute 1 is the earliest AC: first blood is not reserved for official rows
    expect(acmRows(r)[1]!.submissionInfo.A!.isFirstAC).toBe(true);
  });

  it('gives the contest admin the real board', async () => {
    for (const token of [padmin, root]) {
      const r = await rank(token, { cid: acm, removeStar: true, forceRefresh: true });
      expect(r.data.sealed).toBe(false);
      expect(names(r)).toEqual([
        ['alice', 1],
        ['bob', 2],
        ['carl', 3],
        ['dina', 4],
      ]);
      expect(r.data.records[0]).toMatchObject({ ac: 2, totalTime: 1800 + 5400, awardName: 'Gold' });
    }
  });

  it('pins concerned users, searches by school or shown name, pages', async () => {
    const c = await rank(bob, { cid: acm, concernedList: [uids.dina, uids.bob, 'nobody'], removeStar: true });
    expect(names(c).slice(0, 3)).toEqual([
      ['bob', 1],
      ['dina', 4],
      ['bob', 1],
    ]);
    expect(c.data.total).toBe(6);
    expect(c.data.pinned).toBe(2);
    // schools are the contest staff's to search: a participant finds nobody by carl's
    const school = await rank(padmin, { cid: acm, keyword: 'north', removeStar: true });
    expect(names(school)).toEqual([['carl', 3]]);
    expect(names(await rank(bob, { cid: acm, keyword: 'north', removeStar: true }))).toEqual([['bob', 1]]);
    const byName = await rank(bob, { cid: acm, keyword: 'DIN' });
    expect(names(byName)).toEqual([
      ['bob', 1],
      ['dina', 4],
    ]);
    const paged = await rank(bob, { cid: acm, currentPage: 2, limit: 2 });
    expect(names(paged)).toEqual([
      ['bob', 1],
      ['alice', 2],
    ]);
    // a page larger than the board allows is refused by the body's schema
    expect((await post(t, '/api/get-contest-rank', { cid: acm, limit: 301 }, { token: bob })).http).toBe(400);
    expect((await rank(null, { cid: acm })).http).toBe(401);
  });

  it('shows real names and schools to the contest staff only, inside and outside, a real-name board included', async () => {
    const cid = await contest({ openRank: true, rankShowName: 'realname' }, [[pA, 'A']]);
    await judged(cid, 'carl', pA, S.ACCEPTED, 5);
    const carlOf = (r: Board) => r.data.records.find((x) => x.username === 'carl');
    for (const [who, r] of [
      ['bob inside', await rank(bob, { cid })],
      ['bob outside', await outside(bob, { cid })],
      ['visitor outside', await outside(null, { cid })],
    ] as const) {
      expect(carlOf(r), who).toMatchObject({ realname: null, school: null, showName: 'carl' });
      expect(JSON.stringify(r.data), who).not.toMatch(/Carl C|North High/);
    }
    expect(names(await rank(bob, { cid, keyword: 'carl c' }))).toEqual([]);
    for (const r of [await rank(padmin, { cid }), await outside(padmin, { cid }), await rank(root, { cid })]) {
      expect(carlOf(r)).toMatchObject({ realname: 'Carl C', school: 'North High', showName: 'Carl C' });
    }
  });

  it('serves a board 5 s, a stale one while recomputing up to 15 s, and never an older one', async () => {
    const cid = await contest({}, [[pA, 'A']]);
    const acOf = async () => acmRows(await rank(dina, { cid })).find((r) => r.username === 'carl')?.ac;
    await judged(cid, 'carl', pA, S.WRONG_ANSWER, 5);
    expect(await acOf()).toBe(0);
    await judged(cid, 'carl', pA, S.ACCEPTED, 6);
    expect(await acOf()).toBe(0); // cached
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(now + 6000);
      expect(await acOf()).toBe(0); // stale, while one recomputation runs
      await expect.poll(acOf).toBe(1);
      const again = await contest({}, [[pA, 'A']]);
      await judged(again, 'carl', pA, S.WRONG_ANSWER, 5);
      expect(acmRows(await rank(dina, { cid: again }))[0]!.ac).toBe(0);
      await judged(again, 'carl', pA, S.ACCEPTED, 6);
      // a lone viewer polling every 30 s waits for a fresh board instead of getting his previous one
      clock.mockReturnValue(now + 36_000);
      expect(acmRows(await rank(dina, { cid: again }))[0]!.ac).toBe(1);
    } finally {
      clock.mockRestore();
    }
  });

  it('lets the contest admin force a fresh board', async () => {
    await judged(acm, 'dina', pB, S.ACCEPTED, 60);
    const fresh = await rank(padmin, { cid: acm, forceRefresh: true, removeStar: true });
    expect(fresh.data.records.find((r) => r.username === 'dina')).toMatchObject({ ac: 1, totalTime: 3600 + 1200 });
  });

  it('opens the outside board only with openRank, never before the start', async () => {
    expect((await outside(null, { cid: acm })).msg).toBe(MSG.contestRankNotOpen);
    expect((await outside(alice, { cid: acm })).msg).toBe(MSG.contestRankNotOpen);
    expect((await outside(padmin, { cid: acm })).status).toBe(200);
    const upd = await client(t, padmin).call('adminContest.update', {
      body: base({ id: acm, openRank: true, sealRank: true, sealRankTime: iso(start + 80 * MIN), starAccount: ['star'] }),
    });
    expect(upd.status).toBe(200);
    const anon = await outside(null, { cid: acm, removeStar: true });
    expect(anon.status).toBe(200);
    expect(anon.data.sealed).toBe(true);
    expect(names(anon)[0]).toEqual(['bob', 1]);
    const now = Date.now();
    const sched = await contest({ openRank: true, startTime: iso(now + 10 * MIN), endTime: iso(now + 60 * MIN) }, [[pA, 'A']]);
    expect((await outside(null, { cid: sched })).msg).toBe(MSG.contestNotStarted);
    expect((await outside(padmin, { cid: sched })).msg).toBe(MSG.contestNotStarted);
  });
});

describe('ended contests and OI boards', () => {
  it('counts after-contest submissions only when asked and allowed, flagged', async () => {
    const ended = await contest({ startTime: iso(start), endTime: iso(start + 30 * MIN), allowEndSubmit: true }, [[pA, 'A']]);
    await judged(ended, 'alice', pA, S.ACCEPTED, 40);
    expect((await rank(bob, { cid: ended })).data.records).toEqual([]);
    const withEnd = await rank(bob, { cid: ended, containsEnd: true });
    expect(withEnd.data.records[0].submissionInfo.A).toMatchObject({ isAC: true, isAfterContest: true, ACTime: 2400 });
  });

  it('OI: highest score per problem, total score then time', async () => {
    const oi = await contest({ type: 1, oiRankScoreType: 'Highest' }, [[oiP, 'A']]);
    await judged(oi, 'alice', oiP, S.PARTIAL_ACCEPTED, 5, { score: 60 });
    await judged(oi, 'alice', oiP, S.WRONG_ANSWER, 6, { score: 20 });
    await judged(oi, 'bob', oiP, S.ACCEPTED, 7, { score: 100, time: 40 });
    await judged(oi, 'carl', oiP, S.ACCEPTED, 8, { score: 100, time: 30 });
    const r = await rank(dina, { cid: oi });
    expect((r.data.records as OiRankRow[]).map((x) => [x.username, x.rank, x.totalScore, x.totalTime])).toEqual([
      ['carl', 1, 100, 30],
      ['bob', 2, 100, 40],
      ['alice', 3, 60, 0],
    ]);
    expect(r.data.records[2].submissionInfo).toEqual({ A: 60 });
  });
});
