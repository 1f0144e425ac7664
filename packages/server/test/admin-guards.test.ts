/**
 * Every admin call checks the role on the server. Walks every endpoint table of @oj/shared,
 * so a call added later is covered without touching this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as shared from '@oj/shared';
import { Role, type Endpoint } from '@oj/shared';
import { createTestApp, type TestApp } from './harness.js';
import { call, createUser, login } from './helpers.js';

const isEndpoint = (v: unknown): v is Endpoint =>
  !!v && typeof v === 'object' && typeof (v as Endpoint).path === 'string' && typeof (v as Endpoint).method === 'string';
const all: Endpoint[] = Object.values(shared).flatMap((table) =>
  table && typeof table === 'object' && !Array.isArray(table) ? Object.values(table as Record<string, unknown>).filter(isEndpoint) : [],
);
const unique = [...new Map(all.map((e) => [`${e.method} ${e.path}`, e])).values()];
const adminCalls = unique.filter((e) => e.path.startsWith('admin/') && e.path !== 'admin/login');

/** The super admin's pages (user, session, announcement, notice, conf, switch) and roles and permissions. */
const SUPER_ADMIN_PREFIXES = ['admin/user/', 'admin/permission', 'admin/announcement', 'admin/msg/notice', 'admin/config/', 'admin/switch/'];
const superAdminCalls = adminCalls.filter((e) => SUPER_ADMIN_PREFIXES.some((p) => e.path.startsWith(p)));

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const [name, role] of [
    ['plain', Role.USER],
    ['adminx', Role.ADMIN],
    ['probadmin', Role.PROBLEM_ADMIN],
  ] as const) {
    await createUser(t, { username: name, roles: [role] });
    tokens[name] = await login(t, name);
  }
});
afterAll(() => t?.close());

const send = (e: Endpoint, token: string | null) =>
  call(t, e.method, `/api/${e.path}`, { token, body: e.method === 'GET' || e.method === 'DELETE' ? undefined : {} });

describe('admin guards over every declared admin call', () => {
  it('finds the admin calls of every area', () => {
    expect(adminCalls.length).toBeGreaterThan(60);
    for (const p of SUPER_ADMIN_PREFIXES)
      expect(
        superAdminCalls.some((e) => e.path.startsWith(p)),
        p,
      ).toBe(true);
  });

  it('visitors get 401 and normal users 403 on every admin call but login', async () => {
    const wrong: string[] = [];
    for (const e of adminCalls) {
      const visitor = await send(e, null);
      const plain = await send(e, tokens.plain!);
      if (visitor.http !== 401 || plain.http !== 403) wrong.push(`${e.method} ${e.path}: visitor ${visitor.http}, user ${plain.http}`);
    }
    expect(wrong).toEqual([]);
  });

  it('admins and problem admins get 403 on every super-admin call', async () => {
    const wrong: string[] = [];
    for (const e of superAdminCalls) {
      for (const who of ['adminx', 'probadmin']) {
        const r = await send(e, tokens[who]!);
        if (r.http !== 403) wrong.push(`${e.method} ${e.path}: ${who} ${r.http}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
