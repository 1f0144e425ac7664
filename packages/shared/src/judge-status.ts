/** Judge statuses and their codes. */
export const JudgeStatus = {
  NOT_SUBMITTED: -10,
  SUBMITTED_UNKNOWN_RESULT: -5,
  CANCELLED: -4,
  PRESENTATION_ERROR: -3,
  COMPILE_ERROR: -2,
  WRONG_ANSWER: -1,
  ACCEPTED: 0,
  TIME_LIMIT_EXCEEDED: 1,
  MEMORY_LIMIT_EXCEEDED: 2,
  RUNTIME_ERROR: 3,
  SYSTEM_ERROR: 4,
  PENDING: 5,
  COMPILING: 6,
  JUDGING: 7,
  PARTIAL_ACCEPTED: 8,
  SUBMITTING: 9,
  SUBMITTED_FAILED: 10,
  /** reported by remote judges only (our judge says Runtime Error with the reason), never folded into RE */
  OUTPUT_LIMIT_EXCEEDED: 11,
  /** an accepted submission that a contest hack broke (contest-hacks.ts): a rejected try for the boards */
  HACKED: 12,
} as const;
export type JudgeStatusCode = (typeof JudgeStatus)[keyof typeof JudgeStatus];

export const JUDGE_STATUS_SHORT: Partial<Record<JudgeStatusCode, string>> = {
  [-10]: 'NS',
  [-5]: 'SNR',
  [-4]: 'CA',
  [-3]: 'PE',
  [-2]: 'CE',
  [-1]: 'WA',
  0: 'AC',
  1: 'TLE',
  2: 'MLE',
  3: 'RE',
  4: 'SE',
  6: 'CP',
  8: 'PAC',
  10: 'SF',
  11: 'OLE',
  12: 'HCK',
};

export const ACTIVE_JUDGE_STATUSES: readonly number[] = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING];

export const JUDGE_CASE_MODES = ['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error'] as const;
export type JudgeCaseMode = (typeof JUDGE_CASE_MODES)[number];
