/**
 * The CLICS scoreboard and awards, read from our own board (contest/board.ts) in the viewer's variant
 * (sealed for the public while the seal holds): the same rows, ranks, solved counts and penalty, never a
 * second fold. Star (unofficial) participants have no rank on our board and are left out of the rows.
 * `num_judged` counts the tries that cost a penalty plus the accepted one (free tries such as compile
 * errors are not counted on our board), `num_pending` the tries whose result the viewer may not know.
 */
import { clicsRelTime, clicsTime, type AcmRankRow, type ClicsAward, type ClicsScoreboard, type ClicsState } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { contestBoard } from '../contest/board.js';
import type { ProblemLink } from './objects.js';
import type { ClicsView } from './view.js';

async function boardRows(ctx: AppContext, v: ClicsView): Promise<AcmRankRow[]> {
  const board = await contestBoard(ctx, v.c, { sealed: v.sealFrom !== null, containsEnd: false, removeStar: false });
  return board.rows as AcmRankRow[];
}

export async function scoreboardObject(ctx: AppContext, v: ClicsView, links: Map<number, ProblemLink>, state: ClicsState): Promise<ClicsScoreboard> {
  const rows = await boardRows(ctx, v);
  const problems = [...links.values()];
  const start = v.c.startTime.getTime();
  const at = Math.min(v.now, v.c.endTime.getTime());
  return {
    time: clicsTime(v.now),
    contest_time: clicsRelTime(Math.max(0, at - start)),
    state,
    rows: rows
      .filter((r) => r.rank > 0)
      .map((r) => {
        let last: number | null = null;
        const cells = problems.map((p) => {
          const cell = r.submissionInfo[p.label];
          const solved = !!cell?.isAC;
          if (solved && cell.ACTime !== null) last = Math.max(last ?? 0, cell.ACTime);
          return {
            problem_id: p.id,
            num_judged: (cell?.errorNum ?? 0) + (solved ? 1 : 0),
            num_pending: cell?.tryNum ?? 0,
            solved,
            ...(solved && cell.ACTime !== null ? { time: clicsRelTime(cell.ACTime * 1000) } : {}),
          };
        });
        return {
          rank: r.rank,
          team_id: r.uid,
          score: { num_solved: r.ac, total_time: clicsRelTime(r.totalTime * 1000), time: last === null ? null : clicsRelTime(last * 1000) },
          problems: cells,
        };
      }),
  };
}

/**
 * Awards as the viewer's board has them: `winner` (rank 1 with a problem solved), `first-to-solve-<problem>`,
 * and each of the contest's own awards (gold, silver… as configured) as `award-<n>` with its name.
 */
export async function awardObjects(ctx: AppContext, v: ClicsView, links: Map<number, ProblemLink>): Promise<ClicsAward[]> {
  const rows = (await boardRows(ctx, v)).filter((r) => r.rank > 0);
  const awards: ClicsAward[] = [{ id: 'winner', citation: 'Contest winner', team_ids: rows.filter((r) => r.rank === 1 && r.ac > 0).map((r) => r.uid) }];
  for (const p of links.values())
    awards.push({
      id: `first-to-solve-${p.id}`,
      citation: `First to solve problem ${p.label}`,
      team_ids: rows.filter((r) => r.submissionInfo[p.label]?.isFirstAC).map((r) => r.uid),
    });
  const configured = [...v.c.awardConfig].sort((a, b) => a.priority - b.priority);
  configured.forEach((a, i) => {
    awards.push({ id: `award-${i + 1}`, citation: a.name, team_ids: rows.filter((r) => r.isWinAward && r.awardName === a.name).map((r) => r.uid) });
  });
  return awards;
}
