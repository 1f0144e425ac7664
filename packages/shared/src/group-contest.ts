/**
 * Group contests (HOJ group calls of §10): the group's contest list and admin
 * table, the contest form in the group, its problems (from the public bank by the use policy, or from the
 * group's own problems) and announcements. The contest itself opens in the site's contest shell
 * (/contest/:cid), whose calls require membership of the group for a group contest.
 */
import { z } from 'zod';
import { dbId } from './ids.js';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';
import { pagingQuery } from './paging.js';
import {
  addContestProblemBody,
  adminContestProblemListQuery,
  changeContestVisibleQuery,
  cidQuery,
  contestAnnouncementBody,
  contestAnnouncementQuery,
  contestBody,
  contestProblemLinkQuery,
  updateContestProblemBody,
  type AdminContest,
  type AdminContestProblemRow,
  type ContestAnnouncement,
  type ContestInfo,
  type ContestProblemLink,
  type EligibleProblemRow,
} from './contest.js';

/** Admin lists and the group's lists page by 10. */
export const GROUP_CONTEST_PAGE_SIZE = 10;

export const groupContestListQuery = pagingQuery(GROUP_CONTEST_PAGE_SIZE).extend({ gid: dbId });

/** The contest form plus the group it is made in (HOJ AdminContestVO with gid). */
export const groupContestBody = contestBody.extend({ gid: dbId });

/** HOJ add-contest-problem-from-group: the group problem by its problem id, and its letter in the contest. */
export const groupContestProblemQuery = z.object({
  cid: dbId,
  problemId: z.string().trim().min(1).max(64),
  displayId: z.string().trim().min(1).max(20),
});

/** HOJ deletes a group contest announcement by aid and cid. */
export const groupContestAnnouncementIdQuery = z.object({ aid: dbId, cid: dbId });

/** A row of the group's admin table: the contest and whether the caller may manage it (group root or creator). */
export interface GroupAdminContest extends AdminContest {
  canManage: boolean;
}

export const groupContestEndpoints = {
  /** members: the group's visible contests (running, scheduled, ended as in the site list) */
  list: endpoint<Page<ContestInfo>>()({ method: 'GET', path: 'group/get-contest-list', query: groupContestListQuery }),
  /** group admins: every contest of the group */
  adminList: endpoint<Page<GroupAdminContest>>()({ method: 'GET', path: 'group/get-admin-contest-list', query: groupContestListQuery }),
  get: endpoint<AdminContest>()({ method: 'GET', path: 'group/contest', query: cidQuery }),
  create: endpoint<AdminContest>()({ method: 'POST', path: 'group/contest', body: groupContestBody }),
  update: endpoint<AdminContest>()({ method: 'PUT', path: 'group/contest', body: contestBody }),
  remove: endpoint<null>()({ method: 'DELETE', path: 'group/contest', query: cidQuery }),
  changeVisible: endpoint<null>()({ method: 'PUT', path: 'group/change-contest-visible', query: changeContestVisibleQuery }),
  /** queryExisted true: the contest's problems; false: public problems the caller may add (use policy) */
  problems: endpoint<Page<AdminContestProblemRow | EligibleProblemRow>>()({
    method: 'GET',
    path: 'group/get-contest-problem-list',
    query: adminContestProblemListQuery,
  }),
  problemLink: endpoint<ContestProblemLink>()({ method: 'GET', path: 'group/contest-problem', query: contestProblemLinkQuery }),
  updateLink: endpoint<ContestProblemLink>()({ method: 'PUT', path: 'group/contest-problem', body: updateContestProblemBody }),
  removeProblem: endpoint<null>()({ method: 'DELETE', path: 'group/contest-problem', query: contestProblemLinkQuery }),
  addFromPublic: endpoint<ContestProblemLink>()({ method: 'POST', path: 'group/add-contest-problem-from-public', body: addContestProblemBody }),
  addFromGroup: endpoint<ContestProblemLink>()({ method: 'POST', path: 'group/add-contest-problem-from-group', query: groupContestProblemQuery }),
  announcements: endpoint<Page<ContestAnnouncement>>()({ method: 'GET', path: 'group/get-contest-announcement-list', query: contestAnnouncementQuery }),
  addAnnouncement: endpoint<ContestAnnouncement>()({ method: 'POST', path: 'group/contest-announcement', body: contestAnnouncementBody }),
  updateAnnouncement: endpoint<ContestAnnouncement>()({ method: 'PUT', path: 'group/contest-announcement', body: contestAnnouncementBody }),
  removeAnnouncement: endpoint<null>()({ method: 'DELETE', path: 'group/contest-announcement', query: groupContestAnnouncementIdQuery }),
} as const;
