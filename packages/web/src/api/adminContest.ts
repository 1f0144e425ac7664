import {
  adminContestEndpoints as ep,
  clicsEndpoints,
  endpointPath,
  type AdminContestProblemRow,
  type ContestBody,
  type EligibleProblemRow,
  type Page,
} from '@oj/shared';
import type { AdminProblemSaveBody } from './adminProblem';
import { downloadFile } from './adminFiles';
import { request, requestResult } from './endpoint';

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
 * Contest management (admin contest screens; HOJ /api/admin/contest/*, notes §11.6).
 * Creating and changing calls return the whole envelope so pages can toast the server's msg.
 */
export const adminContestApi = {
  list: (p: { currentPage: number; limit: number; keyword?: string }) => request(ep.list, { query: p }),
  get: (cid: number) => request(ep.get, { query: { cid } }),
  create: (body: ContestBody) => requestResult(ep.create, { body }),
  update: (body: ContestBody) => requestResult(ep.update, { body }),
  remove: (cid: number) => requestResult(ep.remove, { query: { cid } }),
  changeVisible: (cid: number, visible: boolean) => requestResult(ep.changeVisible, { query: { cid, visible } }),

  /** The contest's problems, by display id. */
  problems: (p: { cid: number; currentPage: number; limit: number; keyword?: string }) =>
    request(ep.problems, { query: { ...p, queryExisted: true } }) as Promise<Page<AdminContestProblemRow>>,
  /** Bank problems that may still be added (the contest's rule, or remote). */
  eligible: (p: { cid: number; currentPage: number; limit: number; keyword?: string }) =>
    request(ep.problems, { query: { ...p, queryExisted: false } }) as Promise<Page<EligibleProblemRow>>,
  problemLink: (cid: number, pid: number) => request(ep.problemLink, { query: { cid, pid } }),
  updateLink: (body: { cid: number; pid: number; displayId: string; displayTitle?: string | null; color?: string | null }) =>
    requestResult(ep.updateLink, { body }),
  addFromPublic: (body: { cid: number; pid: number; displayId: string; displayTitle?: string | null }) => requestResult(ep.addFromPublic, { body }),
  removeProblem: (cid: number, pid: number) => requestResult(ep.removeProblem, { query: { cid, pid } }),
  /** A problem made for the contest, linked under its display id in the same call. */
  createProblem: (place: ContestProblemPlace, body: AdminProblemSaveBody) => requestResult(ep.createProblem, { body: { ...body, ...place } }),
  updateProblem: (place: ContestProblemPlace, body: AdminProblemSaveBody) => requestResult(ep.updateProblem, { body: { ...body, ...place } }),

  announcements: (p: { cid: number; currentPage: number; limit: number }) => request(ep.announcements, { query: p }),
  saveAnnouncement: (cid: number, announcement: ContestAnnouncementInput) =>
    requestResult(announcement.id ? ep.updateAnnouncement : ep.addAnnouncement, { body: { cid, announcement } }),
  removeAnnouncement: (aid: number, cid?: number) => requestResult(ep.removeAnnouncement, { query: { aid, cid } }),

  /** The accepted code of the contest as a zip (GET /api/file/download-contest-ac-submission). */
  downloadAccepted: (cid: number, excludeAdmin: boolean, splitType: 'user' | 'problem') =>
    downloadFile('file/download-contest-ac-submission', { cid, excludeAdmin: String(excludeAdmin), splitType }, `contest_${cid}_${splitType}.zip`),
  /** The finished contest as a contest package, CLICS layout (GET /api/clics/contests/:cid/package). */
  downloadClicsPackage: (cid: number) => downloadFile(endpointPath(clicsEndpoints.contestPackage.path, { cid: String(cid) }), {}, `${cid}.zip`),
};
