import { groupPath } from '../../../components/group/GroupContext';

/**
 * What the group's two problem tables (the members' and the admins') share: the row's id, where a
 * problem opens, the group's words for the headers, the pager's total and the empty list's text.
 */
export const groupProblemTable = (gid: number) => ({
  rowKey: 'id' as const,
  problemPath: (problemId: string) => groupPath(gid, 'problem', encodeURIComponent(problemId)),
  labels: {
    id: 'groupProblem.problemId',
    title: 'groupProblem.problemTitle',
    level: 'groupProblem.difficulty',
    tags: 'groupProblem.tags',
    acRate: 'groupProblem.acRate',
  },
  totalKey: 'groupProblem.total',
  emptyKey: 'groupProblem.empty',
});
