import type { FastifyInstance } from 'fastify';
import { ADMIN_USER_LIMITS, adminUserEndpoints as ep, fileTransferEndpoints, generatedListQuery, MSG, formatMsg } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { userOf } from '../../lib/auth.js';
import { requireSite } from '../policy/index.js';
import { serve, urlUnder } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { fail } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { generatedListCsv, generateUsers } from './generate.js';
import { checkImport, importUsers } from './import.js';
import { deleteUsers, editUser, listUsers } from './service.js';

/** The Users screen's calls, prefix /api/admin (the admin-area guard of lib/auth.ts runs first): `user_admin` only. */
export async function adminUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const userAdmin = { preHandler: requireSite('manageUsers') };
  const { db } = ctx.database;

  serve(app, ep.list, userAdmin, async ({ query }) => ok(await listUsers(ctx, query)));

  serve(app, ep.edit, userAdmin, async ({ body, req }) => ok(await editUser(ctx, userOf(req), body)));

  serve(app, ep.remove, userAdmin, async ({ body, req }) => ok({ deleted: await deleteUsers(ctx, userOf(req), body.ids) }));

  const importOpts = { ...userAdmin, bodyLimit: ADMIN_USER_LIMITS.importBodyBytes };
  serve(app, ep.checkImport, importOpts, async ({ body }) => ok(await checkImport(db, body.users)));

  serve(app, ep.import, importOpts, async ({ body }) => {
    const report = await importUsers(db, body.users);
    return ok(report, formatMsg(MSG.usersImported, { count: report.imported }));
  });

  serve(app, ep.generate, userAdmin, async ({ body, req }) => {
    const made = await generateUsers(ctx, userOf(req).uid, body);
    return ok(made, formatMsg(MSG.usersGenerated, { count: made.count }));
  });
}

/** `GET /api/file/generate-user-excel?key=`: the CSV of a generated batch (prefix /api). */
export async function generatedListRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(urlUnder(app, fileTransferEndpoints.generatedUserList), { preHandler: requireSite('manageUsers') }, async (req, reply) => {
    const { key } = parse(generatedListQuery, req.query);
    const csv = await generatedListCsv(ctx, key);
    if (csv === null) throw fail('generatedListGone');
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="users-${key.slice(0, 8)}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
}
