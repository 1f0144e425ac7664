import pg from 'pg';
import { QUEUE_CHANNEL } from './queue.js';

/**
 * Wakes waiting polls when a task enters the queue on any node: one LISTEN connection per API node
 * (opened with the first poll). It only shortens waits: polls also look at the queue every
 * `pollIntervalMs`, so a lost connection costs latency, never a task.
 */
export class QueueSignal {
  private readonly waiters = new Set<() => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly log: (err: unknown) => void,
  ) {}

  /** Resolves after `ms`, at the next NOTIFY, or when `signal` aborts, whichever comes first. */
  wait(ms: number, signal: AbortSignal): Promise<void> {
    this.ensureListening();
    return new Promise((resolve) => {
      if (signal.aborted || this.closed) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal.addEventListener('abort', done, { once: true });
      this.waiters.add(done);
    });
  }

  wakeAll() {
    for (const w of [...this.waiters]) w();
  }

  private ensureListening() {
    if (this.client || this.connecting || this.closed || this.retry) return;
    this.connecting = this.listen()
      .catch((err) => {
        this.log(err);
        this.scheduleRetry();
      })
      .finally(() => {
        this.connecting = null;
      });
  }

  private async listen() {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (err) => {
      this.log(err);
      this.drop(client);
      this.scheduleRetry();
    });
    client.on('end', () => {
      this.drop(client);
      this.scheduleRetry();
    });
    client.on('notification', () => this.wakeAll());
    await client.connect();
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    await client.query(`LISTEN ${QUEUE_CHANNEL}`);
    this.client = client;
    // Something may have been queued while we were connecting.
    this.wakeAll();
  }

  private drop(client: pg.Client) {
    if (this.client === client) this.client = null;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
  }

  private scheduleRetry() {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.waiters.size) this.ensureListening();
    }, 1000);
    this.retry.unref();
  }

  async close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.wakeAll();
    await this.connecting;
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
