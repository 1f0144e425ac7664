/** A live stream (Server-Sent Events) as the web opens it, for the tests of live updates on one node or several. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { LiveEvent } from '@oj/shared';
import { post } from './helpers.js';

/** A stream as the web opens it: a ticket from an authenticated call, then GET with the ticket only. */
export class Stream {
  readonly events: LiveEvent[] = [];
  status = 0;
  ended = false;
  private waiters: (() => void)[] = [];
  private readonly abort = new AbortController();

  constructor(private readonly base: string) {}

  /** A ticket from `app` (a node), then the stream from `base` (the same node unless said otherwise). */
  static async open(node: { app: FastifyInstance; base: string }, token: string | null, body: Record<string, unknown>) {
    const r = await post(node, '/api/live/ticket', body, { token });
    expect(r.status).toBe(200);
    const s = new Stream(node.base);
    await s.connect(r.data.ticket as string);
    return Object.assign(s, { granted: r.data as { submissions: number[]; contest: number | null } });
  }

  async connect(ticket: string, at = this.base) {
    const res = await fetch(`${at}/api/live/stream?ticket=${encodeURIComponent(ticket)}`, { signal: this.abort.signal });
    this.status = res.status;
    if (res.status !== 200 || !res.body) return;
    void this.read(res.body.getReader());
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>) {
    const dec = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          for (const line of block.split('\n')) if (line.startsWith('data: ')) this.events.push(JSON.parse(line.slice(6)) as LiveEvent);
          this.wake();
        }
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Waits until an event matches (the test's timeout fails it otherwise). */
  async until(pred: (e: LiveEvent) => boolean): Promise<LiveEvent> {
    for (;;) {
      const hit = this.events.find(pred);
      if (hit) return hit;
      if (this.ended) throw new Error(`stream ended without the event; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((r) => this.waiters.push(r));
    }
  }

  async untilEnded() {
    while (!this.ended) await new Promise<void>((r) => this.waiters.push(r));
  }

  close() {
    this.abort.abort();
  }
}
