/**
 * Pages of the bank's problem list kept per API node. A page without its verdict counts (the rows, their
 * tags and the list's total) changes only when problems or tags do, which is rare, while computing it
 * costs four queries, one of them a count over every visible problem (a page with a keyword is filtered
 * in memory instead: list-index.ts): most of a list request's CPU (bench/README.md). So a page is kept with the
 * `problem_list_version` it was read at (db/schema/problem.ts: deferred triggers move it at the commit
 * of every change the list shows), and served while the version is the same. The version is read in
 * the same statement as the page's verdict counts, which change with every submission and are always
 * read fresh: a request served from memory costs that one query, and any node sees a change committed
 * anywhere at its next request (no notice to wait for, nothing stale).
 */
import type { ProblemCount, ProblemListRow } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { countsOf, foldCounts, type CounterRow } from './verdict-counts.js';

/** A page as kept: its rows without the verdict counts, and the list's total. */
export interface ListedPage {
  records: Omit<ProblemListRow, keyof ProblemCount>[];
  total: number;
}

/** Pages kept per node (filter combinations; the least recently served go first). */
export const MAX_KEPT_PAGES = 1000;

interface Held {
  version: string;
  page: Promise<ListedPage>;
}

const byApp = new WeakMap<AppContext, Map<string, Held>>();

const pidsOf = (page: ListedPage) => page.records.map((r) => r.pid);

/** The version and the counters of `pids` in one statement (prepared once per connection). */
async function versionAndCounts(ctx: AppContext, pids: number[]): Promise<{ version: string; counts: Map<number, ProblemCount> }> {
  const res = await ctx.database.pool.query<CounterRow & { version: string }>({
    name: 'problem_list_version_counts',
    text: `select v.version::text as version, c.pid, c.status, c.n
           from problem_list_version v
           left join problem_verdict_count c on c.cid = 0 and c.pid = any($1::int[]) and c.n <> 0
           where v.id = 1`,
    values: [pids],
  });
  return { version: res.rows[0]?.version ?? '', counts: foldCounts(res.rows) };
}

async function versionNow(ctx: AppContext): Promise<string> {
  const res = await ctx.database.pool.query<{ version: string }>({
    name: 'problem_list_version',
    text: 'select version::text as version from problem_list_version where id = 1',
  });
  return res.rows[0]?.version ?? '';
}

/**
 * The page of the list filtered as `key` says, with fresh verdict counts: from memory while the list's
 * version is unchanged, else computed by `compute` (which must answer what the key stands for, and is
 * given the version read before it starts). Requests
 * for a page being computed share that computation.
 */
export async function keptProblemPage(
  ctx: AppContext,
  key: string,
  compute: (version: string) => Promise<ListedPage>,
): Promise<{ page: ListedPage; counts: Map<number, ProblemCount> }> {
  let kept = byApp.get(ctx);
  if (!kept) byApp.set(ctx, (kept = new Map()));
  const held = kept.get(key);
  let version: string | undefined;
  if (held) {
    const page = await held.page.catch(() => undefined);
    if (page) {
      const now = await versionAndCounts(ctx, pidsOf(page));
      if (now.version === held.version) {
        // Served: it moves to the back of the eviction order.
        if (kept.get(key) === held) {
          kept.delete(key);
          kept.set(key, held);
        }
        return { page, counts: now.counts };
      }
      version = now.version;
    }
    if (kept.get(key) === held) kept.delete(key);
  }
  // The version first: a change committed while the page is computed moves it past the kept one.
  version ??= await versionNow(ctx);
  const entry: Held = { version, page: compute(version) };
  if (kept.size >= MAX_KEPT_PAGES) kept.delete(kept.keys().next().value as string);
  kept.set(key, entry);
  entry.page.catch(() => kept.get(key) === entry && kept.delete(key));
  const page = await entry.page;
  return { page, counts: await countsOf(ctx.database.db, pidsOf(page)) };
}

const keptValues = new WeakMap<AppContext, Map<string, { version: string; value: Promise<unknown> }>>();

/**
 * A value read from the problems and their tags alone (e.g. which problem ids a pattern of the status
 * list's problem filter matches: an `ilike` over every id), kept per node while the list's version is
 * unchanged; each use costs the version's read.
 */
export async function keptWhileProblemsSame<T>(ctx: AppContext, key: string, compute: () => Promise<T>): Promise<T> {
  let kept = keptValues.get(ctx);
  if (!kept) keptValues.set(ctx, (kept = new Map()));
  const version = await versionNow(ctx);
  const held = kept.get(key);
  if (held && held.version === version) return held.value as Promise<T>;
  const entry = { version, value: compute() as Promise<unknown> };
  if (!held && kept.size >= MAX_KEPT_PAGES) kept.delete(kept.keys().next().value as string);
  kept.set(key, entry);
  entry.value.catch(() => kept.get(key) === entry && kept.delete(key));
  return entry.value as Promise<T>;
}
