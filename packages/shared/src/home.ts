/** Home page widgets (site calls). */
import { z } from 'zod';
import type { RecentContest } from './contest.js';
import { endpoint } from './endpoint.js';

const bool = z.union([z.boolean(), z.stringbool()]);

/** How many rows the home cards show (HOJ: top 10). */
export const HOME_LIST_SIZE = 10;
/** How long the last-week statistics are kept before they are computed again. */
export const SUBMISSION_STATISTICS_TTL_MS = 60 * 60 * 1000;

export const submissionStatisticsQuery = z.object({
  /** recompute now instead of using the cached numbers (administrators only; ignored for others) */
  forceRefresh: bool.optional(),
});

/** A user of the last-7-days accepted ranking. */
export interface RecentAcRankRow {
  uid: string;
  username: string;
  nickname: string | null;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
  /** distinct problems accepted in the last 7 days (outside contests and groups) */
  ac: number;
}

/** Submissions per day over the last 7 days (today last), days in the server's time zone. */
export interface SubmissionStatistics {
  /** YYYY-MM-DD, oldest first */
  dateStrs: string[];
  acCountList: number[];
  totalCountList: number[];
  /** when these numbers were computed (ISO) */
  updatedAt: string;
}

export interface RecentUpdatedProblem {
  /** problem.id */
  pid: number;
  /** display id, e.g. P1000 */
  problemId: string;
  title: string;
  type: number;
  difficulty: number;
  gmtModified: string;
}

// ---------------------------------------------------------------------------------------------
// Calls (paths after /api/), public.

export const homeEndpoints = {
  recentAcRank: endpoint<RecentAcRankRow[]>()({ method: 'GET', path: 'get-recent-seven-ac-rank' }),
  submissionStatistics: endpoint<SubmissionStatistics>()({ method: 'GET', path: 'get-last-week-submission-statistics', query: submissionStatisticsQuery }),
  recentUpdatedProblems: endpoint<RecentUpdatedProblem[]>()({ method: 'GET', path: 'get-recent-updated-problem' }),
  /** visible non-group contests: running, scheduled, then the latest ended, five in all */
  recentContests: endpoint<RecentContest[]>()({ method: 'GET', path: 'get-recent-contest' }),
} as const;
