import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { ROLE_IDS, type RoleId } from './roles.js';

/** A named permission and the roles that carry it now. */
export interface PermissionInfo {
  id: number;
  /** what the guards ask for, e.g. `user_admin` */
  code: string;
  name: string;
  /** built in: the server's guards ask for it, so its code cannot change and it cannot be deleted */
  builtIn: boolean;
  roles: RoleId[];
}

export const PERMISSION_CODE_MAX = 50;
export const PERMISSION_NAME_MAX = 50;

const code = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]*$/, 'The permission code may only hold lower-case letters, digits and _, starting with a letter.')
  .max(PERMISSION_CODE_MAX, `The permission code may have at most ${PERMISSION_CODE_MAX} characters.`);
const name = z
  .string()
  .trim()
  .min(1, 'The permission name is required.')
  .max(PERMISSION_NAME_MAX, `The permission name may have at most ${PERMISSION_NAME_MAX} characters.`);
const id = z.coerce.number().int().min(1).max(2147483647);

export const permissionAddBody = z.object({ code, name });
export const permissionEditBody = z.object({ id, code, name });
export const permissionDeleteQuery = z.object({ id });
/** The whole set of permissions one role carries, replacing what it had. */
export const rolePermissionsBody = z.object({
  roleId: z
    .number()
    .int()
    .refine((r) => (ROLE_IDS as number[]).includes(r), 'Unknown role.'),
  permissionIds: z.array(id).max(1000),
});

/** The super admin's role and permission screen (/admin/user, tab "Roles and permissions"). */
export const permissionEndpoints = {
  list: endpoint<PermissionInfo[]>()({ method: 'GET', path: 'admin/permission' }),
  add: endpoint<PermissionInfo>()({ method: 'POST', path: 'admin/permission', body: permissionAddBody }),
  edit: endpoint<PermissionInfo>()({ method: 'PUT', path: 'admin/permission', body: permissionEditBody }),
  remove: endpoint<null>()({ method: 'DELETE', path: 'admin/permission', query: permissionDeleteQuery }),
  setRole: endpoint<PermissionInfo[]>()({ method: 'PUT', path: 'admin/permission/role', body: rolePermissionsBody }),
};
