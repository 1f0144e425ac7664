import '../../contest/problem/contestProblem.css';
import { Button, Result } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { problemEndpoints } from '@oj/shared';
import { request } from '../../../api/endpoint';
import { useSession } from '../../../app/session';
import { ProblemNavBar } from '../../contest/problem/ProblemNavBar';
import { groupPath } from '../../../components/group/GroupContext';
import { useGroupData } from '../useGroupData';
import { GroupProblemView } from './GroupProblemView';
import { PageLoading } from '../../../app/layout/PageLoading';

/**
 * Focus mode of a group problem, /group/:groupID/problem/:problemID/full-screen
 * (GroupFullProblemDetails): outside the group shell, the top bar carries the group's context menu
 * (route meta fullScreenSource 'group'), a bar at the bottom moves between the group's problems, and
 * the editor's toggle goes back to the problem inside the group.
 */
export default function GroupFullProblemPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const gid = Number(params.groupID);
  const problemId = params.problemID ?? '';
  const valid = Number.isInteger(gid) && gid > 0;
  const { value, error } = useGroupData(valid ? gid : 0);
  if (!valid || error !== null || (value && !value.access.member)) {
    return (
      <Result
        status="warning"
        title={!valid ? t('msg.groupNotFound') : error !== null ? error || t('group.loadFailed') : t('msg.groupNotMember')}
        extra={
          <Button type="primary" onClick={() => navigate(valid ? groupPath(gid) : '/group')}>
            {t(valid ? 'group.goHome' : 'group.backToList')}
          </Button>
        }
        data-testid="group-full-screen-refused"
      />
    );
  }
  if (!value) return <PageLoading />;
  const pathOf = (id: string) => groupPath(gid, 'problem', encodeURIComponent(id));
  return (
    <div data-testid="group-full-screen">
      <GroupProblemView
        key={problemId}
        gid={gid}
        problemId={problemId}
        focus
        onFocusChange={(on) => !on && navigate(pathOf(problemId))}
        className="oj-problem-fullscreen"
      />
      <ProblemNavBar
        cid={0}
        contestType={0}
        current={problemId}
        pathOf={(id) => `${pathOf(id)}/full-screen`}
        source={{
          queryKey: ['user-problem-status', 'group', gid, user?.uid ?? ''],
          queryFn: () => request(problemEndpoints.fullScreenList, { query: { gid } }, { silent: true }),
        }}
      />
    </div>
  );
}
