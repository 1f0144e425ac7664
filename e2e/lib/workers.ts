/**
 * How many test files run at once, each worker on a site of its own (server, embedded PostgreSQL, data
 * dir, judge, mail sink). Two by default: the whole e2e suite took 885 s against 1460 s with one, on the
 * same two-core machine. OJ_E2E_WORKERS=1 runs the files one by one.
 */
export const E2E_WORKERS = Math.max(1, Number.parseInt(process.env.OJ_E2E_WORKERS ?? '2', 10) || 2);
