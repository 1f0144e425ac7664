/**
 * Trainings: request schemas, response types and the endpoint table (the "Training" screens,
 * entities and calls; the admin training routes, entities, validation and constants; HOJ
 * `hoj-api-reference.md` §5 and §11.5, whose paths and payload shapes are kept).
 */
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { dbId, INT4_MAX } from './ids.js';
import { LIMITS } from './constants.js';
import { pagingQuery } from './paging.js';
import type { Page } from './envelope.js';
import type { FullScreenProblem, Tag } from './problem.js';

export const TrainingAuth = { PUBLIC: 'Public', PRIVATE: 'Private' } as const;
export type TrainingAuthValue = (typeof TrainingAuth)[keyof typeof TrainingAuth];
export const TRAINING_AUTHS = [TrainingAuth.PUBLIC, TrainingAuth.PRIVATE] as const;

export const TRAINING_LIMITS = {
  /** training page sizes */
  pageSize: 15,
  /** rank of a training and of a problem in it */
  rankMin: 0,
  rankMax: INT4_MAX,
  defaultRank: 1000,
  /** the add-from-public dialog */
  problemPageSizes: [10, 30, 50, 100] as const,
  categoryNameMax: 50,
  /** wrong passwords per user and training before a pause, like contest passwords */
  passwordTries: 5,
  passwordWindowMinutes: 10,
} as const;

