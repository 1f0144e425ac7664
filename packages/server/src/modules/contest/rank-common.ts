/** What both board folds (ACM and OI) share: their input and the rank numbering. Pure. */
import { JudgeStatus, type RankShowName } from '@oj/shared';

/** One submission of the contest, as the board query returns it. */
export interface RankSubmission {
  uid: string;
  displayId: string;
  status: number;
  score: number | null;
  /** run time in ms */
  time: number | null;
  /** epoch ms */
  submitTime: number;
}

export interface RankUserInfo {
  uid: string;
  username: string;
  nickname: string | null;
  realname: string | null;
  school: string | null;
  avatar: string | null;
  gender: string;
}

/** Judging not finished: the result is not known yet, so it neither counts nor costs. */
export const isUnfinished = (status: number) =>
  status === JudgeStatus.PENDING || status === JudgeStatus.COMPILING || status === JudgeStatus.JUDGING || status === JudgeStatus.SUBMITTING;

export function showNameOf(u: RankUserInfo, rankShowName: RankShowName): string {
  const v = rankShowName === 'nickname' ? u.nickname : rankShowName === 'realname' ? u.realname : u.username;
  return v?.trim() ? v : u.username;
}

export function baseRow(u: RankUserInfo, rankShowName: RankShowName) {
  return {
    ...u,
    showName: showNameOf(u, rankShowName),
    rank: 0,
    isWinAward: false,
    awardName: null as string | null,
    awardBackground: null as string | null,
    awardColor: null as string | null,
  };
}

/**
 * Sorts by `compare` (then by username, so equal rows keep one order) and numbers the rows: star users
 * get -1 and take no place; others get 1 + the number of ranked rows strictly before them, so ties
 * share a rank and the next distinct row takes its position.
 */
export function assignRanks<R extends { uid: string; username: string; rank: number }>(
  rows: R[],
  compare: (a: R, b: R) => number,
  isStar: (r: R) => boolean,
): R[] {
  // Plain code-unit order for the tie-break: localeCompare costs too much on big boards.
  const byName = (a: R, b: R) => (a.username < b.username ? -1 : a.username > b.username ? 1 : a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);
  rows.sort((a, b) => compare(a, b) || byName(a, b));
  let placed = 0;
  let prev: R | null = null;
  for (const r of rows) {
    if (isStar(r)) {
      r.rank = -1;
      continue;
    }
    placed++;
    r.rank = prev && compare(prev, r) === 0 ? prev.rank : placed;
    prev = r;
  }
  return rows;
}
