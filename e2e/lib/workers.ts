/**
 * How many test files run at once, each worker on a site of its own (server, embedded PostgreSQL, data
 * dir, judge, mail sink). One by default: with two, files ran about 14 % faster in all, but clicks that
 * land while a page is still settling (a restored editor setting, a select's menu, a list link) were
 * lost now and then, in a different test each run. OJ_E2E_WORKERS=2 runs two sites side by side.
 */
export const E2E_WORKERS = Math.max(1, Number.parseInt(process.env.OJ_E2E_WORKERS ?? '1', 10) || 1);
