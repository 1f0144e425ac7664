import pg from 'pg';

type Handler = (payload: string) => void;

/**
 * This node's one LISTEN connection: wakes judge polls when a task is queued and tells the caches
 * (sessions, role permissions) that rows changed on any node. NOTIFY is delivered after the writer's
 * commit, in commit order. While the connection is down `live` is false: waits fall back to their
 * timers and caches stop serving from memory; every (re)connect or loss is announced to `onReset`
 * subscribers, because notifications sent meanwhile are lost.
 */
export class PgListener {
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly resetHandlers = new Set<() => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  /** Where connection failures are reported (the app sets its logger). */
  log: (err: unknown) => void = () => {};

  constructor(private readonly url: string) {}

  get live(): boolean {
    return this.client !== null;
  }

  /** Calls `fn` with every payload NOTIFYed on `channel` (a plain identifier) from now on; starts listening. */
  on(channel: string, fn: Handler): () => void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    let set = this.handlers.get(channel);
    if (!set) {
      this.handlers.set(channel, (set = new Set()));
      // A channel added while connected is listened to at once; otherwise connecting does it.
      const client = this.client;
      client?.query(`LISTEN ${channel}`).catch((err) => this.fail(client, err));
    }
    set.add(fn);
    this.start();
    return () => set.delete(fn);
  }

  /** Resolves when the connection is up (at most `timeoutMs` later, live or not). */
  ready(timeoutMs = 5000): Promise<void> {
    if (this.live || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        off();
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      const off = this.onReset(() => {
        if (this.live) done();
      });
    });
  }

  /** Calls `fn` whenever notifications may have been missed (connection opened or lost). */
  onReset(fn: () => void): () => void {
    this.resetHandlers.add(fn);
    this.start();
    return () => this.resetHandlers.delete(fn);
  }

  private start() {
    if (this.client || this.connecting || this.closed || this.retry) return;
    this.connecting = this.connect()
      .catch((err) => {
        this.log(err);
        this.scheduleRetry();
      })
      .finally(() => {
        this.connecting = null;
      });
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (err) => this.fail(client, err));
    client.on('end', () => this.fail(client, null));
    client.on('notification', (n) => {
      for (const fn of this.handlers.get(n.channel) ?? []) fn(n.payload ?? '');
    });
    await client.connect();
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    this.client = client;
    // Whatever was sent while we were connecting is lost: say so.
    this.reset();
  }

  private fail(client: pg.Client | null, err: unknown) {
    if (!client) return;
    if (err) this.log(err);
    const wasLive = this.client === client;
    if (wasLive) this.client = null;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    if (wasLive) this.reset();
    this.scheduleRetry();
  }

  private reset() {
    for (const fn of this.resetHandlers) fn();
  }

  private scheduleRetry() {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start();
    }, 1000);
    this.retry.unref();
  }

  async close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.connecting;
    const client = this.client;
    this.client = null;
    this.reset();
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
