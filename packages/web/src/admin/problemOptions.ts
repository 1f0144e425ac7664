import { CHECKER_LANGUAGES, JUDGE_CASE_MODES, JUDGE_MODES } from '@oj/shared';

/** Admin lists show 10 rows by default; options 10/30/50/100. */
export const ADMIN_PAGE_SIZES = [10, 30, 50, 100];

/** Problem auth: 1 public, 2 private (hidden), 3 contest. */
export const PROBLEM_AUTHS = [
  { value: 1, key: 'public' },
  { value: 2, key: 'private' },
  { value: 3, key: 'contest' },
] as const;

/** The list filter (all, public, private, contest); 0 = all. */
export const AUTH_FILTERS = [{ value: 0, key: 'all' }, ...PROBLEM_AUTHS] as const;

/** Checker / interactor languages (default C). */
export { CHECKER_LANGUAGES as SPJ_LANGUAGES, JUDGE_CASE_MODES, JUDGE_MODES };
