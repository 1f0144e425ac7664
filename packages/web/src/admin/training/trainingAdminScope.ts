import { createContext, useContext } from 'react';
import type { AdminTrainingDetail, TrainingCategory, TrainingProblemAdminList, TrainingProblemLink } from '@oj/shared';
import { adminTrainingApi, trainingApi, trainingKeys, type AdminTrainingBody, type AdminTrainingProblemQuery } from '../../api/training';

/**
 * The calls behind the training admin screens (the form, a training's problems, the add-from-public
 * dialog): the admin area's (/api/admin/training/...) or a group's (/api/group/...). The screens are
 * the same; a group gives its own calls and where the screens lead. Without a provider: the admin area.
 */
export interface TrainingAdminScope {
  get(tid: number): Promise<AdminTrainingDetail>;
  add(body: AdminTrainingBody): Promise<AdminTrainingDetail>;
  update(body: AdminTrainingBody): Promise<AdminTrainingDetail>;
  problems(q: AdminTrainingProblemQuery): Promise<TrainingProblemAdminList>;
  updateProblem(link: { id: number; tid: number; pid: number; rank: number }): Promise<TrainingProblemLink>;
  removeProblem(tid: number, pid: number): Promise<null>;
  addFromPublic(tid: number, pid: number, displayId?: string): Promise<TrainingProblemLink>;
  /** the categories a training here may have (the query key tells the places apart) */
  categories: { queryKey: readonly unknown[]; queryFn: () => Promise<TrainingCategory[]> };
  /** the categories managed here (the site's; a group's own) and their calls */
  categoryAdmin: {
    list: { queryKey: readonly unknown[]; queryFn: () => Promise<TrainingCategory[]> };
    add(body: { name: string; color: string }): Promise<TrainingCategory>;
    update(body: { id: number; name: string; color: string }): Promise<TrainingCategory>;
    remove(id: number): Promise<null>;
  };
  /** after saving or cancelling the form */
  listPath: string;
  /** where to make a category when there is none, null: nowhere to go */
  categoryPath: string | null;
  /** the edit page of a problem of the training, null: not editable from here */
  problemEditPath(p: { id: number; gid: number | null; author: string | null }): string | null;
  /**
   * A group's own problems in its trainings: their visibility, test cases
   * and deletion are managed from the training's problem list; other problems only change order or
   * leave the training. Absent in the admin area, whose problems have pages of their own.
   */
  ownProblems?: {
    gid: number;
    /** the group's root manages all of them, its other admins those they wrote */
    manages(p: { gid: number | null; author: string | null }): boolean;
    changeAuth(pid: number, auth: 1 | 2): Promise<unknown>;
    downloadCases(pid: number): Promise<unknown>;
    remove(pid: number): Promise<unknown>;
  };
}

export const SITE_TRAINING_ADMIN: TrainingAdminScope = {
  get: adminTrainingApi.get,
  add: adminTrainingApi.add,
  update: adminTrainingApi.update,
  problems: adminTrainingApi.problems,
  updateProblem: adminTrainingApi.updateProblem,
  removeProblem: adminTrainingApi.removeProblem,
  addFromPublic: adminTrainingApi.addFromPublic,
  categories: { queryKey: trainingKeys.categories, queryFn: trainingApi.categories },
  categoryAdmin: {
    list: { queryKey: trainingKeys.categories, queryFn: trainingApi.categories },
    add: adminTrainingApi.addCategory,
    update: adminTrainingApi.updateCategory,
    remove: adminTrainingApi.removeCategory,
  },
  listPath: '/admin/training',
  categoryPath: '/admin/training/category',
  problemEditPath: (p) => `/admin/problem/edit/${p.id}`,
};

export const TrainingAdminScopeContext = createContext<TrainingAdminScope>(SITE_TRAINING_ADMIN);

export const useTrainingAdminScope = () => useContext(TrainingAdminScopeContext);
