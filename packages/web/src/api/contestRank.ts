import type { AcmRankRow, ContestAcInfo, ContestPrintJob, ContestRankPage, OiRankRow, Page, ScrollBoardInfo, ScrollBoardSubmission } from '@oj/shared';
import { downloadFile } from './adminFiles';
import { api, call, type RequestOptions } from './client';

/**
 * Scoreboards and the contest admin's tools (spec 2 §7 "Contest"): in-contest rank, outside
 * scoreboard, scroll board (resolver), AC helper, printing and rejudge.
 */

export type RankRow = AcmRankRow | OiRankRow;

/** Body of get-contest-rank and get-contest-outside-scoreboard. */
export interface RankQuery {
  cid: number;
  currentPage: number;
  limit: number;
  forceRefresh?: boolean;
  removeStar?: boolean;
  /** uids pinned under the viewer's own row */
  concernedList?: string[];
  /** school or shown name */
  keyword?: string;
  containsEnd?: boolean;
}

type Opts = Pick<RequestOptions, 'silent'>;

export const contestRankApi = {
  rank: (q: RankQuery, o?: Opts) => api.post<ContestRankPage<RankRow>>('get-contest-rank', q, o),
  /** Public (no login needed) when the contest opens its board. */
  outside: (q: RankQuery, o?: Opts) => api.post<ContestRankPage<RankRow>>('get-contest-outside-scoreboard', q, o),
  scrollInfo: (cid: number, o?: Opts) => api.get<ScrollBoardInfo>('get-contest-scroll-board-info', { cid }, o),
  scrollSubmissions: (cid: number, removeStar: boolean, o?: Opts) =>
    api.get<ScrollBoardSubmission[]>('get-contest-scroll-board-submission', { cid, removeStar }, o),
  acInfo: (cid: number, currentPage: number, limit: number, o?: Opts) => api.get<Page<ContestAcInfo>>('get-contest-ac-info', { cid, currentPage, limit }, o),
  checkAcInfo: (id: number, cid: number, checked: boolean) => api.put<null>('check-contest-ac-info', { id, cid, checked }),
  submitPrint: (cid: number, content: string) => api.post<null>('submit-print-text', { cid, content }),
  printJobs: (cid: number, currentPage: number, limit: number, o?: Opts) => api.get<Page<ContestPrintJob>>('get-contest-print', { cid, currentPage, limit }, o),
  /** HOJ sends id and cid in the query string of this PUT. */
  markPrinted: (id: number, cid: number) => call<null>('check-contest-print-status', { method: 'PUT', query: { id, cid } }).then((r) => r.data),
  downloadPrintText: (id: number, cid: number, username: string) =>
    downloadFile('file/download-contest-print-text', { id, cid }, `print_${id}_${username}.txt`),
  /** Super admin: every submission of the contest problem is judged again; resolves with how many. */
  rejudge: (cid: number, pid: number) => api.get<{ count: number }>('admin/judge/rejudge-contest-problem', { cid, pid }),
};

/** Keys under ['contest', cid] so the shell's refresh reloads them too. */
export const contestRankKeys = {
  rank: (cid: number, source: 'inside' | 'outside', uid: string, q: Omit<RankQuery, 'forceRefresh'>) => ['contest', cid, 'rank', source, uid, q] as const,
  scroll: (cid: number, removeStar: boolean) => ['contest', cid, 'scroll-board', removeStar] as const,
  acInfo: (cid: number, page: number) => ['contest', cid, 'ac-info', page] as const,
  print: (cid: number, page: number) => ['contest', cid, 'admin-print', page] as const,
};
