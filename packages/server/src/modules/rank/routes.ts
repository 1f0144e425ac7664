import type { FastifyInstance } from 'fastify';
import { rankEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { rankList, siteRankScope } from './service.js';

/** Site-wide user rank lists, public. Prefix /api. */
export async function rankRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ep.list, {}, async ({ query }) => ok(await rankList(ctx, siteRankScope(), query)));
}
