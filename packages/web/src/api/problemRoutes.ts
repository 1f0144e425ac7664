import type { contestEndpoints, problemEndpoints, remoteJudgeEndpoints, submissionEndpoints, testRunEndpoints } from '@oj/shared';
import { route, type RoutesOf } from './routes';

/*
 * The problem page's calls (api/problem.ts), written out like the first load's (routes.ts) so that zod
 * stays out of the problem page's first load (e2e/tests/first-load.test.ts); test/endpoint-routes.test.ts
 * checks each against its declaration.
 */

// The problem bank's, the submissions', the self-test's, and the one contest call that opens a contest problem in the same page.
export const problemRoutes: RoutesOf<typeof problemEndpoints> = {
  list: route('GET', 'get-problem-list'),
  allTags: route('GET', 'get-all-problem-tags'),
  tagsAndClassification: route('GET', 'get-problem-tags-and-classification'),
  random: route('GET', 'get-random-problem'),
  detail: route('GET', 'get-problem-detail'),
  codeTemplate: route('GET', 'get-problem-code-template'),
  userStatus: route('POST', 'get-user-problem-status'),
  fullScreenList: route('GET', 'get-full-screen-problem-list'),
};

export const submissionRoutes: RoutesOf<typeof submissionEndpoints> = {
  submit: route('POST', 'submit-problem-judge'),
  submitConfig: route('GET', 'get-submit-config'),
  detail: route('GET', 'get-submission-detail'),
  caseResult: route('GET', 'get-all-case-result'),
  list: route('GET', 'get-submission-list'),
  checkStatus: route('POST', 'check-submissions-status'),
  contestList: route('GET', 'contest-submissions'),
  checkContestStatus: route('POST', 'check-contest-submissions-status'),
  share: route('PUT', 'submission'),
  lastAcCode: route('GET', 'get-last-ac-code'),
  rejudge: route('GET', 'admin/judge/rejudge'),
  manualJudge: route('GET', 'admin/judge/manual-judge'),
  cancel: route('GET', 'admin/judge/cancel-judge'),
};

export const testRunRoutes: RoutesOf<typeof testRunEndpoints> = {
  submit: route('POST', 'submit-problem-test-judge'),
  result: route('GET', 'get-test-judge-result'),
};

/** Only the contest call the problem page makes (the contest pages use their declarations). */
export const contestProblemRoutes: Pick<RoutesOf<typeof contestEndpoints>, 'problemDetail'> = {
  problemDetail: route('GET', 'get-contest-problem-details'),
};

/** Sending a remote submission that the site did not take (Submitted Failed) once more: the problem page, the lists, the detail. */
export const resubmitRoutes: Pick<RoutesOf<typeof remoteJudgeEndpoints>, 'resubmit' | 'linkRun'> = {
  resubmit: route('GET', 'resubmit'),
  linkRun: route('POST', 'link-remote-run'),
};