const id = dbId;
const rank = z.coerce.number().int().min(TRAINING_LIMITS.rankMin).max(TRAINING_LIMITS.rankMax);
/** A CSS colour (#hex, a name, rgb()/hsl()): shown as a style, so nothing else gets through. */
const cssColor = z
  .string()
  .trim()
  .max(30)
  .regex(/^[#a-zA-Z0-9(),.%\s-]*$/, 'not a colour');

// ---------------------------------------------------------------------------------------------
// Types

/** Training category: name and colour; `gid` set for a group's own categories. */
export interface TrainingCategory {
  id: number;
  name: string;
  color: string;
  gid: number | null;
}

/** A row of /training. `acCount`: the caller's accepted problems of it (0 logged out). */
export interface TrainingListRow {
  id: number;
  rank: number;
  title: string;
  auth: TrainingAuthValue;
  categoryId: number | null;
  categoryName: string | null;
  categoryColor: string | null;
  acCount: number;
  problemCount: number;
  author: string;
  gmtModified: string;
  gid: number | null;
}

/** get-training-detail: the list row plus the introduction. */
export interface TrainingDetail extends TrainingListRow {
  description: string;
}

export interface TrainingAccess {
  access: boolean;
}

/** A problem of a training as its participants see it. */
export interface TrainingProblemRow {
  pid: number;
  /** the id shown in the training: the problem's own id (P1000, or a group's prefixed id) */
  problemId: string;
  title: string;
  difficulty: number;
  tags: Tag[];
  /** accepted / all submissions of the problem (outside contests) */
  ac: number;
  total: number;
  /** the caller's state: 0 accepted, else the latest verdict, -10 never submitted (null logged out) */
  myStatus: number | null;
  /** order in the training */
  rank: number;
}

/** One cell of the training rank: the user's state on one problem. */
export interface TrainingRankCell {
  /** 0 accepted, else the latest verdict */
  status: number;
  /** ms of the fastest accepted run, else of the latest run (null when none) */
  runTime: number | null;
}

/** A row of the training rank; realname only for training admins. */
export interface TrainingRankRecord {
  rank: number;
  uid: string;
  username: string;
  realname: string | null;
  nickname: string | null;
  gender: string | null;
  school: string | null;
  avatar: string | null;
  ac: number;
  /** sum over the accepted problems of the fastest accepted run, ms */
  totalRunTime: number;
  /** keyed by the problem's id in the training (`TrainingProblemRow.problemId`) */
  submissionInfo: Record<string, TrainingRankCell>;
}

/**
 * get-training-problem-details (HOJ declares the call in its client only, with no route):
 * the training problem bar beside a problem opened in a training — the training's problems in order
 * with the caller's own state, counted by the progress rule (accepted inside the training).
 */
export interface TrainingProblemDetails {
  tid: number;
  /** the problem the bar is shown beside, as the training shows its id (null when none was named) */
  current: string | null;
  /** the caller's problems accepted inside the training: his progress and his rank row's AC */
  acCount: number;
  problemCount: number;
  problems: FullScreenProblem[];
}

/** Admin view of a training; the password only goes to its admins. */
export interface AdminTraining {
  id: number;
  title: string;
  description: string;
  author: string;
  uid: string | null;
  auth: TrainingAuthValue;
  privatePwd: string | null;
  rank: number;
  /** visible */
  status: boolean;
  gid: number | null;
  gmtCreate: string;
  gmtModified: string;
}

/** HOJ TrainingDTO: the training and its category. */
export interface AdminTrainingDetail {
  training: AdminTraining;
  trainingCategory: TrainingCategory | null;
}

export interface AdminTrainingListRow extends AdminTraining {
  categoryName: string | null;
  categoryColor: string | null;
  problemCount: number;
}

/** The link of a problem to a training (HOJ training_problem). */
export interface TrainingProblemLink {
  id: number;
  tid: number;
  pid: number;
  rank: number;
  displayId: string;
}

/** A bank problem as the training admin pages list it. */
export interface TrainingAdminProblem {
  id: number;
  problemId: string;
  title: string;
  author: string | null;
  auth: number;
  difficulty: number;
  gid: number | null;
}

/**
 * admin/training/get-problem-list: with queryExisted the training's problems (by rank) and their links
 * keyed by pid; without, the bank problems the caller may add and that are not in it yet.
 */
export interface TrainingProblemAdminList {
  problemList: Page<TrainingAdminProblem>;
  trainingProblemMap: Record<string, TrainingProblemLink>;
}

// ---------------------------------------------------------------------------------------------
// Requests

export const trainingIdQuery = z.object({ tid: id });

export const trainingListQuery = pagingQuery(TRAINING_LIMITS.pageSize).extend({
  keyword: z.string().trim().max(LIMITS.shortText).optional(),
  categoryId: id.optional(),
  auth: z.enum(TRAINING_AUTHS).optional(),
});

export const registerTrainingBody = z.object({
  tid: id,
  /** checked against the catalogue's "Enter the training password" when blank */
  password: z.string().max(LIMITS.shortText).default(''),
});

export const trainingProblemDetailsQuery = z.object({
  tid: id,
  /** the problem opened beside the bar (case-insensitive); it must be in the training */
  displayId: z.string().trim().min(1).max(LIMITS.shortText).optional(),
});

export const trainingRankQuery = pagingQuery(30).extend({
  tid: id,
  keyword: z.string().trim().max(LIMITS.usernameMax).optional(),
});

export const adminTrainingListQuery = pagingQuery(10).extend({
  keyword: z.string().trim().max(LIMITS.shortText).optional(),
});

/**
 * Admin training form (HOJ TrainingDTO). Required title/description/category and the password of a
 * private training are checked by the service so the messages are the form's own.
 */
export const adminTrainingBody = z.object({
  training: z.object({
    id: id.optional(),
    title: z.string().trim().max(LIMITS.shortText).default(''),
    description: z.string().max(LIMITS.longText).default(''),
    auth: z.enum(TRAINING_AUTHS).default(TrainingAuth.PUBLIC),
    privatePwd: z.string().max(LIMITS.shortText).nullish(),
    rank: rank.default(TRAINING_LIMITS.defaultRank),
    status: z.boolean().default(true),
  }),
  trainingCategory: z.object({ id: id.optional() }).passthrough().nullish(),
});
export type AdminTrainingBody = z.infer<typeof adminTrainingBody>;

export const changeTrainingStatusQuery = z.object({
  tid: id,
  status: z.union([z.boolean(), z.stringbool()]),
});

export const adminTrainingProblemListQuery = pagingQuery(10).extend({
  tid: id,
  keyword: z.string().trim().max(LIMITS.shortText).optional(),
  /** true: the training's problems; false: problems that may be added */
  queryExisted: z.union([z.boolean(), z.stringbool()]).default(true),
});

export const updateTrainingProblemBody = z.object({
  id,
  tid: id.optional(),
  pid: id.optional(),
  rank,
  displayId: z.string().max(LIMITS.shortText).optional(),
});

export const trainingProblemQuery = z.object({ pid: id, tid: id });

export const addTrainingProblemBody = z.object({
  pid: id,
  tid: id,
  displayId: z.string().trim().max(LIMITS.shortText).optional(),
});

export const trainingCategoryBody = z.object({
  id: id.optional(),
  name: z.string().trim().min(1).max(TRAINING_LIMITS.categoryNameMax),
  color: cssColor.default('#409eff'),
});

export const categoryIdQuery = z.object({ cid: id });

// ---------------------------------------------------------------------------------------------
// Calls (paths after /api/)

export const trainingEndpoints = {
  categories: endpoint<TrainingCategory[]>()({ method: 'GET', path: 'get-training-category' }),
  list: endpoint<Page<TrainingListRow>>()({ method: 'GET', path: 'get-training-list', query: trainingListQuery }),
  detail: endpoint<TrainingDetail>()({ method: 'GET', path: 'get-training-detail', query: trainingIdQuery }),
  register: endpoint<null>()({ method: 'POST', path: 'register-training', body: registerTrainingBody }),
  access: endpoint<TrainingAccess>()({ method: 'GET', path: 'get-training-access', query: trainingIdQuery }),
  problems: endpoint<TrainingProblemRow[]>()({ method: 'GET', path: 'get-training-problem-list', query: trainingIdQuery }),
  rank: endpoint<Page<TrainingRankRecord>>()({ method: 'GET', path: 'get-training-rank', query: trainingRankQuery }),
  problemDetails: endpoint<TrainingProblemDetails>()({ method: 'GET', path: 'get-training-problem-details', query: trainingProblemDetailsQuery }),
} as const;

export const adminTrainingEndpoints = {
  list: endpoint<Page<AdminTrainingListRow>>()({ method: 'GET', path: 'admin/training/get-training-list', query: adminTrainingListQuery }),
  get: endpoint<AdminTrainingDetail>()({ method: 'GET', path: 'admin/training', query: trainingIdQuery }),
  add: endpoint<AdminTrainingDetail>()({ method: 'POST', path: 'admin/training', body: adminTrainingBody }),
  update: endpoint<AdminTrainingDetail>()({ method: 'PUT', path: 'admin/training', body: adminTrainingBody }),
  remove: endpoint<null>()({ method: 'DELETE', path: 'admin/training', query: trainingIdQuery }),
  changeStatus: endpoint<null>()({ method: 'PUT', path: 'admin/training/change-training-status', query: changeTrainingStatusQuery }),
  problems: endpoint<TrainingProblemAdminList>()({ method: 'GET', path: 'admin/training/get-problem-list', query: adminTrainingProblemListQuery }),
  updateProblem: endpoint<TrainingProblemLink>()({ method: 'PUT', path: 'admin/training/problem', body: updateTrainingProblemBody }),
  removeProblem: endpoint<null>()({ method: 'DELETE', path: 'admin/training/problem', query: trainingProblemQuery }),
  addFromPublic: endpoint<TrainingProblemLink>()({ method: 'POST', path: 'admin/training/add-problem-from-public', body: addTrainingProblemBody }),
  addCategory: endpoint<TrainingCategory>()({ method: 'POST', path: 'admin/training/category', body: trainingCategoryBody }),
  updateCategory: endpoint<TrainingCategory>()({ method: 'PUT', path: 'admin/training/category', body: trainingCategoryBody }),
  removeCategory: endpoint<null>()({ method: 'DELETE', path: 'admin/training/category', query: categoryIdQuery }),
} as const;
