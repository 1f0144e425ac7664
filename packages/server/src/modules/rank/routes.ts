import type { FastifyInstance } from 'fastify';
import { rankListQuery } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/envelope.js';
import { parse } from '../../lib/validate.js';
import { rankList } from './service.js';

/** Site-wide user rank lists (spec 2 §7), public. Prefix /api. */
export async function rankRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/get-rank-list', async (req) => ok(await rankList(ctx, parse(rankListQuery, req.query))));
}
