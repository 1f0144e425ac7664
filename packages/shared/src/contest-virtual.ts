/**
 * Virtual participation: after a public contest ended, a user who did not take part takes it on his own
 * clock (the server's contest/virtual.ts). His board is a ghost board: the real participants as they
 * stood at his elapsed time, plus him, marked virtual.
 */
import type { Ability } from './ability.js';
import { cidQuery, contestRankBody, type AcmRankRow, type ContestRankPage, type OiRankRow } from './contest.js';
import { endpoint } from './endpoint.js';

/** One virtual participation: his clock runs from `startTime` to `endTime` (the contest's duration). */
export interface VirtualRun {
  id: number;
  cid: number;
  startTime: string;
  endTime: string;
  /** the server's time of the answer, so the countdown does not trust the browser's clock */
  now: string;
  running: boolean;
}

/** The caller's virtual participation in a contest: his latest run, and whether he may start one now (and why not). */
export interface VirtualState {
  run: VirtualRun | null;
  start: Ability;
}

/** A ghost board row: `virtual` marks the virtual participant's own row. */
export type VirtualRankRow = (AcmRankRow | OiRankRow) & { virtual?: boolean };

export interface VirtualRankPage extends ContestRankPage<VirtualRankRow> {
  /** the elapsed time the board stands at, ms from the start */
  elapsed: number;
}

export const contestVirtualEndpoints = {
  state: endpoint<VirtualState>()({ method: 'GET', path: 'get-contest-virtual', query: cidQuery }),
  start: endpoint<VirtualRun>()({ method: 'POST', path: 'start-contest-virtual', body: cidQuery }),
  rank: endpoint<VirtualRankPage>()({ method: 'POST', path: 'get-contest-virtual-rank', body: contestRankBody }),
} as const;
