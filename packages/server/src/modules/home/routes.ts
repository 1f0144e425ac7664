import type { FastifyInstance } from 'fastify';
import { isAdmin, submissionStatisticsQuery } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { optionalUser } from '../../lib/auth.js';
import { ok } from '../../lib/envelope.js';
import { parse } from '../../lib/validate.js';
import { recentContests } from './contests.js';
import { recentAcRank, recentUpdatedProblems, submissionStatistics } from './service.js';

/** Home page cards (spec 1 §2 "Home", §7), public. Prefix /api. */
export async function homeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/get-recent-seven-ac-rank', async () => ok(await recentAcRank(ctx)));

  // Anyone may read the statistics; only administrators make the server count again before the hour is up,
  // so visitors cannot turn the cached aggregate into one query per request.
  app.get('/get-last-week-submission-statistics', async (req, reply) => {
    const { forceRefresh } = parse(submissionStatisticsQuery, req.query);
    const user = forceRefresh ? await optionalUser(req, reply) : null;
    return ok(await submissionStatistics(ctx, !!forceRefresh && !!user && isAdmin(user.roles)));
  });

  app.get('/get-recent-updated-problem', async () => ok(await recentUpdatedProblems(ctx)));

  app.get('/get-recent-contest', async () => ok(await recentContests(ctx)));
}
