import { useMemo } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupProblemApi, groupProblemKeys } from '../api/groupProblem';
import type { ProblemEditorCalls } from './problemEditorCalls';
import type { PlacementState } from './problemPlacement';
import { groupPath, useGroup } from '../components/group/GroupContext';

/** The id as the form shows it: without the group's short name, which the server puts back in front. */
export const withoutShortName = (problemId: string, shortName: string) =>
  problemId.toLowerCase().startsWith(shortName.toLowerCase()) && problemId.length > shortName.length ? problemId.slice(shortName.length) : problemId;

/** The group problem list with its admin table open (where the editor goes back to). */
export const groupProblemAdminPath = (gid: number) => `${groupPath(gid, 'problem')}?admin=true`;

/**
 * The site's problem editor in a group (GroupCreateProblem/GroupEditProblem): the id field
 * shows the group's short name in front, contest-only is shown but not chosen, a judge mode change
 * warns (the form's own warning), and every call — save, checker compile, test-case zip, images,
 * tags — goes to the group's calls with its id, so group admins use it without any site role.
 */
export function useGroupPlacement(): PlacementState {
  const { t } = useTranslation();
  const { group } = useGroup();
  return useMemo<PlacementState>(() => {
    const gid = group.id;
    const calls: ProblemEditorCalls = {
      compile: (mode, body) => groupProblemApi.compile(gid, mode, body),
      uploadCaseZip: (file, mode) => groupProblemApi.uploadCaseZip(gid, file, mode),
      uploadMdImage: (file) => groupProblemApi.uploadMdImage(gid, file),
      tags: { key: groupProblemKeys.tags(gid), all: () => groupProblemApi.tags(gid), canCreate: false },
    };
    return {
      pending: false,
      error: null,
      placement: {
        initialValues: ({ defaults, loaded }) => (loaded ? { ...loaded, problemId: withoutShortName(loaded.problemId, group.shortName) } : defaults),
        locked: {},
        fields: <Alert type="info" showIcon title={t('groupProblem.editorHint', { shortName: group.shortName })} data-testid="group-problem-editor-hint" />,
        problemIdPrefix: group.shortName,
        disabledAuths: [3],
        calls,
        save: (body) => groupProblemApi.save(gid, body),
        staleQueries: [groupProblemKeys.all(gid)],
        backTo: groupProblemAdminPath(gid),
        title: (problemId) => (problemId !== undefined ? t('groupProblem.editTitle', { id: problemId }) : t('groupProblem.create')),
      },
    };
  }, [group.id, group.shortName, t]);
}
