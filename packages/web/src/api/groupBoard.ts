import { groupBoardEndpoints as ep } from '@oj/shared';
import { request, requestResult, type EndpointInput } from './endpoint';

/** A group's announcements, rank and discussions: thin wrappers over `groupBoardEndpoints`, plus the query keys. */
export type GroupRankQuery = EndpointInput<typeof ep.rank>['query'] & { currentPage: number; limit: number };
export type GroupAnnouncementInput = EndpointInput<typeof ep.addAnnouncement>['body'];
type DiscussionFields = Omit<EndpointInput<typeof ep.addDiscussion>['body'], 'gid'>;

export const groupBoardApi = {
  announcements: (gid: number, currentPage: number, limit: number) => request(ep.announcements, { query: { gid, currentPage, limit } }),
  adminAnnouncements: (gid: number, currentPage: number, limit: number) => request(ep.adminAnnouncements, { query: { gid, currentPage, limit } }),
  /** answers the server's msg too (the manager's success toast) */
  saveAnnouncement: (body: GroupAnnouncementInput) => requestResult(body.id ? ep.updateAnnouncement : ep.addAnnouncement, { body }),
  removeAnnouncement: (aid: number) => requestResult(ep.removeAnnouncement, { query: { aid } }),
  rank: (query: GroupRankQuery) => request(ep.rank, { query }),
  discussions: (query: EndpointInput<typeof ep.discussions>['query']) => request(ep.discussions, { query }),
  adminDiscussions: (query: EndpointInput<typeof ep.adminDiscussions>['query']) => request(ep.adminDiscussions, { query }),
  addDiscussion: (gid: number, body: DiscussionFields) => request(ep.addDiscussion, { body: { ...body, gid } }),
  updateDiscussion: (body: EndpointInput<typeof ep.updateDiscussion>['body']) => request(ep.updateDiscussion, { body }),
  removeDiscussion: (did: number) => request(ep.removeDiscussion, { query: { did } }),
  moderateDiscussion: (body: EndpointInput<typeof ep.moderateDiscussion>['body']) => request(ep.moderateDiscussion, { body }),
};

export const groupBoardKeys = {
  /** the members' list on the home and the admins' table: one prefix, reloaded together */
  announcements: (gid: number) => ['group', gid, 'announcements'] as const,
  rank: (gid: number) => ['group', gid, 'rank'] as const,
};
