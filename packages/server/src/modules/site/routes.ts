import type { FastifyInstance } from 'fastify';
import { siteEndpoints as ep } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { getSetting } from '../../lib/site-config.js';
import { homeCarousel, languageList, siteAnnouncements } from './service.js';

/** Public site data the shell and the home page load. Prefix /api. */
export async function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ep.websiteConfig, {}, async () => ok(await getSetting(ctx.database.db, 'website')));

  serve(app, ep.carousel, {}, async () => ok(await homeCarousel(ctx)));

  serve(app, ep.announcements, {}, async ({ query }) => ok(await siteAnnouncements(ctx, query.currentPage, query.limit)));

  serve(app, ep.languages, {}, async ({ query }) => ok(await languageList(ctx, query.all ?? false)));
}
