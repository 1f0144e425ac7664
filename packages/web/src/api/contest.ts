import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RecentContest } from '@oj/shared';
import { CONTEST_LIMITS, contestEndpoints as ep } from '@oj/shared';
import { useSession } from '../app/session';
import { api, type RequestOptions } from './client';
import { request, requestResult } from './endpoint';

/**
 * Taking part in contests: the participant calls. Other contest pages (problem,
 * submissions, rank, tools) import from here; the exported names stay stable.
 */

/** Filters of the contest list as they travel in the URL and to get-contest-list. */
export interface ContestListFilter {
  currentPage: number;
  limit?: number;
  keyword?: string;
  /** -1 scheduled, 0 running, 1 ended */
  status?: number;
  /** 0 ACM, 1 OI */
  type?: number;
}

export type { ContestOutsideInfo } from '@oj/shared';

type Opts = Pick<RequestOptions, 'silent'>;

export const getContestList = (f: ContestListFilter, o?: Opts) => request(ep.list, { query: { limit: CONTEST_LIMITS.listPageSize, ...f } }, o);

/** The contest with `isContestAdmin` for the caller; visitors may call it too. */
export const getContestInfo = (cid: number, o?: Opts) => request(ep.info, { query: { cid } }, o);

export const getContestOutsideInfo = (cid: number, o?: Opts) => request(ep.outsideInfo, { query: { cid } }, o);

/** Whether the caller has what the contest asks for taking part (registered, or nothing needed). Login. */
export const getContestAccess = (cid: number, o?: Opts) => request(ep.access, { query: { cid } }, o);

/** Resolves with the server's (catalogue) message on success. Login. */
export const registerContest = (cid: number, password: string, o?: Opts) => requestResult(ep.register, { body: { cid, password } }, o).then((r) => r.msg);

export const getContestProblems = (cid: number, containsEnd = false, o?: Opts) =>
  request(ep.problems, { query: { cid, containsEnd: containsEnd || undefined } }, o);

/** Contest announcements a page (the server's default page size of get-contest-announcement). */
export const CONTEST_ANNOUNCEMENT_PAGE_SIZE = 10;

export const getContestAnnouncements = (cid: number, currentPage = 1, limit = CONTEST_ANNOUNCEMENT_PAGE_SIZE, o?: Opts) =>
  request(ep.announcements, { query: { cid, currentPage, limit } }, o);

/** Shown announcements whose ids are not in `read` (polled every 60 s by the shell). */
export const getNotReadAnnouncements = (cid: number, readAnnouncementList: number[], o: Opts = { silent: true }) =>
  request(ep.notReadAnnouncements, { body: { cid, readAnnouncementList } }, o);

/** Home card: running and upcoming contests first, a handful. Public. */
export const getRecentContests = (o?: Opts) => api.get<RecentContest[]>('get-recent-contest', undefined, o);

/**
 * Query keys. Everything of one contest starts with ['contest', cid], so
 * `queryClient.invalidateQueries({ queryKey: contestKeys.all(cid) })` reloads all of it.
 */
export const contestKeys = {
  list: (f: ContestListFilter) => ['contest-list', f] as const,
  recent: ['home', 'recent-contests'] as const,
  all: (cid: number) => ['contest', cid] as const,
  info: (cid: number, uid: string) => ['contest', cid, 'info', uid] as const,
  access: (cid: number, uid: string) => ['contest', cid, 'access', uid] as const,
  problems: (cid: number, uid: string, containsEnd = false) => ['contest', cid, 'problems', uid, containsEnd] as const,
  announcements: (cid: number, page: number) => ['contest', cid, 'announcements', page] as const,
  /** the scroll-board tab's count of ranked users */
  scrollRanked: (cid: number) => ['contest', cid, 'scroll-board', 'ranked'] as const,
  /** every page of the balloon list (prefix of contestRankKeys.acInfo) */
  acInfo: (cid: number) => ['contest', cid, 'ac-info'] as const,
  /** every page of the print queue (prefix of contestRankKeys.print) */
  adminPrint: (cid: number) => ['contest', cid, 'admin-print'] as const,
  // Public and outside the shell: not under ['contest', cid], which is keyed per viewer.
  outsideInfo: (cid: number) => ['contest-outside', cid] as const,
};

export function useContestList(f: ContestListFilter) {
  return useQuery({ queryKey: contestKeys.list(f), queryFn: () => getContestList(f, { silent: true }), placeholderData: keepPreviousData });
}

/** The contest as the viewer sees it (silent: the caller shows the failure itself). */
export function useContestInfo(cid: number, enabled = true) {
  const { user } = useSession();
  return useQuery({
    queryKey: contestKeys.info(cid, user?.uid ?? ''),
    queryFn: () => getContestInfo(cid, { silent: true }),
    enabled: enabled && Number.isInteger(cid) && cid > 0,
    retry: false,
  });
}

export function useContestAccess(cid: number) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: contestKeys.access(cid, user?.uid ?? ''),
    queryFn: () => getContestAccess(cid, { silent: true }),
    enabled: !!token && !!user && Number.isInteger(cid) && cid > 0,
    retry: false,
  });
}

export function useContestProblems(cid: number, enabled = true, containsEnd = false) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: contestKeys.problems(cid, user?.uid ?? '', containsEnd),
    queryFn: () => getContestProblems(cid, containsEnd, { silent: true }),
    enabled: enabled && !!token && !!user,
    retry: false,
  });
}

export function useContestAnnouncements(cid: number, page: number, enabled = true) {
  const { token } = useSession();
  return useQuery({
    queryKey: contestKeys.announcements(cid, page),
    queryFn: () => getContestAnnouncements(cid, page, CONTEST_ANNOUNCEMENT_PAGE_SIZE, { silent: true }),
    enabled: enabled && !!token,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The public scoreboard's header and problem letters; fails when the contest does not open its board. */
export function useContestOutsideInfo(cid: number) {
  return useQuery({
    queryKey: contestKeys.outsideInfo(cid),
    queryFn: () => getContestOutsideInfo(cid, { silent: true }),
    enabled: Number.isInteger(cid) && cid > 0,
    retry: false,
  });
}

export function useRecentContests() {
  return useQuery({ queryKey: contestKeys.recent, queryFn: () => getRecentContests({ silent: true }) });
}
