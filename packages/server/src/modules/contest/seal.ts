/**
 * When a submission counts on a board, and whether the viewer may see its result (spec 2 §6 sealed
 * rank; HOJ rules of hoj-backend-reference §9). Pure: times in epoch ms.
 */

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
