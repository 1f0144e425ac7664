import type { FastifyInstance } from 'fastify';
import { homeEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { optionalUser } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { maySite } from '../policy/index.js';
import { recentContests } from './contests.js';
import { recentAcRank, recentUpdatedProblems, submissionStatistics } from './service.js';

/** Home page cards, public. Prefix /api. */
export async function homeRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ep.recentAcRank, {}, async () => ok(await recentAcRank(ctx)));

  // Anyone may read the statistics; only administrators make the server count again before the hour is up,
  // so visitors cannot turn the cached aggregate into one query per request.
  serve(app, ep.submissionStatistics, {}, async ({ query, req, reply }) => {
    const { forceRefresh } = query;
    const user = forceRefresh ? await optionalUser(req, reply) : null;
    return ok(await submissionStatistics(ctx, !!forceRefresh && maySite(user, 'refreshStatistics')));
  });

  serve(app, ep.recentUpdatedProblems, {}, async () => ok(await recentUpdatedProblems(ctx)));

  serve(app, ep.recentContests, {}, async () => ok(await recentContests(ctx)));
}
