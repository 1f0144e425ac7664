import { z } from 'zod';
import { pagingQuery } from './paging.js';
import { PAGE_SIZES } from './constants.js';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';

/** Public site configuration plus the footer fields. */
export interface WebsiteConfig {
  register: boolean;
  shortName: string;
  name: string;
  description: string;
  baseUrl: string;
  projectName: string;
  projectUrl: string;
  recordName: string;
  recordUrl: string;
  contactPhone: string;
  address: string;
  qrCodes: { title: string; url: string }[];
  openPublicDiscussion: boolean;
  openGroupDiscussion: boolean;
  openContestComment: boolean;
  /** accepted problems a user needs before posting a discussion or commenting (admin roles exempt) */
  discussionAcRequired: number;
  /** discussions a user may post in 24 hours (admin roles exempt) */
  discussionDailyPosts: number;
  emailVerification: boolean;
  /** The algorithm wiki the OI Wiki page opens (http(s); an offline install may point it at a mirror). */
  oiWikiUrl: string;
}

export interface CarouselItem {
  id: number;
  url: string;
}

export interface Announcement {
  id: number;
  title: string;
  content: string;
  username: string;
  gmtCreate: string;
  gmtModified: string;
}

export const announcementListQuery = pagingQuery(PAGE_SIZES.announcements);

export interface UnreadCounts {
  comment: number;
  reply: number;
  like: number;
  sys: number;
  mine: number;
}

export interface LanguageInfo {
  id: number;
  name: string;
  description: string;
  compileCommand: string;
  template: string;
  oj: string;
  contentType: string;
}

/** `all=true` lists the languages of every judge (remote ones too); otherwise only ours (oj ME). */
export const languagesQuery = z.object({ all: z.stringbool().optional() });

// ---------------------------------------------------------------------------------------------
// Calls (paths after /api/): what the shell and the home page load, and the message centre.

export const siteEndpoints = {
  websiteConfig: endpoint<WebsiteConfig>()({ method: 'GET', path: 'get-website-config' }),
  carousel: endpoint<CarouselItem[]>()({ method: 'GET', path: 'home-carousel' }),
  announcements: endpoint<Page<Announcement>>()({ method: 'GET', path: 'get-common-announcement', query: announcementListQuery }),
  languages: endpoint<LanguageInfo[]>()({ method: 'GET', path: 'languages', query: languagesQuery }),
  unread: endpoint<UnreadCounts>()({ method: 'GET', path: 'msg/unread' }),
} as const;
