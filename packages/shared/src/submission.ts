/** Submissions: request schemas and response types. */
import { z } from 'zod';
import { dbId, INT4_MAX, optDbId } from './ids.js';
import { LIMITS, PAGE_SIZES } from './constants.js';
import { JudgeStatus, type JudgeCaseMode } from './judge-status.js';
import { MSG } from './messages.js';
import { pagingQuery } from './paging.js';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';

const id = dbId;
const optId = optDbId;
const bool = z.union([z.boolean(), z.stringbool()]);

/** Rules for submitted code, with their messages. */
export const codeField = z
  .string({ error: MSG.codeEmpty })
  .refine((s) => s.trim().length > 0, MSG.codeEmpty)
  .refine((s) => s.length <= LIMITS.codeMax, MSG.codeTooLong);

export const submitBody = z.object({
  /** the problem's display id (e.g. P1000) */
  pid: z.string().trim().min(1).max(LIMITS.shortText),
  language: z.string().trim().min(1).max(50),
  code: codeField,
  cid: optId.default(0),
  tid: optId.nullish(),
  gid: optId.nullish(),
  isRemote: z.boolean().optional(),
  captcha: z.string().max(20).nullish(),
  /** from GET /api/captcha; needed with `captcha` when the site asks for one (switch submitCaptcha) */
  captchaKey: z.string().max(100).nullish(),
});

export const submitIdQuery = z.object({ submitId: id });

/**
 * A keyset cursor of the status list: the page right after (older than) or right before (newer than) a
 * submission. Deep pages cost what the first does (no offset to skip), and a page reached by cursor
 * neither repeats nor skips rows when submissions arrive meanwhile. Opaque to clients: they send back
 * what a page answered (`nextCursor`, `prevCursor`).
 */
export interface SubmissionCursor {
  dir: 'next' | 'prev';
  submitId: number;
}

export const encodeSubmissionCursor = (c: SubmissionCursor): string => btoa(`${c.dir === 'next' ? 'n' : 'p'}${c.submitId}`).replace(/=+$/, '');

/** The cursor a text names, or null when it names none. */
export function decodeSubmissionCursor(text: string): SubmissionCursor | null {
  let plain: string;
  try {
    plain = atob(text);
  } catch {
    return null;
  }
  const m = /^([np])([1-9][0-9]{0,9})$/.exec(plain);
  const submitId = m ? Number(m[2]) : 0;
  if (!m || submitId > INT4_MAX) return null;
  return { dir: m[1] === 'n' ? 'next' : 'prev', submitId };
}

const submissionCursor = z
  .string()
  .max(20)
  .refine((text) => decodeSubmissionCursor(text) !== null, 'cursor: not a cursor of this list');

export const submissionListQuery = pagingQuery(PAGE_SIZES.submissionList).extend({
  /** the rows after / before a row of an earlier page instead of `currentPage`'s (the total stays the whole list's) */
  cursor: submissionCursor.optional(),
  onlyMine: bool.optional(),
  status: z.coerce.number().int().min(-10).max(15).optional(),
  username: z.string().trim().max(LIMITS.usernameMax).optional(),
  /** display id; partial match unless completeProblemID */
  problemID: z.string().trim().max(LIMITS.shortText).optional(),
  completeProblemID: bool.optional(),
  gid: optId.optional(),
});

export const checkSubmissionsStatusBody = z.object({
  submitIds: z.array(id).max(100, 'submitIds: at most 100'),
  cid: optId.nullish(),
  /** the group status list polls in its group */
  gid: optId.nullish(),
});

/**
 * GET contest-submissions (HOJ): one contest's submissions as the viewer may see them. `problemID` is
 * the contest's display id (A, B, …). `beforeContestSubmit`: true only those made before the start
 * (the admins' tests), false only those from the start on, left out both (non-admins never see the
 * ones before the start). `containsEnd`: also those made after the end (allowEndSubmit).
 */
export const contestSubmissionListQuery = submissionListQuery.omit({ gid: true, cursor: true }).extend({
  contestID: id,
  beforeContestSubmit: bool.optional(),
  containsEnd: bool.optional(),
});

