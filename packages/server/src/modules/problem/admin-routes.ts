import type { FastifyInstance } from 'fastify';
import {
  adminProblemBody,
  adminProblemListQuery,
  adminProblemUploadRef,
  changeProblemAuthBody,
  classificationBody,
  classificationListQuery,
  compileCheckerBody,
  MSG,
  pidQuery,
  problemCasesQuery,
  rejudgeProblemQuery,
  tagBody,
  tcidQuery,
  tidQuery,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import { userOf } from '../../lib/auth.js';
import { requireSite } from '../policy/index.js';
import { ok } from '../../lib/envelope.js';
import { ApiError } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import * as admin from './admin.js';
import { assertCheckerCompiles } from './admin-checker.js';
import { rejudgeProblem } from './admin-rejudge.js';
import * as tagAdmin from './admin-tag.js';

/** Problem management (spec 3 §2–§5): super admin and problem admin. Prefix /api/admin. */
export async function adminProblemRoutes(app: FastifyInstance, ctx: AppContext) {
  const guard = { preHandler: requireSite('manageProblems') };

  app.get('/problem/get-problem-list', guard, async (req) => ok(await admin.adminProblemList(ctx, parse(adminProblemListQuery, req.query))));

  app.get('/problem', guard, async (req) => ok(await admin.adminProblemDetail(ctx, parse(pidQuery, req.query).pid)));

  app.post('/problem', guard, async (req) =>
    ok(await admin.createProblem(ctx, userOf(req), parse(adminProblemBody, req.body), parse(adminProblemUploadRef, req.body))),
  );

  app.put('/problem', guard, async (req) => {
    const body = parse(adminProblemBody, req.body);
    const pid = body.problem.id;
    if (!pid) throw new ApiError('problem.id: required', 400, 400);
    return ok(await admin.updateProblem(ctx, userOf(req), pid, body, parse(adminProblemUploadRef, req.body)));
  });

  app.delete('/problem', guard, async (req) => {
    await admin.deleteProblem(ctx, parse(pidQuery, req.query).pid);
    return ok(null);
  });

  app.put('/problem/change-problem-auth', guard, async (req) => {
    const { id, auth } = parse(changeProblemAuthBody, req.body);
    await admin.changeProblemAuth(ctx, userOf(req), id, auth);
    return ok(null);
  });

  app.get('/problem/get-problem-cases', guard, async (req) => ok(await admin.problemCasesOf(ctx, parse(problemCasesQuery, req.query).pid)));

  // Compile only: a compile error answers status 400 with the compiler's message (spec 3 §8 dialog).
  for (const mode of ['spj', 'interactive'] as const) {
    app.post(`/problem/compile-${mode}`, guard, async (req) => {
      const b = parse(compileCheckerBody, req.body);
      await assertCheckerCompiles(mode, b.code, b.language, b.extraFiles);
      return ok(null, MSG.compileSucceeded);
    });
  }

  app.get('/judge/rejudge-problem', guard, async (req) => ok(await rejudgeProblem(ctx, parse(rejudgeProblemQuery, req.query).pid)));

  // Tags and classifications
  app.post('/tag', guard, async (req) => ok(await tagAdmin.addTag(ctx, parse(tagBody, req.body))));
  app.put('/tag', guard, async (req) => ok(await tagAdmin.updateTag(ctx, parse(tagBody, req.body))));
  app.delete('/tag', guard, async (req) => {
    await tagAdmin.deleteTag(ctx, parse(tidQuery, req.query).tid);
    return ok(null);
  });
  app.get('/tag/classification', guard, async (req) => ok(await tagAdmin.listClassifications(ctx, parse(classificationListQuery, req.query).oj)));
  app.post('/tag/classification', guard, async (req) => ok(await tagAdmin.addClassification(ctx, parse(classificationBody, req.body))));
  app.put('/tag/classification', guard, async (req) => ok(await tagAdmin.updateClassification(ctx, parse(classificationBody, req.body))));
  app.delete('/tag/classification', guard, async (req) => {
    await tagAdmin.deleteClassification(ctx, parse(tcidQuery, req.query).tcid);
    return ok(null);
  });
}
