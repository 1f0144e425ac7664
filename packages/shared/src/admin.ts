import { z } from 'zod';
import { emailField, loginBody, type UserInfo } from './account.js';
import { LIMITS } from './constants.js';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';
import { pagingQuery } from './paging.js';
import { mdImageDeleteQuery, type ImportFormatInfo } from './problem-admin.js';
import type { WebsiteConfig } from './site.js';
import { switchConfigBody, type SwitchConfig } from './submission.js';

/** `GET /api/admin/user/get-sessions`: newest first, optionally one user's only (by uid, or by username in any case). */
export const sessionListQuery = pagingQuery(20).extend({ uid: z.string().trim().max(64).optional(), username: z.string().trim().max(64).optional() });

/** One login (token) as the session admin screen sees it; the token itself is never shown. */
export interface SessionInfo {
  id: string;
  uid: string;
  username: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  lastActiveAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** Not revoked and not expired. */
  active: boolean;
  /** the name of an API token the user made for scripts; null for a browser's login */
  apiToken: string | null;
}

export const revokeSessionQuery = z.object({ id: z.string().trim().min(1).max(64) });

/** http(s) only: these end up as links in the footer, so no javascript: or data: URLs. */
const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .max(LIMITS.shortText)
    .refine((v) => v === '' || /^https?:\/\/[^\s<>"']+$/i.test(v), `${what} must be empty or an http(s) address.`);

/** A link that may also be a path on this site (e.g. an uploaded image). */
const linkOrPath = (what: string) =>
  z
    .string()
    .trim()
    .max(1000)
    .refine((v) => /^https?:\/\/[^\s<>"']+$/i.test(v) || /^\/[^\s<>"'/\\][^\s<>"']*$/.test(v), `${what} must be an http(s) address or a path starting with /.`);

const text = (max: number) => z.string().trim().max(max);

/** `PUT /api/admin/config/set-web-config`: any subset of `WebsiteConfig`; fields left out keep their value. */
export const webConfigBody = z
  .object({
    register: z.boolean(),
    shortName: text(20).min(1, 'The short name may not be empty.'),
    name: text(100).min(1, 'The site name may not be empty.'),
    description: text(1000),
    /** Origin of the site as users reach it (used in e-mailed links); empty = OJ_BASE_URL, else mails carry a relative link. */
    baseUrl: httpUrl('The base URL').transform((v) => v.replace(/\/+$/, '')),
    projectName: text(100),
    projectUrl: httpUrl('The project URL'),
    recordName: text(100),
    recordUrl: httpUrl('The record URL'),
    contactPhone: text(50),
    address: text(LIMITS.shortText),
    qrCodes: z.array(z.object({ title: text(50), url: linkOrPath('A QR code image') })).max(4),
    openPublicDiscussion: z.boolean(),
    openGroupDiscussion: z.boolean(),
    openContestComment: z.boolean(),
    discussionAcRequired: z.number().int().min(0, 'discussionAcRequired: 0 to 10000.').max(10000, 'discussionAcRequired: 0 to 10000.'),
    discussionDailyPosts: z.number().int().min(0, 'discussionDailyPosts: 0 to 10000.').max(10000, 'discussionDailyPosts: 0 to 10000.'),
    emailVerification: z.boolean(),
    oiWikiUrl: httpUrl('The OI Wiki URL').pipe(z.string().min(1, 'The OI Wiki URL may not be empty.')),
  })
  .partial();
export type WebConfigBody = z.infer<typeof webConfigBody>;

/** SMTP settings as the admin screen sees them: the password is never sent back. */
export interface EmailConfig {
  /** Empty: no SMTP server, mails are written to DATA_DIR/mail as .eml files. */
  host: string;
  port: number;
  /** TLS from the first byte (usually port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  username: string;
  /** Sender address; empty = the username. */
  from: string;
  hasPassword: boolean;
}

/** `PUT /api/admin/config/set-email-config`: a blank or missing password keeps the stored one. */
export const emailConfigBody = z.object({
  host: z
    .string()
    .trim()
    .max(LIMITS.shortText)
    .regex(/^[A-Za-z0-9.:\-[\]]*$/, 'host: not a host name.'),
  port: z.coerce.number().int().min(1, 'port: 1 to 65535.').max(65535, 'port: 1 to 65535.'),
  secure: z.boolean(),
  username: text(LIMITS.shortText).default(''),
  password: z.string().max(LIMITS.shortText).optional(),
  from: z.union([z.literal(''), emailField]).default(''),
});
export type EmailConfigBody = z.infer<typeof emailConfigBody>;

export const testEmailBody = z.object({ email: emailField });

// ---------------------------------------------------------------------------------------------
// Calls (paths after /api/). Every admin/* call but login needs an admin-area role; sessions, site
// configuration and switches are root only (server modules/admin/routes.ts).

export const adminEndpoints = {
  /** like login, for admin-area roles only; the token comes in the `Authorization` response header */
  login: endpoint<UserInfo>()({ method: 'POST', path: 'admin/login', body: loginBody }),
  logout: endpoint<null>()({ method: 'GET', path: 'admin/logout' }),
  sessions: endpoint<Page<SessionInfo>>()({ method: 'GET', path: 'admin/user/get-sessions', query: sessionListQuery }),
  revokeSession: endpoint<null>()({ method: 'DELETE', path: 'admin/user/revoke-session', query: revokeSessionQuery }),
  webConfig: endpoint<WebsiteConfig>()({ method: 'GET', path: 'admin/config/get-web-config' }),
  setWebConfig: endpoint<WebsiteConfig>()({ method: 'PUT', path: 'admin/config/set-web-config', body: webConfigBody }),
  emailConfig: endpoint<EmailConfig>()({ method: 'GET', path: 'admin/config/get-email-config' }),
  setEmailConfig: endpoint<EmailConfig>()({ method: 'PUT', path: 'admin/config/set-email-config', body: emailConfigBody }),
  testEmail: endpoint<null>()({ method: 'POST', path: 'admin/config/test-email', body: testEmailBody }),
  switchInfo: endpoint<SwitchConfig>()({ method: 'GET', path: 'admin/switch/info' }),
  updateSwitch: endpoint<SwitchConfig>()({ method: 'PUT', path: 'admin/switch/update', body: switchConfigBody }),
} as const;

/**
 * The JSON calls of the file area (modules/file). Its uploads (multipart: avatar, test-case zip, imports,
 * Markdown images and files) and downloads (test cases, exports) are not JSON calls and stay outside.
 */
export const fileEndpoints = {
  /** root: the import formats the batch import accepts */
  importFormats: endpoint<ImportFormatInfo[]>()({ method: 'GET', path: 'file/import-formats' }),
  /** admin-area roles: removes an uploaded Markdown image (its uploader or root) */
  deleteMdImage: endpoint<null>()({ method: 'GET', path: 'file/delete-md-img', query: mdImageDeleteQuery }),
} as const;
