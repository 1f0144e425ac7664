import { useMemo } from 'react';
import { useParams } from 'react-router';
import { SubmissionDetailView, type SubmissionDetailScope } from '../../submission/SubmissionDetailPage';
import { groupSubmissionProblemPath, useGroup } from '../../../components/group/GroupContext';

/** /group/:groupID/submission-detail/:submitID (GroupSubmissionDetails): the site's detail page, its problem link inside the group. */
export default function GroupSubmissionDetailPage() {
  const { submitID } = useParams();
  const { group } = useGroup();
  const scope = useMemo<SubmissionDetailScope>(() => ({ problemPath: (s) => groupSubmissionProblemPath(group.id, s), pageClass: 'oj-stack' }), [group.id]);
  return <SubmissionDetailView submitId={Number(submitID)} scope={scope} />;
}
