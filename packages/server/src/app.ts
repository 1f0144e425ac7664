import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { MSG, ResultStatus } from '@oj/shared';
import type { ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import { ApiError } from './lib/errors.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { registerWebApp } from './lib/web-app.js';
import { registerModules } from './modules/index.js';

/** How long closing the app waits for open connections before it cuts them. */
const CLOSE_GRACE_MS = 3000;

/** Builds the whole HTTP application (API + SPA) without listening, so tests can inject requests. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: ctx.config.logLevel === 'silent' ? false : { level: ctx.config.logLevel },
    bodyLimit: 1024 * 1024,
    // One line per request drowns the console of a small site; LOG_LEVEL=debug brings them back.
    logController: new LogController({ disableRequestLogging: ctx.config.logLevel !== 'debug' && ctx.config.logLevel !== 'trace' }),
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // /api/x/ and /api/x are the same call.
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.decorate('appContext', ctx);
  ctx.database.listener.log = (err) => {
    // Ctrl-C reaches the embedded PostgreSQL too: its shutdown is not a failure worth a stack trace.
    if ((err as { code?: string } | null)?.code === '57P01') app.log.info('PostgreSQL is shutting down, LISTEN connection closed');
    else app.log.warn({ err }, 'LISTEN connection failed (judge wake-ups and cache invalidation wait for it)');
  };

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    if (err instanceof ApiError) {
      // The client decides between the admin login page and the login dialog from this header.
      if (err.httpStatus === 401) reply.header('Url-Type', urlType(req.headers['url-type'], req.url));
      // A rate limit says when to come back, in the data for the page and in the header for scripts.
      const seconds = (err.data as { seconds?: unknown } | null)?.seconds;
      if (err.httpStatus === 429 && typeof seconds === 'number') reply.header('Retry-After', String(seconds));
      return reply.status(err.httpStatus).send({ status: err.status, msg: err.message, data: err.data });
    }
    const code = err.statusCode ?? 500;
    if (code === 413) return reply.status(413).send({ status: 413, msg: MSG.requestTooLarge, data: null });
    if (code >= 400 && code < 500) {
      // Malformed JSON, wrong content type, bad multipart: the caller's fault, said plainly.
      return reply.status(code).send({ status: code, msg: code === 429 ? MSG.tooManyRequests : MSG.badRequest, data: null });
    }
    req.log.error(err);
    return reply.status(500).send({ status: ResultStatus.SYSTEM_ERROR, msg: MSG.serverError, data: null });
  });

  // Shutdown waits for requests in flight, but not for ever: a judge's socket opened just before it
  // stopped and never used counts as busy (Node only drops it at headersTimeout, a minute later).
  app.addHook('preClose', async () => {
    setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
  });

  await registerSecurityHeaders(app);
  await registerModules(app, ctx);

  const webDist = ctx.config.webDist;
  if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) {
    await registerWebApp(app, webDist, sendApiNotFound);
  } else {
    app.setNotFoundHandler((_req, reply) => sendApiNotFound(reply));
  }
  return app;
}

/** A hop count trusts that many proxies nearest to us (Fastify's types take it only as a function). */
function trustProxyOption(v: ServerConfig['trustProxy']) {
  return typeof v === 'number' ? (_addr: string, hop: number) => hop < v : v;
}

function urlType(header: string | string[] | undefined, url: string): string {
  const h = Array.isArray(header) ? header[0] : header;
  if (h === 'admin' || h === 'general') return h;
  return url.startsWith('/api/admin/') ? 'admin' : 'general';
}

function sendApiNotFound(reply: import('fastify').FastifyReply) {
  return reply.status(404).send({ status: ResultStatus.NOT_FOUND, msg: MSG.queryError, data: null });
}
