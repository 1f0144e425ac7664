import { adminDiscussionEndpoints as dEp, adminEndpoints, adminNoticeEndpoints as nEp, type WebConfigBody } from '@oj/shared';
import { request, type EndpointInput } from './endpoint';

/** Discussion moderation and reports (admin "discussion"), and the super admin's notices ("notice"). */
export type AdminDiscussionQuery = EndpointInput<typeof dEp.list>['query'];
export type ReportQuery = EndpointInput<typeof dEp.reports>['query'];
export type NoticeBody = EndpointInput<typeof nEp.add>['body'];

export const adminDiscussionApi = {
  list: (query: AdminDiscussionQuery) => request(dEp.list, { query }),
  update: (body: EndpointInput<typeof dEp.update>['body']) => request(dEp.update, { body }),
  remove: (ids: number[]) => request(dEp.remove, { body: { ids } }),
  reports: (query: ReportQuery) => request(dEp.reports, { query }),
  handleReport: (id: number, status: boolean) => request(dEp.handleReport, { body: { id, status } }),
};

/** The super admin's system notices. */
export const adminNoticeApi = {
  list: (query: EndpointInput<typeof nEp.list>['query']) => request(nEp.list, { query }),
  add: (body: NoticeBody) => request(nEp.add, { body }),
  update: (body: NoticeBody) => request(nEp.update, { body }),
  remove: (id: number) => request(nEp.remove, { query: { id } }),
  sendNow: (id: number) => request(nEp.sendNow, { body: { id } }),
};

/** The discussion part of the site configuration (set-web-config takes any subset of it). */
export const discussionConfigApi = {
  get: () => request(adminEndpoints.webConfig, {}),
  save: (body: WebConfigBody) => request(adminEndpoints.setWebConfig, { body }),
};

export const adminCommunityKeys = {
  webConfig: ['admin-web-config'] as const,
  discussions: ['admin-discussions'] as const,
  discussionList: (gid: number) => ['admin-discussions', 'list', gid] as const,
  reports: ['admin-discussion-reports'] as const,
  reportList: (q: unknown) => ['admin-discussion-reports', q] as const,
  notices: ['admin-notices'] as const,
  noticeList: (q: unknown) => ['admin-notices', q] as const,
};
