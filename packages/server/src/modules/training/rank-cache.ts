/**
 * Training rank pages kept per API node, so a view costs the training's access check instead of the
 * page's reads. A kept page is served until a change notice says it may be wrong:
 *
 * - `train:<tid>` (migration 0026): the training's rank rows changed (every verdict inside it, rejudges,
 *   problems joining or leaving), a problem of it got another display ID, or the training went;
 * - `user:<uid>` (migration 0011): a user on the page was renamed, disabled or deleted;
 * - a lost LISTEN connection forgets everything, and while it is down every request reads.
 *
 * Nicknames, schools and avatars send no notice: a page is kept no longer than TRAINING_RANK_MAX_MS.
 * A page read while its training changed is answered but not kept (the notice may have come first).
 */
import type { Page, TrainingRankRecord } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { cacheLifetime } from '../../lib/cache-lifetime.js';
import { CHANGE_CHANNEL } from '../../lib/session-cache.js';

export const TRAINING_RANK_MAX_MS = cacheLifetime(60_000);
/** Pages kept per node, all trainings together; the oldest go first. */
const MAX_PAGES = 2000;

interface Held {
  at: number;
  page: Page<TrainingRankRecord>;
}

interface NodeRanks {
  /** `${tid}|${page key}` → page, in the order they were kept */
  held: Map<string, Held>;
  /** bumped by each notice of the training: a read that saw another value does not keep its page */
  version: Map<number, number>;
}

const byApp = new WeakMap<AppContext, NodeRanks>();

function ranksOf(ctx: AppContext): NodeRanks {
  const known = byApp.get(ctx);
  if (known) return known;
  const ranks: NodeRanks = { held: new Map(), version: new Map() };
  byApp.set(ctx, ranks);
  const { listener } = ctx.database;
  listener.on(CHANGE_CHANNEL, (payload) => {
    if (payload.startsWith('train:')) forgetTrainingRank(ctx, Number(payload.slice(6)));
    else if (payload.startsWith('user:')) {
      const uid = payload.slice(5);
      for (const [k, h] of ranks.held) if (h.page.records.some((r) => r.uid === uid)) ranks.held.delete(k);
    }
  });
  listener.onReset(() => {
    ranks.held.clear();
    ranks.version.clear();
  });
  return ranks;
}

/** Forgets a training's pages on this node (the notices' handler). */
export function forgetTrainingRank(ctx: AppContext, tid: number) {
  const ranks = byApp.get(ctx);
  if (!ranks) return;
  ranks.version.set(tid, (ranks.version.get(tid) ?? 0) + 1);
  const prefix = `${tid}|`;
  for (const k of [...ranks.held.keys()]) if (k.startsWith(prefix)) ranks.held.delete(k);
}

/** The page `key` of the training's rank, from memory when no notice said it changed, else read by `read`. */
export async function trainingRankPage(
  ctx: AppContext,
  tid: number,
  key: string,
  read: () => Promise<Page<TrainingRankRecord>>,
): Promise<Page<TrainingRankRecord>> {
  const ranks = ranksOf(ctx);
  const k = `${tid}|${key}`;
  const hit = ranks.held.get(k);
  const live = ctx.database.listener.live;
  if (hit && live && Date.now() - hit.at < TRAINING_RANK_MAX_MS) return hit.page;
  const version = ranks.version.get(tid) ?? 0;
  const at = Date.now();
  const page = await read();
  if (live && ctx.database.listener.live && (ranks.version.get(tid) ?? 0) === version) {
    ranks.held.delete(k);
    ranks.held.set(k, { at, page });
    if (ranks.held.size > MAX_PAGES) ranks.held.delete(ranks.held.keys().next().value!);
  }
  return page;
}
