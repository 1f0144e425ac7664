/**
 * How many test files run at once, each worker on a site of its own (server, embedded PostgreSQL, data
 * dir, judge, mail sink). Three by default on a two-core machine: a file spends much of its time waiting
 * (a verdict, a poll, a page's answer), so one keeps about 0.7 of a core busy and three about two
 * (the suite took 1460 s on one, 885 s on two, 605 s on three with another job beside it; four lost a
 * click under a load of 18). OJ_E2E_WORKERS=1 runs the files one by one.
 */
export const E2E_WORKERS = Math.max(1, Number.parseInt(process.env.OJ_E2E_WORKERS ?? '3', 10) || 3);
