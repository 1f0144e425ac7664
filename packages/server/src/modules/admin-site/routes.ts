import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminSiteEndpoints as ep, fileTransferEndpoints, MSG } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { userOf } from '../../lib/auth.js';
import { requireSite } from '../policy/index.js';
import { serve, urlUnder } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { announcementRow } from '../announcement/rows.js';
import * as ann from '../announcement/service.js';
import { siteOwner } from '../owner/index.js';
import { removeCarouselImage, uploadCarouselImage } from './carousel.js';
import { dataSourceInfo, getGroupConfig, getSmsConfig, setGroupConfig, setSmsConfig } from './config.js';

/**
 * The super admin's site screens, prefix /api: announcements (permission announcement_admin) and the
 * site configuration (system_info_admin). /api/admin/* also needs an admin-area role (lib/auth.ts).
 */
export async function adminSiteRoutes(app: FastifyInstance, ctx: AppContext) {
  const announcementAdmin = { preHandler: requireSite('manageAnnouncements') };
  const systemAdmin = { preHandler: requireSite('manageSystem') };

  // The site as the announcements' owner; the route's guard already asked the same right.
  const site = (req: FastifyRequest) => siteOwner(userOf(req));

  serve(app, ep.announcements, announcementAdmin, async ({ query, req }) => {
    const p = await ann.ownerAnnouncements(ctx, site(req), query, false);
    return ok({ records: p.records.map(announcementRow), total: p.total });
  });

  serve(app, ep.addAnnouncement, announcementAdmin, async ({ body, req }) => ok(announcementRow(await ann.addAnnouncement(ctx, site(req), body))));

  serve(app, ep.updateAnnouncement, announcementAdmin, async ({ body, req }) => ok(announcementRow(await ann.updateAnnouncement(ctx, site(req), body))));

  serve(app, ep.removeAnnouncement, announcementAdmin, async ({ query, req }) => {
    await ann.deleteAnnouncement(ctx, site(req), query.aid);
    return ok(null);
  });

  // HOJ's path (sic: "carouse"); multipart field `file`.
  app.post(urlUnder(app, fileTransferEndpoints.uploadCarousel), systemAdmin, async (req) => ok(await uploadCarouselImage(ctx, req, userOf(req).uid)));

  serve(app, ep.removeCarousel, systemAdmin, async ({ query }) => {
    await removeCarouselImage(ctx, query.id);
    return ok(null);
  });

  serve(app, ep.smsConfig, systemAdmin, async () => ok(await getSmsConfig(ctx)));
  serve(app, ep.setSmsConfig, systemAdmin, async ({ body }) => ok(await setSmsConfig(ctx, body), MSG.settingsSaved));
  serve(app, ep.groupConfig, systemAdmin, async () => ok(await getGroupConfig(ctx)));
  serve(app, ep.setGroupConfig, systemAdmin, async ({ body }) => ok(await setGroupConfig(ctx, body), MSG.settingsSaved));
  serve(app, ep.dataSource, systemAdmin, async () => ok(await dataSourceInfo(ctx)));
}
