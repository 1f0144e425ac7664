import '../problem/problem.css';
import { useTranslation } from 'react-i18next';
import { useProblemDetail } from '../../api/problem';
import { useTrainingProblems } from '../../api/training';
import { ProblemLoadFailed, ProblemLoading, ProblemWorkspace } from '../problem/ProblemDetailPage';
import { ProblemScopeContext } from '../problem/problemScope';
import type { TrainingContextValue } from './TrainingContext';
import { useTrainingPlace } from '../../components/training/TrainingPlace';
import { useTrainingProblemScope } from './useTrainingProblemScope';

/**
 * A problem of a training: the bank's statement, my submissions and editor in the training's scope.
 * Only the training's own problems open here. `focus` says whether this is the focus-mode route.
 */
export function TrainingProblemView({
  view,
  problemId,
  focus,
  onFocusChange,
  className,
}: {
  view: TrainingContextValue;
  problemId: string;
  focus: boolean;
  onFocusChange(focus: boolean): void;
  className?: string;
}) {
  const { t } = useTranslation();
  const tid = view.training.id;
  const problems = useTrainingProblems(tid, view.access);
  const inTraining = problems.data?.some((p) => p.problemId.toUpperCase() === problemId.toUpperCase());
  const detail = useProblemDetail(problemId, tid);
  const scope = useTrainingProblemScope(view);
  const place = useTrainingPlace();
  const back = { backTo: `${place.path(tid)}/problems`, backLabel: t('training.problem.backToProblems') };

  if (problems.isPending || detail.isPending) return <ProblemLoading />;
  if (problems.isError) return <ProblemLoadFailed status="warning" title={problems.error.message || t('common.loadFailed')} {...back} />;
  if (!inTraining) return <ProblemLoadFailed status="404" title={t('training.problem.notInTraining', { problemId })} {...back} />;
  if (detail.isError || !detail.data) return <ProblemLoadFailed status="warning" title={detail.error?.message || t('common.loadFailed')} {...back} />;

  return (
    <ProblemScopeContext.Provider value={scope}>
      <ProblemWorkspace key={`${tid}-${problemId}`} detail={detail.data} focus={focus} onFocusChange={onFocusChange} className={className} />
    </ProblemScopeContext.Provider>
  );
}
