import { useQuery } from '@tanstack/react-query';
import type { LinkRunBody, RecentUpdatedProblem, TestRunBody } from '@oj/shared';
import { useSession } from '../app/session';
import { api, quietly } from './client';
import { request } from './endpoint';
// Routes typed as the declarations, without their zod schemas: zod stays out of the problem page's first load.
import {
  contestProblemRoutes as contestEndpoints,
  problemRoutes as ep,
  resubmitRoutes,
  submissionRoutes as submissionEndpoints,
  testRunRoutes as testRunEndpoints,
} from './problemRoutes';

/** Filters of the problem list as they travel in the URL and to get-problem-list. */
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
  /** submitted to this group's own problem */
  gid?: number;
  isRemote?: boolean;
  /** the answer to the image captcha, when the site asks for one (switch submitCaptcha) */
  captcha?: string;
  captchaKey?: string;
}

/** Problem pages: the problem and submission calls. */
export const problemApi = {
  list: ({ tagId, ...f }: ProblemListFilter) => request(ep.list, { query: { ...f, tagId: tagId ? tagId.split(',').map(Number) : undefined } }),
  tagsAndClassification: (oj: string) => request(ep.tagsAndClassification, { query: { oj } }),
  randomProblem: () => request(ep.random, {}),
  recentUpdated: () => api.get<RecentUpdatedProblem[]>('get-recent-updated-problem', undefined, { silent: true }),
  userStatus: (pidList: number[]) => request(ep.userStatus, { body: { pidList, isContestProblemList: false } }),
  /** `tid`: the problem as the training shows it (a hidden bank problem opens inside its training); `gid`: a group's own problem. */
  detail: (problemId: string, tid?: number, gid?: number) => request(ep.detail, { query: { problemId, tid, gid } }),
  lastAcCode: (pid: number, cid = 0) => request(submissionEndpoints.lastAcCode, { query: { pid, cid: cid || undefined } }),
  submit: (body: SubmitProblemBody) => request(submissionEndpoints.submit, { body: { cid: 0, isRemote: false, ...body } }),
  checkStatus: (submitIds: number[]) => request(submissionEndpoints.checkStatus, { body: { submitIds, cid: 0 } }, { silent: true }),
  /** A remote submission its site did not take (Submitted Failed), sent again. */
  resubmit: (submitId: number) => request(resubmitRoutes.resubmit, { query: { submitId } }),
  /** A run the user made on Codeforces himself; a refusal is shown in the dialog, not as a toast. */
  linkRun: (body: LinkRunBody) => request(resubmitRoutes.linkRun, { body }, { silent: true }),
  mySubmissions: (problemID: string, currentPage: number, limit: number) =>
    request(submissionEndpoints.list, { query: { onlyMine: true, problemID, completeProblemID: true, currentPage, limit } }),
  submitConfig: () => request(submissionEndpoints.submitConfig, {}, { silent: true }),
  testRun: (body: TestRunBody) => request(testRunEndpoints.submit, { body }),
  /** A contest problem under its letter (get-contest-problem-details); silent: the page shows why. */
  contestDetail: (cid: number, displayId: string) => request(contestEndpoints.problemDetail, { query: { cid, displayId } }, { silent: true }),
  /** The focus mode's problem bar: the contest's problems with the viewer's own state. */
  fullScreenList: (cid: number) => request(ep.fullScreenList, { query: { cid } }, { silent: true }),
  testRunResult: (testJudgeKey: string) => request(testRunEndpoints.result, { query: { testJudgeKey } }, { silent: true }),
};

export const problemKeys = {
  list: (f: ProblemListFilter) => ['problem-list', f] as const,
  tags: (oj: string) => ['problem-tags', oj] as const,
  recent: ['recent-updated-problems'] as const,
  status: (uid: string, pids: number[]) => ['user-problem-status', uid, pids] as const,
  detail: (problemId: string, uid: string, tid?: number, gid?: number) => ['problem-detail', problemId, uid, tid ?? 0, gid ?? 0] as const,
  mySubmissions: (problemId: string, uid: string, page: number) => ['my-problem-submissions', problemId, uid, page] as const,
  // Contest variants share the prefixes above, so the submit flow's invalidations reach them too.
  contestDetail: (cid: number, displayId: string, uid: string) => ['problem-detail', 'contest', cid, displayId.toUpperCase(), uid] as const,
  contestMySubmissions: (cid: number, displayId: string, uid: string, page: number) =>
    ['my-problem-submissions', 'contest', cid, displayId.toUpperCase(), uid, page] as const,
  fullScreenList: (cid: number, uid: string) => ['user-problem-status', 'full-screen', cid, uid] as const,
  submitConfig: ['submit-config'] as const,
};

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

export function useProblemDetail(problemId: string, tid?: number, gid?: number) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: problemKeys.detail(problemId, user?.uid ?? '', tid, gid),
    queryFn: quietly(() => problemApi.detail(problemId, tid, gid)),
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
