/**
 * Operations: `GET /healthz` (the process answers), `GET /readyz` (the database answers and its
 * migrations are this code's: a load balancer sends traffic only then) and `GET /metrics`
 * (Prometheus text, see metrics-access.ts for who may read it). Outside /api: they are for machines,
 * and answer plain values rather than the API's envelope.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { migrationLevel } from '../../db/client.js';
import { mayReadMetrics } from './metrics-access.js';
import { nodeMetricsOf } from '../../lib/node-metrics.js';
import { scrapeMetrics } from './metrics.js';

export async function opsRoutes(app: FastifyInstance, ctx: AppContext) {
  const metrics = nodeMetricsOf(ctx);
  // Every request, whatever its route; the route label is the pattern (a URL per problem would be unbounded).
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.requests.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const level = await migrationLevel(ctx.database);
      if (level.applied < level.expected) {
        return reply.status(503).send({ status: 'not ready', reason: `database migrations pending (${level.applied} of ${level.expected} applied)` });
      }
      return reply.send({ status: 'ready', migrations: level.applied });
    } catch (e) {
      return reply.status(503).send({ status: 'not ready', reason: `database unavailable: ${(e as Error).message}` });
    }
  });

  app.get('/metrics', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!mayReadMetrics(req, ctx.config.metricsToken)) {
      return reply.status(403).type('text/plain; charset=utf-8').send('Forbidden: /metrics is served to the private network, or with OJ_METRICS_TOKEN.\n');
    }
    const { contentType, text } = await scrapeMetrics(ctx);
    return reply.type(contentType).send(text);
  });
}
