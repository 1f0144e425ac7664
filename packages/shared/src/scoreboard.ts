/**
 * Contest board rules (rank rows, seal and cells, awards; HOJ rules of
 * hoj-backend-reference §9), pure and in one place: the server folds its boards with them and the
 * scroll board (resolver) recomputes the frozen and the final board in the browser with the very
 * same code, so the two can never disagree. Times are epoch ms unless a name says otherwise.
 */
import { CONTEST_LIMITS, type AcmCell, type AcmRankRow, type OiRankRow, type RankShowName, type RankUserInfo } from './contest.js';
import { JudgeStatus } from './judge-status.js';

/** One submission of the contest, as a board needs it. */
export interface RankSubmission {
  uid: string;
  displayId: string;
  status: number;
  score: number | null;
  /** run time in ms */
  time: number | null;
  /** epoch ms */
  submitTime: number;
  /**
   * Score of each subtask (group number → points) of a problem judged by subtasks, as its case rows
   * sum up under the problem's judge case mode; absent when the problem has no subtasks or the
   * board's fold does not use them (only IOI reads them).
   */
  subtasks?: Readonly<Record<number, number>>;
}

// ---------------------------------------------------------------------------------------------
// Seal and time window

export interface SealSettings {
  sealRank: boolean;
  sealRankTime: number | null;
  autoRealRank: boolean;
  endTime: number;
}

/**
 * The seal is on from sealRankTime until the end, and for good after the end when the real board is
 * not to be shown automatically (autoRealRank off).
 */
export function sealActive(c: SealSettings, now: number): boolean {
  if (!c.sealRank || c.sealRankTime === null) return false;
  if (now < c.sealRankTime) return false;
  return now < c.endTime || !c.autoRealRank;
}

export interface BoardWindow {
  startTime: number;
  endTime: number;
  /** results from this time on are unknown to the viewer (null: nothing hidden) */
  sealFrom: number | null;
  /** count submissions made after the end (the "include after contest" switch) */
  includeAfterEnd: boolean;
}

/** ignore: not on the board; hidden: a try whose result the viewer may not know. */
export type Phase = 'ignore' | 'in' | 'after' | 'hidden';

export function phaseOf(submitTime: number, w: BoardWindow): Phase {
  // Admins may submit while the contest is scheduled to test it: those never count.
  if (submitTime < w.startTime) return 'ignore';
  const after = submitTime >= w.endTime;
  if (after && !w.includeAfterEnd) return 'ignore';
  if (w.sealFrom !== null && submitTime >= w.sealFrom) return 'hidden';
  return after ? 'after' : 'in';
}

// ---------------------------------------------------------------------------------------------
// Rows, ranks, awards

/** Judging not finished: the result is not known yet, so it neither counts nor costs. */
export const isUnfinished = (status: number) =>
  status === JudgeStatus.PENDING || status === JudgeStatus.COMPILING || status === JudgeStatus.JUDGING || status === JudgeStatus.SUBMITTING;

/** ACM: rejected tries that cost a penalty; compile errors, system errors, partial and cancelled are free. */
export const ACM_PENALTY_STATUSES: ReadonlySet<number> = new Set([
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.HACKED,
]);

export function showNameOf(u: RankUserInfo, rankShowName: RankShowName): string {
  const v = rankShowName === 'nickname' ? u.nickname : rankShowName === 'realname' ? u.realname : u.username;
  return v?.trim() ? v : u.username;
}

export function baseRow(u: RankUserInfo, rankShowName: RankShowName) {
  return {
    uid: u.uid,
    username: u.username,
    nickname: u.nickname,
    realname: u.realname,
    school: u.school,
    avatar: u.avatar,
    gender: u.gender,
    showName: showNameOf(u, rankShowName),
    rank: 0,
    isWinAward: false,
    awardName: null as string | null,
    awardBackground: null as string | null,
    awardColor: null as string | null,
  };
}

/** ACM order: more solved first, then less total time. */
export const compareAcm = (a: { ac: number; totalTime: number }, b: { ac: number; totalTime: number }) => b.ac - a.ac || a.totalTime - b.totalTime;
/** IOI order: more score first, nothing else (equal scores share the rank, as at the IOI and in Hydro). */
export const compareIoi = (a: { totalScore: number }, b: { totalScore: number }) => b.totalScore - a.totalScore;
/** OI order: more score first, then less time. */
export const compareOi = (a: { totalScore: number; totalTime: number }, b: { totalScore: number; totalTime: number }) =>
  b.totalScore - a.totalScore || a.totalTime - b.totalTime;

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