/** POST check-contest-submissions-status: the contest is required. */
export const checkContestSubmissionsStatusBody = z.object({
  submitIds: z.array(id).max(100, 'submitIds: at most 100'),
  cid: id,
});

export const shareSubmissionBody = z.object({ submitId: id, share: z.boolean(), uid: z.string().max(64).optional() });

export const lastAcCodeQuery = z.object({ pid: id, cid: optId.optional() });

/** Verdicts an administrator may give by hand. */
export const MANUAL_JUDGE_STATUSES = [
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.ACCEPTED,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.PARTIAL_ACCEPTED,
] as const;

export const manualJudgeQuery = z.object({
  submitId: id,
  status: z.coerce
    .number()
    .int()
    .refine((s) => (MANUAL_JUDGE_STATUSES as readonly number[]).includes(s), 'status: this verdict cannot be given by hand'),
  score: z.coerce.number().int().min(0).max(100000),
});

/**
 * OI rank score: 0.1 × score + 2 × difficulty, rounded. A submission that scored nothing
 * earns nothing: otherwise a wrong answer (score 0) on a hard problem would climb the OI rank list
 * (HOJ scales the difficulty part by score / full score for the same reason).
 */
export const oiRankScoreOf = (score: number, difficulty: number) => (score > 0 ? Math.round(0.1 * score + 2 * difficulty) : 0);

/** Site switches (site_config 'switch'; admin/switch/info and update, root only). */
export interface SwitchConfig {
  /** seconds a user must wait between two non-contest submissions (and test runs); 0 = no limit */
  submitIntervalSec: number;
  /** off: submissions outside contests (and test runs) are refused */
  openPublicJudge: boolean;
  /** off: contest submissions are refused */
  openContestJudge: boolean;
  /** off: submissions to a group's problems are refused (read by the group area) */
  openGroupJudge: boolean;
  /** on: every non-contest submission carries an image captcha (captcha + captchaKey) */
  submitCaptcha: boolean;
  /** on: the code of submissions outside contests is shown to its owner and the super admin only (HOJ hideNonContestSubmissionCode) */
  hideNonContestSubmissionCode: boolean;
}

export const SUBMIT_INTERVAL_MAX_SEC = 3600;

/** `PUT /api/admin/switch/update`: any subset of `SwitchConfig`; fields left out keep their value. */
export const switchConfigBody = z
  .object({
    submitIntervalSec: z
      .number({ error: 'submitIntervalSec: a whole number of seconds.' })
      .int('submitIntervalSec: a whole number of seconds.')
      .min(0, `submitIntervalSec: 0 to ${SUBMIT_INTERVAL_MAX_SEC} seconds.`)
      .max(SUBMIT_INTERVAL_MAX_SEC, `submitIntervalSec: 0 to ${SUBMIT_INTERVAL_MAX_SEC} seconds.`),
    openPublicJudge: z.boolean({ error: 'openPublicJudge: true or false.' }),
    openContestJudge: z.boolean({ error: 'openContestJudge: true or false.' }),
    openGroupJudge: z.boolean({ error: 'openGroupJudge: true or false.' }),
    submitCaptcha: z.boolean({ error: 'submitCaptcha: true or false.' }),
    hideNonContestSubmissionCode: z.boolean({ error: 'hideNonContestSubmissionCode: true or false.' }),
  })
  .partial();
export type SwitchConfigBody = z.infer<typeof switchConfigBody>;

/** `GET /api/get-submit-config`: what the problem page must know before submitting (public). */
export interface SubmitConfig {
  /** show a captcha next to Submit (non-contest submissions) */
  submitCaptcha: boolean;
}

/** A submission without its code (lists, status polling). */
export interface SubmissionInfo {
  submitId: number;
  pid: number;
  displayPid: string;
  /** problem title (null when the problem was deleted) */
  title: string | null;
  cid: number;
  gid: number | null;
  /** the training it was made in (its problem opens there), null elsewhere */
  tid: number | null;
  uid: string;
  username: string;
  status: number;
  score: number | null;
  oiRankScore: number | null;
  time: number | null;
  memory: number | null;
  length: number;
  language: string;
  judger: string | null;
  isManual: boolean;
  share: boolean;
  submitTime: string;
  gmtModified: string;
  /** judged on another site: a Submitted Failed one can be resubmitted (GET /api/resubmit) by its owner or an admin */
  isRemote: boolean;
  /** a run the user made on the site himself and linked here: nothing of it to resubmit */
  linkedRun: boolean;
  /** made in a virtual participation of its contest (after the contest, on the runner's own clock) */
  virtual: boolean;
}

