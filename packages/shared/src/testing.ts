/**
 * Fixtures for tests of both the server and the web app: `import … from '@oj/shared/testing'`. Kept out
 * of the main entry (`@oj/shared`), so application code never pulls them in.
 */
import type { RankUserInfo, ScrollBoardInfo, ScrollBoardSubmission } from './contest.js';
import type { BoardInput, RankSubmission } from './scoreboard.js';

/** A board user with uid `u-<username>` and nothing else set; `extra` overrides any field. */
export const rankUser = (username: string, extra: Partial<RankUserInfo> = {}): RankUserInfo => ({
  uid: `u-${username}`,
  username,
  nickname: null,
  realname: null,
  school: null,
  avatar: null,
  gender: 'secrecy',
  ...extra,
});

/**
 * What the scroll board's data (get-contest-scroll-board-info and -submission) stand for as the input
 * of a board fold (`acmBoard`): the users and submissions, the contest's window, star users and shown
 * names, no awards. `sealed`: the frozen board (results from `sealRankTime` on unknown; no seal time,
 * nothing hidden); otherwise the final one. Submissions are put in submit order (then id), as a fold
 * wants them.
 */
export function boardInputFromScroll(
  info: Pick<ScrollBoardInfo, 'startTime' | 'endTime' | 'sealRankTime' | 'starUserList' | 'rankShowName'>,
  submissions: readonly ScrollBoardSubmission[],
  sealed: boolean,
): BoardInput {
  const users = new Map<string, RankUserInfo>();
  for (const s of submissions) {
    if (!users.has(s.uid))
      users.set(s.uid, { uid: s.uid, username: s.username, nickname: s.nickname, realname: s.realname, school: s.school, avatar: s.avatar, gender: s.gender });
  }
  const ordered = [...submissions].sort((a, b) => Date.parse(a.submitTime) - Date.parse(b.submitTime) || a.submitId - b.submitId);
  const rankSubmissions: RankSubmission[] = ordered.map((s) => ({
    uid: s.uid,
    displayId: s.displayId,
    status: s.status,
    score: null,
    time: null,
    submitTime: Date.parse(s.submitTime),
  }));
  return {
    submissions: rankSubmissions,
    users,
    window: {
      startTime: Date.parse(info.startTime),
      endTime: Date.parse(info.endTime),
      sealFrom: sealed && info.sealRankTime ? Date.parse(info.sealRankTime) : null,
      includeAfterEnd: false,
    },
    starUsers: new Set(info.starUserList.map((u) => u.toLowerCase())),
    rankShowName: info.rankShowName,
    awardType: 0,
    awards: [],
  };
}
