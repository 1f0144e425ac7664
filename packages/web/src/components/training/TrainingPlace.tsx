import { createContext, useContext } from 'react';
import type { GroupAuthInfo } from '@oj/shared';

/**
 * Where the training pages (shell, introduction, problems, one problem, rank, focus mode) are shown:
 * the site (/training/...) or a group (/group/:gid/training/...). The pages are the same; the place
 * gives their links, where a problem's submissions and solutions are listed, where the admin buttons
 * lead, and the viewer's standing in the group for the policy. Without a provider: the site.
 */
export interface TrainingPlace {
  /** the training list */
  listPath: string;
  /** a training's home (introduction); its tabs and problems are below it */
  path: (tid: number) => string;
  /** one submission's detail page */
  submissionPath: (submitId: number) => string;
  /** the solutions (accepted submissions) of a problem */
  solutionsPath: (problemId: string) => string;
  /** the discussion tab of the problem page */
  discussion: boolean;
  /** the training's admin pages (edit, its problems), opened from the shell's buttons */
  adminPaths: (tid: number) => { edit: string; problems: string; newTab: boolean };
  /** the viewer in the training's group (null: a site training) */
  group: { gid: number; access: GroupAuthInfo } | null;
}

export const SITE_TRAINING_PLACE: TrainingPlace = {
  listPath: '/training',
  path: (tid) => `/training/${tid}`,
  submissionPath: (submitId) => `/submission-detail/${submitId}`,
  solutionsPath: (problemId) => `/status?problemID=${encodeURIComponent(problemId)}`,
  discussion: true,
  adminPaths: (tid) => ({ edit: `/admin/training/${tid}/edit`, problems: `/admin/training/${tid}/problems`, newTab: true }),
  group: null,
};

export const TrainingPlaceContext = createContext<TrainingPlace>(SITE_TRAINING_PLACE);

export const useTrainingPlace = () => useContext(TrainingPlaceContext);

/** A problem of a training in the current place. */
export function useTrainingProblemPath(): (tid: number, problemId: string) => string {
  const place = useTrainingPlace();
  return (tid, problemId) => `${place.path(tid)}/problem/${encodeURIComponent(problemId)}`;
}
