import { eq } from 'drizzle-orm';
import { DEFAULT_OI_WIKI_URL, DISCUSSION_LIMITS, type SwitchConfig, type WebsiteConfig } from '@oj/shared';
import type { Db } from '../db/client.js';
import { siteConfig } from '../db/schema/index.js';
import { fail } from './errors.js';

/** SMTP settings edited in the admin area; empty host means "no SMTP: write mail to the dev outbox". */
export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
  from: string;
}

export interface SiteSettings {
  website: WebsiteConfig;
  smtp: SmtpConfig;
  switch: SwitchConfig;
}

export const DEFAULT_WEBSITE: WebsiteConfig = {
  register: true,
  shortName: 'OJ',
  name: 'Online Judge',
  // Empty: the about page opens with its own sentence, translated; an operator's text is shown as written.
  description: '',
  baseUrl: '',
  projectName: 'Online Judge',
  projectUrl: '',
  recordName: '',
  recordUrl: '',
  contactPhone: '',
  address: '',
  qrCodes: [],
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
  discussionAcRequired: DISCUSSION_LIMITS.defaultAcRequired,
  discussionDailyPosts: DISCUSSION_LIMITS.defaultDailyPosts,
  emailVerification: true,
  oiWikiUrl: DEFAULT_OI_WIKI_URL,
};

export const DEFAULT_SMTP: SmtpConfig = { host: '', port: 465, secure: true, username: '', password: '', from: '' };

export const DEFAULT_SWITCH: SwitchConfig = { submitIntervalSec: 8, openPublicJudge: true, openContestJudge: true, submitCaptcha: false };

const defaults: { [K in keyof SiteSettings]: SiteSettings[K] } = { website: DEFAULT_WEBSITE, smtp: DEFAULT_SMTP, switch: DEFAULT_SWITCH };

/** Refuses judging (a submission or a test run) of a kind the site's switches have closed. */
export function assertJudgeOpen(switches: SwitchConfig, inContest: boolean): void {
  if (inContest ? !switches.openContestJudge : !switches.openPublicJudge) throw fail(inContest ? 'contestJudgeClosed' : 'publicJudgeClosed');
}

/** Reads one settings section, filling fields a newer version added with their defaults. */
export async function getSetting<K extends keyof SiteSettings>(db: Db, key: K): Promise<SiteSettings[K]> {
  const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, key));
  return { ...defaults[key], ...((row?.value as object) ?? {}) } as SiteSettings[K];
}

export async function putSetting<K extends keyof SiteSettings>(db: Db, key: K, value: Partial<SiteSettings[K]>) {
  const merged = { ...(await getSetting(db, key)), ...value };
  await db
    .insert(siteConfig)
    .values({ key, value: merged })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: merged, gmtModified: new Date() } });
  return merged;
}
