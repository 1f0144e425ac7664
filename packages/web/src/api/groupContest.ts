import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { groupContestEndpoints as ep, type AdminContestProblemRow, type ContestBody, type EligibleProblemRow, type Page } from '@oj/shared';
import type { ContestAdminApi } from './contestAdminScope';
import type { ContestAnnouncementInput } from './adminContest';
import { request, requestResult } from './endpoint';

/** Group contests (HOJ /api/group/... contest calls): thin wrappers over `groupContestEndpoints`. */
export const groupContestApi = {
  list: (p: { gid: number; currentPage: number; limit: number }) => request(ep.list, { query: p }),
  addFromGroup: (cid: number, problemId: string, displayId: string) => requestResult(ep.addFromGroup, { query: { cid, problemId, displayId } }),
};

/**
 * The contest admin pages' calls on the group's paths (the same answers as the admin area's), for the
 * group `gid`: its admin table, and creating a contest in the group.
 */
export function groupContestAdminApi(gid: number): ContestAdminApi {
  return {
    list: (p) => request(ep.adminList, { query: { gid, currentPage: p.currentPage, limit: p.limit } }),
    get: (cid) => request(ep.get, { query: { cid } }),
    create: (body: ContestBody) => requestResult(ep.create, { body: { ...body, gid } }),
    update: (body: ContestBody) => requestResult(ep.update, { body }),
    remove: (cid) => requestResult(ep.remove, { query: { cid } }),
    changeVisible: (cid, visible) => requestResult(ep.changeVisible, { query: { cid, visible } }),
    problems: (p) => request(ep.problems, { query: { ...p, queryExisted: true } }) as Promise<Page<AdminContestProblemRow>>,
    eligible: (p) => request(ep.problems, { query: { ...p, queryExisted: false } }) as Promise<Page<EligibleProblemRow>>,
    updateLink: (body) => requestResult(ep.updateLink, { body }),
    addFromPublic: (body) => requestResult(ep.addFromPublic, { body }),
    removeProblem: (cid, pid) => requestResult(ep.removeProblem, { query: { cid, pid } }),
    announcements: (p) => request(ep.announcements, { query: p }),
    saveAnnouncement: (cid, announcement: ContestAnnouncementInput) =>
      requestResult(announcement.id ? ep.updateAnnouncement : ep.addAnnouncement, { body: { cid, announcement } }),
    // HOJ deletes a group contest's announcement by both ids; the admin area's call sends the aid alone.
    removeAnnouncement: (aid, cid) => requestResult(ep.removeAnnouncement, { query: { aid, cid: cid ?? 0 } }),
  };
}

export const groupContestKeys = {
  list: (gid: number, currentPage: number) => ['group', gid, 'contests', currentPage] as const,
};

/** The group's contest cards, a page at a time. */
export const useGroupContestList = (gid: number, currentPage: number, limit: number) =>
  useQuery({
    queryKey: groupContestKeys.list(gid, currentPage),
    queryFn: () => groupContestApi.list({ gid, currentPage, limit }),
    placeholderData: keepPreviousData,
  });
