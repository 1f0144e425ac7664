import { Result, Spin } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ContestProblemView } from './problem/ContestProblemView';
import { contestProblemPath } from './problem/useContestProblemScope';
import { useContestView } from './problem/useContestView';

/**
 * /contest/:contestID/problem/:problemID inside the contest shell (spec 2 §2 ContestProblemDetails;
 * problemID is the contest's display id). The focus-mode toggle leads to the full-screen route.
 */
export default function ContestProblemPage() {
  const params = useParams();
  const navigate = useNavigate();
  const cid = Number(params.contestID);
  const displayId = params.problemID ?? '';
  const view = useContestView(cid);
  if (view.error) return <Result status="warning" title={view.error} />;
  if (!view.value) return <Spin className="oj-page-spin" />;
  return (
    <ContestProblemView
      key={displayId}
      view={view.value}
      displayId={displayId}
      focus={false}
      onFocusChange={(on) => on && navigate(`${contestProblemPath(cid, displayId)}/full-screen`)}
      className="oj-contest-problem"
    />
  );
}
