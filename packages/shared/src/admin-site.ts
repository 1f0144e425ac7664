/**
 * The super admin's site screens (announcement, conf, session; the Announcement, Website
 * config): site announcements, the parts of the site configuration that are not the website's public
 * fields (mobile SMS, group limits, the home carousel, the data source), on HOJ's paths (§11.1–11.2).
 */
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';
import { dbId } from './ids.js';
import { MSG } from './messages.js';
import { pagingQuery } from './paging.js';

// ---------------------------------------------------------------------------------------------
// Announcements (site ones: `announcement` rows without contest or group; contests use the same body)

/** One announcement row as its admin screens see it (status 0 visible, 1 hidden). */
export interface AnnouncementRow {
  id: number;
  title: string;
  content: string;
  status: number;
  /** who wrote it; null when that account was deleted */
  username: string | null;
  gmtCreate: string;
  gmtModified: string;
}

/**
 * HOJ's Announcement {id?, title, content, status} (title and content required). The
 * messages are catalogue texts, so the web shows them translated.
 */
export const announcementBody = z.object({
  id: dbId.optional(),
  // A missing field is empty text, so it gets the same catalogue message as a blank one.
  title: z
    .string({ error: MSG.announcementTitleRequired })
    .default('')
    .pipe(z.string().trim().min(1, MSG.announcementTitleRequired).max(LIMITS.shortText, `title: at most ${LIMITS.shortText} characters.`)),
  content: z
    .string({ error: MSG.announcementContentRequired })
    .default('')
    .pipe(z.string().trim().min(1, MSG.announcementContentRequired).max(LIMITS.longText, `content: at most ${LIMITS.longText} characters.`)),
  status: z.coerce.number().int().min(0, 'status: 0 (visible) or 1 (hidden).').max(1, 'status: 0 (visible) or 1 (hidden).').default(0),
});
export type AnnouncementBody = z.infer<typeof announcementBody>;

/** admin lists default to 10 a page. */
export const adminAnnouncementQuery = pagingQuery(10);
export const announcementDeleteQuery = z.object({ aid: dbId });

// ---------------------------------------------------------------------------------------------
// Home carousel (`home_carousel`, shown by GET home-carousel)

export const CAROUSEL_LIMITS = {
  /** an image of the home page's slider */
  maxBytes: 5 * 1024 * 1024,
  types: ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'] as const,
  /** images on the home page at once */
  maxImages: 10,
} as const;

export const carouselDeleteQuery = z.object({ id: dbId });

// ---------------------------------------------------------------------------------------------
// Mobile SMS: stored only; this site sends no SMS.

/** What the screen sees: the secret never leaves the server (`hasSecret` says whether one is kept). */
export interface SmsConfig {
  regionId: string;
  domain: string;
  accessKeyId: string;
  signName: string;
  templateCode: string;
  hasSecret: boolean;
}

const field = (name: string, max: number) => z.string().trim().max(max, `${name}: at most ${max} characters.`);
const plain = (name: string, max: number) => field(name, max).regex(/^[\w.:-]*$/, `${name}: letters, digits, and . _ : - only.`);

/** `PUT admin/config/set-sms-config`: a blank or missing secret keeps the stored one. */
export const smsConfigBody = z.object({
  regionId: plain('regionId', 64),
  domain: field('domain', LIMITS.shortText).regex(/^[A-Za-z0-9.-]*$/, 'domain: not a host name.'),
  accessKeyId: plain('accessKeyId', 128),
  secret: z.string().max(LIMITS.shortText, `secret: at most ${LIMITS.shortText} characters.`).optional(),
  signName: field('signName', 64),
  templateCode: plain('templateCode', 64),
});
export type SmsConfigBody = z.infer<typeof smsConfigBody>;

// ---------------------------------------------------------------------------------------------
// Group settings: read by the group area.

export interface GroupConfig {
  /** groups one user may create in 24 hours */
  groupDailyLimit: number;
  /** groups one user may own at once */
  groupPerUserLimit: number;
  /** problems a user must have passed before creating a group */
  groupAcRequired: number;
}

export const GROUP_CONFIG_MAX = { groupDailyLimit: 100, groupPerUserLimit: 1000, groupAcRequired: 100000 } as const;

const count = (name: keyof GroupConfig) =>
  z
    .number({ error: `${name}: a whole number.` })
    .int(`${name}: a whole number.`)
    .min(0, `${name}: 0 to ${GROUP_CONFIG_MAX[name]}.`)
    .max(GROUP_CONFIG_MAX[name], `${name}: 0 to ${GROUP_CONFIG_MAX[name]}.`);

/** `PUT admin/config/set-group-config`: any subset; fields left out keep their value. */
export const groupConfigBody = z
  .object({ groupDailyLimit: count('groupDailyLimit'), groupPerUserLimit: count('groupPerUserLimit'), groupAcRequired: count('groupAcRequired') })
  .partial();
export type GroupConfigBody = z.infer<typeof groupConfigBody>;

// ---------------------------------------------------------------------------------------------
// Data source (read only)

export interface DataSourceInfo {
  /** the connection string without its password */
  url: string;
  /** embedded: the site runs its own PostgreSQL under DATA_DIR */
  embedded: boolean;
  database: string;
  /** `server_version` */
  version: string;
  /** pg_database_size of the site's database, bytes */
  sizeBytes: number;
}

// ---------------------------------------------------------------------------------------------
// Calls (paths after /api/). Announcements: permission announcement_admin; configuration:
// system_info_admin (server modules/admin-site/routes.ts). The carousel upload is multipart:
// POST file/upload-carouse-img (field `image`), a plain route answering `CarouselItem`.

export const adminSiteEndpoints = {
  announcements: endpoint<Page<AnnouncementRow>>()({ method: 'GET', path: 'admin/announcement', query: adminAnnouncementQuery }),
  addAnnouncement: endpoint<AnnouncementRow>()({ method: 'POST', path: 'admin/announcement', body: announcementBody }),
  updateAnnouncement: endpoint<AnnouncementRow>()({ method: 'PUT', path: 'admin/announcement', body: announcementBody }),
  removeAnnouncement: endpoint<null>()({ method: 'DELETE', path: 'admin/announcement', query: announcementDeleteQuery }),
  removeCarousel: endpoint<null>()({ method: 'DELETE', path: 'admin/config/home-carousel', query: carouselDeleteQuery }),
  smsConfig: endpoint<SmsConfig>()({ method: 'GET', path: 'admin/config/get-sms-config' }),
  setSmsConfig: endpoint<SmsConfig>()({ method: 'PUT', path: 'admin/config/set-sms-config', body: smsConfigBody }),
  groupConfig: endpoint<GroupConfig>()({ method: 'GET', path: 'admin/config/get-group-config' }),
  setGroupConfig: endpoint<GroupConfig>()({ method: 'PUT', path: 'admin/config/set-group-config', body: groupConfigBody }),
  dataSource: endpoint<DataSourceInfo>()({ method: 'GET', path: 'admin/config/get-db-and-redis-config' }),
} as const;
