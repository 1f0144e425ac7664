import { eq, sql } from 'drizzle-orm';
import { DEFAULT_OI_WIKI_URL, DISCUSSION_LIMITS, type GroupConfig, type SwitchConfig, type WebsiteConfig } from '@oj/shared';
import type { Db } from '../db/client.js';
import { siteConfig } from '../db/schema/index.js';
import { fail } from './errors.js';
import { noticeSettingChange, settingsCacheOf } from './settings-cache.js';

/** SMTP settings edited in the admin area; empty host means "no SMTP: write mail to the dev outbox". */
export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
  from: string;
}

/** Mobile SMS settings, kept for the operator: this site sends no SMS. */
export interface SmsSettings {
  regionId: string;
  domain: string;
  accessKeyId: string;
  secret: string;
  signName: string;
  templateCode: string;
}

export interface SiteSettings {
  website: WebsiteConfig;
  smtp: SmtpConfig;
  switch: SwitchConfig;
  sms: SmsSettings;
  group: GroupConfig;
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

export const DEFAULT_SWITCH: SwitchConfig = {
  submitIntervalSec: 8,
  openPublicJudge: true,
  openContestJudge: true,
  openGroupJudge: true,
  submitCaptcha: false,
  hideNonContestSubmissionCode: false,
};

/** Aliyun's SMS endpoint and region, as HOJ fills them in. */
export const DEFAULT_SMS: SmsSettings = {
  regionId: 'cn-hangzhou',
  domain: 'dysmsapi.aliyuncs.com',
  accessKeyId: '',
  secret: '',
  signName: '',
  templateCode: '',
};

/** HOJ's defaults: 2 groups a day, 5 in all, after 20 accepted problems. */
export const DEFAULT_GROUP: GroupConfig = { groupDailyLimit: 2, groupPerUserLimit: 5, groupAcRequired: 20 };

const defaults: { [K in keyof SiteSettings]: SiteSettings[K] } = {
  website: DEFAULT_WEBSITE,
  smtp: DEFAULT_SMTP,
  switch: DEFAULT_SWITCH,
  sms: DEFAULT_SMS,
  group: DEFAULT_GROUP,
};

/** Refuses judging (a submission or a test run) of a kind the site's switches have closed. */
export function assertJudgeOpen(switches: SwitchConfig, judge: 'public' | 'contest' | 'group'): void {
  if (judge === 'contest' && !switches.openContestJudge) throw fail('contestJudgeClosed');
  if (judge === 'public' && !switches.openPublicJudge) throw fail('publicJudgeClosed');
  if (judge === 'group' && !switches.openGroupJudge) throw fail('groupJudgeClosed');
}

/**
 * One settings section, filling fields a newer version added with their defaults: from this node's cache
 * (settings-cache.ts, kept true by change notices), so a call costs no query. Each caller gets its own copy.
 */
export async function getSetting<K extends keyof SiteSettings>(db: Db, key: K): Promise<SiteSettings[K]> {
  const cache = settingsCacheOf(db);
  const stored = await (cache ? cache.get(key, () => readSetting(db, key)) : readSetting(db, key));
  return { ...defaults[key], ...stored } as SiteSettings[K];
}

async function readSetting(db: Db, key: keyof SiteSettings): Promise<object> {
  const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, key));
  return (row?.value as object) ?? {};
}

/**
 * Changes the given fields of one section in one statement (jsonb `||` on the stored row), so two
 * cards saving different fields of a section at once cannot undo each other, and a save is all or nothing.
 */
export async function putSetting<K extends keyof SiteSettings>(db: Db, key: K, value: Partial<SiteSettings[K]>): Promise<SiteSettings[K]> {
  const patch = JSON.stringify(value);
  // The notice goes in the write's transaction: every node hears it when (and only if) the change commits.
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(siteConfig)
      .values({ key, value: { ...defaults[key], ...value } })
      .onConflictDoUpdate({ target: siteConfig.key, set: { value: sql`${siteConfig.value} || ${patch}::jsonb`, gmtModified: new Date() } })
      .returning({ value: siteConfig.value });
    await noticeSettingChange(tx, key);
    return row!.value as object;
  });
  settingsCacheOf(db)?.forget(key);
  return { ...defaults[key], ...stored } as SiteSettings[K];
}
