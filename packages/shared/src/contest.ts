/** Contests: request schemas and response types. */
import { z } from 'zod';
import { dbId, INT4_MAX } from './ids.js';
import { LIMITS } from './constants.js';
import { pagingQuery } from './paging.js';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';
import { adminProblemBody, type ProblemDetail } from './problem.js';
import { adminProblemUploadRef } from './problem-admin.js';
import { announcementBody, type AnnouncementRow } from './admin-site.js';
import { MAX_CONTEST_TYPE } from './contest-rules.js';
import { CONTEST_LIMITS, CONTEST_RANK_SHOW_NAMES, ContestAuth, OI_RANK_SCORE_TYPES, type OiRankScoreType, type RankShowName } from './contest-constants.js';

export * from './contest-constants.js';
export * from './contest-rules.js';

const id = dbId;
/** true/false from JSON, or "true"/"false" from a query string. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const date = z.union([z.string().max(64), z.date()]).nullish();
/** A CSS colour (#hex, a name, rgb()/hsl()): shown as a style, so nothing else gets through. */
const cssColor = z
  .string()
  .trim()
  .max(30)
  .regex(/^[#a-zA-Z0-9(),.%\s-]*$/, 'not a colour');

export const awardConfig = z.object({
  priority: z.coerce.number().int().min(0).max(1000),
  name: z.string().trim().min(1).max(50),
  background: cssColor.default('#e6bf25'),
  color: cssColor.default('#ffffff'),
  num: z.coerce.number().int().min(0).max(100000),
});
export type AwardConfig = z.infer<typeof awardConfig>;

/**
 * Admin contest form (HOJ AdminContestVO). Required texts and times are left to
 * checkContestForm so the messages and their order are those of the form; `duration` and `status` are
 * always derived from the times and ignored when sent. No `gid`: a group contest is made inside its group.
 */
export const contestBody = z.object({
  id: id.optional(),
  title: z.string().max(LIMITS.shortText).nullish(),
  description: z.string().max(LIMITS.longText).nullish(),
  startTime: date,
  endTime: date,
  duration: z.unknown().optional(),
  type: z.coerce.number().int().min(0).max(MAX_CONTEST_TYPE).default(0),
  auth: z.coerce.number().int().min(0).max(2).default(0),
  pwd: z.string().max(LIMITS.shortText).nullish(),
  sealRank: z.boolean().default(false),
  sealRankTime: date,
  autoRealRank: z.boolean().default(true),
  openPrint: z.boolean().default(false),
  openRank: z.boolean().default(false),
  rankShowName: z.enum(CONTEST_RANK_SHOW_NAMES).default('username'),
  openAccountLimit: z.boolean().default(false),
  accountLimitRule: z.string().max(LIMITS.mediumText).nullish(),
  starAccount: z.array(z.string().max(LIMITS.shortText)).max(1000).default([]),
  oiRankScoreType: z.enum(OI_RANK_SCORE_TYPES).default('Recent'),
  awardType: z.coerce.number().int().min(0).max(2).default(0),
  awardConfigList: z.array(awardConfig).max(50).default([]),
  allowEndSubmit: z.boolean().default(false),
  /** hacks allowed; kept only where the rule has them (contestRule(type).hackable) */
  allowHacks: z.boolean().default(false),
  visible: z.boolean().default(true),
});
export type ContestBody = z.infer<typeof contestBody>;

/** Account-limit defaults: the numbered accounts run from 0 to 10. */
export const ACCOUNT_RULE_DEFAULTS = { start: 0, end: 10 } as const;

/** A contest's account-limit rule: prefix + number in [start, end] + suffix, or one of the extra names. */
export interface AccountRule {
  prefix: string;
  suffix: string;
  start: number;
  end: number;
  extra: string[];
}

const ruleTag = (rule: string, name: string) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(rule)?.[1] ?? '';

/** HOJ's stored format, `<prefix>..</prefix><suffix>..</suffix><start>N</start><end>M</end><extra>a b</extra>`, read leniently. */
export function parseAccountRule(rule: string | null | undefined): AccountRule {
  const r = rule ?? '';
  const num = (s: string, d: number) => (/^\s*\d+\s*$/.test(s) ? Number(s) : d);
  return {
    prefix: ruleTag(r, 'prefix').trim(),
    suffix: ruleTag(r, 'suffix').trim(),
    start: num(ruleTag(r, 'start'), ACCOUNT_RULE_DEFAULTS.start),
    end: num(ruleTag(r, 'end'), ACCOUNT_RULE_DEFAULTS.end),
    extra: ruleTag(r, 'extra').split(/\s+/).filter(Boolean),
  };
}

/** The text parseAccountRule reads back unchanged. */
export function buildAccountRule(r: AccountRule): string {
  const extra = r.extra.flatMap((e) => e.split(/\s+/)).filter(Boolean);
  return `<prefix>${r.prefix.trim()}</prefix><suffix>${r.suffix.trim()}</suffix><start>${r.start}</start><end>${r.end}</end><extra>${extra.join(' ')}</extra>`;
}

/**
 * Star users as saved: trimmed, empty names dropped. Usernames are unique whatever the
 * case, so the same name in another case is a repeat too.
 */
export function starAccounts(names: readonly string[]): { names: string[]; duplicate: boolean } {
  const out: string[] = [];
  const seen = new Set<string>();
  let duplicate = false;
  for (const raw of names) {
    const name = raw.trim();
    if (!name) continue;
    if (seen.has(name.toLowerCase())) duplicate = true;
    else {
      seen.add(name.toLowerCase());
      out.push(name);
    }
  }
  return { names: out, duplicate };
}

/** End − start in ms, 0 when a time is missing or the end is not after the start. */
export function contestDurationMs(start: { valueOf(): number } | null | undefined, end: { valueOf(): number } | null | undefined): number {
  if (!start || !end) return 0;
  return Math.max(0, end.valueOf() - start.valueOf());
}

/** What the ordered contest-form checks read; times are anything with a time value (Date, dayjs). */
export interface ContestFormInput {
  title?: string | null;
  description?: string | null;
  startTime?: { valueOf(): number } | null;
  endTime?: { valueOf(): number } | null;
  auth: number;
  pwd?: string | null;
  starAccount: readonly string[];
}

/** The first failed check: a message key of MSG, the form field to mark and, for "{field} is required", its label. */
export interface ContestFormIssue {
  key: 'contestFieldRequired' | 'contestDurationInvalid' | 'contestStarDuplicate';
  field: 'title' | 'description' | 'startTime' | 'endTime' | 'pwd' | 'starAccount';
  label?: keyof typeof CONTEST_LIMITS.labels;
}

/**
 * The contest form's checks in their fixed order, run by the admin form before saving and by the
 * server on every save, so both stop at the same first problem with the same message. §5 ends with
 * "start earlier than end", but the duration (end − start, floored at 0) is checked first and is above 0
 * exactly when the start is earlier, so that last check can never be the first to fail and is not made.
 */
export function checkContestForm(v: ContestFormInput): ContestFormIssue | null {
  const required = (field: ContestFormIssue['field'], label: keyof typeof CONTEST_LIMITS.labels): ContestFormIssue => ({
    key: 'contestFieldRequired',
    field,
    label,
  });
  if (!v.title?.trim()) return required('title', 'title');
  if (!v.description?.trim()) return required('description', 'description');
  if (!v.startTime) return required('startTime', 'startTime');
  if (!v.endTime) return required('endTime', 'endTime');
  if (contestDurationMs(v.startTime, v.endTime) <= 0) return { key: 'contestDurationInvalid', field: 'endTime' };
  if (v.auth !== ContestAuth.PUBLIC && !v.pwd?.trim()) return required('pwd', 'password');
  if (starAccounts(v.starAccount).duplicate) return { key: 'contestStarDuplicate', field: 'starAccount' };
  return null;
}

export const cidQuery = z.object({ cid: id });
export const changeContestVisibleQuery = z.object({ cid: id, visible: flag });
export const adminContestListQuery = pagingQuery(10).extend({ keyword: z.string().max(LIMITS.shortText).optional() });

export const contestListQuery = pagingQuery(CONTEST_LIMITS.listPageSize).extend({
  keyword: z.string().max(LIMITS.shortText).optional(),
  status: z.coerce.number().int().min(-1).max(1).optional(),
  type: z.coerce.number().int().min(0).max(MAX_CONTEST_TYPE).optional(),
});

export const registerContestBody = z.object({ cid: id, password: z.string().max(LIMITS.shortText).nullish() });

const displayId = z.string().trim().min(1).max(20);
export const contestProblemQuery = z.object({ cid: id, containsEnd: flag.optional() });
export const contestProblemDetailQuery = z.object({ cid: id, displayId, containsEnd: flag.optional() });

export const adminContestProblemListQuery = pagingQuery(10).extend({
  cid: id,
  keyword: z.string().max(LIMITS.shortText).optional(),
  /** true (default): the contest's problems; false: public problems that could still be added */
  queryExisted: flag.default(true),
});
export const contestProblemLinkQuery = z.object({ cid: id, pid: id });
export const addContestProblemBody = z.object({
  cid: id,
  pid: id,
  displayId,
  displayTitle: z.string().trim().max(LIMITS.shortText).nullish(),
  color: cssColor.nullish(),
});
export const updateContestProblemBody = addContestProblemBody.extend({ id: id.optional() });
/**
 * `POST`/`PUT /api/admin/contest/problem`: the problem save body (adminProblemBody, parsed on its own)
 * plus where it sits in the contest. Creating makes the problem and links it in one call.
 */
export const contestProblemTarget = z.object({
  cid: id,
  displayId,
  displayTitle: z.string().trim().max(LIMITS.shortText).nullish(),
});
export interface ContestProblemSaved {
  pid: number;
  problemId: string;
  link: ContestProblemLink;
}

export const contestAnnouncementQuery = pagingQuery(10).extend({ cid: id });
export const contestAnnouncementBody = z.object({
  cid: id,
  announcement: announcementBody,
});
export const announcementIdQuery = z.object({ aid: id, cid: id.optional() });
export const notReadAnnouncementBody = z.object({ cid: id, readAnnouncementList: z.array(id).max(1000).default([]) });

export const contestRankBody = z.object({
  cid: id,
  currentPage: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  limit: z.coerce.number().int().min(1).max(CONTEST_LIMITS.rankPageMax).default(CONTEST_LIMITS.rankPageSize),
  forceRefresh: z.boolean().default(false),
  removeStar: z.boolean().default(false),
  concernedList: z.array(z.string().max(64)).max(100).default([]),
  keyword: z.string().max(LIMITS.shortText).nullish(),
  containsEnd: z.boolean().default(false),
});
export type ContestRankQuery = z.infer<typeof contestRankBody>;

/** A contest as listed and shown in the contest shell (no password, no admin-only settings). */
export interface ContestInfo {
  id: number;
  title: string;
  description: string;
  type: number;
  auth: number;
  status: number;
  startTime: string;
  endTime: string;
  /** ms */
  duration: number;
  now: string;
  author: string | null;
  uid: string | null;
  gid: number | null;
  sealRank: boolean;
  sealRankTime: string | null;
  autoRealRank: boolean;
  openPrint: boolean;
  openRank: boolean;
  rankShowName: RankShowName;
  oiRankScoreType: OiRankScoreType;
  allowEndSubmit: boolean;
  /** participants may lock solved problems and hack others' accepted submissions (contest-hacks.ts) */
  allowHacks: boolean;
  /** participants: distinct users who registered or submitted in the contest */
  count: number;
}

/** get-contest-info: the contest plus what the caller may do in it. */
export interface ContestDetail extends ContestInfo {
  /** the caller is the creator or a super admin (false for visitors) */
  isContestAdmin: boolean;
}

/** A contest of the home page's recent-contests card (get-recent-contest): no description. */
export type RecentContest = Omit<ContestInfo, 'description'>;

/** Everything the admin form edits. */
export interface AdminContest extends ContestInfo {
  pwd: string | null;
  openAccountLimit: boolean;
  accountLimitRule: string | null;
  starAccount: string[];
  awardType: number;
  awardConfigList: AwardConfig[];
  visible: boolean;
  gmtCreate: string;
  gmtModified: string;
}

export interface ContestProblemLink {
  id: number;
  cid: number;
  pid: number;
  displayId: string;
  displayTitle: string;
  color: string | null;
}

/** Contest problem as a participant sees it. */
export interface ContestProblemRow extends ContestProblemLink {
  /** accepted submissions in the contest (frozen while the rank is sealed for the viewer) */
  ac: number;
  total: number;
  /** the viewer's state: 0 accepted, else the latest status, -10 never submitted, -5 hidden by the seal */
  myStatus: number;
  /** OI: the viewer's best score */
  score: number | null;
}

export interface AdminContestProblemRow extends ContestProblemLink {
  problemId: string;
  title: string;
  type: number;
  auth: number;
  isRemote: boolean;
}

export interface EligibleProblemRow {
  pid: number;
  problemId: string;
  title: string;
  type: number;
  isRemote: boolean;
}

export interface ContestAnnouncement extends AnnouncementRow {
  cid: number;
}

export interface ContestAccess {
  access: boolean;
}

export interface AcmCell {
  isAC: boolean;
  isFirstAC: boolean;
  isAfterContest: boolean;
  /** seconds from the start, when accepted */
  ACTime: number | null;
  /** rejected tries before the first AC (or all, when not accepted) */
  errorNum: number;
  /** tries whose result is unknown to the viewer (pending, or made after the seal) */
  tryNum: number;
}

/** Who a board row or a scroll-board submission belongs to. */
export interface RankUserInfo {
  uid: string;
  username: string;
  nickname: string | null;
  realname: string | null;
  school: string | null;
  avatar: string | null;
  gender: string;
}

interface RankUser extends RankUserInfo {
  /** the name the contest shows (rankShowName) */
  showName: string;
  /** 1-based; ties share; -1 for star users */
  rank: number;
  isWinAward: boolean;
  awardName: string | null;
  awardBackground: string | null;
  awardColor: string | null;
}

export interface AcmRankRow extends RankUser {
  ac: number;
  /** seconds */
  totalTime: number;
  /** submissions counted */
  total: number;
  submissionInfo: Record<string, AcmCell>;
}

export interface OiRankRow extends RankUser {
  totalScore: number;
  /** ms */
  totalTime: number;
  submissionInfo: Record<string, number>;
  timeInfo: Record<string, number>;
}

export interface ContestRankPage<R> {
  records: R[];
  total: number;
  /** true when the viewer sees the frozen board */
  sealed: boolean;
  /** how many rows at the head of the whole list are pinned copies (the viewer, then concerned users) */
  pinned: number;
}

export const contestAcInfoQuery = pagingQuery(CONTEST_LIMITS.acInfoPageSize).extend({ cid: id });
export const checkAcInfoBody = z.object({ id, cid: id, checked: flag });
export const submitPrintBody = z.object({ cid: id, content: z.string().max(CONTEST_LIMITS.printMaxLength).default('') });
export const contestPrintQuery = pagingQuery(CONTEST_LIMITS.printPageSize).extend({ cid: id });
export const printIdQuery = z.object({ id, cid: id.optional() });
export const downloadAcSubmissionQuery = z.object({ cid: id, excludeAdmin: flag.default(false), splitType: z.enum(['user', 'problem']).default('user') });
export const scrollBoardSubmissionQuery = z.object({ cid: id, removeStar: flag.default(false) });

/** get-contest-scroll-board-info: what the resolver needs besides the submissions (contest admin, after the end). */
export interface ScrollBoardInfo {
  id: number;
  title: string;
  rankShowName: RankShowName;
  problemCount: number;
  /** in contest order */
  problemList: Array<{ displayId: string; displayTitle: string; color: string | null }>;
  /** displayId → balloon colour (HOJ's field) */
  balloonColor: Record<string, string | null>;
  startTime: string;
  endTime: string;
  sealRank: boolean;
  /** the frozen board shows results before this time (null: no seal, nothing to reveal) */
  sealRankTime: string | null;
  /** usernames ranked "*" */
  starUserList: string[];
}

/** get-contest-scroll-board-submission: one in-contest submission of a ranked user, in submit order. */
export interface ScrollBoardSubmission extends RankUserInfo {
  submitId: number;
  status: number;
  submitTime: string;
  displayId: string;
}

/** One balloon of the AC helper: a user's first accepted submission of a problem. */
export interface ContestAcInfo {
  /** the submission id */
  id: number;
  cid: number;
  submitTime: string;
  displayId: string;
  firstBlood: boolean;
  username: string;
  realname: string | null;
  checked: boolean;
  color: string | null;
}

export interface ContestPrintJob {
  id: number;
  cid: number;
  username: string;
  realname: string | null;
  gmtCreate: string;
  status: number;
  content: string;
}

/** get-contest-outsize-info (sic): header and problem letters of the public outside scoreboard. */
export interface ContestOutsideInfo {
  contest: ContestInfo;
  problemList: ContestProblemLink[];
}

type RankRow = AcmRankRow | OiRankRow;

/** Taking part in contests; the contest's submissions are in `submissionEndpoints`. */
export const contestEndpoints = {
  list: endpoint<Page<ContestInfo>>()({ method: 'GET', path: 'get-contest-list', query: contestListQuery }),
  info: endpoint<ContestDetail>()({ method: 'GET', path: 'get-contest-info', query: cidQuery }),
  outsideInfo: endpoint<ContestOutsideInfo>()({ method: 'GET', path: 'get-contest-outsize-info', query: cidQuery }),
  register: endpoint<null>()({ method: 'POST', path: 'register-contest', body: registerContestBody }),
  access: endpoint<ContestAccess>()({ method: 'GET', path: 'get-contest-access', query: cidQuery }),
  problems: endpoint<ContestProblemRow[]>()({ method: 'GET', path: 'get-contest-problem', query: contestProblemQuery }),
  problemDetail: endpoint<ProblemDetail>()({ method: 'GET', path: 'get-contest-problem-details', query: contestProblemDetailQuery }),
  announcements: endpoint<Page<ContestAnnouncement>>()({ method: 'GET', path: 'get-contest-announcement', query: contestAnnouncementQuery }),
  notReadAnnouncements: endpoint<ContestAnnouncement[]>()({ method: 'POST', path: 'get-contest-not-read-announcement', body: notReadAnnouncementBody }),
  rank: endpoint<ContestRankPage<RankRow>>()({ method: 'POST', path: 'get-contest-rank', body: contestRankBody }),
  outsideRank: endpoint<ContestRankPage<RankRow>>()({ method: 'POST', path: 'get-contest-outside-scoreboard', body: contestRankBody }),
  scrollBoardInfo: endpoint<ScrollBoardInfo>()({ method: 'GET', path: 'get-contest-scroll-board-info', query: cidQuery }),
  scrollBoardSubmissions: endpoint<ScrollBoardSubmission[]>()({
    method: 'GET',
    path: 'get-contest-scroll-board-submission',
    query: scrollBoardSubmissionQuery,
  }),
  acInfo: endpoint<Page<ContestAcInfo>>()({ method: 'GET', path: 'get-contest-ac-info', query: contestAcInfoQuery }),
  checkAcInfo: endpoint<null>()({ method: 'PUT', path: 'check-contest-ac-info', body: checkAcInfoBody }),
  submitPrint: endpoint<null>()({ method: 'POST', path: 'submit-print-text', body: submitPrintBody }),
  printList: endpoint<Page<ContestPrintJob>>()({ method: 'GET', path: 'get-contest-print', query: contestPrintQuery }),
  markPrinted: endpoint<null>()({ method: 'PUT', path: 'check-contest-print-status', query: printIdQuery }),
} as const;

/** The save body of a problem made in a contest: the problem form, an uploaded test set, and its place in the contest. */
export const contestProblemSaveBody = adminProblemBody.and(adminProblemUploadRef).and(contestProblemTarget);

/** Contest management (HOJ /api/admin/contest/*). */
export const adminContestEndpoints = {
  list: endpoint<Page<AdminContest>>()({ method: 'GET', path: 'admin/contest/get-contest-list', query: adminContestListQuery }),
  get: endpoint<AdminContest>()({ method: 'GET', path: 'admin/contest', query: cidQuery }),
  create: endpoint<AdminContest>()({ method: 'POST', path: 'admin/contest', body: contestBody }),
  update: endpoint<AdminContest>()({ method: 'PUT', path: 'admin/contest', body: contestBody }),
  remove: endpoint<null>()({ method: 'DELETE', path: 'admin/contest', query: cidQuery }),
  changeVisible: endpoint<null>()({ method: 'PUT', path: 'admin/contest/change-contest-visible', query: changeContestVisibleQuery }),
  /** queryExisted true: the contest's problems (`AdminContestProblemRow`); false: bank problems that may be added (`EligibleProblemRow`) */
  problems: endpoint<Page<AdminContestProblemRow | EligibleProblemRow>>()({
    method: 'GET',
    path: 'admin/contest/get-problem-list',
    query: adminContestProblemListQuery,
  }),
  problemLink: endpoint<ContestProblemLink>()({ method: 'GET', path: 'admin/contest/contest-problem', query: contestProblemLinkQuery }),
  updateLink: endpoint<ContestProblemLink>()({ method: 'PUT', path: 'admin/contest/contest-problem', body: updateContestProblemBody }),
  addFromPublic: endpoint<ContestProblemLink>()({ method: 'POST', path: 'admin/contest/add-problem-from-public', body: addContestProblemBody }),
  createProblem: endpoint<ContestProblemSaved>()({ method: 'POST', path: 'admin/contest/problem', body: contestProblemSaveBody }),
  updateProblem: endpoint<ContestProblemSaved>()({ method: 'PUT', path: 'admin/contest/problem', body: contestProblemSaveBody }),
  removeProblem: endpoint<null>()({ method: 'DELETE', path: 'admin/contest/problem', query: contestProblemLinkQuery }),
  announcements: endpoint<Page<ContestAnnouncement>>()({ method: 'GET', path: 'admin/contest/announcement', query: contestAnnouncementQuery }),
  addAnnouncement: endpoint<ContestAnnouncement>()({ method: 'POST', path: 'admin/contest/announcement', body: contestAnnouncementBody }),
  updateAnnouncement: endpoint<ContestAnnouncement>()({ method: 'PUT', path: 'admin/contest/announcement', body: contestAnnouncementBody }),
  removeAnnouncement: endpoint<null>()({ method: 'DELETE', path: 'admin/contest/announcement', query: announcementIdQuery }),
  rejudgeProblem: endpoint<{ count: number }>()({ method: 'GET', path: 'admin/judge/rejudge-contest-problem', query: contestProblemLinkQuery }),
} as const;
