/**
 * The account, site, home, rank, message, admin and file calls are declared once in @oj/shared
 * and served from those declarations: every declared call is a route with its method and path, and the
 * guards stayed where they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountEndpoints,
  adminEndpoints,
  adminUserEndpoints,
  fileEndpoints,
  homeEndpoints,
  judgeEndpoints,
  rankEndpoints,
  siteEndpoints,
  type Endpoint,
} from '@oj/shared';
import { createTestApp, type TestApp } from './harness.js';
import { call, createUser, login } from './helpers.js';

let t: TestApp;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { username: 'tables_user', password: 'tables-pass-1' });
  user = await login(t, 'tables_user', 'tables-pass-1');
});
afterAll(() => t.close());

const tables: Record<string, Record<string, Endpoint>> = {
  accountEndpoints,
  siteEndpoints,
  homeEndpoints,
  rankEndpoints,
  adminEndpoints,
  adminUserEndpoints,
  fileEndpoints,
  // The judge protocol: the daemon's client is typed from the same table.
  judgeEndpoints,
};

describe('endpoint tables', () => {
  it.each(Object.entries(tables))('%s: every call is served with its method and path', (_, table) => {
    const missing = Object.entries(table).filter(([, e]) => !t.app.hasRoute({ method: e.method, url: `/api/${e.path}` }));
    expect(missing.map(([k, e]) => `${k}: ${e.method} ${e.path}`)).toEqual([]);
  });

  it('keeps the admin guards: visitors 401, normal users 403 on every admin call but login', async () => {
    const calls = Object.values(adminEndpoints).filter((e) => e.path !== 'admin/login');
    for (const e of calls) {
      const visitor = await call(t, e.method, `/api/${e.path}`);
      expect(visitor.http, `${e.method} ${e.path}`).toBe(401);
      const normal = await call(t, e.method, `/api/${e.path}`, { token: user, body: e.method === 'GET' || e.method === 'DELETE' ? undefined : {} });
      expect(normal.http, `${e.method} ${e.path}`).toBe(403);
    }
  });

  it('answers a bad input of a declared schema with 400 naming the field, and changes nothing', async () => {
    const r = await call(t, 'GET', '/api/get-rank-list', { query: { type: '7' } });
    expect(r.http).toBe(400);
    expect(r.msg).toContain('type');
    const bad = await call(t, 'POST', '/api/change-userInfo', { token: user, body: { gender: 'robot' } });
    expect(bad.http).toBe(400);
    expect(bad.msg).toContain('gender');
  });
});
