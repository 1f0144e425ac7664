/** The scroll board's model against boards worked out by hand (and folded by the server's rules). */
import { describe, expect, it } from 'vitest';
import { acmBoard, JudgeStatus as S, type ScrollBoardInfo, type ScrollBoardSubmission } from '@oj/shared';
import { boardInputFromScroll, rankUser } from '@oj/shared/testing';
import { buildResolver, defaultMedals, finish, initialState, medalOf, nextStep, settled, totalSteps } from './resolver';

const START = Date.UTC(2026, 0, 1, 8);
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const info = (o: Partial<ScrollBoardInfo> = {}): ScrollBoardInfo => ({
  id: 1,
  title: 'Final',
  rankShowName: 'username',
  problemCount: 3,
  problemList: ['A', 'B', 'C'].map((d) => ({ displayId: d, displayTitle: `Problem ${d}`, color: null })),
  balloonColor: { A: null, B: null, C: null },
  startTime: iso(START),
  endTime: iso(START + 300 * MIN),
  sealRank: true,
  sealRankTime: iso(START + 240 * MIN),
  starUserList: [],
  ...o,
});
let seq = 0;
const sub = (username: string, displayId: string, status: number, min: number): ScrollBoardSubmission => ({
  ...rankUser(username),
  submitId: ++seq,
  status,
  submitTime: iso(START + min * MIN),
  displayId,
});

const SUBS = [
  sub('ann', 'A', S.ACCEPTED, 10),
  sub('ann', 'B', S.WRONG_ANSWER, 250),
  sub('ann', 'B', S.ACCEPTED, 260),
  sub('bob', 'A', S.ACCEPTED, 20),
  sub('bob', 'B', S.ACCEPTED, 100),
  sub('cat', 'A', S.WRONG_ANSWER, 30),
  sub('cat', 'A', S.ACCEPTED, 241), // after the seal: 14460 + 1200
  sub('cat', 'B', S.ACCEPTED, 242), // 14520
  sub('cat', 'C', S.ACCEPTED, 243), // 14580: cat climbs to first
  sub('dan', 'C', S.WRONG_ANSWER, 245), // after the seal, stays wrong
  sub('eve', 'A', S.COMPILE_ERROR, 5),
  sub('star', 'A', S.ACCEPTED, 1),
];

const brief = (rows: Array<{ username: string; rank: number; ac: number; totalTime: number }>) => rows.map((r) => [r.username, r.rank, r.ac, r.totalTime]);

// The boards of SUBS worked out by hand: [username, rank, solved, total time in s]. An AC costs its
// time from the start plus 20 min (1200 s) per rejected try before it; CE is free; star ranks -1.
/** Seal at 240 min: later tries are unknown. */
const FROZEN = [
  ['bob', 1, 2, 1200 + 6000],
  ['star', -1, 1, 60],
  ['ann', 2, 1, 600], // B: two tries after the seal
  ['cat', 3, 0, 0], // A: WA before the seal, A B C tried after it
  ['dan', 3, 0, 0], // C tried after the seal
  ['eve', 3, 0, 0], // CE only
];
const FINAL = [
  ['cat', 1, 3, 14460 + 1200 + 14520 + 14580],
  ['bob', 2, 2, 7200],
  ['ann', 3, 2, 600 + 15600 + 1200],
  ['star', -1, 1, 60],
  ['dan', 4, 0, 0],
  ['eve', 4, 0, 0],
];
/** The final board with nobody starred. */
const OPEN = [
  ['cat', 1, 3, 44760],
  ['bob', 2, 2, 7200],
  ['ann', 3, 2, 17400],
  ['star', 4, 1, 60],
  ['dan', 5, 0, 0],
  ['eve', 5, 0, 0],
];

