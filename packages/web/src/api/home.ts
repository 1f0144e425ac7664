import { homeRoutes as ep } from './routes';
import { request } from './endpoint';

/** Home page cards (site calls). */
export const homeApi = {
  recentAcRank: () => request(ep.recentAcRank, {}),
  /** forceRefresh is honoured for administrators only; the card offers it to them. */
  submissionStatistics: (forceRefresh = false) => request(ep.submissionStatistics, { query: forceRefresh ? { forceRefresh: true } : {} }),
  recentUpdatedProblems: () => request(ep.recentUpdatedProblems, {}),
  /** Silent: the card shows its own empty state when this fails. */
  recentContests: () => request(ep.recentContests, {}, { silent: true }),
};

export const homeKeys = {
  recentAcRank: ['home', 'recent-ac-rank'] as const,
  statistics: ['home', 'submission-statistics'] as const,
  recentProblems: ['home', 'recent-problems'] as const,
  recentContests: ['home', 'recent-contests'] as const,
};
