/**
 * Awards of a finished board (spec 3 §3 awardType/awardConfigList; HOJ rules): type 1 reads each
 * `num` as a percentage of the ranked (non-star) users, floored; type 2 as a count. Prizes go in
 * priority order down the sorted board to users with a positive result; star users never win.
 */

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
