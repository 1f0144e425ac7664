import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminGroupProblemEndpoints as adminEp, groupProblemEndpoints as ep, MSG } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { fail } from '../../lib/errors.js';
import { groupOwner } from '../group/owner.js';
import { ownerColumns } from '../owner/index.js';
import * as admin from '../problem/admin.js';
import { assertCheckerCompiles } from '../problem/admin-checker.js';
import { ownerTags } from '../problem/admin-tag.js';
import { publicProblemsOf } from '../problem/service.js';
import { requireSite } from '../policy/index.js';
import { managedProblemOwner, problemGroupOwner } from './access.js';
import { applyList, applyPublic, changeProgress } from './review.js';

/**
 * Group problems (HOJ paths of notes §10). Prefix /api. A route file: HOJ's group
 * paths onto the site's problem services with the group as the owner (members for the list, admins
 * for the rest; the services ask the policy about each problem).
 */
export async function groupProblemRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const login = { preHandler: requireLogin };
  const owner = (req: FastifyRequest, gid: number, need: 'member' | 'admin') => groupOwner(db, userOf(req), gid, need);
  const managed = (req: FastifyRequest, pid: number) => managedProblemOwner(db, userOf(req), pid);

  serve(app, ep.list, login, async ({ query, req }) => ok(await publicProblemsOf(ctx, await owner(req, query.gid, 'member'), query)));
  serve(app, ep.adminList, login, async ({ query, req }) => {
    const page = await admin.adminProblemList(ctx, await owner(req, query.gid, 'admin'), query);
    return ok({ ...page, records: page.records.map(({ isRemote: _r, ...r }) => r) });
  });
  serve(app, ep.get, login, async ({ query, req }) => {
    await managed(req, query.pid);
    return ok(await admin.adminProblemDetail(ctx, query.pid));
  });

  serve(app, ep.create, login, async ({ body, req }) =>
    ok(await admin.createOwnedProblem(ctx, await owner(req, body.gid, 'admin'), userOf(req), body, body), MSG.success),
  );
  serve(app, ep.update, login, async ({ body, req }) => {
    if (!body.problem.id) throw fail('problemNotFound');
    // The problem's own group is the owner (an outsider of it is refused as such); the body must name it.
    const held = await managed(req, body.problem.id);
    if (ownerColumns(held).gid !== body.gid) throw fail('problemNotFound');
    return ok(await admin.updateOwnedProblem(ctx, held, userOf(req), body.problem.id, body, body), MSG.success);
  });

  serve(app, ep.remove, login, async ({ query, req }) => {
    await admin.deleteOwnedProblem(ctx, await problemGroupOwner(db, userOf(req), query.pid), query.pid);
    return ok(null);
  });

  serve(app, ep.cases, login, async ({ query, req }) => {
    await managed(req, query.pid);
    return ok(await admin.problemCasesOf(ctx, query.pid));
  });

  serve(app, ep.tags, login, async ({ query, req }) => ok(await ownerTags(ctx, await owner(req, query.gid, 'admin'))));

  // Compile only (a changed checker compiles before saving); a compile error answers status 400 with the compiler's message.
  for (const [mode, call] of [
    ['spj', ep.compileSpj],
    ['interactive', ep.compileInteractive],
  ] as const) {
    serve(app, call, login, async ({ query, body, req }) => {
      await owner(req, query.gid, 'admin');
      await assertCheckerCompiles(ctx, mode, body.code, body.language, body.extraFiles);
      return ok(null, MSG.compileSucceeded);
    });
  }

  // Public (1) or private (2) inside the group; contest-only (3) is set by the group's contests.
  serve(app, ep.changeAuth, login, async ({ query, req }) => {
    await admin.changeOwnedProblemAuth(ctx, await problemGroupOwner(db, userOf(req), query.pid), userOf(req), query.pid, query.auth);
    return ok(null);
  });

  serve(app, ep.applyPublic, login, async ({ query, req }) => {
    await managed(req, query.pid);
    await applyPublic(ctx, query.pid, query.isApplied);
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
