/** Pure board folds against boards worked out by hand. */
import { describe, expect, it } from 'vitest';
import { acmBoard, ioiBoard, oiBoard, phaseOf, sealActive, JudgeStatus as S, type BoardInput, type RankSubmission, type RankUserInfo } from '@oj/shared';
import { rankUser as user } from '@oj/shared/testing';

const START = Date.UTC(2026, 0, 1, 8, 0, 0);
const MIN = 60_000;
const END = START + 300 * MIN;

const users = (...list: RankUserInfo[]) => new Map(list.map((u) => [u.uid, u]));
/** a submission `min` minutes (+ `sec` seconds) after the start */
const sub = (username: string, displayId: string, status: number, min: number, o: Partial<RankSubmission> = {}): RankSubmission => ({
  uid: `u-${username}`,
  displayId,
  status,
  score: null,
  time: null,
  submitTime: START + min * MIN,
  ...o,
});

const input = (submissions: RankSubmission[], u: Map<string, RankUserInfo>, o: Partial<BoardInput> = {}): BoardInput => ({
  submissions,
  users: u,
  window: { startTime: START, endTime: END, sealFrom: null, includeAfterEnd: false },
  starUsers: new Set(),
  rankShowName: 'username',
  awardType: 0,
  awards: [],
  ...o,
});

