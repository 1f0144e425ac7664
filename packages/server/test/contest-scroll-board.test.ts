/** The scroll board (resolver) calls: contest admin only, ACM only, after the end; the data replays the server's board. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acmBoard, JudgeStatus as S, MSG, Role, type RankSubmission, type RankUserInfo } from '@oj/shared';
import { users } from '../src/db/schema/index.js';
import { createContest, insertContestSubmission, isoAt as iso, MIN } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken, uidOf } from './helpers.js';
import { client } from './client.js';
import { createProblem } from './judge-helpers.js';

let t: TestApp;
let root: string;
let padmin: string;
let other: string;
let alice: string;
const uids: Record<string, string> = {};
let pA: number;
let pB: number;
let pC: number;

const start = Date.now() - 200 * MIN;
const end = start + 180 * MIN; // ended 20 minutes ago
const seal = start + 120 * MIN;
const base = (o: Record<string, unknown> = {}) => ({
  title: 'Resolver',
  description: 'x',
  startTime: iso(start),
  endTime: iso(end),
  type: 0,
  auth: 0,
  sealRank: true,
  sealRankTime: iso(seal),
  starAccount: ['Star'],
  ...o,
});

/** A contest of padmin's with bank problems as [pid, displayId, balloon colour]. */
const contest = (o: Record<string, unknown>, problems: [number, string, string?][]) => {
  const colours = new Map(problems.map(([, displayId, color]) => [displayId, color]));
  return createContest(
    t,
    padmin,
    base(o),
    problems.map(([pid, displayId]) => [pid, displayId]),
    (displayId) => ({ color: colours.get(displayId) }),
  );
};

/** A judged submission made `min` minutes after the start. */
const judged = (cid: number, username: string, pid: number, status: number, min: number) =>
  insertContestSubmission(t, { cid, pid, uid: uids[username]!, username, status, time: 10, submitTime: new Date(start + min * MIN) });

const info = (token: string | null, cid: number) => client(t, token).call('contest.scrollBoardInfo', { query: { cid } });
const subs = (token: string | null, cid: number, removeStar = false) => client(t, token).call('contest.scrollBoardSubmissions', { query: { cid, removeStar } });

let acm: number;

beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
  await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'other', roles: [Role.PROBLEM_ADMIN] });
  for (const u of ['alice', 'bob', 'carl', 'Star']) uids[u] = await createUser(t, { username: u });
  for (const u of ['padmin', 'root']) uids[u] = await uidOf(t, u);
  await t.database.db.update(users).set({ school: 'North High', nickname: 'Bobby' }).where(eq(users.username, 'bob'));
  [padmin, other, alice] = await Promise.all(['padmin', 'other', 'alice'].map((u) => login(t, u)));
  pA = await createProblem(t, { problemId: 'P5000', type: 0 });
  pB = await createProblem(t, { problemId: 'P5001', type: 0 });
  pC = await createProblem(t, { problemId: 'P5002', type: 1 });
  acm = await contest({ rankShowName: 'nickname' }, [
    [pB, 'B', '#ff0000'],
    [pA, 'A', '#00ff00'],
  ]);
  await judged(acm, 'alice', pA, S.ACCEPTED, -5); // before the start: not on the board
  await judged(acm, 'alice', pA, S.WRONG_ANSWER, 10);
  await judged(acm, 'alice', pA, S.ACCEPTED, 20); // 1200 + 1200
  await judged(acm, 'alice', pB, S.WRONG_ANSWER, 125); // after the seal
  await judged(acm, 'alice', pB, S.ACCEPTED, 130); // after the seal: 7800 + 1200
  await judged(acm, 'bob', pA, S.ACCEPTED, 30); // 1800
  await judged(acm, 'bob', pB, S.COMPILE_ERROR, 40);
  await judged(acm, 'bob', pB, S.ACCEPTED, 50); // 3000
  await judged(acm, 'carl', pB, S.WRONG_ANSWER, 150); // after the seal, never solved
  await judged(acm, 'Star', pA, S.ACCEPTED, 1);
  await judged(acm, 'bob', pA, S.ACCEPTED, 190); // after the end: not on the board
  await judged(acm, 'padmin', pA, S.ACCEPTED, 2); // the creator tests: not on the board
  await judged(acm, 'root', pA, S.ACCEPTED, 3);
});

afterAll(() => t.close());

