import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  LastAcCode,
  Page,
  ProblemDetail,
  ProblemListRow,
  RecentUpdatedProblem,
  SubmissionInfo,
  TagsAndClassification,
  TestRunBody,
  TestRunResult,
  UserProblemStatus,
} from '@oj/shared';
import { useSession } from '../app/session';
import { api } from './client';

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
  isRemote?: boolean;
}

/** Problem pages: the calls of spec 1 §7 "Problems and submissions". */
export const problemApi = {
  list: (f: ProblemListFilter) => api.get<Page<ProblemListRow>>('get-problem-list', { ...f }),
  tagsAndClassification: (oj: string) => api.get<TagsAndClassification[]>('get-problem-tags-and-classification', { oj }),
  randomProblem: () => api.get<{ problemId: string }>('get-random-problem'),
  recentUpdated: () => api.get<RecentUpdatedProblem[]>('get-recent-updated-problem', undefined, { silent: true }),
  userStatus: (pidList: number[]) => api.post<UserProblemStatus>('get-user-problem-status', { pidList, isContestProblemList: false }),
  detail: (problemId: string) => api.get<ProblemDetail>('get-problem-detail', { problemId }),
  lastAcCode: (pid: number) => api.get<LastAcCode>('get-last-ac-code', { pid }),
  submit: (body: SubmitProblemBody) => api.post<SubmissionInfo>('submit-problem-judge', { cid: 0, isRemote: false, ...body }),
  checkStatus: (submitIds: number[]) => api.post<Record<string, SubmissionInfo>>('check-submissions-status', { submitIds, cid: 0 }, { silent: true }),
  mySubmissions: (problemID: string, currentPage: number, limit: number) =>
    api.get<Page<SubmissionInfo>>('get-submission-list', { onlyMine: true, problemID, completeProblemID: true, currentPage, limit }),
  testRun: (body: TestRunBody) => api.post<string>('submit-problem-test-judge', body),
  testRunResult: (testJudgeKey: string) => api.get<TestRunResult>('get-test-judge-result', { testJudgeKey }, { silent: true }),
};

export const problemKeys = {
  list: (f: ProblemListFilter) => ['problem-list', f] as const,
  tags: (oj: string) => ['problem-tags', oj] as const,
  recent: ['recent-updated-problems'] as const,
  status: (uid: string, pids: number[]) => ['user-problem-status', uid, pids] as const,
  detail: (problemId: string, uid: string) => ['problem-detail', problemId, uid] as const,
  mySubmissions: (problemId: string, uid: string, page: number) => ['my-problem-submissions', problemId, uid, page] as const,
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
    queryFn: () => problemApi.detail(problemId),
    enabled: !!token && !!user,
    retry: false,
  });
}