describe('ACM board', () => {
  const U = users(user('ann'), user('bob'), user('cat'), user('dan'), user('eve'));

  it('counts solved, penalty 20 min per rejected try before AC, free CE/SE/partial, first blood, shared ranks', () => {
    const rows = acmBoard(
      input(
        [
          sub('ann', 'A', S.WRONG_ANSWER, 5),
          sub('ann', 'A', S.COMPILE_ERROR, 6),
          sub('ann', 'A', S.ACCEPTED, 10), // 600 s + 1200 s
          sub('ann', 'A', S.WRONG_ANSWER, 11), // after AC: ignored
          sub('bob', 'A', S.ACCEPTED, 8, { submitTime: START + 8 * MIN + 30_000 }), // 510 s, first blood
          sub('bob', 'B', S.SYSTEM_ERROR, 20),
          sub('bob', 'B', S.PARTIAL_ACCEPTED, 21),
          sub('bob', 'B', S.TIME_LIMIT_EXCEEDED, 22),
          sub('bob', 'B', S.ACCEPTED, 30), // 1800 + 1200
          sub('ann', 'B', S.ACCEPTED, 20), // 1200, first blood of B
          sub('cat', 'A', S.ACCEPTED, 30), // 1800
          sub('cat', 'B', S.ACCEPTED, 20, { submitTime: START + 20 * MIN }), // 1200: same second as ann → also first blood
          sub('dan', 'A', S.WRONG_ANSWER, 1),
          sub('dan', 'A', S.PENDING, 2),
        ].sort((a, b) => a.submitTime - b.submitTime),
        U,
      ),
    );
    // ann: 2 solved, 1800 + 1200 = 3000 s; cat: 2 solved, 1800 + 1200 = 3000; bob: 2 solved, 510 + 3000 = 3510
    expect(rows.map((r) => [r.username, r.rank, r.ac, r.totalTime])).toEqual([
      ['ann', 1, 2, 3000],
      ['cat', 1, 2, 3000],
      ['bob', 3, 2, 3510],
      ['dan', 4, 0, 0],
    ]);
    const ann = rows[0]!;
    expect(ann.submissionInfo.A).toEqual({ isAC: true, isFirstAC: false, isAfterContest: false, ACTime: 600, errorNum: 1, tryNum: 0 });
    expect(ann.submissionInfo.B!.isFirstAC).toBe(true);
    expect(rows[1]!.submissionInfo.B!.isFirstAC).toBe(true);
    expect(rows[2]!.submissionInfo.A).toMatchObject({ isFirstAC: true, ACTime: 510, errorNum: 0 });
    expect(rows[2]!.submissionInfo.B).toMatchObject({ errorNum: 1, ACTime: 1800 });
    expect(rows[3]!.submissionInfo.A).toEqual({ isAC: false, isFirstAC: false, isAfterContest: false, ACTime: null, errorNum: 1, tryNum: 1 });
  });

  it('ignores tries before the start and after the end unless asked; after-end ACs are flagged', () => {
    const subs = [sub('ann', 'A', S.ACCEPTED, -5), sub('ann', 'A', S.WRONG_ANSWER, 10), sub('ann', 'A', S.ACCEPTED, 301)];
    const plain = acmBoard(input(subs, U));
    expect(plain[0]!.submissionInfo.A).toMatchObject({ isAC: false, errorNum: 1 });
    const withEnd = acmBoard(input(subs, U, { window: { startTime: START, endTime: END, sealFrom: null, includeAfterEnd: true } }));
    expect(withEnd[0]!.submissionInfo.A).toMatchObject({ isAC: true, isAfterContest: true, isFirstAC: false, ACTime: 301 * 60, errorNum: 1 });
    expect(withEnd[0]!.totalTime).toBe(301 * 60 + 1200);
  });

  it('hides results after the seal as pending tries', () => {
    const subs = [sub('ann', 'A', S.WRONG_ANSWER, 100), sub('ann', 'A', S.ACCEPTED, 250), sub('bob', 'A', S.ACCEPTED, 200)];
    const sealed = acmBoard(input(subs, U, { window: { startTime: START, endTime: END, sealFrom: START + 240 * MIN, includeAfterEnd: false } }));
    expect(sealed.map((r) => [r.username, r.rank, r.ac])).toEqual([
      ['bob', 1, 1],
      ['ann', 2, 0],
    ]);
    expect(sealed[1]!.submissionInfo.A).toMatchObject({ isAC: false, errorNum: 1, tryNum: 1 });
    const real = acmBoard(input(subs, U));
    expect(real.map((r) => [r.username, r.ac, r.totalTime])).toEqual([
      ['bob', 1, 12000],
      ['ann', 1, 15000 + 1200],
    ]);
  });

  it('ranks star users -1 without taking a place, and awards by proportion and by count to positive results only', () => {
    const subs = [
      sub('ann', 'A', S.ACCEPTED, 1),
      sub('bob', 'A', S.ACCEPTED, 2),
      sub('cat', 'A', S.ACCEPTED, 3),
      sub('dan', 'A', S.ACCEPTED, 4),
      sub('eve', 'A', S.WRONG_ANSWER, 5),
    ];
    const gold = { priority: 1, name: 'Gold', background: '#e6bf25', color: '#fff', num: 0 };
    const silver = { priority: 2, name: 'Silver', background: '#b4c0c7', color: '#fff', num: 0 };
    const byCount = acmBoard(
      input(subs, U, {
        starUsers: new Set(['bob']),
        awardType: 2,
        awards: [
          { ...silver, num: 5 },
          { ...gold, num: 1 },
        ],
      }),
    );
    expect(byCount.map((r) => [r.username, r.rank, r.awardName])).toEqual([
      ['ann', 1, 'Gold'],
      ['bob', -1, null],
      ['cat', 2, 'Silver'],
      ['dan', 3, 'Silver'],
      ['eve', 4, null], // no AC: never awarded
    ]);
    // 4 ranked users: 50 % → 2 gold, 25 % → 1 silver
    const byShare = acmBoard(
      input(subs, U, {
        starUsers: new Set(['bob']),
        awardType: 1,
        awards: [
          { ...gold, num: 50 },
          { ...silver, num: 25 },
        ],
      }),
    );
    expect(byShare.map((r) => r.awardName)).toEqual(['Gold', null, 'Gold', 'Silver', null]);
    expect(byShare[0]).toMatchObject({ isWinAward: true, awardBackground: '#e6bf25', awardColor: '#fff' });
  });

  it('names users by the contest setting, falling back to the username', () => {
    const U2 = users(user('ann', { realname: 'Ann Lee' }), user('bob'));
    const rows = acmBoard(input([sub('ann', 'A', S.ACCEPTED, 1), sub('bob', 'A', S.ACCEPTED, 2)], U2, { rankShowName: 'realname' }));
    expect(rows.map((r) => r.showName)).toEqual(['Ann Lee', 'bob']);
  });
});

