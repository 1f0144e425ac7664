import { useNavigate, useParams } from 'react-router';
import { groupPath, useGroup } from '../../../components/group/GroupContext';
import { GroupProblemView } from './GroupProblemView';

/**
 * /group/:groupID/problem/:problemID inside the group shell (GroupProblemDetails, full width).
 * The editor's focus-mode toggle leads to the full-screen route.
 */
export default function GroupProblemDetailPage() {
  const navigate = useNavigate();
  const { group } = useGroup();
  const problemId = useParams().problemID ?? '';
  return (
    <GroupProblemView
      key={problemId}
      gid={group.id}
      problemId={problemId}
      focus={false}
      onFocusChange={(on) => on && navigate(`${groupPath(group.id, 'problem', encodeURIComponent(problemId))}/full-screen`)}
      className="oj-group-problem"
    />
  );
}
