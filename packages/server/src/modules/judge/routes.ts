import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import {
  JUDGE_TOKEN_HEADER,
  judgeFailBody,
  judgeHeartbeatBody,
  judgeManifestQuery,
  judgePollBody,
  judgeProgressBody,
  judgeRegisterBody,
  judgeResultBody,
  testdataHashParams,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/envelope.js';
import { blobPath, problemManifest } from '../../lib/testdata.js';
import { parse } from '../../lib/validate.js';
import { sweep } from './queue.js';
import { checkJudgeToken, failTask, heartbeat, poll, progress, protocolError, registerJudge, submitResult, type JudgeState } from './service.js';
import { QueueSignal } from './signal.js';

/** Result bodies carry every case with the head of its output: more than the default 1 MB limit. */
const RESULT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * /api/judge/*: the protocol judge daemons speak (docs/architecture.md, "Judge protocol").
 * Authenticated by the judge token in X-Judge-Token, never by user logins. Also starts this node's
 * sweeper, which gives expired leases back to the queue.
 */
export async function judgeRoutes(app: FastifyInstance, ctx: AppContext) {
  const cfg = ctx.config.judgeQueue;
  const state: JudgeState = {
    signal: new QueueSignal(ctx.database.url, (err) => app.log.warn({ err }, 'judge queue LISTEN connection failed')),
    lastSweep: 0,
    closing: new AbortController(),
  };

  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep(ctx.database.db, cfg)
      .catch((err) => app.log.error({ err }, 'judge queue sweep failed'))
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
    await state.signal.close();
  });

  app.addHook('onRequest', async (req) => {
    await checkJudgeToken(ctx, req.headers[JUDGE_TOKEN_HEADER]);
  });

  app.post('/register', async (req) => ok(await registerJudge(ctx, parse(judgeRegisterBody, req.body), req.ip)));

  app.post('/heartbeat', async (req) => {
    const b = parse(judgeHeartbeatBody, req.body);
    return ok(await heartbeat(ctx, b.judgeId, b.running));
  });

  app.post('/poll', async (req, reply) => {
    const b = parse(judgePollBody, req.body);
    // A judge that hangs up while waiting must not be handed a task it will never see.
    const gone = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableEnded) gone.abort();
    });
    return ok(await poll(ctx, state, b.judgeId, b.wait, gone.signal));
  });

  app.get('/manifest', async (req) => {
    const { problemId } = parse(judgeManifestQuery, req.query);
    const manifest = await problemManifest(ctx.database, ctx.config.dataDir, problemId);
    if (!manifest) throw protocolError.notFound();
    return ok(manifest);
  });

  app.get('/testdata/:hash', async (req, reply) => {
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

  app.post('/progress', async (req) => {
    const b = parse(judgeProgressBody, req.body);
    return ok(await progress(ctx, b.taskId, b.leaseToken, b.status));
  });

  app.post('/result', { bodyLimit: RESULT_BODY_LIMIT }, async (req) => ok(await submitResult(ctx, parse(judgeResultBody, req.body))));

  app.post('/fail', async (req) => {
    const b = parse(judgeFailBody, req.body);
    return ok(await failTask(ctx, b.taskId, b.leaseToken, b.error));
  });
}
