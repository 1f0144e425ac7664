import { LIVE_LIMITS, type LiveEvent } from '@oj/shared';
import { session } from '../app/session';
import { request } from './endpoint';
import { liveRoutes } from './routes';
import { mergeWatches, type LiveWatch } from './liveWatch';

/**
 * The tab's one live stream, loaded after the first paint by api/live.ts (whose comment says how it
 * works): the watchers, the ticket, the EventSource, its backoff and the fallback to polling.
 */

type Listener = (e: LiveEvent) => void;
interface Watcher {
  watch: LiveWatch;
  fn: Listener;
}

/** How long the first event may take before the stream counts as held back by a buffering proxy. */
const READY_TIMEOUT_MS = 5000;
/** Watch changes within this are one new ticket (a page mounting several watchers at once). */
const SETTLE_MS = 30;

export class LiveClient {
  private readonly watchers = new Set<Watcher>();
  private es: EventSource | null = null;
  /** what the open stream was granted for (ticket body and login) */
  private key = '';
  private wanted = '';
  private live = false;
  /** what the server granted the open stream (the rest of what is watched is polled) */
  private granted = { submissions: new Set<number>(), contest: null as number | null };
  private failures = 0;
  private retryAt = 0;
  private timer: number | undefined;
  private generation = 0;

  /** `onChange`: the stream went up or down, or its grant changed (the hooks read `covers` again). */
  constructor(private readonly onChange: () => void) {
    // Login, logout, another account: the stream must be asked again under the new login.
    session.subscribe(() => this.schedule());
  }

  isLive = () => this.live;

  /** Whether the stream is up and was granted all of `watch` (a sealed row, a contest not open to the caller: polled). */
  covers(watch: LiveWatch): boolean {
    if (!this.live) return false;
    if (watch.contest && this.granted.contest !== watch.contest) return false;
    return (watch.submissions?.ids ?? []).every((id) => this.granted.submissions.has(id));
  }

  watch(watch: LiveWatch, fn: Listener): () => void {
    const w = { watch, fn };
    this.watchers.add(w);
    this.schedule();
    return () => {
      this.watchers.delete(w);
      this.schedule();
    };
  }

  private setLive(v: boolean) {
    if (this.live === v) return;
    this.live = v;
    this.changed();
  }

  private changed() {
    this.onChange();
  }

  private dispatch(e: LiveEvent) {
    for (const w of [...this.watchers]) w.fn(e);
  }

  private schedule(delay = SETTLE_MS) {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.sync(), delay);
  }

  private close() {
    this.es?.close();
    this.es = null;
    this.key = '';
    this.setLive(false);
  }

  private async sync() {
    const token = session.get().token;
    // A visitor's tab needs a stream only for what it watches; a user's also for the unread badge.
    if (!this.watchers.size || (!token && [...this.watchers].every((w) => !w.watch.submissions?.ids.length))) return this.close();
    const body = mergeWatches([...this.watchers].map((w) => w.watch));
    const key = `${token ?? ''}|${JSON.stringify(body)}`;
    if (key === this.key && this.es) return;
    this.wanted = key;
    // Until the new stream is up, what it adds is not live: the pages poll meanwhile.
    this.setLive(false);
    if (typeof EventSource === 'undefined') return;
    if (Date.now() < this.retryAt) return this.schedule(this.retryAt - Date.now());
    const generation = ++this.generation;
    let ticket: string;
    let grant: typeof this.granted;
    try {
      const answer = await request(liveRoutes.ticket, { body }, { silent: true });
      ticket = answer.ticket;
      grant = { submissions: new Set(answer.submissions), contest: answer.contest };
    } catch {
      return this.failed(generation);
    }
    if (generation !== this.generation || this.wanted !== key) return;
    const es = new EventSource(`/api/${liveRoutes.stream.path}?ticket=${encodeURIComponent(ticket)}`);
    const ready = window.setTimeout(() => {
      es.close();
      this.failed(generation);
    }, READY_TIMEOUT_MS);
    es.onmessage = (m: MessageEvent<string>) => {
      let e: LiveEvent;
      try {
        e = JSON.parse(m.data) as LiveEvent;
      } catch {
        return;
      }
      if (e.type === 'ready') {
        window.clearTimeout(ready);
        // The old stream goes only now, so nothing between the two is lost (the resync covers the rest).
        if (this.es !== es) this.es?.close();
        this.es = es;
        this.key = key;
        this.failures = 0;
        this.granted = grant;
        this.changed();
        this.setLive(this.wanted === key);
        this.dispatch({ type: 'resync' });
        return;
      }
      if (e.type === 'end') {
        es.close();
        if (this.es === es) this.close();
        // Logged out: the session store says so; expired or a restart: a new ticket at once.
        if (e.reason !== 'logout') this.schedule();
        return;
      }
      this.dispatch(e);
    };
    es.onerror = () => {
      window.clearTimeout(ready);
      es.close();
      if (this.es === es) this.close();
      // The browser would present the spent ticket again: this client asks a new one itself.
      this.failed(generation);
    };
  }

  /** One failure more: back off, and after a few in a row leave the pages to poll for a while. */
  private failed(generation: number) {
    if (generation !== this.generation) return;
    this.setLive(false);
    this.failures++;
    const delay = Math.min(LIVE_LIMITS.retryMs * 2 ** (this.failures - 1), LIVE_LIMITS.maxRetryMs);
    if (this.failures >= LIVE_LIMITS.failuresBeforePolling) {
      this.failures = 0;
      this.retryAt = Date.now() + LIVE_LIMITS.maxRetryMs;
    }
    this.key = '';
    this.schedule(Math.max(delay, this.retryAt - Date.now()));
  }
}