describe('scroll board calls', () => {
  it('are for the contest admin only', async () => {
    expect((await info(null, acm)).http).toBe(401);
    expect((await subs(null, acm)).http).toBe(401);
    expect((await info(alice, acm)).http).toBe(403);
    expect((await subs(alice, acm)).http).toBe(403);
    // another problem admin is not this contest's admin
    expect((await info(other, acm)).http).toBe(403);
    expect((await subs(other, acm)).http).toBe(403);
    expect((await info(padmin, acm)).status).toBe(200);
    expect((await subs(root, acm)).status).toBe(200);
    expect((await info(padmin, 999999)).msg).toBe(MSG.contestNotFound);
    expect((await subs(padmin, 0)).http).toBe(400);
  });

  it('open only after the end, and only for ACM contests', async () => {
    const running = await contest({ endTime: iso(Date.now() + 60 * MIN), sealRankTime: iso(Date.now() - MIN) }, [[pA, 'A']]);
    for (const r of [await info(padmin, running), await subs(padmin, running)]) {
      expect(r.status).toBe(400);
      expect(r.msg).toBe(MSG.scrollBoardNotEnded);
    }
    const oi = await contest({ type: 1, sealRank: false, sealRankTime: null }, [[pC, 'A']]);
    for (const r of [await info(padmin, oi), await subs(padmin, oi)]) {
      expect(r.status).toBe(400);
      expect(r.msg).toBe(MSG.scrollBoardAcmOnly);
    }
    // once the running one has ended (its end moved back), it opens
    const upd = await client(t, padmin).call('adminContest.update', {
      body: base({ id: running, endTime: iso(Date.now() - MIN), sealRankTime: iso(Date.now() - 2 * MIN) }),
    });
    expect(upd.status, upd.msg).toBe(200);
    expect((await info(padmin, running)).status).toBe(200);
  });

  it('describes the contest: problems in order with balloon colours, times, seal, stars', async () => {
    const r = await info(padmin, acm);
    expect(r.data).toEqual({
      id: acm,
      title: 'Resolver',
      rankShowName: 'nickname',
      problemCount: 2,
      problemList: [
        { displayId: 'A', displayTitle: 'A + B', color: '#00ff00' },
        { displayId: 'B', displayTitle: 'A + B', color: '#ff0000' },
      ],
      balloonColor: { A: '#00ff00', B: '#ff0000' },
      startTime: iso(start),
      endTime: iso(end),
      sealRank: true,
      sealRankTime: iso(seal),
      starUserList: ['Star'],
    });
  });

  it('lists the in-contest submissions of the board users in submit order; removeStar drops star users', async () => {
    const r = await subs(padmin, acm);
    const list = r.data;
    expect(list.map((s) => [s.username, s.displayId, s.status, (Date.parse(s.submitTime) - start) / MIN])).toEqual([
      ['Star', 'A', S.ACCEPTED, 1],
      ['alice', 'A', S.WRONG_ANSWER, 10],
      ['alice', 'A', S.ACCEPTED, 20],
      ['bob', 'A', S.ACCEPTED, 30],
      ['bob', 'B', S.COMPILE_ERROR, 40],
      ['bob', 'B', S.ACCEPTED, 50],
      ['alice', 'B', S.WRONG_ANSWER, 125],
      ['alice', 'B', S.ACCEPTED, 130],
      ['carl', 'B', S.WRONG_ANSWER, 150],
    ]);
    expect(list[3]).toMatchObject({ uid: uids.bob, nickname: 'Bobby', school: 'North High', realname: null, avatar: null, gender: expect.any(String) });
    expect(list[3]!.submitId).toEqual(expect.any(Number));
    const noStar = (await subs(padmin, acm, true)).data;
    expect(noStar.map((s) => s.username)).not.toContain('Star');
    expect(noStar).toHaveLength(8);
  });

  it('replays into the same final board the server shows, and a frozen board that hides post-seal results', async () => {
    const [i, s] = [(await info(root, acm)).data, (await subs(root, acm, true)).data];
    const usersOf = new Map<string, RankUserInfo>(s.map((x) => [x.uid, x]));
    const submissionsOf: RankSubmission[] = s.map((x) => ({
      uid: x.uid,
      displayId: x.displayId,
      status: x.status,
      score: null,
      time: null,
      submitTime: Date.parse(x.submitTime),
    }));
    const fold = (sealFrom: number | null) =>
      acmBoard({
        submissions: submissionsOf,
        users: usersOf,
        window: { startTime: Date.parse(i.startTime), endTime: Date.parse(i.endTime), sealFrom, includeAfterEnd: false },
        starUsers: new Set(i.starUserList.map((x: string) => x.toLowerCase())),
        rankShowName: i.rankShowName,
        awardType: 0,
        awards: [],
      });
    const brief = (rows: any[]) => rows.map((r) => [r.showName, r.rank, r.ac, r.totalTime]);
    const server = await client(t, padmin).call('contest.rank', { body: { cid: acm, removeStar: true, forceRefresh: true } });
    expect(brief(fold(null))).toEqual(brief(server.data.records));
    expect(brief(fold(null))).toEqual([
      ['Bobby', 1, 2, 4800],
      ['alice', 2, 2, 2400 + 9000],
      ['carl', 3, 0, 0],
    ]);
    const frozen = fold(Date.parse(i.sealRankTime!));
    expect(brief(frozen)).toEqual([
      ['Bobby', 1, 2, 4800],
      ['alice', 2, 1, 2400],
      ['carl', 3, 0, 0],
    ]);
    expect(frozen[1]!.submissionInfo.B).toMatchObject({ isAC: false, tryNum: 2, errorNum: 0 });
    // participants see the same frozen board when the real one is not shown after the end
    const upd = await client(t, padmin).call('adminContest.update', { body: base({ id: acm, rankShowName: 'nickname', autoRealRank: false }) });
    expect(upd.status, upd.msg).toBe(200);
    const sealed = await client(t, alice).call('contest.rank', { body: { cid: acm, removeStar: true } });
    expect(sealed.data.sealed).toBe(true);
    expect(brief(sealed.data.records.slice(sealed.data.pinned))).toEqual(brief(frozen));
  });
});
