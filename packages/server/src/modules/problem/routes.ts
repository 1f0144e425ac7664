import type { FastifyInstance } from 'fastify';
import { ojQuery, pidQuery, problemListQuery } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { optionalUser, requireLogin, userOf } from '../../lib/auth.js';
import { ok } from '../../lib/envelope.js';
import { parse } from '../../lib/validate.js';
import * as problems from './service.js';

/** The public problem bank (spec 1 §2 problem list and detail, §7). Prefix /api. */
export async function problemRoutes(app: FastifyInstance, ctx: AppContext) {
  const login = { preHandler: requireLogin };

  app.get('/get-problem-list', async (req, reply) => ok(await problems.problemList(ctx, await optionalUser(req, reply), parse(problemListQuery, req.query))));

  app.get('/get-all-problem-tags', async (req) => ok(await problems.allTags(ctx, parse(ojQuery, req.query).oj)));

  app.get('/get-problem-tags-and-classification', async (req) => ok(await problems.tagsAndClassifications(ctx, parse(ojQuery, req.query).oj)));

  app.get('/get-random-problem', async () => ok(await problems.randomProblem(ctx)));

  // The editor's templates (language → code) of a problem the caller may open.
  app.get('/get-problem-code-template', login, async (req) => {
    const { pid } = parse(pidQuery, req.query);
    return ok(await problems.codeTemplates(ctx, userOf(req), pid));
  });
}
