/**
 * The lifetime of a server-side cache whose answers may lag the database (site rank lists, home cards,
 * contest boards, list totals), capped by OJ_CACHE_TTL_MS when set. A real site keeps the production
 * lifetimes; the end-to-end site caps them at a second, so a test that reloads a page until new data
 * shows waits for the data, not for a minute-long cache to run out. Caches kept true by change notices
 * (sessions) never lag and keep their own bound. Read once at start, like the rest of the environment.
 */
const cap = process.env.OJ_CACHE_TTL_MS?.trim() ? Number(process.env.OJ_CACHE_TTL_MS) : Number.NaN;

export function cacheLifetime(ms: number): number {
  return Number.isFinite(cap) && cap >= 0 ? Math.min(ms, cap) : ms;
}
