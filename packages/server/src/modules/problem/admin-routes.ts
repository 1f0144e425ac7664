import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminProblemEndpoints as ep, MSG } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { ApiError } from '../../lib/errors.js';
import { requireSite } from '../policy/index.js';
import * as admin from './admin.js';
import { administeredProblemOwner } from './admin-access.js';
import { siteOwner } from '../owner/index.js';
import { assertCheckerCompiles } from './admin-checker.js';
import { rejudgeProblem } from './admin-rejudge.js';
import * as tagAdmin from './admin-tag.js';

/** Problem management: super admin and problem admin (policy `manageProblems`). Prefix /api/admin. */
export async function adminProblemRoutes(app: FastifyInstance, ctx: AppContext) {
  const guard = { preHandler: requireSite('manageProblems') };

  serve(app, ep.list, guard, async ({ query, req }) => {
    const page = await admin.adminProblemList(ctx, siteOwner(userOf(req)), query);
    return ok({ ...page, records: page.records.map(({ applyPublicProgress: _a, editable: _e, ...r }) => r) });
  });

  // Calls naming a problem by id: a group's problem only for those who manage it in its group (admin-access.ts).
  const administers = (req: FastifyRequest, pid: number) => administeredProblemOwner(ctx.database.db, userOf(req), pid);

  serve(app, ep.get, guard, async ({ query, req }) => {
    await administers(req, query.pid);
    return ok(await admin.adminProblemDetail(ctx, query.pid));
  });

  serve(app, ep.create, guard, async ({ body, req }) => ok(await admin.createOwnedProblem(ctx, siteOwner(userOf(req)), userOf(req), body, body)));

  serve(app, ep.update, guard, async ({ body, req }) => {
    const pid = body.problem.id;
    if (!pid) throw new ApiError('problem.id: required', 400, 400);
    return ok(await admin.updateOwnedProblem(ctx, await administers(req, pid), userOf(req), pid, body, body));
  });

  serve(app, ep.remove, guard, async ({ query, req }) => {
    await admin.deleteOwnedProblem(ctx, await administers(req, query.pid), query.pid);
    return ok(null);
  });

  serve(app, ep.changeAuth, guard, async ({ body, req }) => {
    await admin.changeOwnedProblemAuth(ctx, await administers(req, body.id), userOf(req), body.id, body.auth);
    return ok(null);
  });

  serve(app, ep.cases, guard, async ({ query, req }) => {
    await administers(req, query.pid);
    return ok(await admin.problemCasesOf(ctx, query.pid));
  });

  // Compile only: a compile error answers status 400 with the compiler's message (shown in a dialog).
  for (const [mode, call] of [
    ['spj', ep.compileSpj],
    ['interactive', ep.compileInteractive],
  ] as const) {
    serve(app, call, guard, async ({ body }) => {
      await assertCheckerCompiles(ctx, mode, body.code, body.language, body.extraFiles);
      return ok(null, MSG.compileSucceeded);
    });
  }

  serve(app, ep.rejudgeAll, guard, async ({ query, req }) => {
    await administers(req, query.pid);
    return ok(await rejudgeProblem(ctx, query.pid));
  });

  // Tags and classifications
  serve(app, ep.addTag, guard, async ({ body }) => ok(await tagAdmin.addTag(ctx, body)));
  serve(app, ep.updateTag, guard, async ({ body }) => ok(await tagAdmin.updateTag(ctx, body)));
  serve(app, ep.removeTag, guard, async ({ query }) => {
    await tagAdmin.deleteTag(ctx, query.tid);
    return ok(null);
  });
  serve(app, ep.classifications, guard, async ({ query }) => ok(await tagAdmin.listClassifications(ctx, query.oj)));
  serve(app, ep.addClassification, guard, async ({ body }) => ok(await tagAdmin.addClassification(ctx, body)));
  serve(app, ep.updateClassification, guard, async ({ body }) => ok(await tagAdmin.updateClassification(ctx, body)));
  serve(app, ep.removeClassification, guard, async ({ query }) => {
    await tagAdmin.deleteClassification(ctx, query.tcid);
    return ok(null);
  });
}
