import { asc, eq, inArray } from 'drizzle-orm';
import { PERMISSIONS, Role, type PermissionInfo, type RoleId } from '@oj/shared';
import type { Database } from '../../db/client.js';
import { permissions, rolePermissions } from '../../db/schema/index.js';
import { fail, notFound } from '../../lib/errors.js';
import { rolePermissionsOf } from '../../lib/role-permissions.js';
import { isUniqueViolation } from '../../db/errors.js';

const BUILT_IN = new Set<string>(PERMISSIONS);

/** Every permission with the roles that carry it, built-in ones first in the order the guards know them. */
export async function listPermissions(database: Database): Promise<PermissionInfo[]> {
  const [rows, links] = await Promise.all([
    database.db.select().from(permissions).orderBy(asc(permissions.id)),
    database.db.select().from(rolePermissions).orderBy(asc(rolePermissions.roleId)),
  ]);
  const rolesOf = new Map<number, RoleId[]>();
  for (const l of links) {
    let list = rolesOf.get(l.permissionId);
    if (!list) rolesOf.set(l.permissionId, (list = []));
    list.push(l.roleId as RoleId);
  }
  return rows.map((p) => ({ id: p.id, code: p.code, name: p.name, builtIn: BUILT_IN.has(p.code), roles: rolesOf.get(p.id) ?? [] }));
}

async function one(database: Database, id: number): Promise<PermissionInfo> {
  const found = (await listPermissions(database)).find((p) => p.id === id);
  if (!found) throw notFound('permissionNotFound');
  return found;
}

export async function addPermission(database: Database, body: { code: string; name: string }): Promise<PermissionInfo> {
  try {
    const id = await database.db.transaction(async (tx) => {
      const [row] = await tx.insert(permissions).values(body).returning({ id: permissions.id });
      // The super admin holds every permission, new ones included.
      await tx.insert(rolePermissions).values({ roleId: Role.ROOT, permissionId: row!.id });
      return row!.id;
    });
    rolePermissionsOf(database).forget();
    return await one(database, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('permissionExists');
    throw err;
  }
}

export async function editPermission(database: Database, body: { id: number; code: string; name: string }): Promise<PermissionInfo> {
  const [current] = await database.db.select().from(permissions).where(eq(permissions.id, body.id));
  if (!current) throw notFound('permissionNotFound');
  // The guards ask for built-in codes by name: renaming one would silently open or close routes.
  if (BUILT_IN.has(current.code) && body.code !== current.code) throw fail('permissionBuiltIn');
  try {
    await database.db.update(permissions).set({ code: body.code, name: body.name, gmtModified: new Date() }).where(eq(permissions.id, body.id));
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('permissionExists');
    throw err;
  }
  rolePermissionsOf(database).forget();
  return one(database, body.id);
}

export async function deletePermission(database: Database, id: number): Promise<void> {
  const [current] = await database.db.select().from(permissions).where(eq(permissions.id, id));
  if (!current) throw notFound('permissionNotFound');
  if (BUILT_IN.has(current.code)) throw fail('permissionBuiltIn');
  await database.db.delete(permissions).where(eq(permissions.id, id));
  rolePermissionsOf(database).forget();
}

/** Replaces what one role carries, in one transaction; takes effect on every node at commit. */
export async function setRolePermissions(database: Database, roleId: number, permissionIds: number[]): Promise<PermissionInfo[]> {
  // Taking a permission from the super admin could only lock the site's owner out of his own pages.
  if (roleId === Role.ROOT) throw fail('permissionRootFixed');
  const ids = [...new Set(permissionIds)];
  await database.db.transaction(async (tx) => {
    if (ids.length > 0) {
      const known = await tx.select({ id: permissions.id }).from(permissions).where(inArray(permissions.id, ids));
      if (known.length !== ids.length) throw notFound('permissionNotFound');
    }
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    if (ids.length > 0) await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId, permissionId })));
  });
  rolePermissionsOf(database).forget();
  return listPermissions(database);
}
