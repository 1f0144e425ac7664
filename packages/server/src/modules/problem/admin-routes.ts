import type { FastifyInstance } from 'fastify';
import { adminProblemBody, adminProblemListQuery, pidQuery, Role } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireRoles, userOf } from '../../lib/auth.js';
import { ok } from '../../lib/envelope.js';
import { ApiError } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import * as admin from './admin.js';

/** Problem management (spec 3 §2, §3): super admin and problem admin. Prefix /api/admin. */
export async function adminProblemRoutes(app: FastifyInstance, ctx: AppContext) {
  const guard = { preHandler: requireRoles(Role.ROOT, Role.PROBLEM_ADMIN) };

  app.get('/problem/get-problem-list', guard, async (req) => ok(await admin.adminProblemList(ctx, parse(adminProblemListQuery, req.query))));

  app.get('/problem', guard, async (req) => ok(await admin.adminProblemDetail(ctx, parse(pidQuery, req.query).pid)));

  app.post('/problem', guard, async (req) => ok(await admin.createProblem(ctx, userOf(req), parse(adminProblemBody, req.body))));

  app.put('/problem', guard, async (req) => {
    const body = parse(adminProblemBody, req.body);
    const pid = body.problem.id;
    if (!pid) throw new ApiError('problem.id: required', 400, 400);
    return ok(await admin.updateProblem(ctx, userOf(req), pid, body));
  });

  app.delete('/problem', guard, async (req) => {
    await admin.deleteProblem(ctx, parse(pidQuery, req.query).pid);
    return ok(null);
  });
}
