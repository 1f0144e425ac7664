import { useEffect, useRef, useState } from 'react';
import { ContestStatus, type ContestInfo } from '@oj/shared';
import { statusAt } from './meta';

/**
 * The contest clock (spec 2 §4): the server's now (from `contest.now`, corrected for the time since it
 * was fetched), ticking each second while the end is still ahead. `receivedAt` is when `contest` came.
 */
export function useContestClock(contest: Pick<ContestInfo, 'now' | 'startTime' | 'endTime'> | undefined, receivedAt: number): number {
  const offset = contest ? Date.parse(contest.now) - receivedAt : 0;
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
 * When the clock crosses the start or the end, the server's view (status, what the viewer may see)
 * changes: reload it. At most every 3 s while the two disagree (a slightly fast client clock).
 */
export function useRefreshOnStatusChange(contest: Pick<ContestInfo, 'status' | 'startTime' | 'endTime'> | undefined, now: number, refresh: () => void) {
  const last = useRef(0);
  const clientStatus = contest ? statusAt(contest, now) : ContestStatus.SCHEDULED;
  const differs = !!contest && clientStatus !== contest.status;
  useEffect(() => {
    if (!differs || Date.now() - last.current < 3000) return;
    last.current = Date.now();
    refresh();
  }, [differs, now, refresh]);
}
