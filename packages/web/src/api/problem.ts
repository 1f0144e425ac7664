import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  FullScreenProblem,
  LastAcCode,
  Page,
  ProblemDetail,
  ProblemListRow,
  RecentUpdatedProblem,
  SubmissionInfo,
  SubmitConfig,
  TagsAndClassification,
  TestRunBody,
  TestRunResult,
  UserProblemStatus,
} from '@oj/shared';
import { useSession } from '../app/session';
import { api, quietly } from './client';

/** Filters of the problem list as they travel in the URL and to get-problem-list (spec 1 §2). */
export interface ProblemListFilter {
  keyword?: string;
  /** comma list of tag ids */
  tagId?: string;
  difficulty?: number;
  oj?: string;
  auth?: number;
  currentPage: number;
  limit: number;
}

export interface SubmitProblemBody {
  pid: string;
  language: string;
  code: string;
  cid?: number;
  /** submitted inside this training */
  tid?: number;
  isRemote?: boolean;
  /** the answer to the image captcha, when the site asks for one (switch submitCaptcha) */
  captcha?: string;
  captchaKey?: string;
}

/** Problem pages: the calls of spec 1 §7 "Problems and submissions". */
export const problemApi = {
  list: (f: ProblemListFilter) => api.get<Page<ProblemListRow>>('get-problem-list', { ...f }),
  tagsAndClassification: (oj: string) => api.get<TagsAndClassification[]>('get-problem-tags-and-classification', { oj }),
  randomProblem: () => api.get<{ problemId: string }>('get-random-problem'),
  recentUpdated: () => api.get<RecentUpdatedProblem[]>('get-recent-updated-problem', undefined, { silent: true }),
  userStatus: (pidList: number[]) => api.post<UserProblemStatus>('get-user-problem-status', { pidList, isContestProblemList: false }),
  detail: (problemId: string) => api.get<ProblemDetail>('get-problem-detail', { problemId }),
  lastAcCode: (pid: number, cid = 0) => api.get<LastAcCode>('get-last-ac-code', { pid, cid: cid || undefined }),
  submit: (body: SubmitProblemBody) => api.post<SubmissionInfo>('submit-problem-judge', { cid: 0, isRemote: false, ...body }),
  checkStatus: (submitIds: number[]) => api.post<Record<string, SubmissionInfo>>('check-submissions-status', { submitIds, cid: 0 }, { silent: true }),
  mySubmissions: (problemID: string, currentPage: number, limit: number) =>
    api.get<Page<SubmissionInfo>>('get-submission-list', { onlyMine: true, problemID, completeProblemID: true, currentPage, limit }),
  submitConfig: () => api.get<SubmitConfig>('get-submit-config', undefined, { silent: true }),
  testRun: (body: TestRunBody) => api.post<string>('submit-problem-test-judge', body),
  /** A contest problem under its letter (spec 2 §7 get-contest-problem-details); silent: the page shows why. */
  contestDetail: (cid: number, displayId: string) => api.get<ProblemDetail>('get-contest-problem-details', { cid, displayId }, { silent: true }),
  /** The focus mode's problem bar: the contest's problems with the viewer's own state. */
  fullScreenList: (cid: number) => api.get<FullScreenProblem[]>('get-full-screen-problem-list', { cid }, { silent: true }),
  testRunResult: (testJudgeKey: string) => api.get<TestRunResult>('get-test-judge-result', { testJudgeKey }, { silent: true }),
};

export const problemKeys = {
  list: (f: ProblemListFilter) => ['problem-list', f] as const,
  tags: (oj: string) => ['problem-tags', oj] as const,
  recent: ['recent-updated-problems'] as const,
  status: (uid: string, pids: number[]) => ['user-problem-status', uid, pids] as const,
  detail: (problemId: string, uid: string) => ['problem-detail', problemId, uid] as const,
  mySubmissions: (problemId: string, uid: string, page: number) => ['my-problem-submissions', problemId, uid, page] as const,
  // Contest variants share the prefixes above, so the submit flow's invalidations reach them too.
  contestDetail: (cid: number, displayId: string, uid: string) => ['problem-detail', 'contest', cid, displayId.toUpperCase(), uid] as const,
  contestMySubmissions: (cid: number, displayId: string, uid: string, page: number) =>
    ['my-problem-submissions', 'contest', cid, displayId.toUpperCase(), uid, page] as const,
  fullScreenList: (cid: number, uid: string) => ['user-problem-status', 'full-screen', cid, uid] as const,
  submitConfig: ['submit-config'] as const,
};

export function useProblemList(f: ProblemListFilter) {
  return useQuery({ queryKey: problemKeys.list(f), queryFn: () => problemApi.list(f), placeholderData: keepPreviousData });
}

export function useProblemTags(oj: string) {
  return useQuery({ queryKey: problemKeys.tags(oj), queryFn: () => problemApi.tagsAndClassification(oj), staleTime: 60_000 });
}

/** The logged-in user's status on the problems shown (nothing for visitors). */
export function useUserProblemStatus(pids: number[]) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: problemKeys.status(user?.uid ?? '', pids),
    queryFn: () => problemApi.userStatus(pids),
    enabled: !!token && !!user && pids.length > 0,
  });
}

export function useProblemDetail(problemId: string) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: problemKeys.detail(problemId, user?.uid ?? ''),
    queryFn: quietly(() => problemApi.detail(problemId)),
    enabled: !!token && !!user,
    retry: false,
  });
}

/**
 * Whether submitting needs a captcha; asked again each time a problem page opens (an admin may switch
 * it). `enabled` false where the captcha never applies (contests).
 */
export function useSubmitConfig(enabled = true) {
  return useQuery({ queryKey: problemKeys.submitConfig, queryFn: problemApi.submitConfig, staleTime: 0, refetchOnMount: 'always', enabled });
}
