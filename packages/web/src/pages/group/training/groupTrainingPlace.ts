import type { GroupAuthInfo } from '@oj/shared';
import { groupProblemApi } from '../../../api/groupProblem';
import { groupTrainingApi, groupTrainingKeys } from '../../../api/groupTraining';
import type { TrainingAdminScope } from '../../../admin/training/trainingAdminScope';
import type { TrainingPlace } from '../../../components/training/TrainingPlace';
import { groupPath } from '../../../components/group/GroupContext';

/** The group's training tab and the views of it an admin switches to (search params of /group/:gid/training). */
export const groupTrainingTab = (gid: number, view?: { admin?: boolean; create?: boolean; edit?: number; problems?: number; categories?: boolean }) => {
  const params = new URLSearchParams();
  if (view?.admin) params.set('admin', '1');
  if (view?.categories) params.set('categories', '1');
  if (view?.create) params.set('create', '1');
  if (view?.edit) params.set('edit', String(view.edit));
  if (view?.problems) params.set('problems', String(view.problems));
  const search = params.toString();
  return `${groupPath(gid, 'training')}${search ? `?${search}` : ''}`;
};

/**
 * The site's training pages inside group `gid` (GroupTrainingDetails and its children): links
 * under /group/:gid/training, submissions and solutions in the group's status pages, the admin buttons
 * into the group's training tab, and the viewer's standing in the group for the policy.
 */
export function groupTrainingPlace(gid: number, access: GroupAuthInfo): TrainingPlace {
  return {
    listPath: groupPath(gid, 'training'),
    path: (tid) => groupPath(gid, 'training', tid),
    submissionPath: (submitId) => groupPath(gid, 'submission-detail', submitId),
    solutionsPath: (problemId) => `${groupPath(gid, 'status')}?problemID=${encodeURIComponent(problemId)}`,
    discussion: false,
    adminPaths: (tid) => ({ edit: groupTrainingTab(gid, { edit: tid }), problems: groupTrainingTab(gid, { problems: tid }), newTab: false }),
    group: { gid, access },
  };
}

/** The training admin screens (form, problems, add from public) on the group's calls. */
export function groupTrainingAdminScope(gid: number, viewer: { root: boolean; username: string | null }): TrainingAdminScope {
  const manages = (p: { gid: number | null; author: string | null }) => p.gid === gid && (viewer.root || (!!p.author && p.author === viewer.username));
  return {
    get: groupTrainingApi.get,
    add: (body) => groupTrainingApi.add(gid, body),
    update: groupTrainingApi.update,
    problems: groupTrainingApi.problems,
    updateProblem: groupTrainingApi.updateProblem,
    removeProblem: groupTrainingApi.removeProblem,
    addFromPublic: groupTrainingApi.addFromPublic,
    categories: { queryKey: groupTrainingKeys.categories(gid), queryFn: () => groupTrainingApi.categories(gid) },
    categoryAdmin: {
      list: {
        queryKey: groupTrainingKeys.ownCategories(gid),
        queryFn: () => groupTrainingApi.categories(gid).then((all) => all.filter((c) => c.gid === gid)),
      },
      add: (body) => groupTrainingApi.addCategory(gid, body),
      update: groupTrainingApi.updateCategory,
      remove: groupTrainingApi.removeCategory,
    },
    listPath: groupTrainingTab(gid, { admin: true }),
    categoryPath: groupTrainingTab(gid, { categories: true }),
    // The group's own problems open in the group's problem editor; public ones are not the group's to edit.
    problemEditPath: (p) => (manages(p) ? groupPath(gid, 'problem', 'admin', 'edit', p.id) : null),
    ownProblems: {
      gid,
      manages,
      changeAuth: groupProblemApi.changeAuth,
      downloadCases: groupProblemApi.downloadCases,
      remove: groupProblemApi.remove,
    },
  };
}
