import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { submissionApi, submissionKeys } from '../../../api/submission';
import type { SubmissionListScope } from '../../status/listScope';
import { SubmissionListView } from '../../status/StatusPage';
import { groupPath, groupSubmissionProblemPath, useGroup } from '../../../components/group/GroupContext';
import { groupCheckStatus } from '../problem/useGroupProblemScope';

/**
 * The group's submissions tab, /group/:groupID/status (GroupSubmissionList): the site's
 * status list over `get-submission-list?gid=` (members only on the server), its filters in the address
 * bar (the rank's AC count links here with username and status=0), rows leading to the group's pages.
 */
export default function GroupStatusPage() {
  const { t } = useTranslation();
  const { group } = useGroup();
  const gid = group.id;
  const scope = useMemo<SubmissionListScope>(
    () => ({
      title: () => t('groupProblem.statusTitle'),
      list: (q) => submissionApi.list({ ...q, gid }),
      cursors: true,
      key: (q, uid) => [...submissionKeys.list(q, uid), 'group', gid],
      checkStatus: (ids) => groupCheckStatus(gid, ids),
      place: { gid },
      submissionPath: (r) => groupPath(gid, 'submission-detail', r.submitId),
      problemPath: (r) => groupSubmissionProblemPath(gid, r),
      showScore: true,
      pageClass: 'oj-group-status',
      testId: 'group-status-page',
    }),
    [gid, t],
  );
  return <SubmissionListView scope={scope} />;
}
