import { JudgeStatus, JUDGE_STATUS_SHORT, type JudgeStatusCode } from '@oj/shared';

/** antd tag colours per judge status (each status has its own colour). */
export const JUDGE_STATUS_COLOR: Record<JudgeStatusCode, string> = {
  [JudgeStatus.NOT_SUBMITTED]: 'default',
  [JudgeStatus.SUBMITTED_UNKNOWN_RESULT]: 'gold',
  [JudgeStatus.CANCELLED]: 'purple',
  [JudgeStatus.PRESENTATION_ERROR]: 'orange',
  [JudgeStatus.COMPILE_ERROR]: 'gold',
  [JudgeStatus.WRONG_ANSWER]: 'red',
  [JudgeStatus.ACCEPTED]: 'green',
  [JudgeStatus.TIME_LIMIT_EXCEEDED]: 'volcano',
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED]: 'magenta',
  [JudgeStatus.RUNTIME_ERROR]: 'red',
  [JudgeStatus.SYSTEM_ERROR]: 'default',
  [JudgeStatus.PENDING]: 'gold',
  [JudgeStatus.COMPILING]: 'gold',
  [JudgeStatus.JUDGING]: 'blue',
  [JudgeStatus.PARTIAL_ACCEPTED]: 'cyan',
  [JudgeStatus.SUBMITTING]: 'gold',
  [JudgeStatus.SUBMITTED_FAILED]: 'default',
  [JudgeStatus.OUTPUT_LIMIT_EXCEEDED]: 'orange',
  [JudgeStatus.HACKED]: 'red',
};

export interface JudgeStatusRow {
  /** JudgeStatus constant name, also the i18n key suffix. */
  name: keyof typeof JudgeStatus;
  code: JudgeStatusCode;
  short: string | undefined;
  color: string;
}

/** All statuses in their code order. */
export const JUDGE_STATUS_ROWS: JudgeStatusRow[] = (Object.keys(JudgeStatus) as (keyof typeof JudgeStatus)[])
  .map((name) => ({ name, code: JudgeStatus[name], short: JUDGE_STATUS_SHORT[JudgeStatus[name]], color: JUDGE_STATUS_COLOR[JudgeStatus[name]] }))
  .sort((a, b) => a.code - b.code);

/** " 60" after a Partial Accepted that has a score, else nothing (OI results are scored). */
export const partialScore = (status: number, score: number | null | undefined) =>
  status === JudgeStatus.PARTIAL_ACCEPTED && score !== null && score !== undefined ? ` ${score}` : '';

/** The cases judged so far while Judging, as the live stream tells them (" 7/20"); '' otherwise. */
export const judgeProgress = (status: number, progress: { done: number; total: number } | null | undefined) =>
  status === JudgeStatus.JUDGING && progress && progress.total > 0 ? ` ${progress.done}/${progress.total}` : '';
