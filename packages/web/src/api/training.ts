import { useQuery } from '@tanstack/react-query';
import { adminTrainingEndpoints as adminEp, trainingEndpoints as ep } from '@oj/shared';
import { useSession } from '../app/session';
import { quietly } from './client';
import { request, type EndpointInput } from './endpoint';

/**
 * Trainings (admin training): thin wrappers over the shared endpoint
 * tables, so the request shapes are the ones `@oj/shared` declares, plus the query keys.
 */

export type TrainingListQuery = EndpointInput<typeof ep.list>['query'] & { currentPage: number };
export type TrainingRankQuery = EndpointInput<typeof ep.rank>['query'] & { currentPage: number; limit: number };
export type AdminTrainingBody = EndpointInput<typeof adminEp.add>['body'];
export type AdminTrainingProblemQuery = EndpointInput<typeof adminEp.problems>['query'];
export type TrainingCategoryBody = EndpointInput<typeof adminEp.addCategory>['body'];

export const trainingApi = {
  categories: () => request(ep.categories, {}),
  list: (query: TrainingListQuery) => request(ep.list, { query }),
  detail: (tid: number) => request(ep.detail, { query: { tid } }),
  /** The client shows a refusal (wrong password, too many tries) as its toast. */
  register: (tid: number, password: string) => request(ep.register, { body: { tid, password } }),
  access: (tid: number) => request(ep.access, { query: { tid } }),
  problems: (tid: number) => request(ep.problems, { query: { tid } }),
  rank: (query: TrainingRankQuery) => request(ep.rank, { query }),
  /** The training problem bar: its problems in order with the viewer's own state and progress. */
  problemDetails: (tid: number, displayId?: string) => request(ep.problemDetails, { query: { tid, displayId } }),
};

export const adminTrainingApi = {
  list: (query: EndpointInput<typeof adminEp.list>['query']) => request(adminEp.list, { query }),
  get: (tid: number) => request(adminEp.get, { query: { tid } }),
  add: (body: AdminTrainingBody) => request(adminEp.add, { body }),
  update: (body: AdminTrainingBody) => request(adminEp.update, { body }),
  remove: (tid: number) => request(adminEp.remove, { query: { tid } }),
  changeStatus: (tid: number, status: boolean) => request(adminEp.changeStatus, { query: { tid, status } }),
  problems: (query: AdminTrainingProblemQuery) => request(adminEp.problems, { query }),
  updateProblem: (body: EndpointInput<typeof adminEp.updateProblem>['body']) => request(adminEp.updateProblem, { body }),
  removeProblem: (tid: number, pid: number) => request(adminEp.removeProblem, { query: { tid, pid } }),
  addFromPublic: (tid: number, pid: number, displayId?: string) => request(adminEp.addFromPublic, { body: { tid, pid, displayId } }),
  addCategory: (body: TrainingCategoryBody) => request(adminEp.addCategory, { body }),
  updateCategory: (body: TrainingCategoryBody) => request(adminEp.updateCategory, { body }),
  removeCategory: (cid: number) => request(adminEp.removeCategory, { query: { cid } }),
};

/**
 * Query keys. Everything one viewer sees of a training starts with ['training', tid], so registering
 * (or a verdict) reloads all of it with one invalidation.
 */
export const trainingKeys = {
  categories: ['training-categories'] as const,
  list: (q: TrainingListQuery, uid: string) => ['training-list', q, uid] as const,
  all: (tid: number) => ['training', tid] as const,
  detail: (tid: number, uid: string) => ['training', tid, 'detail', uid] as const,
  access: (tid: number, uid: string) => ['training', tid, 'access', uid] as const,
  problems: (tid: number, uid: string) => ['training', tid, 'problems', uid] as const,
  rank: (q: TrainingRankQuery) => ['training', q.tid, 'rank', q] as const,
  admin: {
    all: ['admin-trainings'] as const,
    one: (tid: number) => ['admin-trainings', 'one', tid] as const,
    problems: (q: AdminTrainingProblemQuery) => ['admin-trainings', 'problems', q.tid, q] as const,
  },
};

const validTid = (tid: number) => Number.isInteger(tid) && tid > 0;

export function useTrainingCategories() {
  return useQuery({ queryKey: trainingKeys.categories, queryFn: quietly(trainingApi.categories), staleTime: 60_000 });
}

/** The training as the viewer sees it; the shell shows a failure itself. */
export function useTrainingDetail(tid: number) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: trainingKeys.detail(tid, user?.uid ?? ''),
    queryFn: quietly(() => trainingApi.detail(tid)),
    enabled: !!token && validTid(tid),
    retry: false,
  });
}

export function useTrainingAccess(tid: number) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: trainingKeys.access(tid, user?.uid ?? ''),
    queryFn: quietly(() => trainingApi.access(tid)),
    enabled: !!token && validTid(tid),
    retry: false,
  });
}

export function useTrainingProblems(tid: number, enabled = true) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: trainingKeys.problems(tid, user?.uid ?? ''),
    queryFn: quietly(() => trainingApi.problems(tid)),
    enabled: enabled && !!token && validTid(tid),
    // the own states change with each verdict given on the problem pages
    refetchOnMount: 'always',
    retry: false,
  });
}

/**
 * The focus mode's problem bar inside a training (get-training-problem-details): the training's problems
 * with the viewer's own state. Keyed under 'user-problem-status' like the contest's bar, so the submit
 * flow's reload after a verdict reaches it.
 */
export const trainingNavSource = (tid: number, uid: string) => ({
  queryKey: ['user-problem-status', 'training', tid, uid] as const,
  queryFn: () => trainingApi.problemDetails(tid).then((d) => d.problems),
});
