import type { WebsiteConfig } from '@oj/shared';
import type { ServerConfig } from '../config.js';

/**
 * The address users reach the site at, for links that leave the site (mails): the web config's base
 * URL, else `OJ_BASE_URL`, else none. Never anything from the request: Host, X-Forwarded-Host and
 * Origin are chosen by whoever sends it, so a reset requested with `Host: evil.example` would mail the
 * victim a link (and its code) to that host.
 */
export function siteBaseUrl(website: Pick<WebsiteConfig, 'baseUrl'>, config: Pick<ServerConfig, 'baseUrl'>): string | null {
  const url = website.baseUrl || config.baseUrl;
  return url ? url.replace(/\/+$/, '') : null;
}
