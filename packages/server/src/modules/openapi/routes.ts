/** GET /api/openapi.json: the API as an OpenAPI 3.1 document, made from the endpoint tables once per node. */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '@oj/shared/openapi';

const VERSION = (JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const OPENAPI_PATH = '/api/openapi.json';

export async function openApiRoutes(app: FastifyInstance) {
  let doc: string | null = null;
  app.get(OPENAPI_PATH, async (_req, reply) => {
    doc ??= JSON.stringify(openApiDocument(VERSION));
    return reply.type('application/json').header('cache-control', 'public, max-age=3600').send(doc);
  });
}
