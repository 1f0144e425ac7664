import { useNavigate, useParams } from 'react-router';
import { useContest } from './ContestContext';
import { ContestProblemView } from './problem/ContestProblemView';
import { contestProblemPath } from '../../components/contest/meta';

/**
 * /contest/:contestID/problem/:problemID inside the contest shell (ContestProblemDetails;
 * problemID is the contest's display id). The focus-mode toggle leads to the full-screen route.
 */
export default function ContestProblemPage() {
  const navigate = useNavigate();
  const view = useContest();
  const displayId = useParams().problemID ?? '';
  const cid = view.contest.id;
  return (
    <ContestProblemView
      key={displayId}
      view={view}
      displayId={displayId}
      focus={false}
      onFocusChange={(on) => on && navigate(`${contestProblemPath(cid, displayId)}/full-screen`)}
      className="oj-contest-problem"
    />
  );
}
