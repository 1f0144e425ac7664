import type { FastifyInstance, FastifyReply } from 'fastify';
import { CLICS_COLLECTIONS, clicsContestParams, clicsEndpoints as ep, clicsEventFeedQuery, MSG, type ClicsCollection } from '@oj/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { apiTokenBasic, requireLogin, userOf } from '../../lib/auth.js';
import { urlUnder } from '../../lib/endpoint.js';
import { ApiError } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { collectionOf, contestData, stateOf } from './contest-data.js';
import { closeFeeds, feedLines, feedsOf, MAX_FEEDS_PER_USER, parseToken, streamFeed } from './feed.js';
import { clicsInfo, contestObject } from './objects.js';
import { contestPackage, submissionFiles } from './package.js';
import { scoreboardObject } from './scoreboard.js';
import { clicsView, clicsViews } from './view.js';

const NOT_FOUND = new Set<string>([MSG.contestNotFound, MSG.clicsNotServed, MSG.groupNotFound, MSG.submissionNotFound, MSG.notFound]);

/** A refusal as CLICS clients read it: a real HTTP status (our envelope answers business refusals with 200). */
function httpOf(e: ApiError): number {
  if (e.httpStatus !== 200) return e.httpStatus;
  if (NOT_FOUND.has(e.message)) return 404;
  if (e.message === MSG.clicsBadToken) return 400;
  if (e.message === MSG.clicsNotEnded) return 409;
  return 403;
}

/** The refusal's body: the site's envelope shape with the real HTTP status (the web's download helper shows its msg). */
const refusal = (reply: FastifyReply, http: number, msg: string) => reply.status(http).send({ status: http, msg, data: null });

const refuse = (reply: FastifyReply, e: unknown) => {
  if (!(e instanceof ApiError)) throw e;
  return refusal(reply, httpOf(e), e.message);
};

const bare = (reply: FastifyReply, body: unknown) =>
  reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(body));

const objectParams = clicsContestParams.extend({ collection: z.string(), id: z.string().max(100) });
const filesParams = clicsContestParams.extend({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const isCollection = (s: string): s is ClicsCollection => (CLICS_COLLECTIONS as readonly string[]).includes(s);

/**
 * The CLICS contest API, read-only, under /api/clics/ (prefix /api). Bare JSON bodies as the
 * specification has them, not the envelope; a login (or an API token with the read scope) is needed, and
 * each contest shows its staff everything and everyone else who may see inside it the public view (view.ts).
 */
export async function clicsRoutes(app: FastifyInstance, ctx: AppContext) {
  const login = { preHandler: requireLogin, ...apiTokenBasic };
  app.addHook('preClose', async () => closeFeeds(ctx));
  // Any origin, as the specification recommends: a tool in a browser (a resolver, an overlay) reads the
  // API with a token in Authorization; the site's auth uses no cookie, so no page gains a caller's rights.
  // This plugin's scope holds the CLICS routes alone: the hook reaches no other call.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
  });
  app.options('/clics/*', async (_req, reply) =>
    reply
      .header('Access-Control-Allow-Methods', 'GET, OPTIONS')
      .header('Access-Control-Allow-Headers', 'Authorization')
      .header('Access-Control-Max-Age', '600')
      .status(204)
      .send(),
  );

  app.get(urlUnder(app, ep.info), async (_req, reply) => bare(reply, clicsInfo()));

  app.get(urlUnder(app, ep.contests), login, async (req, reply) => bare(reply, (await clicsViews(ctx, userOf(req))).map(contestObject)));

  app.get(urlUnder(app, ep.contest), login, async (req, reply) => {
    try {
      const v = await clicsView(ctx, userOf(req), parse(clicsContestParams, req.params).cid);
      return bare(reply, contestObject(v));
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.get(urlUnder(app, ep.state), login, async (req, reply) => {
    try {
      const v = await clicsView(ctx, userOf(req), parse(clicsContestParams, req.params).cid);
      return bare(reply, await stateOf(ctx, v));
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.get(urlUnder(app, ep.scoreboard), login, async (req, reply) => {
    try {
      const v = await clicsView(ctx, userOf(req), parse(clicsContestParams, req.params).cid);
      const [d, state] = await Promise.all([contestData(ctx, v), stateOf(ctx, v)]);
      return bare(reply, await scoreboardObject(ctx, v, d.links, state));
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.get(urlUnder(app, ep.collection), login, async (req, reply) => {
    try {
      const { cid, collection } = parse(clicsContestParams.extend({ collection: z.string() }), req.params);
      const v = await clicsView(ctx, userOf(req), cid);
      if (!isCollection(collection)) return refusal(reply, 404, MSG.notFound);
      return bare(reply, await collectionOf(ctx, v, collection));
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.get(urlUnder(app, ep.object), login, async (req, reply) => {
    try {
      const { cid, collection, id } = parse(objectParams, req.params);
      const v = await clicsView(ctx, userOf(req), cid);
      const found = isCollection(collection) ? (await collectionOf(ctx, v, collection)).find((o) => o.id === id) : undefined;
      if (!found) return refusal(reply, 404, MSG.notFound);
      return bare(reply, found);
    } catch (e) {
      return refuse(reply, e);
    }
  });

  // NDJSON: live until the client goes, or (stream=false) what there is now.
  app.get(urlUnder(app, ep.eventFeed), login, async (req, reply) => {
    let v;
    let query;
    try {
      query = parse(clicsEventFeedQuery, req.query);
      v = await clicsView(ctx, userOf(req), parse(clicsContestParams, req.params).cid);
      if (query.stream === 'false') {
        const { lines } = await feedLines(ctx, v, query.since_token);
        return reply
          .header('Cache-Control', 'no-store')
          .type('application/x-ndjson')
          .send(lines.map((n) => `${JSON.stringify(n)}\n`).join(''));
      }
      // A bad token is refused before the stream starts.
      if (query.since_token !== undefined) parseToken(query.since_token);
    } catch (e) {
      return refuse(reply, e);
    }
    const caller = userOf(req);
    if (feedsOf(ctx, caller.uid) >= MAX_FEEDS_PER_USER) return refusal(reply, 429, MSG.tooManyRequests);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'application/x-ndjson',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      'Access-Control-Allow-Origin': '*',
    });
    // Sent now: a resumed feed with nothing new writes no line for a while, and a client waits for the headers.
    res.flushHeaders();
    req.socket.setNoDelay(true);
    req.socket.setKeepAlive(true);
    await streamFeed(ctx, res, v, caller, query.since_token).catch(() => res.end());
  });

  app.get(urlUnder(app, ep.submissionFiles), login, async (req, reply) => {
    try {
      const { cid, id } = parse(filesParams, req.params);
      const zip = await submissionFiles(ctx, userOf(req), cid, id);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', 'attachment; filename="files.zip"')
        .header('Cache-Control', 'no-store')
        .send(zip);
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.get(urlUnder(app, ep.contestPackage), login, async (req, reply) => {
    try {
      const file = await contestPackage(ctx, userOf(req), parse(clicsContestParams, req.params).cid);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .header('Cache-Control', 'no-store')
        .send(file.zip);
    } catch (e) {
      return refuse(reply, e);
    }
  });
}
