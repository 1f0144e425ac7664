/**
 * The first load's calls (api/routes.ts) name their declaration's method and path: they are typed from
 * the declarations of @oj/shared but written out so that zod stays out of the first load (and out of the
 * problem page's: api/problemRoutes.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  accountEndpoints,
  contestEndpoints,
  homeEndpoints,
  liveEndpoints,
  problemEndpoints,
  remoteJudgeEndpoints,
  siteEndpoints,
  submissionEndpoints,
  testRunEndpoints,
  type Endpoint,
} from '@oj/shared';
import { contestProblemRoutes, problemRoutes, resubmitRoutes, submissionRoutes, testRunRoutes } from '../src/api/problemRoutes';
import { otherContestRoutes } from '../src/api/otherContests';
import { accountRoutes, homeRoutes, liveRoutes, siteRoutes } from '../src/api/routes';

const routeOf = (table: Record<string, Endpoint>) => Object.fromEntries(Object.entries(table).map(([k, e]) => [k, { method: e.method, path: e.path }]));

describe('first-load routes', () => {
  it.each([
    ['site', siteRoutes, siteEndpoints],
    ['home', homeRoutes, homeEndpoints],
    ['live', liveRoutes, liveEndpoints],
    ['account', accountRoutes, accountEndpoints],
    ['problem', problemRoutes, problemEndpoints],
    ['submission', submissionRoutes, submissionEndpoints],
    ['test run', testRunRoutes, testRunEndpoints],
    ['contest problem', contestProblemRoutes, { problemDetail: contestEndpoints.problemDetail }],
    ['other contests', otherContestRoutes, { recentOtherContests: remoteJudgeEndpoints.recentOtherContests }],
    ['resubmit', resubmitRoutes, { resubmit: remoteJudgeEndpoints.resubmit, linkRun: remoteJudgeEndpoints.linkRun }],
  ] as const)('%s: every declared call, with the same method and path', (_, routes, declared) => {
    expect(routeOf(routes)).toEqual(routeOf(declared));
  });
});
