import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite's output names under /assets carry a content hash: a new build gives new names. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current build's assets: always asked again (a 304 when unchanged). */
export const CACHE_NO_CACHE = 'no-cache';
/** favicon and other unhashed files of public/: may change with an upgrade. */
const CACHE_SHORT = 'public, max-age=3600';

/**
 * Serves the built SPA from `webDist`: the `.br`/`.gz` files the build wrote next to each asset when
 * the browser accepts them (`Vary: Accept-Encoding`), hashed assets cached for a year as immutable,
 * index.html never kept without asking. Every other GET outside /api gets index.html (history
 * routing: the SPA shows its own 404 page); `apiNotFound` answers the rest.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, apiNotFound: (reply: FastifyReply) => unknown) {
  const indexFile = path.join(webDist, 'index.html');
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, file) {
      const name = path.basename(file);
      reply.header('cache-control', HASHED_ASSET.test(file) ? CACHE_IMMUTABLE : /^index\.html(\.br|\.gz)?$/.test(name) ? CACHE_NO_CACHE : CACHE_SHORT);
    },
  });
  const indexHtml = fs.readFileSync(indexFile);
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET') return apiNotFound(reply);
    return reply.header('cache-control', CACHE_NO_CACHE).type('text/html').send(indexHtml);
  });
}