describe('OI board', () => {
  const U = users(user('ann'), user('bob'), user('cat'));
  const subs = [
    sub('ann', 'A', S.ACCEPTED, 1, { score: 100, time: 30 }),
    sub('ann', 'A', S.WRONG_ANSWER, 2, { score: 40, time: 10 }),
    sub('ann', 'B', S.PARTIAL_ACCEPTED, 3, { score: 50, time: 5 }),
    sub('bob', 'A', S.ACCEPTED, 1, { score: 100, time: 20 }),
    sub('bob', 'A', S.ACCEPTED, 5, { score: 100, time: 15 }),
    sub('bob', 'B', S.COMPILE_ERROR, 6),
    sub('cat', 'A', S.PARTIAL_ACCEPTED, 1, { score: 90, time: 1 }),
    sub('cat', 'B', S.PENDING, 2),
  ];

  it('Recent: the latest judged score per problem; total score desc then total AC time asc', () => {
    const rows = oiBoard({ ...input(subs, U), scoreType: 'Recent' });
    // ann: A 40 (recent) + B 50 = 90, time 30 (fastest AC of A); bob: 100 + 0, time 15; cat: 90, no AC time
    expect(rows.map((r) => [r.username, r.rank, r.totalScore, r.totalTime])).toEqual([
      ['bob', 1, 100, 15],
      ['cat', 2, 90, 0],
      ['ann', 3, 90, 30],
    ]);
    expect(rows[2]!.submissionInfo).toEqual({ A: 40, B: 50 });
    expect(rows[2]!.timeInfo).toEqual({ A: 30 });
    expect(rows[0]!.submissionInfo).toEqual({ A: 100, B: 0 });
  });

  it('Highest: the best score per problem', () => {
    const rows = oiBoard({ ...input(subs, U), scoreType: 'Highest' });
    expect(rows.map((r) => [r.username, r.rank, r.totalScore, r.totalTime])).toEqual([
      ['ann', 1, 150, 30],
      ['bob', 2, 100, 15],
      ['cat', 3, 90, 0],
    ]);
  });

  it('a sealed board ignores results after the seal; ties share a rank', () => {
    const rows = oiBoard({
      ...input(subs, U, { window: { startTime: START, endTime: END, sealFrom: START + 2 * MIN, includeAfterEnd: false } }),
      scoreType: 'Recent',
    });
    // bob's faster AC at 5 min is hidden: 20 ms against ann's 30 ms
    expect(rows.map((r) => [r.username, r.rank, r.totalScore, r.totalTime])).toEqual([
      ['bob', 1, 100, 20],
      ['ann', 2, 100, 30],
      ['cat', 3, 90, 0],
    ]);
    const tied = oiBoard({
      ...input(
        [
          sub('ann', 'A', S.PARTIAL_ACCEPTED, 1, { score: 50 }),
          sub('bob', 'A', S.PARTIAL_ACCEPTED, 2, { score: 50 }),
          sub('cat', 'A', S.WRONG_ANSWER, 3, { score: 0 }),
        ],
        U,
      ),
      scoreType: 'Recent',
    });
    expect(tied.map((r) => [r.username, r.rank])).toEqual([
      ['ann', 1],
      ['bob', 1],
      ['cat', 3],
    ]);
  });
});