export interface Award {
  priority: number;
  name: string;
  background: string;
  color: string;
  num: number;
}

export interface AwardTarget {
  rank: number;
  isWinAward: boolean;
  awardName: string | null;
  awardBackground: string | null;
  awardColor: string | null;
}

/**
 * Awards of a board (awardType/awardConfigList; HOJ rules): type 1 reads each `num` as a
 * percentage of the ranked (non-star) users, floored; type 2 as a count. Prizes go in priority order
 * down the sorted board to users with a positive result; star users never win.
 */
export function applyAwards<R extends AwardTarget>(rows: R[], awardType: number, configs: readonly Award[], positive: (r: R) => boolean): void {
  if (awardType !== 1 && awardType !== 2) return;
  const ranked = rows.filter((r) => r.rank !== -1).length;
  const prizes = [...configs]
    .sort((a, b) => a.priority - b.priority)
    .map((c) => ({ c, n: awardType === 1 ? Math.floor((c.num * ranked) / 100) : c.num }))
    .filter((p) => p.n > 0);
  let i = 0;
  let left = prizes[0]?.n ?? 0;
  for (const row of rows) {
    if (i >= prizes.length) break;
    if (row.rank === -1 || !positive(row)) continue;
    const { c } = prizes[i]!;
    row.isWinAward = true;
    row.awardName = c.name;
    row.awardBackground = c.background;
    row.awardColor = c.color;
    if (--left === 0) left = prizes[++i]?.n ?? 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Board folds

/** What a board is folded under, besides the submissions and users. */
export interface FoldSettings {
  window: BoardWindow;
  /** lower-cased usernames */
  starUsers: ReadonlySet<string>;
  rankShowName: RankShowName;
  awardType: number;
  awards: readonly Award[];
}

export interface BoardInput extends FoldSettings {
  /** sorted by submit time (then id) */
  submissions: readonly RankSubmission[];
  users: ReadonlyMap<string, RankUserInfo>;
}

/**
 * A contest format's board in two steps, so a board can be kept up to date by refolding only the
 * participants whose submissions changed (the server's contest/board-state.ts):
 * - `row`: one participant's row from his own submissions (submit order), null when none counts;
 *   it depends on nothing else, so a kept row stays true until his submissions or the settings change;
 * - `finish`: what depends on all rows (ranks, awards, first solves): new row objects, sorted, so the
 *   rows given (which a cache may keep and serve) are never changed.
 */
export interface RowFold<R extends AcmRankRow | OiRankRow> {
  row(user: RankUserInfo, subs: readonly RankSubmission[], s: FoldSettings): R | null;
  finish(rows: readonly R[], s: FoldSettings): R[];
}

/** A whole board: each user's row from his submissions, then the finish. */
export function foldBoard<R extends AcmRankRow | OiRankRow>(fold: RowFold<R>, input: BoardInput): R[] {
  const byUser = new Map<string, RankSubmission[]>();
  for (const s of input.submissions) {
    const list = byUser.get(s.uid);
    if (list) list.push(s);
    else if (input.users.has(s.uid)) byUser.set(s.uid, [s]);
  }
  const rows: R[] = [];
  for (const [uid, subs] of byUser) {
    const row = fold.row(input.users.get(uid)!, subs, input);
    if (row) rows.push(row);
  }
  return fold.finish(rows, input);
}

export const emptyAcmCell = (): AcmCell => ({ isAC: false, isFirstAC: false, isAfterContest: false, ACTime: null, errorNum: 0, tryNum: 0 });

/** What an accepted cell adds to the total time, in seconds: its AC time plus 20 minutes per rejected try. */
export const acmCellCost = (cell: AcmCell) => (cell.isAC && cell.ACTime !== null ? cell.ACTime + cell.errorNum * CONTEST_LIMITS.penaltySec : 0);

/** A row with its rank and award cleared, as `finish` starts from (a copy: kept rows are not changed). */
const unranked = <R extends AwardTarget>(r: R): R => ({ ...r, rank: 0, isWinAward: false, awardName: null, awardBackground: null, awardColor: null });

const isStarOf = (s: FoldSettings) => (r: { username: string }) => s.starUsers.has(r.username.toLowerCase());

/**
 * A row's cells as an object keyed by display id, keys in display id order: rows that tried the same
 * problems share one object shape (in the order of first tries every row built its own chain of shapes,
 * which cost a cold board of 2 000 rows more than folding its 100 000 submissions).
 */
function cellsInOrder<C>(cells: Map<string, C>): Record<string, C> {
  const keys = [...cells.keys()].sort();
  const info: Record<string, C> = {};
  for (const k of keys) info[k] = cells.get(k)!;
  return info;
}

/**
 * ACM: submissions in submit order per problem. Times are computed from the contest start at ranking
 * time, so moving the start later fixes every penalty at once (HOJ issue #95).
 */
export const ACM_FOLD: RowFold<AcmRankRow> = {
  row(user, subs, s) {
    const { window } = s;
    // A cold board folds 100 000 submissions: totals in locals, cells in a map, and the row made once.
    const cells = new Map<string, AcmCell>();
    let any = false;
    let ac = 0;
    let totalTime = 0;
    let total = 0;
    for (const sub of subs) {
      const phase = phaseOf(sub.submitTime, window);
      if (phase === 'ignore') continue;
      any = true;
      let cell = cells.get(sub.displayId);
      if (!cell) cells.set(sub.displayId, (cell = emptyAcmCell()));
      // After the first AC further tries change nothing.
      if (cell.isAC) continue;
      total++;
      if (phase === 'hidden' || isUnfinished(sub.status)) {
        cell.tryNum++;
        continue;
      }
      if (sub.status === JudgeStatus.ACCEPTED) {
        cell.isAC = true;
        cell.ACTime = Math.floor((sub.submitTime - window.startTime) / 1000);
        cell.isAfterContest = phase === 'after';
        ac++;
        totalTime += acmCellCost(cell);
      } else if (ACM_PENALTY_STATUSES.has(sub.status)) {
        cell.errorNum++;
      }
    }
    if (!any) return null;
    return { ...baseRow(user, s.rankShowName), ac, totalTime, total, submissionInfo: cellsInOrder(cells) };
  },
  finish(rows, s) {
    // First blood: the earliest in-contest AC of each problem; ACs in the same second all get it.
    const firstAc = new Map<string, number>();
    for (const r of rows)
      for (const k in r.submissionInfo) {
        const c = r.submissionInfo[k]!;
        if (c.isAC && !c.isAfterContest && c.ACTime! < (firstAc.get(k) ?? Infinity)) firstAc.set(k, c.ACTime!);
      }
    const list = rows.map((r) => {
      let info = r.submissionInfo;
      for (const k in r.submissionInfo) {
        const c = r.submissionInfo[k]!;
        const first = c.isAC && !c.isAfterContest && c.ACTime === firstAc.get(k);
        if (first === c.isFirstAC) continue;
        if (info === r.submissionInfo) info = { ...info };
        info[k] = { ...c, isFirstAC: first };
      }
      return { ...unranked(r), submissionInfo: info };
    });
    assignRanks(list, compareAcm, isStarOf(s));
    applyAwards(list, s.awardType, s.awards, (r) => r.ac > 0);
    return list;
  },
};

/** ACM board folded from the contest's submissions in submit order (ACM_FOLD). */
export const acmBoard = (input: BoardInput): AcmRankRow[] => foldBoard(ACM_FOLD, input);

/** Sums a scored row's problems and fastest accepted runs. */
function scoredTotals(row: OiRankRow): OiRankRow {
  let score = 0;
  let time = 0;
  for (const k in row.submissionInfo) score += row.submissionInfo[k]!;
  for (const k in row.timeInfo) time += row.timeInfo[k]!;
  row.totalScore = score;
  row.totalTime = time;
  return row;
}

/** Ranks and awards of a scored board (OI, IOI), on copies of the rows. */
function finishScored(rows: readonly OiRankRow[], s: FoldSettings, compare: (a: OiRankRow, b: OiRankRow) => number): OiRankRow[] {
  const list = rows.map(unranked);
  assignRanks(list, compare, isStarOf(s));
  applyAwards(list, s.awardType, s.awards, (r) => r.totalScore > 0);
  return list;
}

/**
 * OI: per problem one score counts, the most recent judged submission's (Recent) or the best one
 * (Highest); total score desc, then total time asc, where a problem's time is the fastest run among its
 * accepted submissions. Results hidden by the seal do not count at all (OI shows no pending tries).
 */
export function oiFold(scoreType: 'Recent' | 'Highest'): RowFold<OiRankRow> {
  return {
    row(user, subs, s) {
      let row: OiRankRow | null = null;
      for (const sub of subs) {
        const phase = phaseOf(sub.submitTime, s.window);
        if (phase === 'ignore' || phase === 'hidden' || isUnfinished(sub.status)) continue;
        row ??= { ...baseRow(user, s.rankShowName), totalScore: 0, totalTime: 0, submissionInfo: {}, timeInfo: {} };
        const score = sub.score ?? 0;
        const known = row.submissionInfo[sub.displayId];
        if (scoreType === 'Recent' || known === undefined || score > known) row.submissionInfo[sub.displayId] = score;
        if (sub.status === JudgeStatus.ACCEPTED && sub.time !== null) {
          const t = row.timeInfo[sub.displayId];
          if (t === undefined || sub.time < t) row.timeInfo[sub.displayId] = sub.time;
        }
      }
      return row && scoredTotals(row);
    },
    finish: (rows, s) => finishScored(rows, s, compareOi),
  };
}

/** OI board (oiFold). */
export const oiBoard = (input: BoardInput & { scoreType: 'Recent' | 'Highest' }): OiRankRow[] => foldBoard(oiFold(input.scoreType), input);

/** What an IOI problem's score is made of, over one participant's judged submissions of it. */
export interface IoiBest {
  /** best score of a submission judged without subtasks */
  whole: number;
  /** group → best score of that subtask */
  groups: Map<number, number>;
}

/** Adds a judged submission to a problem's IOI best (a new one when `best` is undefined) and returns it. */
export function ioiAdd(best: IoiBest | undefined, s: Pick<RankSubmission, 'score' | 'subtasks'>): IoiBest {
  const b = best ?? { whole: 0, groups: new Map<number, number>() };
  if (s.subtasks) {
    for (const g in s.subtasks) {
      const score = s.subtasks[g]!;
      const known = b.groups.get(+g);
      if (known === undefined || score > known) b.groups.set(+g, score);
    }
  } else b.whole = Math.max(b.whole, s.score ?? 0);
  return b;
}

/** The problem's IOI score: the subtasks' bests summed, at least the best whole submission. */
export function ioiScore(b: IoiBest): number {
  let sum = 0;
  for (const v of b.groups.values()) sum += v;
  return Math.max(b.whole, sum);
}

/** A subtask's score from its case scores (lowest, or the rounded mean), as the judge sums it (judge modes.ts). */
export const subtaskScore = (mode: string, min: number, sum: number, n: number) => (mode === 'subtask_average' ? Math.round(sum / n) : min);

/**
 * IOI (Hydro's `ioi` rule, the IOI's own): a problem's score is, for each subtask, the best that
 * subtask scored in any of the participant's submissions, summed; a submission judged without
 * subtasks counts as a whole (the problem scores at least its best such submission). Total score desc;
 * equal totals share the rank (no time tie-break; a problem's time, the fastest accepted run, is only
 * shown). Results hidden by a seal and unfinished ones do not count, as in OI.
 */
export const IOI_FOLD: RowFold<OiRankRow> = {
  row(user, subs, s) {
    let row: OiRankRow | null = null;
    const best = new Map<string, IoiBest>();
    for (const sub of subs) {
      const phase = phaseOf(sub.submitTime, s.window);
      if (phase === 'ignore' || phase === 'hidden' || isUnfinished(sub.status)) continue;
      row ??= { ...baseRow(user, s.rankShowName), totalScore: 0, totalTime: 0, submissionInfo: {}, timeInfo: {} };
      best.set(sub.displayId, ioiAdd(best.get(sub.displayId), sub));
      if (sub.status === JudgeStatus.ACCEPTED && sub.time !== null) {
        const t = row.timeInfo[sub.displayId];
        if (t === undefined || sub.time < t) row.timeInfo[sub.displayId] = sub.time;
      }
    }
    if (!row) return null;
    for (const [displayId, b] of best) row.submissionInfo[displayId] = ioiScore(b);
    return scoredTotals(row);
  },
  finish: (rows, s) => finishScored(rows, s, compareIoi),
};

/** IOI board (IOI_FOLD). */
export const ioiBoard = (input: BoardInput): OiRankRow[] => foldBoard(IOI_FOLD, input);
