import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { adminDashboardEndpoints as ep, API_NODE_TIMING } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { userOf } from '../../lib/auth.js';
import { requireSite } from '../policy/index.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { getSetting } from '../../lib/site-config.js';
import { siteBaseUrl } from '../../lib/site-url.js';
import { databaseUnavailable } from '../judge/routes.js';
import { ApiNodeRegistry } from './api-nodes.js';
import { apiNodeList, dashboardInfo, databaseStatus, judgeServiceInfo, lastLogin } from './service.js';

/**
 * The admin dashboard, prefix /api/admin (every route already needs an admin-area role). The service
 * calls (nodes, database, judges) need `system_info_admin`. A node that listens registers itself in
 * the API node registry and keeps a heartbeat until the app closes.
 */
export async function adminDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  let registry: ApiNodeRegistry | null = null;

  // Only a listening node is a service to list (tests that inject requests are none).
  app.addHook('onListen', async () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : ctx.config.port;
    registry = new ApiNodeRegistry(ctx.database.db, os.hostname(), port, (err) => {
      // Ctrl-C stops the embedded PostgreSQL at the same time (its own exit hook), so removing the row
      // usually finds it gone: not worth a line on the console (the next start on this host and port
      // takes the row over). A database outage otherwise shows in every other call.
      const why = databaseUnavailable(err);
      if (why) app.log.debug(`API node registry: database unavailable (${why})`);
      else app.log.warn({ err }, 'API node heartbeat failed');
    });
    await registry.start();
  });
  app.addHook('preClose', async () => {
    await registry?.stop();
  });

  const systemInfo = { preHandler: requireSite('manageSystem') };

  serve(app, ep.info, {}, async ({ query, req }) => ok(await dashboardInfo(ctx, userOf(req), query.timeZone)));

  serve(app, ep.warnings, {}, async () => ok({ baseUrlMissing: !siteBaseUrl(await getSetting(ctx.database.db, 'website'), ctx.config) }));

  serve(app, ep.lastLogin, {}, async ({ req }) => ok(await lastLogin(ctx, userOf(req))));

  serve(app, ep.serviceInfo, systemInfo, async ({ req }) =>
    ok({
      // req.protocol believes X-Forwarded-Proto only from the proxies TRUST_PROXY names.
      https: req.protocol === 'https',
      protocol: req.protocol,
      nodes: await apiNodeList(ctx.database.db, API_NODE_TIMING.unhealthyAfterMs, registry?.instance ?? null),
      unhealthyAfterMs: API_NODE_TIMING.unhealthyAfterMs,
      database: await databaseStatus(ctx.database.db),
    }),
  );

  serve(app, ep.judgeServiceInfo, systemInfo, async () => ok(await judgeServiceInfo(ctx)));
}
