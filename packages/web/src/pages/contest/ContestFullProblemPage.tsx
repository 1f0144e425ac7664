import { Button, Result, Spin } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContestProblemView } from './problem/ContestProblemView';
import { ProblemNavBar } from './problem/ProblemNavBar';
import { contestProblemPath } from './problem/useContestProblemScope';
import { useContestView } from './problem/useContestView';

/**
 * Focus mode of a contest problem, /contest/:contestID/problem/:problemID/full-screen (spec 1 §2
 * ContestFullProblemDetails): outside the contest shell, the top bar carries the contest's context
 * menu (route meta fullScreenSource), a bar at the bottom moves between the problems, and the editor's
 * toggle goes back to the problem inside the contest.
 */
export default function ContestFullProblemPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const cid = Number(params.contestID);
  const displayId = params.problemID ?? '';
  const view = useContestView(cid);
  if (view.error) {
    return (
      <Result
        status="warning"
        title={view.error}
        extra={
          <Button type="primary" onClick={() => navigate('/contest')}>
            {t('contestProblem.backToContests')}
          </Button>
        }
      />
    );
  }
  if (!view.value) return <Spin className="oj-page-spin" />;
  const fullPath = (id: string) => `${contestProblemPath(cid, id)}/full-screen`;
  return (
    <div data-testid="contest-full-screen">
      <ContestProblemView
        key={displayId}
        view={view.value}
        displayId={displayId}
        focus
        onFocusChange={(on) => !on && navigate(contestProblemPath(cid, displayId))}
        className="oj-problem-fullscreen"
      />
      <ProblemNavBar cid={cid} contestType={view.value.contest.type} current={displayId} pathOf={fullPath} />
    </div>
  );
}
