import { useCallback, useContext, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ContestInfo } from '@oj/shared';
import { contestKeys, useContestAccess, useContestInfo } from '../../../api/contest';
import { ContestContext, type ContestContextValue } from '../ContestContext';
import { statusAt } from '../shell/meta';

export interface ContestView {
  /** null while loading or when it failed */
  value: ContestContextValue | null;
  loading: boolean;
  /** why the contest could not be loaded (translated) */
  error: string | null;
}

/**
 * The contest around a page: the shell's context inside /contest/:contestID, or (focus mode, which
 * lives outside the shell) the same calls the shell makes. The status follows the local clock.
 */
export function useContestView(cid: number): ContestView {
  const shell = useContext(ContestContext);
  const queryClient = useQueryClient();
  const info = useContestInfo(shell ? 0 : cid);
  const access = useContestAccess(shell ? 0 : cid);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: contestKeys.all(cid) }), [queryClient, cid]);
  const data = info.data;
  const own = useMemo<ContestContextValue | null>(() => {
    if (!data || access.isPending) return null;
    const contest: ContestInfo = { ...data, status: statusAt(data, Date.now()) };
    return { contest, isContestAdmin: !!data.isContestAdmin, access: !!access.data?.access, refresh };
  }, [data, access.isPending, access.data, refresh]);
  if (shell) return { value: shell, loading: false, error: null };
  return {
    value: own,
    loading: !own && !info.isError,
    error: info.isError ? info.error.message : null,
  };
}
