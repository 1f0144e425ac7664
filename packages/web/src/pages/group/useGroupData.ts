import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { groupKeys, useGroupAccess, useGroupDetail } from '../../api/group';
import type { GroupContextValue } from '../../components/group/GroupContext';

/**
 * Loads a group for the shell and for the focus-mode pages (which live outside it): the group, the
 * viewer's standing, and the context value. `error`: null when it loaded, '' when the server gave no
 * reason.
 */
export function useGroupData(gid: number): { value: GroupContextValue | null; error: string | null } {
  const client = useQueryClient();
  const detail = useGroupDetail(gid);
  const access = useGroupAccess(gid);
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: groupKeys.all(gid) });
    void client.invalidateQueries({ queryKey: ['group-list'] });
  }, [client, gid]);
  const group = detail.data;
  const info = access.data;
  const value = useMemo<GroupContextValue | null>(() => (group && info ? { group, access: info, refresh } : null), [group, info, refresh]);
  const failed = (detail.isError && !group) || (access.isError && !info);
  return { value, error: failed ? (detail.error?.message ?? access.error?.message ?? '') : null };
}
