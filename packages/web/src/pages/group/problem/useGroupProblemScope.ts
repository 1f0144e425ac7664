import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { submissionEndpoints } from '@oj/shared';
import { request } from '../../../api/endpoint';
import { groupProblemKeys } from '../../../api/groupProblem';
import { problemKeys } from '../../../api/problem';
import { isActive, submissionApi } from '../../../api/submission';
import type { ProblemScope } from '../../problem/problemScope';
import { groupPath } from '../../../components/group/GroupContext';

/** The group's submissions by id, for its status list and its problem pages (the group place answers members only). */
export const groupCheckStatus = (gid: number, submitIds: number[]) =>
  request(submissionEndpoints.checkStatus, { body: { submitIds, cid: 0, gid } }, { silent: true });

/**
 * The problem page's scope on a group's own problem (GroupProblemDetails): the bank's page
 * whose submissions and self-tests carry the group (`gid`), whose "my submissions" and links stay in
 * the group (its status list and submission pages), without the site's discussion link.
 */
export function useGroupProblemScope(gid: number): ProblemScope {
  const client = useQueryClient();
  return useMemo<ProblemScope>(
    () => ({
      cid: 0,
      gid,
      storageKey: (problemId) => `group-${gid}-${problemId}`,
      submissionPath: (submitId) => groupPath(gid, 'submission-detail', submitId),
      solutionsPath: (problemId) => `${groupPath(gid, 'status')}?problemID=${encodeURIComponent(problemId)}&completeProblemID=true`,
      discussion: false,
      showAuthTag: false,
      showTags: true,
      mySubmissions: (problemID, currentPage, limit) => submissionApi.list({ onlyMine: true, problemID, completeProblemID: true, currentPage, limit, gid }),
      mySubmissionsKey: (problemId, uid, page) => [...problemKeys.mySubmissions(problemId, uid, page), 'group', gid],
      // A verdict changes the group's counts (problem list, rank side card): reload them once it is final.
      checkStatus: (ids) =>
        groupCheckStatus(gid, ids).then((rows) => {
          if (Object.values(rows).some((r) => !isActive(r.status))) void client.invalidateQueries({ queryKey: groupProblemKeys.all(gid) });
          return rows;
        }),
      testRun: { type: 'public', gid },
      blocked: null,
      captcha: true,
    }),
    [gid, client],
  );
}
