/**
 * How many test files run at once, each worker on a site of its own (server, embedded PostgreSQL, data
 * dir, judge, mail sink). OJ_E2E_WORKERS=1 runs the files one after another against a single site.
 */
export const E2E_WORKERS = Math.max(1, Number.parseInt(process.env.OJ_E2E_WORKERS ?? '2', 10) || 2);
