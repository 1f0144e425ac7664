/**
 * Slide puzzles and captchas are drawn in one worker thread per API node, never on the event loop: a
 * puzzle is ~325×100 pixels of blending and a PNG encoding, and clients fetching them in a loop used to
 * slow every other call of the node. A few drawings of each kind are kept ready so a call is usually
 * answered at once; each drawing is handed out once. Nothing here is shared between nodes, nor needs to
 * be: the answers travel sealed (puzzle) or in the database (captcha), so any node can check them.
 */
import { Worker } from 'node:worker_threads';
import { type CaptchaDrawing, type ChallengeDrawing, type ChallengeKind, drawChallenge, type PuzzleDrawing } from './challenge-draw.js';

/** Drawings of each kind kept ready. */
const READY = 4;

type Reply = { id: number; result?: ChallengeDrawing; error?: string };
type Waiter = (d: ChallengeDrawing) => void;

interface Stock {
  ready: ChallengeDrawing[];
  /** Drawings asked of the worker and not back yet. */
  inFlight: number;
  /** Calls waiting for the next drawing of this kind, first come first served. */
  waiters: Waiter[];
}

class ChallengePool {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (d: ChallengeDrawing) => void; reject: (e: Error) => void }>();
  private readonly stock: Record<ChallengeKind, Stock> = {
    puzzle: { ready: [], inFlight: 0, waiters: [] },
    captcha: { ready: [], inFlight: 0, waiters: [] },
  };
  /** Set when the worker cannot run here: drawing falls back to this thread rather than failing. */
  private broken = false;

  /** Threads started, drawings made by them and drawings made on this thread (a test reads them). */
  readonly stats = { started: 0, inWorker: 0, here: 0 };

  private drawHere(kind: ChallengeKind): ChallengeDrawing {
    this.stats.here++;
    return drawChallenge(kind);
  }

  take(kind: 'puzzle'): Promise<PuzzleDrawing>;
  take(kind: 'captcha'): Promise<CaptchaDrawing>;
  take(kind: ChallengeKind): Promise<ChallengeDrawing> {
    if (this.broken) return Promise.resolve(this.drawHere(kind));
    const s = this.stock[kind];
    const ready = s.ready.shift();
    const got = ready ? Promise.resolve(ready) : new Promise<ChallengeDrawing>((resolve) => s.waiters.push(resolve));
    this.refill(kind);
    return got;
  }

  /** Asks for drawings until the ready ones and those under way cover the waiting calls plus READY. */
  private refill(kind: ChallengeKind) {
    const s = this.stock[kind];
    while (s.ready.length + s.inFlight < READY + s.waiters.length) {
      s.inFlight++;
      this.request(kind).then(
        (d) => {
          s.inFlight--;
          this.stats.inWorker++;
          const waiter = s.waiters.shift();
          if (waiter) waiter(d);
          else s.ready.push(d);
        },
        () => {
          s.inFlight--;
          // The worker died or cannot start: whoever waits gets a drawing made here.
          if (s.waiters.length > 0) s.waiters.shift()!(this.drawHere(kind));
        },
      );
    }
  }

  private request(kind: ChallengeKind): Promise<ChallengeDrawing> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, kind });
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./challenge-worker.mjs', import.meta.url));
    this.stats.started++;
    // An idle worker must not keep a process (a test, a CLI command) from exiting.
    worker.unref();
    worker.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.result) p.resolve(m.result);
      else p.reject(new Error(m.error ?? 'challenge worker failed'));
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      // After three dead workers a fourth will not do better: this node draws on its own thread from then on.
      if (this.stats.started > 3) this.broken = true;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`challenge worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }
}

export const challengePool = new ChallengePool();
