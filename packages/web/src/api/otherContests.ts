import type { remoteJudgeEndpoints } from '@oj/shared';
import { request } from './endpoint';
import { route, type RoutesOf } from './routes';

/**
 * The home page's contests of other sites: the one call of the remote judges' table the home makes,
 * written out like the first load's (no zod) and checked against its declaration in
 * test/endpoint-routes.test.ts. Its own module: the card that asks it comes with its chunk.
 */
export const otherContestRoutes: Pick<RoutesOf<typeof remoteJudgeEndpoints>, 'recentOtherContests'> = {
  recentOtherContests: route('GET', 'get-recent-other-contest'),
};

/** Silent: the card shows its own empty state when this fails (the sites' lists are fetched by the judges). */
export const recentOtherContests = () => request(otherContestRoutes.recentOtherContests, {}, { silent: true });

export const otherContestsKey = ['home', 'other-contests'] as const;
