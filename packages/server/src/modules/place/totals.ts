import type { AppContext } from '../../context.js';
import { cacheLifetime } from '../../lib/cache-lifetime.js';

/**
 * Totals of the submission list (the `total` of its pages). Counting is exact, but on a busy site a
 * total over the whole status page is a count of every public submission (about 150 ms of index scan
 * per million rows, bench/README.md) while the page itself takes well under a millisecond, and it is
 * the same number for every visitor. So:
 * - concurrent requests with the same filters share one count in flight;
 * - a total of at least BIG_TOTAL is kept for TOTAL_TTL_MS per API node, so it may lag the table by
 *   the submissions of the last few seconds — a page count that is one page short for that long. The
 *   records themselves are always read fresh.
 * - a smaller total is never kept: it is cheap (an index range) and stays exact, e.g. a user's own
 *   submissions right after submitting.
 */
export const BIG_TOTAL = 10_000;
export const TOTAL_TTL_MS = cacheLifetime(5_000);
/** Above this many kept totals, expired ones are dropped (the keys are filter combinations). */
const MAX_ENTRIES = 1000;

interface Entry {
  at: number;
  value: Promise<number>;
}

const byApp = new WeakMap<AppContext, Map<string, Entry>>();

export function cachedTotal(ctx: AppContext, key: string, count: () => Promise<number>): Promise<number> {
  let entries = byApp.get(ctx);
  if (!entries) byApp.set(ctx, (entries = new Map()));
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && now - hit.at < TOTAL_TTL_MS) return hit.value;
  if (entries.size >= MAX_ENTRIES) for (const [k, e] of entries) if (now - e.at >= TOTAL_TTL_MS) entries.delete(k);
  const entry: Entry = { at: now, value: count() };
  entries.set(key, entry);
  const forget = () => {
    if (entries.get(key) === entry) entries.delete(key);
  };
  entry.value.then((n) => n < BIG_TOTAL && forget(), forget);
  return entry.value;
}
