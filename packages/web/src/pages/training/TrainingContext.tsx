import { createContext, useContext } from 'react';
import type { TrainingDetail } from '@oj/shared';

/**
 * What the training shell (/training/:trainingID) knows and its child routes need: the training as the
 * viewer sees it, whether the viewer may see its inside (public, registered with the password, or a
 * training admin), and a way to reload both (after registering).
 */
export interface TrainingContextValue {
  training: TrainingDetail;
  access: boolean;
  refresh: () => void;
}

export const TrainingContext = createContext<TrainingContextValue | null>(null);

/** The training of the enclosing shell; only for components rendered inside it. */
export function useTraining(): TrainingContextValue {
  const value = useContext(TrainingContext);
  if (!value) throw new Error('useTraining outside the training shell');
  return value;
}
