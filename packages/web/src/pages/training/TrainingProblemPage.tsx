import { useNavigate, useParams } from 'react-router';
import { useTraining } from './TrainingContext';
import { TrainingProblemView } from './TrainingProblemView';
import { useTrainingProblemPath } from '../../components/training/TrainingPlace';

/**
 * /training/:trainingID/problem/:problemID inside the training shell. The editor's
 * focus-mode toggle leads to the full-screen route.
 */
export default function TrainingProblemPage() {
  const navigate = useNavigate();
  const view = useTraining();
  const problemId = useParams().problemID ?? '';
  const trainingProblemPath = useTrainingProblemPath();
  return (
    <TrainingProblemView
      key={problemId}
      view={view}
      problemId={problemId}
      focus={false}
      onFocusChange={(on) => on && navigate(`${trainingProblemPath(view.training.id, problemId)}/full-screen`)}
      className="oj-training-problem"
    />
  );
}
