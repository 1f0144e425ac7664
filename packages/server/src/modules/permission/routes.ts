import type { FastifyInstance } from 'fastify';
import { MSG, permissionEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireSite } from '../policy/index.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import * as perms from './service.js';

/**
 * Roles and permissions, prefix /api/admin. Guarded by the super admin role,
 * not by a permission: taking permissions away must never lock the super admin out of this screen.
 */
export async function adminPermissionRoutes(app: FastifyInstance, ctx: AppContext) {
  const rootOnly = { preHandler: requireSite('assignPermissions') };
  const { database } = ctx;

  serve(app, ep.list, rootOnly, async () => ok(await perms.listPermissions(database)));
  serve(app, ep.add, rootOnly, async ({ body }) => ok(await perms.addPermission(database, body)));
  serve(app, ep.edit, rootOnly, async ({ body }) => ok(await perms.editPermission(database, body)));
  serve(app, ep.remove, rootOnly, async ({ query }) => {
    await perms.deletePermission(database, query.id);
    return ok(null);
  });
  serve(app, ep.setRole, rootOnly, async ({ body }) => ok(await perms.setRolePermissions(database, body.roleId, body.permissionIds), MSG.settingsSaved));
}
