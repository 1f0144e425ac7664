import { adminEndpoints as aEp, adminSiteEndpoints as ep, type CarouselItem } from '@oj/shared';
import { uploadFile } from './adminFiles';
import { request, requestResult, type EndpointInput } from './endpoint';

/** The super admin's site screens: announcements, the site configuration (/admin/conf) and the sessions. */
export type AnnouncementInput = EndpointInput<typeof ep.addAnnouncement>['body'];
export type SessionQuery = EndpointInput<typeof aEp.sessions>['query'];

export const adminAnnouncementApi = {
  list: (query: EndpointInput<typeof ep.announcements>['query']) => request(ep.announcements, { query }),
  /** with an id: an edit (PUT), else a new one (POST); the result carries the server's msg */
  save: (body: AnnouncementInput) => requestResult(body.id ? ep.updateAnnouncement : ep.addAnnouncement, { body }),
  remove: (aid: number) => requestResult(ep.removeAnnouncement, { query: { aid } }),
};

export const adminConfigApi = {
  web: () => request(aEp.webConfig, {}),
  setWeb: (body: EndpointInput<typeof aEp.setWebConfig>['body']) => request(aEp.setWebConfig, { body }),
  email: () => request(aEp.emailConfig, {}),
  setEmail: (body: EndpointInput<typeof aEp.setEmailConfig>['body']) => request(aEp.setEmailConfig, { body }),
  testEmail: (email: string) => requestResult(aEp.testEmail, { body: { email } }),
  sms: () => request(ep.smsConfig, {}),
  setSms: (body: EndpointInput<typeof ep.setSmsConfig>['body']) => request(ep.setSmsConfig, { body }),
  group: () => request(ep.groupConfig, {}),
  setGroup: (body: EndpointInput<typeof ep.setGroupConfig>['body']) => request(ep.setGroupConfig, { body }),
  dataSource: () => request(ep.dataSource, {}),
  /** HOJ's path and field: file/upload-carouse-img, `file` */
  uploadCarousel: (file: File) => uploadFile<CarouselItem>('file/upload-carouse-img', 'file', file),
  removeCarousel: (id: number) => request(ep.removeCarousel, { query: { id } }),
};

export const adminSessionApi = {
  list: (query: SessionQuery) => request(aEp.sessions, { query }),
  revoke: (id: string) => requestResult(aEp.revokeSession, { query: { id } }),
};

export const adminSiteKeys = {
  announcements: ['admin-announcements'] as const,
  announcementList: (q: unknown) => ['admin-announcements', q] as const,
  email: ['admin-email-config'] as const,
  sms: ['admin-sms-config'] as const,
  group: ['admin-group-config'] as const,
  dataSource: ['admin-data-source'] as const,
  sessions: ['admin-sessions'] as const,
};
