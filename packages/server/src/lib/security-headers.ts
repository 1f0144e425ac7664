import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the SPA and the API. What the app needs and nothing more:
 * - scripts only from our own files (Vite emits no inline script), so markup that slips into a page
 *   cannot run script, and no eval;
 * - styles also inline: antd's CSS-in-JS writes <style> elements, KaTeX and ECharts set style attributes;
 * - images from us, data:/blob: (captcha, previews, avatars being cropped) and https: (statements link
 *   pictures hosted elsewhere); fonts from us (KaTeX's) and data:;
 * - the wiki of /oiwiki (its address is a site setting, often a mirror on the school's LAN over plain
 *   HTTP): framed (frame-src) after a no-cors probe (connect-src), so both allow http: and https:. With
 *   script-src 'self' no injected script exists to use that connect-src;
 * - forms post only to us, nothing may embed the site (clickjacking), no plugins, no <base> elsewhere.
 * No `upgrade-insecure-requests`: many schools run the site over plain HTTP on a LAN.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'http:', 'https:'],
  'frame-src': ["'self'", 'http:', 'https:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Security headers on every answer (SPA, static files, API) through @fastify/helmet: the CSP above,
 * X-Frame-Options DENY, Referrer-Policy no-referrer, X-Content-Type-Options nosniff, and helmet's
 * other defaults. HSTS is left to whoever terminates TLS (a site served over HTTP must not ask for
 * it, and includeSubDomains would bind other hosts of the school's domain). Routes that need a
 * stricter CSP (uploaded files) set their own header, which replaces this one.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
}
