import { siteRoutes as ep } from './routes';
import { request } from './endpoint';

/** Site-wide calls of the account/site contract (`siteEndpoints` of @oj/shared). */
export const siteApi = {
  websiteConfig: () => request(ep.websiteConfig, {}),
  carousel: () => request(ep.carousel, {}),
  announcements: (currentPage: number, limit: number) => request(ep.announcements, { query: { currentPage, limit } }),
  languages: () => request(ep.languages, { query: {} }),
  unread: () => request(ep.unread, {}),
};
