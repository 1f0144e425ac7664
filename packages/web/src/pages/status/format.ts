import { JudgeStatus, type JudgeStatusCode } from '@oj/shared';

const MEMORY_UNITS = ['KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

/** Memory (stored in KB) in 1024 steps from KB to YB, at most 2 decimals; '--' when unknown. */
export function formatMemory(kb: number | null | undefined): string {
  if (kb === null || kb === undefined) return '--';
  let value = kb;
  let unit = 0;
  while (value >= 1024 && unit < MEMORY_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))} ${MEMORY_UNITS[unit]}`;
}

/** Time in ms. */
export const formatTime = (ms: number | null | undefined) => (ms === null || ms === undefined ? '--' : `${ms} ms`);

/** Length in B. */
export const formatLength = (bytes: number | null | undefined) => (bytes === null || bytes === undefined ? '--' : `${bytes} B`);

/** Name of a status code, the key suffix of `judgeStatus.*` in the locales. */
export function statusName(code: number): keyof typeof JudgeStatus | undefined {
  return (Object.keys(JudgeStatus) as (keyof typeof JudgeStatus)[]).find((k) => JudgeStatus[k] === (code as JudgeStatusCode));
}

/**
 * Statuses the list can be filtered by: every status a stored submission can have, but not
 * Cancelled, nor the client-only Submitting and Not Submitted.
 */
export const FILTER_STATUSES: JudgeStatusCode[] = [
  JudgeStatus.PENDING,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
  JudgeStatus.ACCEPTED,
  JudgeStatus.PARTIAL_ACCEPTED,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.OUTPUT_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.HACKED,
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.SUBMITTED_FAILED,
  JudgeStatus.SUBMITTED_UNKNOWN_RESULT,
];
