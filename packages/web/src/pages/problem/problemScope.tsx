import { createContext, useContext } from 'react';
import type { Page, SubmissionInfo } from '@oj/shared';
import { problemApi, problemKeys } from '../../api/problem';

/**
 * Where a problem page is opened from: the public bank (default) or a contest (the problem
 * page's variants). The problem page's parts (statement, my submissions, editor, submit flow, test
 * run) read it instead of having copies per place; a contest page provides its own value.
 */
export interface ProblemScope {
  /** 0 outside contests */
  cid: number;
  /** the training the problem is opened in: its submissions carry it (training rank, progress) */
  tid?: number;
  /** the group the problem is opened in (its own problem): submissions and self-tests carry it */
  gid?: number;
  /** where the editor keeps its state in localStorage (per problem and place) */
  storageKey(problemId: string): string;
  /** the detail page of one submission */
  submissionPath(submitId: number, problemId: string): string;
  /** the list of the problem's submissions ("solutions") */
  solutionsPath(problemId: string): string;
  /** discussion links are not shown inside contests */
  discussion: boolean;
  /** the AuthTag (hidden/contest problem) next to the title: meaningless inside a contest */
  showAuthTag: boolean;
  /** the problem's tags: not inside a contest, where they would give the solution away */
  showTags: boolean;
  mySubmissions(problemId: string, page: number, limit: number): Promise<Page<SubmissionInfo>>;
  mySubmissionsKey(problemId: string, uid: string, page: number): readonly unknown[];
  checkStatus(submitIds: number[]): Promise<Record<string, SubmissionInfo>>;
  testRun: { type: 'public' | 'contest'; cid?: number; gid?: number; tid?: number };
  /** null: the user may submit; otherwise why not (the submit button is disabled and says so) */
  blocked: string | null;
  /** asked before each submit (password dialog, cover confirmation); false stops it */
  beforeSubmit?: (problemId: string) => Promise<boolean>;
  /** the image captcha of the site's submit switch applies to submissions outside contests only */
  captcha: boolean;
}

const PUBLIC_SCOPE: ProblemScope = {
  cid: 0,
  storageKey: (problemId) => problemId,
  submissionPath: (submitId) => `/submission-detail/${submitId}`,
  solutionsPath: (problemId) => `/status?problemID=${encodeURIComponent(problemId)}`,
  discussion: true,
  showAuthTag: true,
  showTags: true,
  mySubmissions: problemApi.mySubmissions,
  mySubmissionsKey: problemKeys.mySubmissions,
  checkStatus: problemApi.checkStatus,
  testRun: { type: 'public' },
  blocked: null,
  captcha: true,
};

export const ProblemScopeContext = createContext<ProblemScope>(PUBLIC_SCOPE);

export const useProblemScope = () => useContext(ProblemScopeContext);
