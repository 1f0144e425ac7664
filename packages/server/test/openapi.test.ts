/**
 * One endpoint table types every route: the OpenAPI document made from the tables holds every call the
 * app serves under /api (the few raw routes named with why), each with its method, and the schemas
 * the server parses with.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_TABLES, openApiPath } from '@oj/shared/openapi';
import { registerModules } from '../src/modules/index.js';
import { createTestApp, type TestApp } from './harness.js';
import { get } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Routes served outside the tables, and why. */
const UNDECLARED: Record<string, string> = {
  'GET /api/openapi.json': 'the document itself',
  'OPTIONS /api/clics/*': "the CLICS API's CORS preflight, answered before any call",
};

type Doc = { openapi: string; paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>> };

describe('the OpenAPI document', () => {
  it('is served and holds every endpoint of every table', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Doc;
    expect(doc.openapi).toBe('3.1.0');
    const missing = Object.values(ENDPOINT_TABLES)
      .flatMap((table) => Object.values(table))
      .filter((ep) => !doc.paths[openApiPath(ep.path)]?.[ep.method.toLowerCase()])
      .map((ep) => `${ep.method} ${ep.path}`);
    expect(missing).toEqual([]);
    // Queries become parameters, bodies request bodies, path parameters path parameters.
    expect(doc.paths['/api/get-problem-list']!.get!.parameters!.map((p) => p.name)).toContain('currentPage');
    expect(doc.paths['/api/login']!.post!.requestBody).toBeDefined();
    expect(doc.paths['/api/judge/testdata/{hash}']!.get!.parameters).toEqual([expect.objectContaining({ name: 'hash', in: 'path' })]);
    // Uploads are multipart with a file field.
    expect(doc.paths['/api/file/upload-avatar']!.post!.requestBody).toMatchObject({ content: { 'multipart/form-data': { schema: { required: ['file'] } } } });
  });

  it('every route the app serves under /api is declared in a table, and every declared call is served', async () => {
    // The app's own modules on a bare instance that records each route as it is added.
    const served: string[] = [];
    const app = Fastify();
    app.addHook('onRoute', (r) => {
      for (const m of [r.method].flat()) if (m !== 'HEAD' && r.url.startsWith('/api/')) served.push(`${m} ${r.url}`);
    });
    await registerModules(app, { config: t.config, database: t.database });
    await app.ready();
    await app.close();
    const declared = new Set(
      Object.values(ENDPOINT_TABLES)
        .flatMap((table) => Object.values(table))
        .map((ep) => `${ep.method} /api/${ep.path}`),
    );
    const outside = [...new Set(served)].filter((r) => !declared.has(r) && !UNDECLARED[r]);
    expect(outside).toEqual([]);
    // And the other way: no declared call that nothing serves.
    const unserved = [...declared].filter((d) => !served.includes(d));
    expect(unserved).toEqual([]);
    expect(served.length).toBeGreaterThan(200);
  });

  it('answers a visitor without a login', async () => {
    const r = await get(t, '/api/openapi.json');
    expect(r.http).toBe(200);
  });
});
