/**
 * The CLICS contest API (the ICPC's Contest API, served read-only for contests whose rule has `clics`):
 * its object shapes as this site fills them, its time formats, how our judge statuses map to its
 * judgement types, and the endpoint table. The bodies are bare JSON as the CLICS specification has them
 * (no envelope), so the web client never calls these; the table types the routes and the OpenAPI document.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { dbId } from './ids.js';
import { JudgeStatus } from './judge-status.js';
import { ACM_PENALTY_STATUSES } from './scoreboard.js';

/** The CLICS specification release this API follows. */
export const CLICS_VERSION = '2023-06';

// ---------------------------------------------------------------------------------------------
// Times

/** TIME: ISO 8601 with milliseconds and `Z` (every absolute time carries the milliseconds). */
export const clicsTime = (ms: number): string => new Date(ms).toISOString();

/** RELTIME: `(-)h:mm:ss.uuu` from a duration in ms. */
export function clicsRelTime(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(Math.round(ms));
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const s = rest % 60;
  rest = (rest - s) / 60;
  const m = rest % 60;
  const h = (rest - m) / 60;
  return `${sign}${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(milli).padStart(3, '0')}`;
}

/** A RELTIME back to ms (NaN when it is not one). */
export function parseClicsRelTime(t: string): number {
  const m = /^(-)?(\d+):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?$/.exec(t);
  if (!m) return Number.NaN;
  const ms = ((Number(m[2]) * 60 + Number(m[3])) * 60 + Number(m[4])) * 1000 + Number((m[5] ?? '0').padEnd(3, '0'));
  return m[1] ? -ms : ms;
}

// ---------------------------------------------------------------------------------------------
// Judgement types

export interface ClicsJudgementType {
  id: string;
  name: string;
  penalty: boolean;
  solved: boolean;
}

/**
 * Our final statuses as CLICS judgement types (the specification's known ids where one fits; PA and CA
 * and HCK are ours: CLICS has no partial, cancelled or hacked verdict). `penalty` is our ACM fold's (ACM_PENALTY_STATUSES):
 * compile errors, judging errors and output limit are free here, so a client folding the feed with these
 * flags ranks as our board does.
 */
const TYPE_OF_STATUS: [number, string, string][] = [
  [JudgeStatus.ACCEPTED, 'AC', 'Accepted'],
  [JudgeStatus.WRONG_ANSWER, 'WA', 'Wrong Answer'],
  [JudgeStatus.PRESENTATION_ERROR, 'PE', 'Presentation Error'],
  [JudgeStatus.TIME_LIMIT_EXCEEDED, 'TLE', 'Time Limit Exceeded'],
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED, 'MLE', 'Memory Limit Exceeded'],
  [JudgeStatus.RUNTIME_ERROR, 'RTE', 'Run-Time Error'],
  [JudgeStatus.COMPILE_ERROR, 'CE', 'Compile Error'],
  [JudgeStatus.OUTPUT_LIMIT_EXCEEDED, 'OLE', 'Output Limit Exceeded'],
  [JudgeStatus.SYSTEM_ERROR, 'JE', 'Judging Error'],
  [JudgeStatus.SUBMITTED_FAILED, 'SE', 'Submission Error'],
  [JudgeStatus.PARTIAL_ACCEPTED, 'PA', 'Partially Accepted'],
  [JudgeStatus.CANCELLED, 'CA', 'Cancelled'],
  [JudgeStatus.HACKED, 'HCK', 'Hacked'],
];

export const CLICS_JUDGEMENT_TYPES: ClicsJudgementType[] = TYPE_OF_STATUS.map(([status, id, name]) => ({
  id,
  name,
  penalty: ACM_PENALTY_STATUSES.has(status),
  solved: status === JudgeStatus.ACCEPTED,
}));

const TYPE_BY_STATUS = new Map(TYPE_OF_STATUS.map(([status, id]) => [status, id]));

/** The judgement type of a final status; null while judging (pending, compiling, judging, submitting). */
export const clicsJudgementTypeOf = (status: number): string | null => TYPE_BY_STATUS.get(status) ?? null;

// ---------------------------------------------------------------------------------------------
// Objects (the properties this site fills)

export interface ClicsFileRef {
  href: string;
  filename: string;
  mime: string;
}

export interface ClicsContest {
  id: string;
  name: string;
  formal_name: string;
  start_time: string;
  duration: string;
  scoreboard_freeze_duration: string | null;
  scoreboard_thaw_time: string | null;
  scoreboard_type: 'pass-fail';
  /** minutes, an integer in 2023-06 (a RELTIME only from the 2026-01 release) */
  penalty_time: number;
}

