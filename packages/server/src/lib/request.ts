import type { FastifyRequest } from 'fastify';

/**
 * The origin users reach the site at, for links in mails: the configured base URL when set. Otherwise
 * the request's own scheme and host; the browser's Origin header is only believed when it names that
 * same host, so a crafted request cannot make the mail point elsewhere (still: set baseUrl in production).
 */
export function siteOrigin(req: FastifyRequest, baseUrl: string): string {
  if (baseUrl) return baseUrl.replace(/\/+$/, '');
  const host = /^[A-Za-z0-9.\-:[\]]+$/.test(req.host) ? req.host : 'localhost';
  const own = `${req.protocol}://${host}`;
  const origin = req.headers.origin;
  if (typeof origin === 'string') {
    try {
      const u = new URL(origin);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && u.host === host) return u.origin;
    } catch {
      // not a URL: use our own
    }
  }
  return own;
}
