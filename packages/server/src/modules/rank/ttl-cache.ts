import type { AppContext } from '../../context.js';

interface Entry<T> {
  at: number;
  value: Promise<T>;
  /** a recomputation under way while the old value is still served */
  refreshing?: Promise<T>;
}

/**
 * A value computed at most once per `ttlMs` per app (and per key), shared by concurrent callers: the
 * expensive aggregates behind rank lists and home cards run once, not once per request. Each API node
 * keeps its own copy; numbers may lag by up to `ttlMs` (HOJ: rank lists 60 s). Once a value has expired
 * the old one is still answered while one recomputation runs in the background, so no reader waits
 * for the aggregate after the first. A failed computation is not kept.
 */
export class TtlCache<T> {
  private readonly byApp = new WeakMap<AppContext, Map<string, Entry<T>>>();

  constructor(
    private readonly ttlMs: number,
    private readonly compute: (ctx: AppContext, key: string) => Promise<T>,
  ) {}

  /** `force` recomputes now and waits for the new value. */
  get(ctx: AppContext, key = '', force = false): Promise<T> {
    let entries = this.byApp.get(ctx);
    if (!entries) this.byApp.set(ctx, (entries = new Map()));
    const map = entries;
    const hit = map.get(key);
    if (hit && !force) {
      if (Date.now() - hit.at < this.ttlMs) return hit.value;
      if (!hit.refreshing) {
        const next = this.compute(ctx, key);
        hit.refreshing = next;
        next.then(
          () => {
            if (map.get(key) === hit) map.set(key, { at: Date.now(), value: next });
          },
          () => {
            if (map.get(key) === hit) hit.refreshing = undefined;
          },
        );
      }
      return hit.value;
    }
    const value = this.compute(ctx, key);
    const entry: Entry<T> = { at: Date.now(), value };
    map.set(key, entry);
    value.catch(() => {
      if (map.get(key) === entry) map.delete(key);
    });
    return value;
  }

  clear(ctx: AppContext) {
    this.byApp.delete(ctx);
  }
}
