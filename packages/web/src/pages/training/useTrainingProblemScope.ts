import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { problemApi, problemKeys } from '../../api/problem';
import { isActive } from '../../api/submission';
import { trainingKeys } from '../../api/training';
import type { ProblemScope } from '../problem/problemScope';
import type { TrainingContextValue } from './TrainingContext';
import { useTrainingPlace } from '../../components/training/TrainingPlace';

/**
 * The problem page's scope inside a training (its training variant): the bank's problem page,
 * whose submissions carry the training's id (`tid`) so they count for its rank and progress. They are
 * ordinary submissions otherwise (cid 0: /status, the captcha switch, the bank's statistics).
 * Submitting needs access to the training.
 */
export function useTrainingProblemScope(view: TrainingContextValue): ProblemScope {
  const { t } = useTranslation();
  const client = useQueryClient();
  const tid = view.training.id;
  const blocked = view.access ? null : t('training.detail.locked');
  const place = useTrainingPlace();
  return useMemo<ProblemScope>(
    () => ({
      cid: 0,
      tid,
      storageKey: (problemId) => `training-${tid}-${problemId}`,
      submissionPath: place.submissionPath,
      solutionsPath: place.solutionsPath,
      discussion: place.discussion,
      showAuthTag: false,
      showTags: true,
      mySubmissions: problemApi.mySubmissions,
      mySubmissionsKey: problemKeys.mySubmissions,
      // A verdict changes the training's progress, own states and rank: reload them once it is final.
      checkStatus: (ids) =>
        problemApi.checkStatus(ids).then((rows) => {
          if (Object.values(rows).some((r) => !isActive(r.status))) {
            void client.invalidateQueries({ queryKey: trainingKeys.all(tid) });
            void client.invalidateQueries({ queryKey: ['training-list'] });
          }
          return rows;
        }),
      // the self-test opens the problem in the training too (a hidden problem exists only there)
      testRun: { type: 'public', tid },
      blocked,
      captcha: true,
    }),
    [tid, blocked, client, place],
  );
}
