import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from './harness.js';
import { rootToken } from './helpers.js';

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
});
afterAll(() => t.close());

type Method = NonNullable<InjectOptions['method']>;
/** Every call of the account and site API. */
const ROUTES: [Method, string][] = [
  ['GET', '/api/get-website-config'],
  ['GET', '/api/home-carousel'],
  ['GET', '/api/get-common-announcement'],
  ['GET', '/api/languages'],
  ['GET', '/api/get-register-code'],
  ['POST', '/api/check-username-or-email'],
  ['GET', '/api/get-login-puzzle'],
  ['POST', '/api/login'],
  ['POST', '/api/register'],
  ['GET', '/api/captcha'],
  ['POST', '/api/apply-reset-password'],
  ['POST', '/api/reset-password'],
  ['GET', '/api/get-user-home-info'],
  ['GET', '/api/get-user-calendar-heatmap'],
  ['POST', '/api/change-password'],
  ['GET', '/api/get-change-email-code'],
  ['POST', '/api/change-email'],
  ['POST', '/api/change-userInfo'],
  ['POST', '/api/update-cfSession'],
  ['DELETE', '/api/delete-cfSession'],
  ['GET', '/api/msg/unread'],
  ['POST', '/api/file/upload-avatar'],
  ['POST', '/api/admin/login'],
  ['GET', '/api/admin/user/get-sessions'],
  ['DELETE', '/api/admin/user/revoke-session'],
  ['GET', '/api/admin/config/get-web-config'],
  ['PUT', '/api/admin/config/set-web-config'],
  ['GET', '/api/admin/config/get-email-config'],
  ['PUT', '/api/admin/config/set-email-config'],
  ['POST', '/api/admin/config/test-email'],
];

const BODIES: { name: string; headers: Record<string, string>; payload: string | Buffer }[] = [
  { name: 'malformed JSON', headers: { 'content-type': 'application/json' }, payload: '{"username":' },
  { name: 'JSON array', headers: { 'content-type': 'application/json' }, payload: '[1,2,3]' },
  { name: 'JSON string', headers: { 'content-type': 'application/json' }, payload: '"hello"' },
  { name: 'JSON null', headers: { 'content-type': 'application/json' }, payload: 'null' },
  {
    name: 'wrong types',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      username: 1,
      password: {},
      email: [],
      code: true,
      captcha: null,
      captchaKey: 5,
      oldPassword: 1,
      newPassword: 2,
      newEmail: {},
      nickname: 3,
      cfSession: [],
      host: 1,
      port: 'x',
      shortName: 4,
      register: 'no',
    }),
  },
  { name: 'prototype keys', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { name: 'form encoded', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' },
  { name: 'empty JSON body', headers: { 'content-type': 'application/json' }, payload: '' },
];

const QUERIES = ['?email=a&email=b', '?uid[]=1', '?currentPage=1e999&limit=NaN', '?username=%00%00&uid=%E0%A4%A', '?all=1&all=0', `?id=${'x'.repeat(5000)}`];

function expectEnvelope(res: Awaited<ReturnType<TestApp['app']['inject']>>, what: string) {
  expect(res.statusCode, what).toBeLessThan(500);
  const body = res.json() as { status: unknown; msg: unknown };
  expect(typeof body.status, what).toBe('number');
  expect(typeof body.msg, what).toBe('string');
}

describe('no input produces a server error', () => {
  it('survives odd bodies on every call, anonymous and as root', async () => {
    for (const [method, url] of ROUTES) {
      for (const token of [undefined, root]) {
        for (const b of BODIES) {
          if (method === 'GET' && b.payload !== '') continue;
          const headers = { ...b.headers, ...(token ? { authorization: token } : {}) };
          const res = await t.app.inject({ method, url, headers, payload: b.payload });
          expectEnvelope(res, `${method} ${url} ${b.name} ${token ? 'root' : 'anon'}`);
        }
      }
    }
  });

  it('survives odd query strings on every call', async () => {
    for (const [method, url] of ROUTES) {
      for (const q of QUERIES) {
        const res = await t.app.inject({ method, url: url + q, headers: { authorization: root } });
        expectEnvelope(res, `${method} ${url}${q}`);
      }
    }
  });

  it('answers bodies over 1 MB with 413 and the catalogue message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, msg: 'The request is too large.' });
  });

  it('survives odd Authorization headers', async () => {
    for (const authorization of ['Bearer', 'Bearer ', 'x'.repeat(5000), 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', '\u00ff\u00fe']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/msg/unread', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
    }
  });
});
