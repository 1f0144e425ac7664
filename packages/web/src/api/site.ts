import type { Announcement, CarouselItem, LanguageInfo, Page, UnreadCounts, WebsiteConfig } from '@oj/shared';
import { api } from './client';

/** Site-wide calls of the account/site contract (docs/architecture.md). */
export const siteApi = {
  websiteConfig: () => api.get<WebsiteConfig>('get-website-config'),
  carousel: () => api.get<CarouselItem[]>('home-carousel'),
  announcements: (currentPage: number, limit: number) => api.get<Page<Announcement>>('get-common-announcement', { currentPage, limit }),
  languages: () => api.get<LanguageInfo[]>('languages'),
  unread: () => api.get<UnreadCounts>('msg/unread'),
};
