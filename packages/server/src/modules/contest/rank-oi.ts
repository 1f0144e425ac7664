/**
 * OI board (spec 2 §3 "OI rank row"; HOJ rules): per problem one score counts, the most recent judged
 * submission's (Recent) or the best one (Highest); total score desc, then total time asc, where a
 * problem's time is the fastest run among its accepted submissions. Results hidden by the seal do
 * not count at all (OI shows no pending tries).
 */
import { JudgeStatus, type OiRankRow } from '@oj/shared';
import { applyAwards } from './awards.js';
import type { BoardInput } from './rank-acm.js';
import { assignRanks, baseRow, isUnfinished } from './rank-common.js';
import { phaseOf } from './seal.js';

export function oiBoard(input: BoardInput & { scoreType: 'Recent' | 'Highest' }): OiRankRow[] {
  const rows = new Map<string, OiRankRow>();
  for (const s of input.submissions) {
    const user = input.users.get(s.uid);
    if (!user) continue;
    const phase = phaseOf(s.submitTime, input.window);
    if (phase === 'ignore' || phase === 'hidden' || isUnfinished(s.status)) continue;
    let row = rows.get(s.uid);
    if (!row) {
      row = { ...baseRow(user, input.rankShowName), totalScore: 0, totalTime: 0, submissionInfo: {}, timeInfo: {} };
      rows.set(s.uid, row);
    }
    const score = s.score ?? 0;
    const known = row.submissionInfo[s.displayId];
    if (input.scoreType === 'Recent' || known === undefined || score > known) row.submissionInfo[s.displayId] = score;
    if (s.status === JudgeStatus.ACCEPTED && s.time !== null) {
      const t = row.timeInfo[s.displayId];
      if (t === undefined || s.time < t) row.timeInfo[s.displayId] = s.time;
    }
  }
  const list = [...rows.values()];
  for (const row of list) {
    row.totalScore = Object.values(row.submissionInfo).reduce((a, b) => a + b, 0);
    row.totalTime = Object.values(row.timeInfo).reduce((a, b) => a + b, 0);
  }
  assignRanks(list, (a, b) => b.totalScore - a.totalScore || a.totalTime - b.totalTime, (r) => input.starUsers.has(r.username.toLowerCase()));
  applyAwards(list, input.awardType, input.awards, (r) => r.totalScore > 0);
  return list;
}
