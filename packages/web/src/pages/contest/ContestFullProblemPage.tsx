import { Button, Result } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContestProblemView } from './problem/ContestProblemView';
import { ProblemNavBar } from './problem/ProblemNavBar';
import { contestProblemPath } from '../../components/contest/meta';
import { useContestData } from './shell/useContestData';
import { PageLoading } from '../../app/layout/PageLoading';

/**
 * Focus mode of a contest problem, /contest/:contestID/problem/:problemID/full-screen
 * (ContestFullProblemDetails): outside the contest shell, the top bar carries the contest's context
 * menu (route meta fullScreenSource), a bar at the bottom moves between the problems, and the editor's
 * toggle goes back to the problem inside the contest.
 */
export default function ContestFullProblemPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const cid = Number(params.contestID);
  const displayId = params.problemID ?? '';
  const { value, error } = useContestData(cid);
  const valid = Number.isInteger(cid) && cid > 0;
  if (!valid || error !== null) {
    return (
      <Result
        status="warning"
        title={!valid ? t('msg.contestNotFound') : error || t('contest.shell.loadFailed')}
        extra={
          <Button type="primary" onClick={() => navigate('/contest')}>
            {t('contestProblem.backToContests')}
          </Button>
        }
      />
    );
  }
  if (!value) return <PageLoading />;
  const fullPath = (id: string) => `${contestProblemPath(cid, id)}/full-screen`;
  return (
    <div data-testid="contest-full-screen">
      <ContestProblemView
        key={displayId}
        view={value}
        displayId={displayId}
        focus
        onFocusChange={(on) => !on && navigate(contestProblemPath(cid, displayId))}
        className="oj-problem-fullscreen"
      />
      <ProblemNavBar cid={cid} contestType={value.contest.type} current={displayId} pathOf={fullPath} />
    </div>
  );
}
