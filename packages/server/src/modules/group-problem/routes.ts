import type { FastifyInstance } from 'fastify';
import { adminGroupProblemEndpoints as adminEp, groupProblemEndpoints as ep, MSG } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { adminStanding } from '../group/access.js';
import { problemCasesOf } from '../problem/admin.js';
import { assertCheckerCompiles } from '../problem/admin-checker.js';
import { requireSite } from '../policy/index.js';
import { managedProblem } from './access.js';
import { applyList, changeProgress } from './review.js';
import * as svc from './service.js';

/** Group problems (spec 3 §2, §4, §6; HOJ paths of notes §10). Prefix /api. Every call needs a login and the caller's standing in the group. */
export async function groupProblemRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const login = { preHandler: requireLogin };

  serve(app, ep.list, login, async ({ query, req }) => ok(await svc.groupProblemList(ctx, userOf(req), query)));
  serve(app, ep.adminList, login, async ({ query, req }) => ok(await svc.groupAdminProblemList(ctx, userOf(req), query)));
  serve(app, ep.get, login, async ({ query, req }) => ok(await svc.groupProblemDetail(ctx, userOf(req), query.pid)));

  serve(app, ep.create, login, async ({ body, req }) => ok(await svc.createGroupProblem(ctx, userOf(req), body.gid, body, body), MSG.success));
  serve(app, ep.update, login, async ({ body, req }) => ok(await svc.updateGroupProblem(ctx, userOf(req), body.gid, body, body), MSG.success));

  serve(app, ep.remove, login, async ({ query, req }) => {
    await svc.deleteGroupProblem(ctx, userOf(req), query.pid);
    return ok(null);
  });

  serve(app, ep.cases, login, async ({ query, req }) => {
    await managedProblem(db, userOf(req), query.pid);
    return ok(await problemCasesOf(ctx, query.pid));
  });

  serve(app, ep.tags, login, async ({ query, req }) => ok(await svc.groupProblemTags(ctx, userOf(req), query.gid)));

  // Compile only (spec 3 §4: a changed checker compiles before saving); a compile error answers status 400 with the compiler's message.
  for (const [mode, call] of [
    ['spj', ep.compileSpj],
    ['interactive', ep.compileInteractive],
  ] as const) {
    serve(app, call, login, async ({ query, body, req }) => {
      await adminStanding(db, userOf(req), query.gid);
      await assertCheckerCompiles(ctx, mode, body.code, body.language, body.extraFiles);
      return ok(null, MSG.compileSucceeded);
    });
  }

  serve(app, ep.changeAuth, login, async ({ query, req }) => {
    await svc.changeGroupProblemAuth(ctx, userOf(req), query.pid, query.auth);
    return ok(null);
  });

  serve(app, ep.applyPublic, login, async ({ query, req }) => {
    await svc.applyPublic(ctx, userOf(req), query.pid, query.isApplied);
    return ok(null);
  });
}

/** The super admin's review of applications to the public bank. Prefix /api/admin (the admin-area guard already ran). */
export async function adminGroupProblemRoutes(app: FastifyInstance, ctx: AppContext) {
  const guard = { preHandler: requireSite('reviewGroupProblems') };
  serve(app, adminEp.list, guard, async ({ query }) => ok(await applyList(ctx, query)));
  serve(app, adminEp.changeProgress, guard, async ({ body, req }) => {
    await changeProgress(ctx, userOf(req), body.pid, body.progress, body.problemId);
    return ok(null);
  });
}
