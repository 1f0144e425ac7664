/**
 * ACM board (spec 2 §3 "ACM rank row"; HOJ rules, hoj-backend-reference §9) folded in memory from the
 * contest's submissions in submit order. Times are computed from the contest start at ranking time,
 * so moving the start later fixes every penalty at once (HOJ issue #95).
 */
import { CONTEST_LIMITS, JudgeStatus, type AcmCell, type AcmRankRow, type RankShowName } from '@oj/shared';
import { applyAwards, type Award } from './awards.js';
import { assignRanks, baseRow, isUnfinished, type RankSubmission, type RankUserInfo } from './rank-common.js';
import { phaseOf, type BoardWindow } from './seal.js';

/** Rejected tries that cost a penalty; compile errors, system errors, partial and cancelled are free. */
const PENALTY_STATUSES: ReadonlySet<number> = new Set([
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
]);

export interface BoardInput {
  /** sorted by submit time (then id) */
  submissions: readonly RankSubmission[];
  users: ReadonlyMap<string, RankUserInfo>;
  window: BoardWindow;
  starUsers: ReadonlySet<string>;
  rankShowName: RankShowName;
  awardType: number;
  awards: readonly Award[];
}

const emptyCell = (): AcmCell => ({ isAC: false, isFirstAC: false, isAfterContest: false, ACTime: null, errorNum: 0, tryNum: 0 });

export function acmBoard(input: BoardInput): AcmRankRow[] {
  const rows = new Map<string, AcmRankRow>();
  const firstAc = new Map<string, number>();
  for (const s of input.submissions) {
    const user = input.users.get(s.uid);
    if (!user) continue;
    const phase = phaseOf(s.submitTime, input.window);
    if (phase === 'ignore') continue;
    let row = rows.get(s.uid);
    if (!row) {
      row = { ...baseRow(user, input.rankShowName), ac: 0, totalTime: 0, total: 0, submissionInfo: {} };
      rows.set(s.uid, row);
    }
    const cell = (row.submissionInfo[s.displayId] ??= emptyCell());
    // After the first AC further tries change nothing.
    if (cell.isAC) continue;
    row.total++;
    if (phase === 'hidden' || isUnfinished(s.status)) {
      cell.tryNum++;
      continue;
    }
    if (s.status === JudgeStatus.ACCEPTED) {
      const at = Math.floor((s.submitTime - input.window.startTime) / 1000);
      cell.isAC = true;
      cell.ACTime = at;
      cell.isAfterContest = phase === 'after';
      row.ac++;
      row.totalTime += at + cell.errorNum * CONTEST_LIMITS.penaltySec;
      if (phase === 'in') {
        const best = firstAc.get(s.displayId);
        if (best === undefined || at < best) firstAc.set(s.displayId, at);
      }
    } else if (PENALTY_STATUSES.has(s.status)) {
      cell.errorNum++;
    }
  }
  const list = [...rows.values()];
  // First blood: the earliest in-contest AC of each problem; ACs in the same second all get it.
  for (const row of list) {
    for (const [displayId, cell] of Object.entries(row.submissionInfo)) {
      if (cell.isAC && !cell.isAfterContest && cell.ACTime === firstAc.get(displayId)) cell.isFirstAC = true;
    }
  }
  assignRanks(list, (a, b) => b.ac - a.ac || a.totalTime - b.totalTime, (r) => input.starUsers.has(r.username.toLowerCase()));
  applyAwards(list, input.awardType, input.awards, (r) => r.ac > 0);
  return list;
}