export interface ClicsState {
  started: string | null;
  frozen: string | null;
  ended: string | null;
  thawed: string | null;
  finalized: string | null;
  end_of_updates: string | null;
}

export interface ClicsLanguage {
  id: string;
  name: string;
  entry_point_required: boolean;
  extensions: string[];
}

export interface ClicsProblem {
  id: string;
  label: string;
  name: string;
  ordinal: number;
  rgb: string | null;
  time_limit: number;
  memory_limit: number;
  test_data_count: number;
}

export interface ClicsOrganization {
  id: string;
  name: string;
  formal_name: string;
}

export interface ClicsTeam {
  id: string;
  label: string;
  name: string;
  display_name: string;
  organization_id: string | null;
}

export interface ClicsSubmission {
  id: string;
  language_id: string;
  problem_id: string;
  /** null: a submission of the contest's staff (not on the board) */
  team_id: string | null;
  time: string;
  contest_time: string;
  entry_point: null;
  files: ClicsFileRef[];
}

export interface ClicsJudgement {
  id: string;
  submission_id: string;
  judgement_type_id: string | null;
  current: true;
  start_time: string;
  start_contest_time: string;
  end_time: string | null;
  end_contest_time: string | null;
  max_run_time?: number;
}

export interface ClicsRun {
  id: string;
  judgement_id: string;
  ordinal: number;
  judgement_type_id: string;
  time: string;
  contest_time: string;
  run_time: number;
}

export interface ClicsAward {
  id: string;
  citation: string;
  team_ids: string[];
}

export interface ClicsScoreboardRow {
  rank: number;
  team_id: string;
  score: { num_solved: number; total_time: string; time: string | null };
  problems: { problem_id: string; num_judged: number; num_pending: number; solved: boolean; time?: string }[];
}

export interface ClicsScoreboard {
  time: string;
  contest_time: string;
  state: ClicsState;
  rows: ClicsScoreboardRow[];
}

/** One line of the event feed (`token` resumes after it: `since_token`). */
export interface ClicsNotification {
  type: string;
  id: string | null;
  data: unknown;
  token?: string;
}

// ---------------------------------------------------------------------------------------------
// Endpoints

/** The collections served as arrays at `clics/contests/:cid/<collection>` and by id below it. */
export const CLICS_COLLECTIONS = ['problems', 'teams', 'organizations', 'judgement-types', 'languages', 'submissions', 'judgements', 'runs', 'awards'] as const;
export type ClicsCollection = (typeof CLICS_COLLECTIONS)[number];

export const clicsContestParams = z.object({ cid: dbId });
export const clicsEventFeedQuery = z.object({ since_token: z.string().max(100).optional(), stream: z.enum(['true', 'false']).optional() });

/**
 * Under `/api/clics/` (the CLICS baseurl): `/api/contests/…` is free today, but the site's own calls
 * live beside it and a CLICS client is pointed at one base URL, so the whole API sits under one prefix
 * that no call of the spec uses.
 */
export const clicsEndpoints = {
  info: endpoint<{ version: string; name: string }>()({ method: 'GET', path: 'clics', raw: 'json' }),
  /** the contests served to the caller (as `contest` would answer each), the most recent 100 by start */
  contests: endpoint<ClicsContest[]>()({ method: 'GET', path: 'clics/contests', raw: 'json' }),
  contest: endpoint<ClicsContest>()({ method: 'GET', path: 'clics/contests/:cid', raw: 'json' }),
  state: endpoint<ClicsState>()({ method: 'GET', path: 'clics/contests/:cid/state', raw: 'json' }),
  scoreboard: endpoint<ClicsScoreboard>()({ method: 'GET', path: 'clics/contests/:cid/scoreboard', raw: 'json' }),
  /** `problems`, `teams`, … (CLICS_COLLECTIONS) */
  collection: endpoint<unknown[]>()({ method: 'GET', path: 'clics/contests/:cid/:collection', raw: 'json' }),
  object: endpoint<unknown>()({ method: 'GET', path: 'clics/contests/:cid/:collection/:id', raw: 'json' }),
  /** NDJSON, live until the client goes (`stream=false`: what there is now, then the end) */
  eventFeed: endpoint<never>()({ method: 'GET', path: 'clics/contests/:cid/event-feed', query: clicsEventFeedQuery, raw: 'ndjson' }),
  /** a submission's source as `files.zip` (contest staff) */
  submissionFiles: endpoint<never>()({ method: 'GET', path: 'clics/contests/:cid/submissions/:id/files', raw: 'download' }),
  /** the finished contest as a contest package (zip, contest staff) */
  contestPackage: endpoint<never>()({ method: 'GET', path: 'clics/contests/:cid/package', raw: 'download' }),
} as const;