export interface Submission extends SubmissionInfo {
  errorMessage: string | null;
  /** null when the caller may not see it */
  code: string | null;
  /** the run id on the remote site, for admins (null otherwise, and for our own problems) */
  remoteRunId: string | null;
}

export interface SubmissionDetail {
  submission: Submission;
  /** whether the problem allows sharing code */
  codeShare: boolean;
}

export interface CaseResult {
  seq: number;
  inputData: string | null;
  outputData: string | null;
  /** only for the owner and administrators */
  userOutput: string | null;
  message: string | null;
  /** A checker's or interactor's words for the judges (Kattis judgemessage.txt, testlib's comment): sent to the problem's admins only. */
  judgeMessage?: string | null;
  status: number;
  time: number;
  memory: number;
  score: number | null;
  groupNum: number | null;
}

export interface SubtaskResult {
  groupNum: number;
  status: number;
  score: number;
  ac: number;
  total: number;
  time: number;
  memory: number;
  /** the subtasks it depends on that did not pass: it scores nothing though its own cases passed */
  blockedBy?: number[];
  subtaskDetailList: CaseResult[];
}

/** Case results; null data when the problem keeps them closed. */
export interface AllCaseResult {
  judgeCaseMode: JudgeCaseMode;
  judgeCaseList?: CaseResult[];
  subTaskJudgeCaseVoList?: SubtaskResult[];
}

export interface ManualJudgeResult {
  status: number;
  score: number;
  oiRankScore: number;
  judger: string;
}

export interface LastAcCode {
  submitId: number;
  code: string;
  language: string;
}

/** A page of the status list with the keyset cursors of its neighbours (null: none that way; no rows, no cursors). */
export interface SubmissionPage extends Page<SubmissionInfo> {
  nextCursor?: string | null;
  prevCursor?: string | null;
}

// ---------------------------------------------------------------------------------------------
// Calls (paths after /api/)

export const submissionEndpoints = {
  submit: endpoint<SubmissionInfo>()({ method: 'POST', path: 'submit-problem-judge', body: submitBody }),
  submitConfig: endpoint<SubmitConfig>()({ method: 'GET', path: 'get-submit-config' }),
  detail: endpoint<SubmissionDetail>()({ method: 'GET', path: 'get-submission-detail', query: submitIdQuery }),
  caseResult: endpoint<AllCaseResult | null>()({ method: 'GET', path: 'get-all-case-result', query: submitIdQuery }),
  list: endpoint<SubmissionPage>()({ method: 'GET', path: 'get-submission-list', query: submissionListQuery }),
  checkStatus: endpoint<Record<string, SubmissionInfo>>()({ method: 'POST', path: 'check-submissions-status', body: checkSubmissionsStatusBody }),
  contestList: endpoint<Page<SubmissionInfo>>()({ method: 'GET', path: 'contest-submissions', query: contestSubmissionListQuery }),
  checkContestStatus: endpoint<Record<string, SubmissionInfo>>()({
    method: 'POST',
    path: 'check-contest-submissions-status',
    body: checkContestSubmissionsStatusBody,
  }),
  share: endpoint<null>()({ method: 'PUT', path: 'submission', body: shareSubmissionBody }),
  lastAcCode: endpoint<LastAcCode>()({ method: 'GET', path: 'get-last-ac-code', query: lastAcCodeQuery }),
  rejudge: endpoint<SubmissionInfo>()({ method: 'GET', path: 'admin/judge/rejudge', query: submitIdQuery }),
  manualJudge: endpoint<ManualJudgeResult>()({ method: 'GET', path: 'admin/judge/manual-judge', query: manualJudgeQuery }),
  cancel: endpoint<SubmissionInfo>()({ method: 'GET', path: 'admin/judge/cancel-judge', query: submitIdQuery }),
} as const;
