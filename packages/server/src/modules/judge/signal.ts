import type { PgListener } from '../../db/listener.js';
import { QUEUE_CHANNEL } from './queue.js';

/**
 * Wakes waiting polls when a task enters the queue on any node, through the node's LISTEN connection
 * (subscribed with the first poll). It only shortens waits: polls also look at the queue every
 * `pollIntervalMs`, so a lost connection costs latency, never a task.
 */
export class QueueSignal {
  private readonly waiters = new Set<() => void>();
  private subscribed = false;
  private closed = false;

  constructor(private readonly listener: PgListener) {}

  /** Resolves after `ms`, at the next NOTIFY, or when `signal` aborts, whichever comes first. */
  wait(ms: number, signal: AbortSignal): Promise<void> {
    this.subscribe();
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

  private subscribe() {
    if (this.subscribed || this.closed) return;
    this.subscribed = true;
    this.listener.on(QUEUE_CHANNEL, () => this.wakeAll());
    // Something may have been queued while the connection was down.
    this.listener.onReset(() => this.wakeAll());
  }

  close() {
    this.closed = true;
    this.wakeAll();
  }
}
