import type {
  AdminContest,
  AdminContestProblemRow,
  ContestAnnouncement,
  ContestBody,
  ContestProblemLink,
  ContestProblemSaved,
  EligibleProblemRow,
  Page,
} from '@oj/shared';
import type { AdminProblemSaveBody } from './adminProblem';
import { downloadFile } from './adminFiles';
import { api, call } from './client';

export interface ContestProblemPlace {
  cid: number;
  displayId: string;
  displayTitle?: string | null;
}

/** The contest announcement body of HOJ (`{cid, announcement}`); status 0 shown, 1 hidden. */
export interface ContestAnnouncementInput {
  id?: number;
  title: string;
  content: string;
  status: number;
}

/**
 * Contest management (spec 3 §2 admin contest screens; HOJ /api/admin/contest/*, notes §11.6).
 * Creating and changing calls return the whole envelope so pages can toast the server's msg.
 */
export const adminContestApi = {
  list: (p: { currentPage: number; limit: number; keyword?: string }) => api.get<Page<AdminContest>>('admin/contest/get-contest-list', p),
  get: (cid: number) => api.get<AdminContest>('admin/contest', { cid }),
  create: (body: ContestBody) => call<AdminContest>('admin/contest', { method: 'POST', body }),
  update: (body: ContestBody) => call<AdminContest>('admin/contest', { method: 'PUT', body }),
  remove: (cid: number) => call<null>('admin/contest', { method: 'DELETE', query: { cid } }),
  changeVisible: (cid: number, visible: boolean) => call<null>('admin/contest/change-contest-visible', { method: 'PUT', query: { cid, visible } }),

  /** The contest's problems, by display id. */
  problems: (p: { cid: number; currentPage: number; limit: number; keyword?: string }) =>
    api.get<Page<AdminContestProblemRow>>('admin/contest/get-problem-list', { ...p, queryExisted: true }),
  /** Bank problems that may still be added (the contest's rule, or remote). */
  eligible: (p: { cid: number; currentPage: number; limit: number; keyword?: string }) =>
    api.get<Page<EligibleProblemRow>>('admin/contest/get-problem-list', { ...p, queryExisted: false }),
  problemLink: (cid: number, pid: number) => api.get<ContestProblemLink>('admin/contest/contest-problem', { cid, pid }),
  updateLink: (body: { cid: number; pid: number; displayId: string; displayTitle?: string | null; color?: string | null }) =>
    call<ContestProblemLink>('admin/contest/contest-problem', { method: 'PUT', body }),
  addFromPublic: (body: { cid: number; pid: number; displayId: string; displayTitle?: string | null }) =>
    call<ContestProblemLink>('admin/contest/add-problem-from-public', { method: 'POST', body }),
  removeProblem: (cid: number, pid: number) => call<null>('admin/contest/problem', { method: 'DELETE', query: { cid, pid } }),
  /** A problem made for the contest, linked under its display id in the same call. */
  createProblem: (place: ContestProblemPlace, body: AdminProblemSaveBody) =>
    call<ContestProblemSaved>('admin/contest/problem', { method: 'POST', body: { ...body, ...place } }),
  updateProblem: (place: ContestProblemPlace, body: AdminProblemSaveBody) =>
    call<ContestProblemSaved>('admin/contest/problem', { method: 'PUT', body: { ...body, ...place } }),

  announcements: (p: { cid: number; currentPage: number; limit: number }) => api.get<Page<ContestAnnouncement>>('admin/contest/announcement', p),
  saveAnnouncement: (cid: number, announcement: ContestAnnouncementInput) =>
    call<ContestAnnouncement>('admin/contest/announcement', { method: announcement.id ? 'PUT' : 'POST', body: { cid, announcement } }),
  removeAnnouncement: (aid: number) => call<null>('admin/contest/announcement', { method: 'DELETE', query: { aid } }),

  /** The accepted code of the contest as a zip (GET /api/file/download-contest-ac-submission). */
  downloadAccepted: (cid: number, excludeAdmin: boolean, splitType: 'user' | 'problem') =>
    downloadFile('file/download-contest-ac-submission', { cid, excludeAdmin: String(excludeAdmin), splitType }, `contest_${cid}_${splitType}.zip`),
};
