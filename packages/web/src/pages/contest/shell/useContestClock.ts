import { useEffect, useReducer, useState } from 'react';
import { ContestStatus, type ContestInfo } from '@oj/shared';
import { statusAt } from '../../../components/contest/meta';

type Clocked = Pick<ContestInfo, 'now' | 'startTime' | 'endTime'>;

/** How far the server's clock is ahead of ours, from `contest.now` and when the contest was received. */
const offsetOf = (contest: Clocked | undefined, receivedAt: number) => (contest ? Date.parse(contest.now) - receivedAt : 0);

/** setTimeout takes at most 2^31-1 ms; a start weeks away is waited for in steps. */
const MAX_WAIT_MS = 24 * 3600_000;

/**
 * The contest clock: the server's now (from `contest.now`, corrected for the time since it
 * was fetched), ticking each second while the end is still ahead. `receivedAt` is when `contest` came.
 * It re-renders its caller every second: keep it in small components (the header's countdown).
 */
export function useContestClock(contest: Clocked | undefined, receivedAt: number): number {
  const offset = offsetOf(contest, receivedAt);
  const [now, setNow] = useState(() => Date.now() + offset);
  const end = contest ? Date.parse(contest.endTime) : 0;
  useEffect(() => {
    setNow(Date.now() + offset);
    if (!contest) return;
    const timer = window.setInterval(() => {
      const next = Date.now() + offset;
      setNow(next);
      // Past the end nothing changes any more: the clock stops.
      if (next >= end + 1000) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [contest, offset, end]);
  return now;
}

/**
 * The contest's status as the (server-corrected) clock says it. Unlike useContestClock it re-renders
 * only when the status changes (at the start and at the end), so pages whose behaviour follows the
 * status (the submit button, locked tabs) need not re-render every second.
 */
export function useContestStatus(contest: Clocked | undefined, receivedAt: number): number {
  const offset = offsetOf(contest, receivedAt);
  const start = contest ? Date.parse(contest.startTime) : NaN;
  const end = contest ? Date.parse(contest.endTime) : NaN;
  // A re-render is all the timer has to cause: the status is read from the clock during render, so it
  // is right on the first render with a new contest too.
  const [, wake] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (Number.isNaN(start) || Number.isNaN(end)) return;
    let timer = 0;
    const wait = () => {
      const now = Date.now() + offset;
      const next = now < start ? start : now < end ? end : null;
      if (next === null) return;
      timer = window.setTimeout(
        () => {
          wake();
          wait();
        },
        // A little past the boundary, so the status read then is the new one.
        Math.min(next - now + 50, MAX_WAIT_MS),
      );
    };
    wait();
    return () => window.clearTimeout(timer);
  }, [start, end, offset]);
  return contest ? statusAt(contest, Date.now() + offset) : ContestStatus.SCHEDULED;
}

/**
 * When the clock crosses the start or the end, the server's view (status, what the viewer may see)
 * changes: reload it, and again every 3 s while the two still disagree (a slightly fast client clock).
 */
export function useRefreshOnStatusChange(contest: Pick<ContestInfo, 'status'> | undefined, clientStatus: number, refresh: () => void) {
  const differs = !!contest && clientStatus !== contest.status;
  useEffect(() => {
    if (!differs) return;
    refresh();
    const timer = window.setInterval(refresh, 3000);
    return () => window.clearInterval(timer);
  }, [differs, refresh]);
}
