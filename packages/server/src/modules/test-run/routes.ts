import type { FastifyInstance } from 'fastify';
import { testRunBody, testRunKeyQuery } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, requirePermission, userOf } from '../../lib/auth.js';
import { ok } from '../../lib/envelope.js';
import { parse } from '../../lib/validate.js';
import { submitTestRun, testRunResult } from './service.js';

/** Online self-test (spec 1 §4, §7). Prefix /api. */
export async function testRunRoutes(app: FastifyInstance, ctx: AppContext) {
  // Running code costs judge time: the same permission as submitting.
  app.post('/submit-problem-test-judge', { preHandler: requirePermission('submit') }, async (req) =>
    ok(await submitTestRun(ctx, userOf(req), parse(testRunBody, req.body))),
  );

  app.get('/get-test-judge-result', { preHandler: requireLogin }, async (req) =>
    ok(await testRunResult(ctx, userOf(req), parse(testRunKeyQuery, req.query).testJudgeKey)),
  );
}
