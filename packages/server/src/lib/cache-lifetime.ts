/**
 * The lifetime of a server-side cache (rank lists, home cards, contest boards, list totals), capped by
 * OJ_CACHE_TTL_MS when set. A site keeps the production lifetimes; the end-to-end sites cap them at a
 * second, so a test that reloads a page until new data shows waits for the data, not for a minute-long
 * cache to run out. Read once at start, like the rest of the environment.
 */
const cap = Number(process.env.OJ_CACHE_TTL_MS);

export function cacheLifetime(ms: number): number {
  return Number.isFinite(cap) && cap >= 0 ? Math.min(ms, cap) : ms;
}
