/**
 * A group's announcements, rank and discussions (HOJ `hoj-api-reference.md` §7 get-group-rank-list
 * and §10, whose paths and payloads are kept). The rows are the site's own (announcements, rank records,
 * discussions), in the group's scope.
 */
import { z } from 'zod';
import { type AnnouncementRow, announcementBody } from './admin-site.js';
import {
  addDiscussionBody,
  adminDiscussionBody,
  adminDiscussionListQuery,
  type DiscussionDetail,
  type DiscussionListPage,
  type DiscussionListRow,
  discussionListQuery,
  updateDiscussionBody,
} from './discussion.js';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';
import { dbId } from './ids.js';
import { pagingQuery } from './paging.js';
import { type RankRecord, rankListQuery } from './rank.js';
import { GROUP_LIMITS } from './group.js';

export const GROUP_BOARD_LIMITS = {
  /** announcements 5 a page on the home, admin lists 10 */
  announcementPageSize: 5,
  adminAnnouncementPageSize: 10,
  /** the side card on the group's tabs: the first of the ACM rank */
  leaderboardSize: 10,
} as const;

/** A group announcement: the site's row with its group and author (who may edit it: its author or the group's root). */
export interface GroupAnnouncement extends AnnouncementRow {
  gid: number;
  uid: string | null;
}

const gid = { gid: dbId };

export const groupAnnouncementListQuery = pagingQuery(GROUP_BOARD_LIMITS.announcementPageSize).extend(gid);
export const groupAdminAnnouncementListQuery = pagingQuery(GROUP_BOARD_LIMITS.adminAnnouncementPageSize).extend(gid);
/** POST / PUT group/announcement: the site's announcement fields (title and content required) and the group. */
export const groupAnnouncementBody = announcementBody.extend(gid);
export const groupAnnouncementDeleteQuery = z.object({ aid: dbId });

/** get-group-rank-list: the site rank's query (type 0 ACM / 1 OI, searchUser, 30 a page) and the group. */
export const groupRankQuery = rankListQuery.extend({ ...gid, limit: pagingQuery(GROUP_LIMITS.rankPageSize).shape.limit });

/** GET group/get-discussion-list: the site list's filters (keyword, category, problem, only mine) in one group. */
export const groupDiscussionListQuery = discussionListQuery.extend(gid);
export const groupAdminDiscussionListQuery = adminDiscussionListQuery.extend(gid);
/** POST group/discussion: the site's discussion fields and the group; `pid` a problem of the group or of the public bank. */
export const addGroupDiscussionBody = addDiscussionBody.extend(gid);
export const groupDiscussionIdQuery = z.object({ did: dbId });

export const groupBoardEndpoints = {
  /** members: the shown announcements, newest first */
  announcements: endpoint<Page<GroupAnnouncement>>()({ method: 'GET', path: 'group/get-announcement-list', query: groupAnnouncementListQuery }),
  /** group admins: all of them, hidden ones too */
  adminAnnouncements: endpoint<Page<GroupAnnouncement>>()({ method: 'GET', path: 'group/get-admin-announcement-list', query: groupAdminAnnouncementListQuery }),
  /** group admins */
  addAnnouncement: endpoint<GroupAnnouncement>()({ method: 'POST', path: 'group/announcement', body: groupAnnouncementBody }),
  /** group root, or the group admin who wrote it */
  updateAnnouncement: endpoint<GroupAnnouncement>()({ method: 'PUT', path: 'group/announcement', body: groupAnnouncementBody }),
  removeAnnouncement: endpoint<null>()({ method: 'DELETE', path: 'group/announcement', query: groupAnnouncementDeleteQuery }),
  /** members: ACM or OI over the group's submissions; `rank` continues across pages */
  rank: endpoint<Page<RankRecord>>()({ method: 'GET', path: 'get-group-rank-list', query: groupRankQuery }),
  /** members (switch openGroupDiscussion) */
  discussions: endpoint<DiscussionListPage>()({ method: 'GET', path: 'group/get-discussion-list', query: groupDiscussionListQuery }),
  /** group admins: every discussion of the group, hidden ones too */
  adminDiscussions: endpoint<Page<DiscussionListRow>>()({ method: 'GET', path: 'group/get-admin-discussion-list', query: groupAdminDiscussionListQuery }),
  addDiscussion: endpoint<DiscussionDetail>()({ method: 'POST', path: 'group/discussion', body: addGroupDiscussionBody }),
  /** the author (the site's update; the group is the discussion's) */
  updateDiscussion: endpoint<DiscussionDetail>()({ method: 'PUT', path: 'group/discussion', body: updateDiscussionBody }),
  /** the author, or a group admin */
  removeDiscussion: endpoint<null>()({ method: 'DELETE', path: 'group/discussion', query: groupDiscussionIdQuery }),
  /** group admins: top and status of one discussion (the site's admin/discussion, in the group) */
  moderateDiscussion: endpoint<null>()({ method: 'PUT', path: 'group/admin-discussion', body: adminDiscussionBody }),
} as const;
