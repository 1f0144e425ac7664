/**
 * Group trainings (form checks, calls; HOJ `hoj-api-reference.md` §10, whose paths and
 * payload shapes are kept): the group's list and admin list, the training form, visibility, its
 * problems (from public problems the caller may use, or from the group's own problems by id) and the
 * group's training categories. Inside a training (detail, password, problems, rank, submitting) the
 * site's training calls serve group trainings too, for the group's members only.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';
import { dbId } from './ids.js';
import { LIMITS } from './constants.js';
import { pagingQuery } from './paging.js';
import {
  adminTrainingBody,
  adminTrainingProblemListQuery,
  addTrainingProblemBody,
  categoryIdQuery,
  changeTrainingStatusQuery,
  trainingCategoryBody,
  trainingIdQuery,
  trainingProblemQuery,
  TRAINING_LIMITS,
  updateTrainingProblemBody,
  type AdminTrainingDetail,
  type AdminTrainingListRow,
  type TrainingCategory,
  type TrainingListRow,
  type TrainingProblemAdminList,
  type TrainingProblemLink,
} from './training.js';

const gidQuery = z.object({ gid: dbId });

/** The group's training list (members): visible trainings by rank, then newest. */
export const groupTrainingListQuery = pagingQuery(TRAINING_LIMITS.pageSize).extend({ gid: dbId });

/** The group's admin training list (group admins): every training of the group. */
export const groupAdminTrainingListQuery = pagingQuery(10).extend({
  gid: dbId,
  keyword: z.string().trim().max(LIMITS.shortText).optional(),
});

/** HOJ TrainingDTO with `training.gid`: the group the new training goes into. */
export const groupTrainingAddBody = adminTrainingBody.extend({
  training: adminTrainingBody.shape.training.extend({ gid: dbId }),
});

/** add-training-problem-from-group (HOJ: query problemId, tid): one of the group's problems by its shown id. */
export const groupTrainingProblemFromGroupQuery = z.object({
  tid: dbId,
  problemId: z.string().trim().min(1).max(LIMITS.shortText),
});

/** A group's own category: the group on creation, the category's id on update. */
export const groupTrainingCategoryBody = trainingCategoryBody.extend({ gid: dbId.optional() });

export const groupTrainingEndpoints = {
  list: endpoint<Page<TrainingListRow>>()({ method: 'GET', path: 'group/get-training-list', query: groupTrainingListQuery }),
  adminList: endpoint<Page<AdminTrainingListRow>>()({ method: 'GET', path: 'group/get-admin-training-list', query: groupAdminTrainingListQuery }),
  get: endpoint<AdminTrainingDetail>()({ method: 'GET', path: 'group/training', query: trainingIdQuery }),
  add: endpoint<AdminTrainingDetail>()({ method: 'POST', path: 'group/training', body: groupTrainingAddBody }),
  update: endpoint<AdminTrainingDetail>()({ method: 'PUT', path: 'group/training', body: adminTrainingBody }),
  remove: endpoint<null>()({ method: 'DELETE', path: 'group/training', query: trainingIdQuery }),
  changeStatus: endpoint<null>()({ method: 'PUT', path: 'group/change-training-status', query: changeTrainingStatusQuery }),
  problems: endpoint<TrainingProblemAdminList>()({ method: 'GET', path: 'group/get-training-problem-list', query: adminTrainingProblemListQuery }),
  updateProblem: endpoint<TrainingProblemLink>()({ method: 'PUT', path: 'group/training-problem', body: updateTrainingProblemBody }),
  removeProblem: endpoint<null>()({ method: 'DELETE', path: 'group/training-problem', query: trainingProblemQuery }),
  addFromPublic: endpoint<TrainingProblemLink>()({ method: 'POST', path: 'group/add-training-problem-from-public', body: addTrainingProblemBody }),
  addFromGroup: endpoint<TrainingProblemLink>()({ method: 'POST', path: 'group/add-training-problem-from-group', query: groupTrainingProblemFromGroupQuery }),
  categories: endpoint<TrainingCategory[]>()({ method: 'GET', path: 'group/get-training-category', query: gidQuery }),
  addCategory: endpoint<TrainingCategory>()({ method: 'POST', path: 'group/training-category', body: groupTrainingCategoryBody }),
  updateCategory: endpoint<TrainingCategory>()({ method: 'PUT', path: 'group/training-category', body: groupTrainingCategoryBody }),
  removeCategory: endpoint<null>()({ method: 'DELETE', path: 'group/training-category', query: categoryIdQuery }),
} as const;