describe('IOI board', () => {
  const U = users(user('ann'), user('bob'), user('cat'), user('dan'));
  /** a judged submission with its subtask scores (group → points) */
  const st = (username: string, displayId: string, min: number, subtasks: Record<number, number>, o: Partial<RankSubmission> = {}) => {
    const score = Object.values(subtasks).reduce((a, b) => a + b, 0);
    return sub(username, displayId, score === 100 ? S.ACCEPTED : S.PARTIAL_ACCEPTED, min, { score, time: 10, subtasks, ...o });
  };

  it('sums the best of each subtask over all submissions; equal totals share the rank, time breaks no tie', () => {
    const rows = ioiBoard(
      input(
        [
          st('ann', 'A', 1, { 1: 40, 2: 0, 3: 0 }),
          st('ann', 'A', 2, { 1: 0, 2: 30, 3: 0 }),
          st('ann', 'A', 3, { 1: 20, 2: 0, 3: 10 }), // partial subtask 3 (subtask_average), worse subtask 1: keeps 40
          st('bob', 'A', 1, { 1: 40, 2: 30, 3: 10 }, { time: 99 }),
          st('cat', 'A', 1, { 1: 40, 2: 30, 3: 30 }, { time: 50 }),
          st('cat', 'A', 2, { 1: 0, 2: 0, 3: 0 }, { status: S.WRONG_ANSWER }),
          // no subtasks (judged before the problem had groups): the whole score counts as one
          sub('dan', 'A', S.PARTIAL_ACCEPTED, 1, { score: 70 }),
          st('dan', 'A', 2, { 1: 40, 2: 0, 3: 0 }),
          st('dan', 'A', 3, { 1: 0, 2: 30, 3: 0 }),
          sub('dan', 'B', S.PENDING, 4),
        ],
        U,
      ),
    );
    // ann 40 + 30 + 10 = 80 from three submissions that scored 40, 30, 30; dan max(70, 40 + 30) = 70 + B nothing
    expect(rows.map((r) => [r.username, r.rank, r.totalScore, r.submissionInfo])).toEqual([
      ['cat', 1, 100, { A: 100 }],
      ['ann', 2, 80, { A: 80 }],
      ['bob', 2, 80, { A: 80 }],
      ['dan', 4, 70, { A: 70 }],
    ]);
    expect(rows[0]!.timeInfo).toEqual({ A: 50 });
  });

  it('a sealed board ignores results after the seal, as OI', () => {
    const rows = ioiBoard(
      input([st('ann', 'A', 1, { 1: 40, 2: 0 }), st('ann', 'A', 5, { 1: 0, 2: 60 })], U, {
        window: { startTime: START, endTime: END, sealFrom: START + 2 * MIN, includeAfterEnd: false },
      }),
    );
    expect(rows.map((r) => [r.username, r.totalScore])).toEqual([['ann', 40]]);
  });
});

describe('seal window', () => {
  const c = { sealRank: true, sealRankTime: END - 60 * MIN, autoRealRank: true, endTime: END };
  it('is on from the seal time to the end, and after the end only without autoRealRank', () => {
    expect(sealActive(c, END - 61 * MIN)).toBe(false);
    expect(sealActive(c, END - 30 * MIN)).toBe(true);
    expect(sealActive(c, END + 1)).toBe(false);
    expect(sealActive({ ...c, autoRealRank: false }, END + 1000 * MIN)).toBe(true);
    expect(sealActive({ ...c, sealRank: false }, END - 30 * MIN)).toBe(false);
  });
  it('classifies submissions', () => {
    const w = { startTime: START, endTime: END, sealFrom: END - 60 * MIN, includeAfterEnd: false };
    expect(phaseOf(START - 1, w)).toBe('ignore');
    expect(phaseOf(START, w)).toBe('in');
    expect(phaseOf(END - 10, w)).toBe('hidden');
    expect(phaseOf(END, w)).toBe('ignore');
    expect(phaseOf(END, { ...w, includeAfterEnd: true, sealFrom: null })).toBe('after');
  });
});
