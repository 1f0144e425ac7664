import type { FastifyInstance } from 'fastify';
import { announcementListQuery, languagesQuery } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/envelope.js';
import { getSetting } from '../../lib/site-config.js';
import { parse } from '../../lib/validate.js';
import { homeCarousel, languageList, siteAnnouncements } from './service.js';

/** Public site data the shell and the home page load. Prefix /api. */
export async function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/get-website-config', async () => ok(await getSetting(ctx.database.db, 'website')));

  app.get('/home-carousel', async () => ok(await homeCarousel(ctx)));

  app.get('/get-common-announcement', async (req) => {
    const { currentPage, limit } = parse(announcementListQuery, req.query);
    return ok(await siteAnnouncements(ctx, currentPage, limit));
  });

  app.get('/languages', async (req) => {
    const { all } = parse(languagesQuery, req.query);
    return ok(await languageList(ctx, all ?? false));
  });
}
