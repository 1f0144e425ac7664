/**
 * A place is where a problem is opened from: the bank, a contest, a training, a group (its own
 * problems). Everything that differs between them for problems and submissions is answered by the place,
 * resolved once per request (`resolvePlace`, registry.ts), so the services never branch on `cid`.
 */
import type { SQL } from 'drizzle-orm';
import type { FullScreenProblem, ProblemCount, Submission, SubmissionCursor, SubmissionInfo, SubmissionPage, UserProblemStatus } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { submissions } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import type { ProblemRow } from '../problem/service.js';

/** The ids of a request that name a place (none: the bank). */
export interface PlaceRef {
  cid?: number | null;
  tid?: number | null;
  gid?: number | null;
}

export type PlaceKind = 'bank' | 'contest' | 'training' | 'group';

/** Why a problem is opened: to read it, or to submit / self-test (stricter: a contest that ended takes nothing). */
export type OpenPurpose = 'view' | 'submit';

/** How a problem is named when it is opened: by the id shown in the place, or by its internal id. */
export type ProblemKey = { displayId: string } | { pid: number };

/** A problem as a place shows it. */
export interface OpenedProblem {
  problem: ProblemRow;
  /** the id shown in this place (contest letter, training display id, the bank's problem id) */
  displayId: string;
  /** the title shown in this place */
  title: string;
  /** the place's link to the problem (contest_problem.id); 0 in the bank */
  linkId: number;
}

/** The rules of submitting (and self-testing) in a place. */
export interface SubmitRules {
  /** the site switch that closes judging here (`assertJudgeOpen`): public, contest or group judging */
  judge: 'public' | 'contest' | 'group';
  /** the image captcha of the `submitCaptcha` switch applies */
  captcha: boolean;
  /** the per-user submit interval of the site applies */
  interval: boolean;
  /** judged before the bank's submissions (judge_task priority of contests) */
  contestQueue: boolean;
}

type NewSubmission = typeof submissions.$inferInsert;

/**
 * The columns that say where a submission was made. A training place also sets `tid` (the column comes
 * with the training tables); any place may set further columns of `judge` here.
 */
export type SubmissionStamp = Required<Pick<NewSubmission, 'cid' | 'cpid' | 'displayPid'>> & Pick<NewSubmission, 'gid'> & Partial<NewSubmission>;

/** A stored submission with what its rights depend on (problem visibility and code sharing; null once deleted). */
export type SubmissionFacts = Omit<typeof submissions.$inferSelect, 'code'> & {
  title: string | null;
  auth: number | null;
  codeShare: boolean | null;
};

/** What the caller may see of one submission of the place. */
export interface SubmissionRights {
  /** the submission (with its error text, code already removed when not readable) as the caller may see it */
  view(s: Submission): Submission;
  /** the code may be read */
  code: boolean;
  /** case results may be shown at all */
  cases: boolean;
  /** case results are shown even when the problem keeps them closed (`openCaseResult` off) */
  allCases: boolean;
  /** program output and checker messages of the cases (of the samples only, unless `answers`) */
  caseOutput: boolean;
  /**
   * the admins of the problem here: output, checker messages and file names of every case, the hidden
   * ones too (others see those of the statement's samples only, submission/case-visibility.ts)
   */
  answers: boolean;
}

/** Filters of a submission list (get-submission-list, contest-submissions). */
export interface SubmissionListFilter {
  currentPage: number;
  limit: number;
  /** the page next to a row instead of `currentPage` (the bank's and groups' lists; contests page by number) */
  cursor?: SubmissionCursor;
  onlyMine?: boolean;
  status?: number;
  username?: string;
  /** the id shown in the place; partial unless completeProblemID */
  problemID?: string;
  completeProblemID?: boolean;
  /** contests: true only before the start, false only from the start on */
  beforeContestSubmit?: boolean;
  /** contests: also submissions made after the end */
  containsEnd?: boolean;
}

export interface Place {
  kind: PlaceKind;
  /** the caller (null: a visitor) */
  user: AuthUser | null;

  /**
   * The problem a key means here, when the caller may open it for that purpose; otherwise the
   * place's own failure (problemNotFound, contestNotStarted, contestProblemNotFound, …).
   */
  openProblem(key: ProblemKey, purpose: OpenPurpose): Promise<OpenedProblem>;
  /** Verdict counts of the problem's submissions made here (as the caller may know them). */
  problemCount(p: OpenedProblem, o: { containsEnd?: boolean }): Promise<ProblemCount>;
  /** The problem's tags are shown (contests: to their admins, and to everyone once ended). */
  showsTags(): Promise<boolean>;
  /** The caller's state on each problem here (accepted, else the latest; -10 none; sealed ones -5). */
  userProblemStatus(pids: number[]): Promise<UserProblemStatus>;
  /** The focus mode's problem bar: the place's problems in order with the caller's state. */
  problemBar(): Promise<FullScreenProblem[]>;

  submitRules: SubmitRules;
  /** The columns stamped on a submission of `p` made here. */
  stamp(p: OpenedProblem): SubmissionStamp;

  /** The place's submissions as the caller may see them, newest first. */
  listSubmissions(q: SubmissionListFilter): Promise<SubmissionPage>;
  /** submitId → submission for the ids made here (the 2 s poll), as the caller may see them. */
  pollSubmissions(submitIds: number[]): Promise<Record<string, SubmissionInfo>>;
  /** The caller's rights on one submission of the place; throws when they may not open it at all. */
  submissionRights(s: SubmissionFacts): Promise<SubmissionRights>;
  /** Which of the caller's accepted submissions count for get-last-ac-code (SQL over `judge`). */
  lastAcScope(): Promise<SQL>;
}

/**
 * One kind of place. `claims` says whether the ids of a request name this kind (tried in registry
 * order, the bank last); `resolve` builds the place for the caller, loading lazily so a failure comes
 * from the step that needs it.
 */
export interface PlaceResolver {
  kind: PlaceKind;
  claims(ref: PlaceRef): boolean;
  resolve(ctx: AppContext, user: AuthUser | null, ref: PlaceRef): Place | Promise<Place>;
}
