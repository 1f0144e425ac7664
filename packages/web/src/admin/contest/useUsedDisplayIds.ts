import { useQuery } from '@tanstack/react-query';
import { adminContestApi } from '../../api/adminContest';

/**
 * The display ids a contest already uses, over all its problems rather than the page on show, for
 * suggesting the next one. Kept under the contest's problem-list key, so whatever reloads that list
 * (adding, removing, renaming a problem) reloads these too.
 */
export function useUsedDisplayIds(cid: number, enabled: boolean) {
  return useQuery({
    queryKey: ['admin-contest-problems', cid, 'all'],
    queryFn: () => adminContestApi.problems({ cid, currentPage: 1, limit: 100 }),
    select: (page) => page.records.map((r) => r.displayId),
    enabled,
  });
}
