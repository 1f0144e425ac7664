/**
 * The home page's contests of other sites (Codeforces, AtCoder): fetched by a judge that serves them
 * (a remote job) and kept on this node for an hour. The home page never waits long for them: a
 * refresh runs in the background and the call answers with what this node has after a short wait,
 * the last list while a site is down, or nothing.
 */
import type { OtherContest } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { runJudgeJob } from '../judge-job/service.js';

const FRESH_MS = 60 * 60_000;
/** After a failed refresh, the next try waits this long (a site down is not asked on every home page view). */
const RETRY_MS = 5 * 60_000;
/** The call waits at most this long for a refresh before answering with what it has. */
const ANSWER_WITHIN_MS = 3000;

interface Cache {
  contests: OtherContest[];
  at: number;
  refreshing: Promise<void> | null;
  nextTry: number;
}

const caches = new WeakMap<AppContext, Cache>();

async function refresh(ctx: AppContext, cache: Cache, warn: (msg: string) => void) {
  try {
    const result = await runJudgeJob(ctx, { type: 'remoteContests' }, { leaseMs: 60_000, queueTimeoutMs: 10_000 });
    if (result.type !== 'remoteContests') throw new Error(`unexpected answer ${result.type}`);
    const now = Date.now();
    cache.contests = result.contests.filter((c) => Date.parse(c.endTime) > now).sort((a, b) => Date.parse(a.beginTime) - Date.parse(b.beginTime));
    cache.at = now;
  } catch (err) {
    cache.nextTry = Date.now() + RETRY_MS;
    warn(`contests of other sites: refresh failed (${(err as Error).message})`);
  } finally {
    cache.refreshing = null;
  }
}

export async function recentOtherContests(ctx: AppContext, warn: (msg: string) => void): Promise<OtherContest[]> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = { contests: [], at: 0, refreshing: null, nextTry: 0 }));
  const now = Date.now();
  if (!cache.refreshing && now - cache.at > FRESH_MS && now >= cache.nextTry) cache.refreshing = refresh(ctx, cache, warn);
  if (cache.refreshing) await Promise.race([cache.refreshing, new Promise((r) => setTimeout(r, ANSWER_WITHIN_MS).unref())]);
  return cache.contests.filter((c) => Date.parse(c.endTime) > Date.now());
}
