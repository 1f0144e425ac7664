import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ContestDetail } from '@oj/shared';
import { contestKeys, useContestAccess, useContestInfo } from '../../../api/contest';
import type { ContestContextValue } from '../ContestContext';
import { useContestStatus, useRefreshOnStatusChange } from './useContestClock';

export interface ContestData {
  /** the contest as the server last sent it (status as of then) */
  contest: ContestDetail | undefined;
  /** when `contest` arrived, for the clock */
  receivedAt: number;
  /** the status as the contest clock says it now */
  status: number;
  /** what ContestContext carries; null until the contest and the viewer's access are known */
  value: ContestContextValue | null;
  /** why the contest could not be loaded: null when it could, '' when the server gave no reason */
  error: string | null;
}

/**
 * Loads a contest for the shell and for the focus-mode page, which lives outside the shell: info and
 * the viewer's access, the status following the clock (reloading both when it moves on), and the
 * context value every contest page reads.
 */
export function useContestData(cid: number): ContestData {
  const queryClient = useQueryClient();
  const valid = Number.isInteger(cid) && cid > 0;
  const info = useContestInfo(cid, valid);
  const access = useContestAccess(valid ? cid : 0);
  const contest = info.data;

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: contestKeys.all(cid) });
  }, [queryClient, cid]);

  const status = useContestStatus(contest, info.dataUpdatedAt);
  useRefreshOnStatusChange(contest, status, refresh);

  const accessKnown = !access.isPending;
  const hasAccess = !!access.data?.access;
  const value = useMemo<ContestContextValue | null>(
    () => (contest && accessKnown ? { contest: { ...contest, status }, isContestAdmin: !!contest.isContestAdmin, access: hasAccess, refresh } : null),
    [contest, accessKnown, status, hasAccess, refresh],
  );

  return {
    contest,
    receivedAt: info.dataUpdatedAt,
    status,
    value,
    // A failed background refetch keeps the data it had: keep showing it.
    error: info.isError && !contest ? info.error.message : null,
  };
}