describe('scroll board model', () => {
  const i = info({ starUserList: ['Star'] });
  const r = buildResolver(i, SUBS, [1, 1, 1]);

  it('starts from the frozen board and ends on the final one', () => {
    const s0 = initialState(r);
    expect(brief(s0.rows)).toEqual(FROZEN);
    expect(s0.rows.map((x) => [x.username, x.pending])).toEqual([
      ['bob', []],
      ['star', []],
      ['ann', ['B']],
      ['cat', ['A', 'B', 'C']],
      ['dan', ['C']],
      ['eve', []],
    ]);
    expect(s0.rows.find((x) => x.username === 'cat')!.cells.A).toMatchObject({ isAC: false, errorNum: 1, tryNum: 1 });
    expect(brief(finish(r, s0).rows)).toEqual(FINAL);
    expect(totalSteps(r)).toBe(5); // ann B, cat A B C, dan C
    expect(r.ranked).toBe(5);
  });

  it("agrees with the server's fold of the same data, and puts submissions in submit order itself", () => {
    // The hand-worked boards are those of the shared rules…
    expect(brief(acmBoard(boardInputFromScroll(i, SUBS, true)))).toEqual(FROZEN);
    expect(brief(acmBoard(boardInputFromScroll(i, SUBS, false)))).toEqual(FINAL);
    // …and the resolver does not rely on the order it gets (ann's WA then AC on B, cat's WA then AC on A).
    const shuffled = buildResolver(i, [...SUBS].reverse(), [1, 1, 1]);
    expect(brief(initialState(shuffled).rows)).toEqual(FROZEN);
    expect(brief(finish(shuffled, initialState(shuffled)).rows)).toEqual(FINAL);
  });

  it('reveals the leftmost pending problem of the lowest row that has one, moving improved rows up', () => {
    let s = initialState(r);
    // frozen: bob 2 solved, star (unranked) and ann 1, cat 0 (3 pending), dan 0 (1 pending), eve 0
    expect(s.rows.map((x) => x.username)).toEqual(['bob', 'star', 'ann', 'cat', 'dan', 'eve']);
    expect(s.rows[s.focus]!.username).toBe('dan');
    s = nextStep(r, s);
    expect(s.last).toMatchObject({ uid: 'u-dan', displayId: 'C', accepted: false });
    expect(s.rows.find((x) => x.username === 'dan')!.cells.C).toMatchObject({ isAC: false, errorNum: 1, tryNum: 0 });
    expect(s.rows[s.focus]!.username).toBe('cat');
    s = nextStep(r, s); // cat A: 1 solved, 15660 — behind ann's 600: stays
    expect(s.last).toMatchObject({ uid: 'u-cat', displayId: 'A', accepted: true });
    expect(s.rows.map((x) => x.username)).toEqual(['bob', 'star', 'ann', 'cat', 'dan', 'eve']);
    s = nextStep(r, s); // cat B: 2 solved, 30180 — above star and ann, below bob (2, 7200)
    expect(s.rows.map((x) => x.username)).toEqual(['bob', 'cat', 'star', 'ann', 'dan', 'eve']);
    expect(s.last).toMatchObject({ from: 3, to: 1 });
    // the lowest row with a pending result goes next (ann, now below cat); rows below it are settled
    expect(s.rows[s.focus]!.username).toBe('ann');
    expect(settled(s, 4)).toBe(true);
    expect(settled(s, 0)).toBe(false);
    s = nextStep(r, s); // ann B: 2 solved, 600 + 15600 + 1200 = 17400, above cat
    expect(s.rows.map((x) => x.username)).toEqual(['bob', 'ann', 'cat', 'star', 'dan', 'eve']);
    expect(s.rows[s.focus]!.username).toBe('cat');
    s = nextStep(r, s); // cat C: 3 solved, first
    expect(s.rows.map((x) => [x.username, x.rank])).toEqual([
      ['cat', 1],
      ['bob', 2],
      ['ann', 3],
      ['star', -1],
      ['dan', 4],
      ['eve', 4],
    ]);
    expect(s.focus).toBe(-1);
    expect(nextStep(r, s)).toBe(s);
    expect(s.step).toBe(5);
  });

  it('gives medals by the final ranks to ranked users who solved something', () => {
    expect(r.medals.get('u-cat')).toBe(1);
    expect(r.medals.get('u-bob')).toBe(2);
    expect(r.medals.get('u-ann')).toBe(3);
    expect(r.medals.get('u-star')).toBe(0);
    expect(r.medals.get('u-dan')).toBe(0);
    expect(medalOf(2, 1, [1, 0, 5])).toBe(3);
    expect(medalOf(2, 0, [10, 0, 0])).toBe(0);
    expect(defaultMedals(25, [10, 20, 30])).toEqual([2, 5, 7]);
  });

  it('takes the medal counts as a function of the ranked users, building once', () => {
    const seen: number[] = [];
    const byCount = buildResolver(i, SUBS, (ranked) => {
      seen.push(ranked);
      return [1, 1, 1];
    });
    expect(seen).toEqual([5]);
    expect(byCount.medalCounts).toEqual([1, 1, 1]);
    expect([...byCount.medals]).toEqual([...r.medals]);
  });

  it('first bloods come from the final board: a problem first solved after the seal shows it when revealed', () => {
    const s = finish(r, initialState(r));
    expect(s.rows.find((x) => x.username === 'cat')!.cells.C!.isFirstAC).toBe(true);
    expect(s.rows.find((x) => x.username === 'star')!.cells.A!.isFirstAC).toBe(true);
  });

  it('has nothing to reveal without a seal', () => {
    const open = buildResolver(info({ sealRank: false, sealRankTime: null }), SUBS, [0, 0, 0]);
    const s = initialState(open);
    expect(s.focus).toBe(-1);
    expect(totalSteps(open)).toBe(0);
    expect(brief(s.rows)).toEqual(OPEN);
  });
});
