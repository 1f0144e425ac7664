import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('application shell of the API', () => {
  it('answers an unknown API path with HTTP 404 and the catalogue message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, msg: 'Query error! Unable to find the resource to request!', data: null });
  });

  it('rejects malformed JSON with 400 instead of a server error', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(400);
  });
});
