import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PERMISSIONS, Role, ROLE_PERMISSIONS } from '@oj/shared';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, post, put, rootToken } from './helpers.js';
import { client } from './client.js';

describe('roles and permissions', () => {
  let t: TestApp;
  let root: string;
  let admin: string;
  let user: string;
  let problemAdmin: string;
  const idOf = async (code: string) =>
    ((await client(t, root).call('permission.list')).data as { id: number; code: string }[]).find((p) => p.code === code)!.id;
  const rolesOf = async (code: string) =>
    ((await client(t, root).call('permission.list')).data as { code: string; roles: number[] }[]).find((p) => p.code === code)!.roles;
  const idsOfRole = async (roleId: number) =>
    ((await client(t, root).call('permission.list')).data as { id: number; roles: number[] }[]).filter((p) => p.roles.includes(roleId)).map((p) => p.id);

  beforeAll(async () => {
    t = await createTestApp();
    root = await rootToken(t);
    await createUser(t, { username: 'adam', roles: [Role.ADMIN] });
    await createUser(t, { username: 'uma' });
    await createUser(t, { username: 'pam', roles: [Role.PROBLEM_ADMIN] });
    admin = await login(t, 'adam');
    user = await login(t, 'uma');
    problemAdmin = await login(t, 'pam');
  });
  afterAll(() => t?.close());

  it('lists every built-in permission with the roles of the default assignment', async () => {
    const r = await client(t, root).call('permission.list');
    expect(r.status).toBe(200);
    const list = r.data as { code: string; builtIn: boolean; roles: number[] }[];
    for (const code of PERMISSIONS) {
      const p = list.find((x) => x.code === code)!;
      expect(p.builtIn).toBe(true);
      const expected = Object.entries(ROLE_PERMISSIONS)
        .filter(([, ps]) => ps.includes(code))
        .map(([role]) => Number(role));
      expect(p.roles.sort()).toEqual(expected.sort());
    }
  });

  it('refuses every permission call to an admin, a problem admin, a user and a visitor, and changes nothing', async () => {
    const before = await client(t, root).call('permission.list');
    const submitId = await idOf('submit');
    for (const token of [admin, problemAdmin, user, null]) {
      const expected = token === null ? 401 : token === user ? 403 : 403;
      expect((await client(t, token).call('permission.list')).http).toBe(expected);
      expect((await client(t, token).call('permission.add', { body: { code: 'sneaky', name: 'Sneaky' } })).http).toBe(expected);
      expect((await client(t, token).call('permission.edit', { body: { id: submitId, code: 'submit', name: 'X' } })).http).toBe(expected);
      expect((await client(t, token).call('permission.remove', { query: { id: submitId } })).http).toBe(expected);
      expect((await client(t, token).call('permission.setRole', { body: { roleId: Role.USER, permissionIds: [] } })).http).toBe(expected);
    }
    expect((await client(t, root).call('permission.list')).data).toEqual(before.data);
  });

  it('taking submit away from the user role refuses submissions at once, giving it back allows them again', async () => {
    const submit = await idOf('submit');
    const userIds = await idsOfRole(Role.USER);
    const body = { pid: '1', language: 'C++', code: 'int main(){return 0;}' };
    const before = await client(t, user).call('submission.submit', { body });
    expect(before.http).not.toBe(403);

    const r = await client(t, root).call('permission.setRole', { body: { roleId: Role.USER, permissionIds: userIds.filter((id) => id !== submit) } });
    expect(r.status).toBe(200);
    expect(await rolesOf('submit')).not.toContain(Role.USER);
    expect((await client(t, user).call('submission.submit', { body })).http).toBe(403);
    expect((await client(t, user).call('account.authInfo')).data.permissions).not.toContain('submit');

    await client(t, root).call('permission.setRole', { body: { roleId: Role.USER, permissionIds: userIds } });
    expect((await client(t, user).call('account.authInfo')).data.permissions).toContain('submit');
    expect((await client(t, user).call('submission.submit', { body })).http).not.toBe(403);
  });

  it("giving user_admin to the admin role opens the session list to admins; the permission screen stays the super admin's", async () => {
    expect((await client(t, admin).call('admin.sessions')).http).toBe(403);
    const adminIds = await idsOfRole(Role.ADMIN);
    await client(t, root).call('permission.setRole', { body: { roleId: Role.ADMIN, permissionIds: [...adminIds, await idOf('user_admin')] } });
    expect((await client(t, admin).call('admin.sessions')).http).toBe(200);
    expect((await client(t, admin).call('permission.list')).http).toBe(403);
    await client(t, root).call('permission.setRole', { body: { roleId: Role.ADMIN, permissionIds: adminIds } });
    expect((await client(t, admin).call('admin.sessions')).http).toBe(403);
  });

  it('adds, renames and deletes a permission; built-in codes stay', async () => {
    const added = await client(t, root).call('permission.add', { body: { code: 'print_admin', name: 'Print admin' } });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ code: 'print_admin', builtIn: false, roles: [Role.ROOT] });
    expect((await client(t, root).call('permission.add', { body: { code: 'print_admin', name: 'Again' } })).msg).toBe(MSG.permissionExists);
    expect((await post(t, '/api/admin/permission', { code: 'Bad Code', name: 'x' }, { token: root })).http).toBe(400);
    expect((await post(t, '/api/admin/permission', { code: 'ok_code', name: '   ' }, { token: root })).http).toBe(400);

    const renamed = await client(t, root).call('permission.edit', { body: { id: added.data.id, code: 'printer_admin', name: 'Printer admin' } });
    expect(renamed.data).toMatchObject({ code: 'printer_admin', name: 'Printer admin' });
    const submitId = await idOf('submit');
    expect((await client(t, root).call('permission.edit', { body: { id: submitId, code: 'submit2', name: 'Submit' } })).msg).toBe(MSG.permissionBuiltIn);
    expect((await client(t, root).call('permission.edit', { body: { id: submitId, code: 'submit', name: 'Send code' } })).data).toMatchObject({
      name: 'Send code',
    });
    expect((await client(t, root).call('permission.remove', { query: { id: submitId } })).msg).toBe(MSG.permissionBuiltIn);
    expect((await client(t, root).call('permission.edit', { body: { id: 999999, code: 'x_y', name: 'X' } })).msg).toBe(MSG.permissionNotFound);

    expect((await client(t, root).call('permission.remove', { query: { id: added.data.id } })).status).toBe(200);
    expect((await client(t, root).call('permission.list')).data.some((p) => p.code === 'printer_admin')).toBe(false);
  });

  it('refuses an unknown role or permission id and leaves the assignment as it was', async () => {
    const before = await idsOfRole(Role.USER);
    expect((await put(t, '/api/admin/permission/role', { roleId: 1234, permissionIds: [] }, { token: root })).http).toBe(400);
    expect((await client(t, root).call('permission.setRole', { body: { roleId: Role.ROOT, permissionIds: [] } })).msg).toBe(MSG.permissionRootFixed);
    expect(await rolesOf('user_admin')).toContain(Role.ROOT);
    expect((await client(t, root).call('permission.setRole', { body: { roleId: Role.USER, permissionIds: [999999] } })).msg).toBe(MSG.permissionNotFound);
    expect((await idsOfRole(Role.USER)).sort()).toEqual(before.sort());
  });
});
