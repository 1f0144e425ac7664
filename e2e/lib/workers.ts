/**
 * How many test files run at once, each worker on a site of its own (server, embedded PostgreSQL,
 * data dir, judge, mail sink), so a site setting one file switches never shows in another file running
 * at the same time. OJ_E2E_WORKERS=1 runs the files one after another against a single site.
 */
export const E2E_WORKERS = Math.max(1, Number.parseInt(process.env.OJ_E2E_WORKERS ?? '2', 10) || 2);

/**
 * The e2e sites' cap on the server's cache lifetimes (rank lists, home cards, boards, list totals):
 * long enough that a cache still serves repeated reads, short enough that a test reloading until new
 * data shows never waits out a production lifetime of a minute.
 */
export const E2E_CACHE_TTL_MS = 1000;
