import type { FastifyInstance } from 'fastify';
import { LIVE_LIMITS, liveEndpoints as ep, liveStreamQuery, MSG, ResultStatus } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { optionalUser } from '../../lib/auth.js';
import { serve, urlUnder } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { parse } from '../../lib/validate.js';
import { BOARD_CACHE_MS, refreshBoardsAtNextRead } from '../contest/board.js';
import { grantFor } from './grants.js';
import { LiveHub, validSessions } from './hub.js';
import { issueTicket, redeemTicket } from './ticket.js';

const hubs = new WeakMap<Database, LiveHub>();

/** The hub of the app over `database` (benchmarks and tests count its streams). */
export const liveHubOf = (database: Database) => hubs.get(database);

/** Live updates (Server-Sent Events). Prefix /api. */
export async function liveRoutes(app: FastifyInstance, ctx: AppContext) {
  const hub = new LiveHub(ctx.database, { gatherMs: Math.max(250, BOARD_CACHE_MS), changed: (cid) => refreshBoardsAtNextRead(ctx, cid) });
  hubs.set(ctx.database, hub);
  // Streams never end by themselves: closing the app ends them first, or it would wait for them.
  app.addHook('preClose', async () => hub.close());

  // Visitors may watch what they may see too (the bank's status page); a login adds its messages.
  serve(app, ep.ticket, {}, async ({ body, req, reply }) => {
    const user = await optionalUser(req, reply);
    const grant = await grantFor(ctx, user, req.ip, body);
    const ticket = await issueTicket(ctx.database, grant);
    return ok({ ticket, submissions: grant.submissions, contest: grant.contest?.cid ?? null });
  });

  // Not `serve`: the answer is a stream, not the envelope.
  app.get(urlUnder(app, ep.stream), async (req, reply) => {
    const { ticket } = parse(liveStreamQuery, req.query);
    const refuse = (http: number, msg: string) => reply.status(http).send({ status: http, msg, data: null });
    const grant = await redeemTicket(ctx.database, ticket, req.ip);
    if (!grant) return refuse(ResultStatus.ACCESS_DENIED, MSG.loginFirst);
    // Logged out between the ticket and the stream: nothing to hear.
    if (grant.sid && !(await validSessions(ctx.database, [grant.sid])).has(grant.sid)) return refuse(ResultStatus.ACCESS_DENIED, MSG.loginFirst);
    if (hub.admits(grant) !== 'ok') return refuse(429, MSG.tooManyRequests);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx and friends: do not buffer this response (a buffering proxy is what the web's fallback is for)
      'X-Accel-Buffering': 'no',
    });
    req.socket.setNoDelay(true);
    req.socket.setKeepAlive(true);
    // The browser's own reconnect would present the spent ticket again: the client reconnects itself.
    res.write(`retry: ${LIVE_LIMITS.maxRetryMs}\n: open\n\n`);
    hub.add(res, grant).send({ type: 'ready' });
  });
}
