import type { FastifyInstance } from 'fastify';
import { contestClarificationEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import * as clar from './clarifications.js';

/**
 * Contest clarifications (clarifications.ts). Prefix /api. A group contest is served by the same calls:
 * its group's gate is asked with the contest (access.ts), as for its other pages.
 */
export async function contestClarificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const login = { preHandler: requireLogin };
  serve(app, ep.list, login, async ({ query, req }) => ok(await clar.clarificationList(ctx, userOf(req), query)));
  serve(app, ep.ask, login, async ({ body, req }) => ok(await clar.askClarification(ctx, userOf(req), body)));
  serve(app, ep.answer, login, async ({ body, req }) => ok(await clar.answerClarification(ctx, userOf(req), body)));
  serve(app, ep.remove, login, async ({ query, req }) => {
    await clar.deleteClarification(ctx, userOf(req), query);
    return ok(null);
  });
}
