/**
 * The scroll board's model (resolver), pure: from the contest's in-contest submissions it folds the
 * frozen board (results before the seal; later tries pending) and the final board with the server's
 * own rules (`acmBoard` of @oj/shared), then reveals the pending cells one at a time, always the
 * leftmost pending problem of the lowest row that still has one. A reveal that improves the row moves
 * it up; rows below the one being revealed are settled, so their medals can be shown.
 */
import {
  acmBoard,
  acmCellCost,
  assignRanks,
  compareAcm,
  emptyAcmCell,
  type AcmCell,
  type AcmRankRow,
  type RankSubmission,
  type RankUserInfo,
  type ScrollBoardInfo,
  type ScrollBoardSubmission,
} from '@oj/shared';

/** 0 none, 1 gold, 2 silver, 3 bronze */
export type Medal = 0 | 1 | 2 | 3;

export interface ResolverRow {
  uid: string;
  username: string;
  showName: string;
  school: string | null;
  avatar: string | null;
  star: boolean;
  rank: number;
  ac: number;
  /** seconds */
  totalTime: number;
  cells: Record<string, AcmCell>;
  /** display ids still frozen, in problem order */
  pending: string[];
}

export interface Resolver {
  problems: ScrollBoardInfo['problemList'];
  /** final cells per uid */
  finals: Map<string, Record<string, AcmCell>>;
  /** medal per uid, from the final ranks */
  medals: Map<string, Medal>;
  /** gold, silver and bronze counts the medals were given by */
  medalCounts: readonly number[];
  /** the frozen board, ranked */
  initial: ResolverRow[];
  /** ranked (non-star) users */
  ranked: number;
}

export interface ResolverState {
  rows: ResolverRow[];
  /** index in `rows` of the row revealed next (-1: everything is revealed) */
  focus: number;
  /** reveals done so far */
  step: number;
  /** the last reveal, for highlighting */
  last: { uid: string; displayId: string; accepted: boolean; from: number; to: number } | null;
}

/** Default medal counts: percentages of the ranked users, floored. */
export const defaultMedals = (ranked: number, percents: readonly number[]): [number, number, number] =>
  [0, 1, 2].map((i) => Math.floor(((percents[i] ?? 0) * ranked) / 100)) as [number, number, number];

export function medalOf(rank: number, ac: number, counts: readonly number[]): Medal {
  if (rank < 1 || ac <= 0) return 0;
  const [g = 0, s = 0, b = 0] = counts;
  if (rank <= g) return 1;
  if (rank <= g + s) return 2;
  if (rank <= g + s + b) return 3;
  return 0;
}

/**
 * `medalCounts` may depend on how many users are ranked (the default percentages), which only the
 * final board knows: pass a function of that count to build the board once.
 */
export function buildResolver(
  info: ScrollBoardInfo,
  submissions: readonly ScrollBoardSubmission[],
  medalCounts: readonly number[] | ((ranked: number) => readonly number[]),
): Resolver {
  const users = new Map<string, RankUserInfo>();
  const subs: RankSubmission[] = [];
  for (const s of submissions) {
    if (!users.has(s.uid))
      users.set(s.uid, { uid: s.uid, username: s.username, nickname: s.nickname, realname: s.realname, school: s.school, avatar: s.avatar, gender: s.gender });
    subs.push({ uid: s.uid, displayId: s.displayId, status: s.status, score: null, time: null, submitTime: Date.parse(s.submitTime) });
  }
  // The server sends them in submit order already; sorting again keeps the fold right whatever the source.
  subs.sort((a, b) => a.submitTime - b.submitTime);
  const startTime = Date.parse(info.startTime);
  const endTime = Date.parse(info.endTime);
  const sealFrom = info.sealRank && info.sealRankTime ? Date.parse(info.sealRankTime) : null;
  const stars = new Set(info.starUserList.map((s) => s.toLowerCase()));
  const base = { submissions: subs, users, starUsers: stars, rankShowName: info.rankShowName, awardType: 0, awards: [] };
  const frozen = acmBoard({ ...base, window: { startTime, endTime, sealFrom, includeAfterEnd: false } });
  const final = acmBoard({ ...base, window: { startTime, endTime, sealFrom: null, includeAfterEnd: false } });

  const ranked = final.filter((r) => r.rank !== -1).length;
  const counts = typeof medalCounts === 'function' ? medalCounts(ranked) : medalCounts;
  const finals = new Map<string, Record<string, AcmCell>>();
  const medals = new Map<string, Medal>();
  for (const r of final) {
    finals.set(r.uid, r.submissionInfo);
    medals.set(r.uid, medalOf(r.rank, r.ac, counts));
  }
  const order = info.problemList.map((p) => p.displayId);
  const initial = frozen.map((r: AcmRankRow): ResolverRow => {
    const cells: Record<string, AcmCell> = {};
    // First-blood flags come from the final board: a problem first solved after the seal shows its
    // first blood when it is revealed (a frozen first AC is the final one anyway: later ACs are later).
    for (const [id, cell] of Object.entries(r.submissionInfo)) cells[id] = cell.isAC ? (finals.get(r.uid)?.[id] ?? cell) : cell;
    return {
      uid: r.uid,
      username: r.username,
      showName: r.showName,
      school: r.school,
      avatar: r.avatar,
      star: r.rank === -1,
      rank: r.rank,
      ac: r.ac,
      totalTime: r.totalTime,
      cells,
      pending: order.filter((id) => {
        const c = r.submissionInfo[id];
        return !!c && !c.isAC && c.tryNum > 0;
      }),
    };
  });
  return { problems: info.problemList, finals, medals, medalCounts: counts, initial, ranked };
}

const focusOf = (rows: readonly ResolverRow[]) => {
  for (let i = rows.length - 1; i >= 0; i--) if (rows[i]!.pending.length) return i;
  return -1;
};

export function initialState(r: Resolver): ResolverState {
  const rows = r.initial.map((row) => ({ ...row }));
  return { rows, focus: focusOf(rows), step: 0, last: null };
}

/** Reveals one cell; the same state when nothing is left. */
export function nextStep(r: Resolver, s: ResolverState): ResolverState {
  if (s.focus < 0) return s;
  const row = s.rows[s.focus]!;
  const [displayId, ...rest] = row.pending;
  const cell = r.finals.get(row.uid)?.[displayId!] ?? emptyAcmCell();
  const cells = { ...row.cells, [displayId!]: cell };
  let ac = 0;
  let totalTime = 0;
  for (const c of Object.values(cells)) {
    if (!c.isAC) continue;
    ac++;
    totalTime += acmCellCost(c);
  }
  const updated: ResolverRow = { ...row, cells, pending: rest, ac, totalTime };
  const rows = s.rows.map((x, i) => (i === s.focus ? updated : x));
  assignRanks(rows, compareAcm, (x) => x.star);
  const to = rows.indexOf(updated);
  return { rows, focus: focusOf(rows), step: s.step + 1, last: { uid: row.uid, displayId: displayId!, accepted: cell.isAC, from: s.focus, to } };
}

/** Everything revealed at once. */
export function finish(r: Resolver, s: ResolverState): ResolverState {
  let cur = s;
  while (cur.focus >= 0) cur = nextStep(r, cur);
  return cur;
}

/** How many reveals the whole board takes. */
export const totalSteps = (r: Resolver) => r.initial.reduce((n, row) => n + row.pending.length, 0);

/** A row's medal is shown once its place is final: below the row being revealed, or at the end. */
export const settled = (s: ResolverState, index: number) => s.focus < 0 || index > s.focus;
