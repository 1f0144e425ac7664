import { JudgeStatus } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { evenSplit, finalStatus, partialScore, PROBLEM_TYPE, totalScore } from '../src/modes.js';

const { ACCEPTED: AC, WRONG_ANSWER: WA, TIME_LIMIT_EXCEEDED: TLE, CANCELLED, PARTIAL_ACCEPTED: PAC, SYSTEM_ERROR: SE, RUNTIME_ERROR: RE } = JudgeStatus;

describe('final status', () => {
  it('ACM: AC only when every case is AC, else the first failing case in case order', () => {
    expect(finalStatus([AC, AC], PROBLEM_TYPE.ACM)).toBe(AC);
    expect(finalStatus([AC, TLE, WA], PROBLEM_TYPE.ACM)).toBe(TLE);
    expect(finalStatus([WA, TLE], PROBLEM_TYPE.ACM)).toBe(WA);
  });
  it('OI: all AC → AC, none AC → first failing, otherwise Partial Accepted', () => {
    expect(finalStatus([AC, AC], PROBLEM_TYPE.OI)).toBe(AC);
    expect(finalStatus([TLE, WA], PROBLEM_TYPE.OI)).toBe(TLE);
    expect(finalStatus([AC, WA], PROBLEM_TYPE.OI)).toBe(PAC);
    expect(finalStatus([RE, CANCELLED, AC], PROBLEM_TYPE.OI)).toBe(PAC);
  });
  it('OI: a partial score counts as points earned', () => {
    expect(finalStatus([PAC, WA], PROBLEM_TYPE.OI)).toBe(PAC);
    // 0 points (accepted cases of a failed subtask, a worthless sample): the first error, as problemtools.
    expect(finalStatus([AC, WA, CANCELLED], PROBLEM_TYPE.OI, 0)).toBe(WA);
    expect(finalStatus([AC, PAC, TLE], PROBLEM_TYPE.OI, 0)).toBe(TLE);
    expect(finalStatus([AC, WA], PROBLEM_TYPE.OI, 30)).toBe(PAC);
    expect(finalStatus([WA, PAC], PROBLEM_TYPE.ACM)).toBe(WA);
  });
  it('a System Error anywhere is never hidden', () => {
    expect(finalStatus([AC, SE, AC], PROBLEM_TYPE.OI)).toBe(SE);
    expect(finalStatus([WA, SE], PROBLEM_TYPE.ACM)).toBe(SE);
  });
});

describe('scores', () => {
  const c = (status: number, fullScore: number, groupNum = 1) => ({ status: status as typeof AC, fullScore, groupNum });
  it('default and ergodic modes sum the AC cases, capped at ioScore', () => {
    expect(totalScore([c(AC, 30), c(WA, 30), c(AC, 40)], 'default')).toBe(70);
    expect(totalScore([c(AC, 60), c(AC, 60)], 'default', 100)).toBe(100);
    expect(totalScore([c(AC, 50), c(WA, 50)], 'ergodic_without_error')).toBe(50);
  });
  it('subtask_lowest takes the lowest case score of each group', () => {
    expect(totalScore([c(AC, 20, 1), c(AC, 20, 1), c(AC, 30, 2), c(WA, 30, 2), c(CANCELLED, 30, 2)], 'subtask_lowest')).toBe(20);
  });
  it('subtask_average takes the rounded mean of each group', () => {
    expect(totalScore([c(AC, 10, 1), c(WA, 10, 1), c(WA, 10, 1), c(AC, 50, 2)], 'subtask_average')).toBe(3 + 50);
  });
  it('partial cases earn floor(percentage × score / 100), also in the subtask modes', () => {
    expect(partialScore(33, 50)).toBe(16);
    expect(partialScore(10, 100)).toBe(10);
    expect(partialScore(10, 150)).toBe(10);
    const pac = (earned: number, fullScore: number, groupNum = 1) => ({ status: PAC, fullScore, groupNum, earned });
    expect(totalScore([c(AC, 50), pac(20, 50)], 'default')).toBe(70);
    expect(totalScore([c(AC, 50, 1), pac(20, 50, 1), c(AC, 10, 2)], 'subtask_lowest')).toBe(30);
    expect(totalScore([c(AC, 50, 1), pac(21, 50, 1)], 'subtask_average')).toBe(36);
  });
  it('splits 100 points evenly over the cases', () => {
    expect(evenSplit(100, 3)).toEqual([34, 33, 33]);
    expect(evenSplit(100, 4)).toEqual([25, 25, 25, 25]);
    expect(evenSplit(100, 3).reduce((a, b) => a + b)).toBe(100);
  });
});
