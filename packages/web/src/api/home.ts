import type { RecentAcRankRow, RecentUpdatedProblem, SubmissionStatistics } from '@oj/shared';
import { api } from './client';

/** Home page cards (spec 1 §7 site calls). */
export const homeApi = {
  recentAcRank: () => api.get<RecentAcRankRow[]>('get-recent-seven-ac-rank'),
  /** forceRefresh is honoured for administrators only; the card offers it to them. */
  submissionStatistics: (forceRefresh = false) =>
    api.get<SubmissionStatistics>('get-last-week-submission-statistics', forceRefresh ? { forceRefresh: true } : undefined),
  recentUpdatedProblems: () => api.get<RecentUpdatedProblem[]>('get-recent-updated-problem'),
};

export const homeKeys = {
  recentAcRank: ['home', 'recent-ac-rank'] as const,
  statistics: ['home', 'submission-statistics'] as const,
  recentProblems: ['home', 'recent-problems'] as const,
};
