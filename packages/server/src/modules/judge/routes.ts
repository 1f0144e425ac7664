import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { JUDGE_MSG, JUDGE_TOKEN_HEADER, judgeEndpoints as ep, testdataHashParams } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { serve, urlUnder } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { blobPath, problemManifest } from '../../lib/testdata.js';
import { parse } from '../../lib/validate.js';
import { protocolError } from './protocol-error.js';
import { sweep } from './queue.js';
import { checkJudgeToken, heartbeat, poll, registerJudge, type JudgeState } from './service.js';
import { QueueSignal } from './signal.js';
import type { TaskKind } from './task-kinds.js';

/** Errors that mean "no database connection right now" (PostgreSQL down, restarting, shutting down). */
const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006']);

/** The reason when `err` (or what caused it) says the database cannot be reached; else null. */
export function databaseUnavailable(err: unknown): string | null {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && DB_DOWN_CODES.has(e.code)) return typeof e.message === 'string' && e.message ? e.message : e.code;
    if (typeof e.message === 'string' && /Connection terminated|connection is closed/i.test(e.message)) return e.message;
  }
  return null;
}

/**
 * /api/judge/*: the protocol judge daemons speak (docs/architecture.md, "Judge protocol").
 * Authenticated by the judge token in X-Judge-Token, never by user logins. Polls lease tasks of `kinds`
 * in their order; each kind adds its own result routes. Also starts this node's sweeper, which gives
 * expired leases back to the queue.
 */
export async function judgeRoutes(app: FastifyInstance, ctx: AppContext, kinds: readonly TaskKind[]) {
  const cfg = ctx.config.judgeQueue;
  const lanes = { local: kinds.filter((k) => k.lane === 'local'), remote: kinds.filter((k) => k.lane === 'remote') };
  const state: JudgeState = {
    signal: new QueueSignal(ctx.database.listener),
    lastSweep: 0,
    closing: new AbortController(),
  };

  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep(ctx.database.db, cfg, kinds)
      .catch((err) => {
        const why = databaseUnavailable(err);
        if (why) app.log.warn(`judge queue sweep: database unavailable (${why})`);
        else app.log.error({ err }, 'judge queue sweep failed');
      })
      .finally(() => {
        sweeping = false;
      });
  }, cfg.sweepIntervalMs);
  timer.unref();

  app.addHook('preClose', async () => {
    state.closing.abort();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    state.signal.close();
  });

  // The database going away (restarted, or stopping because Ctrl-C reached the embedded PostgreSQL
  // while judges poll) is no bug of the call: 503, which judges retry, and one short line instead of
  // a stack trace. Everything else goes on to the app's error handler.
  app.setErrorHandler((err, req, reply) => {
    const why = databaseUnavailable(err);
    if (!why) throw err;
    req.log.warn(`judge protocol: ${req.method} ${req.url.split('?')[0]}: database unavailable (${why})`);
    return reply.status(503).send({ status: 503, msg: JUDGE_MSG.databaseUnavailable, data: null });
  });

  app.addHook('onRequest', async (req) => {
    await checkJudgeToken(ctx, req.headers[JUDGE_TOKEN_HEADER]);
  });

  serve(app, ep.register, {}, async ({ body, req }) => ok(await registerJudge(ctx, body, req.ip)));

  serve(app, ep.heartbeat, {}, async ({ body }) => ok(await heartbeat(ctx, body.judgeId, body)));

  serve(app, ep.poll, {}, async ({ body, req, reply }) => {
    // A judge that hangs up while waiting must not be handed a task it will never see.
    const gone = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableEnded) gone.abort();
    });
    try {
      return ok(await poll(ctx, state, lanes[body.lane], body.judgeId, body.wait, gone.signal));
    } catch (err) {
      // Nobody is waiting for this answer (the judge hung up, e.g. it is stopping while the database
      // goes down with Ctrl-C): nothing to report to anyone.
      if (!gone.signal.aborted) throw err;
      req.log.debug({ err }, 'judge poll failed after the judge hung up');
      return ok(null);
    }
  });

  serve(app, ep.manifest, {}, async ({ query }) => {
    const manifest = await problemManifest(ctx.database, ctx.config.dataDir, query.problemId);
    if (!manifest) throw protocolError.notFound();
    return ok(manifest);
  });

  // The bytes of a test-data file, not an envelope: outside `serve`, at the table's path.
  app.get(urlUnder(app, ep.testdata), async (req, reply) => {
    const { hash } = parse(testdataHashParams, req.params);
    const file = blobPath(ctx.config.dataDir, hash);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) throw protocolError.notFound();
    return reply
      .type('application/octet-stream')
      .header('content-length', stat.size)
      .header('etag', `"${hash}"`)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(fs.createReadStream(file));
  });

  serve(app, ep.giveBack, {}, async ({ body }) => {
    const kind = kinds.find((k) => k.name === body.kind);
    if (!kind?.giveBack) throw protocolError.notFound();
    await kind.giveBack(ctx, body);
    return ok(null);
  });

  for (const kind of kinds) kind.routes(app, ctx);
}
