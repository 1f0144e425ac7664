import { adminContestEndpoints, contestEndpoints as ep, type AcmRankRow, type OiRankRow } from '@oj/shared';
import { downloadFile } from './adminFiles';
import type { RequestOptions } from './client';
import { request } from './endpoint';

/**
 * Scoreboards and the contest admin's tools: in-contest rank, outside
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
  rank: (q: RankQuery, o?: Opts) => request(ep.rank, { body: q }, o),
  /** Public (no login needed) when the contest opens its board. */
  outside: (q: RankQuery, o?: Opts) => request(ep.outsideRank, { body: q }, o),
  scrollInfo: (cid: number, o?: Opts) => request(ep.scrollBoardInfo, { query: { cid } }, o),
  scrollSubmissions: (cid: number, removeStar: boolean, o?: Opts) => request(ep.scrollBoardSubmissions, { query: { cid, removeStar } }, o),
  acInfo: (cid: number, currentPage: number, limit: number, o?: Opts) => request(ep.acInfo, { query: { cid, currentPage, limit } }, o),
  checkAcInfo: (id: number, cid: number, checked: boolean) => request(ep.checkAcInfo, { body: { id, cid, checked } }),
  submitPrint: (cid: number, content: string) => request(ep.submitPrint, { body: { cid, content } }),
  printJobs: (cid: number, currentPage: number, limit: number, o?: Opts) => request(ep.printList, { query: { cid, currentPage, limit } }, o),
  /** HOJ sends id and cid in the query string of this PUT. */
  markPrinted: (id: number, cid: number) => request(ep.markPrinted, { query: { id, cid } }),
  downloadPrintText: (id: number, cid: number, username: string) =>
    downloadFile('file/download-contest-print-text', { id, cid }, `print_${id}_${username}.txt`),
  /** Super admin: every submission of the contest problem is judged again; resolves with how many. */
  rejudge: (cid: number, pid: number) => request(adminContestEndpoints.rejudgeProblem, { query: { cid, pid } }),
};

/** Keys under ['contest', cid] so the shell's refresh reloads them too. */
export const contestRankKeys = {
  rank: (cid: number, source: 'inside' | 'outside' | 'virtual', uid: string, q: Omit<RankQuery, 'forceRefresh'>) =>
    ['contest', cid, 'rank', source, uid, q] as const,
  scroll: (cid: number, removeStar: boolean) => ['contest', cid, 'scroll-board', removeStar] as const,
  acInfo: (cid: number, page: number) => ['contest', cid, 'ac-info', page] as const,
  print: (cid: number, page: number) => ['contest', cid, 'admin-print', page] as const,
};
