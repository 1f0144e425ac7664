import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { trainingKeys, useTrainingAccess, useTrainingDetail } from '../../api/training';
import type { TrainingContextValue } from './TrainingContext';

/**
 * Loads a training for the shell and for the focus-mode page (which lives outside the shell): the
 * training, the viewer's access, and the context value. `error`: null when it loaded, '' when the
 * server gave no reason.
 */
export function useTrainingData(tid: number): { value: TrainingContextValue | null; error: string | null } {
  const client = useQueryClient();
  const detail = useTrainingDetail(tid);
  const access = useTrainingAccess(tid);
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: trainingKeys.all(tid) });
    // the list's progress and the focus bar's own states follow the training
    void client.invalidateQueries({ queryKey: ['training-list'] });
  }, [client, tid]);
  const training = detail.data;
  const accessKnown = !access.isPending || access.isError;
  const hasAccess = !!access.data?.access;
  const value = useMemo<TrainingContextValue | null>(
    () => (training && accessKnown ? { training, access: hasAccess, refresh } : null),
    [training, accessKnown, hasAccess, refresh],
  );
  return { value, error: detail.isError && !training ? detail.error.message : null };
}
