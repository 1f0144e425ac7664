import '../contest/problem/contestProblem.css';
import { Button, Result } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { trainingNavSource } from '../../api/training';
import { useSession } from '../../app/session';
import { ProblemNavBar } from '../contest/problem/ProblemNavBar';
import { TrainingProblemView } from './TrainingProblemView';
import { useTrainingPlace, useTrainingProblemPath } from '../../components/training/TrainingPlace';
import { useTrainingData } from './useTrainingData';
import { PageLoading } from '../../app/layout/PageLoading';

/**
 * Focus mode of a training problem, /training/:trainingID/problem/:problemID/full-screen:
 * outside the training shell, the top bar carries the training's context menu (route meta
 * fullScreenSource), a bar at the bottom moves between its problems, and the editor's toggle goes back
 * to the problem inside the training.
 */
export default function TrainingFullProblemPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const tid = Number(params.trainingID);
  const problemId = params.problemID ?? '';
  const valid = Number.isInteger(tid) && tid > 0;
  const { value, error } = useTrainingData(valid ? tid : 0);
  const place = useTrainingPlace();
  const trainingProblemPath = useTrainingProblemPath();
  if (!valid || error !== null || (value && !value.access)) {
    return (
      <Result
        status="warning"
        title={!valid ? t('training.detail.notFound') : error !== null ? error || t('training.detail.loadFailed') : t('training.detail.locked')}
        extra={
          <Button type="primary" onClick={() => navigate(valid ? place.path(tid) : place.listPath)}>
            {t(valid ? 'training.nav.home' : 'training.detail.backToList')}
          </Button>
        }
        data-testid="training-full-screen-refused"
      />
    );
  }
  if (!value) return <PageLoading />;
  return (
    <div data-testid="training-full-screen">
      <TrainingProblemView
        key={problemId}
        view={value}
        problemId={problemId}
        focus
        onFocusChange={(on) => !on && navigate(trainingProblemPath(tid, problemId))}
        className="oj-problem-fullscreen"
      />
      <ProblemNavBar
        cid={0}
        contestType={0}
        current={problemId}
        pathOf={(id) => `${trainingProblemPath(tid, id)}/full-screen`}
        source={trainingNavSource(tid, user?.uid ?? '')}
      />
    </div>
  );
}
