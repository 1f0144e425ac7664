import { useQuery } from '@tanstack/react-query';
import { useContestAdminScope } from '../../api/contestAdminScope';

/**
 * The display ids a contest already uses, over all its problems rather than the page on show, for
 * suggesting the next one. Kept under the contest's problem-list key, so whatever reloads that list
 * (adding, removing, renaming a problem) reloads these too.
 */
export function useUsedDisplayIds(cid: number, enabled: boolean) {
  const { api } = useContestAdminScope();
  return useQuery({
    queryKey: ['admin-contest-problems', cid, 'all'],
    queryFn: () => api.problems({ cid, currentPage: 1, limit: 100 }),
    select: (page) => page.records.map((r) => r.displayId),
    enabled,
  });
}
