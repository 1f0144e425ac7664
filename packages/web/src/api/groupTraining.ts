import { groupTrainingEndpoints as ep } from '@oj/shared';
import { request, type EndpointInput } from './endpoint';
import type { AdminTrainingBody } from './training';

/**
 * Group trainings: thin wrappers over `groupTrainingEndpoints` of
 * `@oj/shared`, plus the query keys. The keys start like the site's training keys ('training-list',
 * 'admin-trainings'), so what reloads those after a change reloads the group's lists too.
 */
export type GroupTrainingListQuery = EndpointInput<typeof ep.list>['query'] & { currentPage: number; limit: number };
export type GroupAdminTrainingListQuery = EndpointInput<typeof ep.adminList>['query'] & { currentPage: number; limit: number };

export const groupTrainingApi = {
  list: (query: GroupTrainingListQuery) => request(ep.list, { query }),
  adminList: (query: GroupAdminTrainingListQuery) => request(ep.adminList, { query }),
  get: (tid: number) => request(ep.get, { query: { tid } }),
  /** a new training of group `gid` */
  add: (gid: number, body: AdminTrainingBody) => request(ep.add, { body: { ...body, training: { ...body.training, gid } } }),
  update: (body: AdminTrainingBody) => request(ep.update, { body }),
  remove: (tid: number) => request(ep.remove, { query: { tid } }),
  changeStatus: (tid: number, status: boolean) => request(ep.changeStatus, { query: { tid, status } }),
  problems: (query: EndpointInput<typeof ep.problems>['query']) => request(ep.problems, { query }),
  updateProblem: (body: EndpointInput<typeof ep.updateProblem>['body']) => request(ep.updateProblem, { body }),
  removeProblem: (tid: number, pid: number) => request(ep.removeProblem, { query: { tid, pid } }),
  addFromPublic: (tid: number, pid: number, displayId?: string) => request(ep.addFromPublic, { body: { tid, pid, displayId } }),
  addFromGroup: (tid: number, problemId: string) => request(ep.addFromGroup, { query: { tid, problemId } }),
  categories: (gid: number) => request(ep.categories, { query: { gid } }),
  addCategory: (gid: number, body: { name: string; color: string }) => request(ep.addCategory, { body: { ...body, gid } }),
  updateCategory: (body: { id: number; name: string; color: string }) => request(ep.updateCategory, { body }),
  removeCategory: (cid: number) => request(ep.removeCategory, { query: { cid } }),
};

export const groupTrainingKeys = {
  list: (q: GroupTrainingListQuery) => ['training-list', 'group', q] as const,
  /** every group's admin lists (the kit appends the query) */
  adminLists: ['admin-trainings', 'group'] as const,
  categories: (gid: number) => ['training-categories', 'group', gid] as const,
  ownCategories: (gid: number) => ['training-categories', 'group', gid, 'own'] as const,
};
