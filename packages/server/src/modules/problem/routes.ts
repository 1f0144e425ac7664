import type { FastifyInstance } from 'fastify';
import { problemEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { optionalUser, requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import * as problems from './service.js';

/**
 * The public problem bank (problem list and its calls). Prefix /api. A problem's statement and the
 * caller's status are answered by the place it is opened in (modules/place/routes.ts).
 */
export async function problemRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ep.list, {}, async ({ query, req, reply }) => ok(await problems.problemList(ctx, await optionalUser(req, reply), query)));

  serve(app, ep.allTags, {}, async ({ query }) => ok(await problems.allTags(ctx, query.oj)));

  serve(app, ep.tagsAndClassification, {}, async ({ query }) => ok(await problems.tagsAndClassifications(ctx, query.oj)));

  serve(app, ep.random, {}, async () => ok(await problems.randomProblem(ctx)));

  // The editor's templates (language → code) of a problem the caller may open.
  serve(app, ep.codeTemplate, { preHandler: requireLogin }, async ({ query, req }) => ok(await problems.codeTemplates(ctx, userOf(req), query.pid)));
}
