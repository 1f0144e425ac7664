/**
 * Where an e2e file's time goes, for bench/README.md: with OJ_E2E_TIMING set, the shared helpers add the
 * time they spend to a few buckets (UI logins, verdict waits, page loads, reload-until-shown loops, fixed
 * sleeps, a board's auto refresh) and each file prints its split at the end (and appends it as one JSON line to the file the
 * variable names, when it is a path). Unset, nothing is measured and nothing is printed. Only the
 * outermost bucket counts: a page load inside a UI login is login time.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';

export type Bucket = 'ui login' | 'api login' | 'verdict wait' | 'page load' | 'reload until shown' | 'board refresh wait' | 'fixed sleep';

const target = process.env.OJ_E2E_TIMING;
const on = !!target;
const spent = new Map<Bucket, { ms: number; n: number }>();
let depth = 0;
let fileStart = 0;
let fileName = 'unknown';

/** Runs `fn`, adding its time to `bucket` unless an outer bucket is already counting. */
export async function timed<T>(bucket: Bucket, fn: () => Promise<T>): Promise<T> {
  if (!on || depth > 0) return fn();
  depth++;
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    depth--;
    const b = spent.get(bucket) ?? { ms: 0, n: 0 };
    b.ms += performance.now() - t0;
    b.n++;
    spent.set(bucket, b);
  }
}

/** Counts the page's loads and fixed sleeps (goto, reload, waitForTimeout) in their buckets. */
export function watchPage(page: Page): void {
  if (!on) return;
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const sleep = page.waitForTimeout.bind(page);
  page.goto = (...a: Parameters<Page['goto']>) => timed('page load', () => goto(...a));
  page.reload = (...a: Parameters<Page['reload']>) => timed('page load', () => reload(...a));
  page.waitForTimeout = (ms: number) => timed('fixed sleep', () => sleep(ms));
}

/**
 * Registers the per-file hooks; called by the e2e setup file (`e2e/lib/setup.ts`), which vitest runs for
 * every file even where the worker keeps this module from the file before.
 */
export function timeThisFile(): void {
  if (!on) return;
  beforeAll(() => {
    spent.clear();
    depth = 0;
    fileStart = performance.now();
  });
  beforeEach(() => {
    fileName = path.basename(expect.getState().testPath ?? fileName);
  });
  afterAll(() => {
    const total = performance.now() - fileStart;
    const buckets = Object.fromEntries([...spent].map(([k, v]) => [k, { s: +(v.ms / 1000).toFixed(1), n: v.n }]));
    const counted = [...spent.values()].reduce((a, b) => a + b.ms, 0);
    const line = { file: fileName, totalS: +(total / 1000).toFixed(1), ...buckets, otherS: +((total - counted) / 1000).toFixed(1) };
    console.log(`[timing] ${JSON.stringify(line)}`);
    if (target !== '1') fs.appendFileSync(target!, `${JSON.stringify(line)}\n`);
  });
}
