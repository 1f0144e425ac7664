/**
 * The pool of ready boxes: one long-lived `runner --serve` per slot (sandbox/runner.c, serve_main).
 * A slot's runner keeps the slot's cgroups and a zygote living in them, so a run costs a request
 * over a pipe and a clone instead of a runner process, a cgroup, a network namespace and a cgroup
 * migration (which waits for an RCU grace period on cgroup v1 after an idle spell).
 *
 * Protocol: the runner prints `{"pool":"ready",…}` once its slot is built (or an SE report and exits);
 * then, per request `<byte length>\n` + the run's flags each ended by a NUL byte, one JSON report
 * line, exactly as a one-shot runner prints it. A slot runner that dies is replaced on the slot's
 * next run (its successor clears the slot's cgroups first); when none can be started at all the
 * callers use one-shot runners.
 */
import { spawn, type ChildProcess } from 'node:child_process';

interface Refable {
  ref?: () => void;
  unref?: () => void;
}

/** One slot's runner. One run at a time. */
export class SlotServer {
  readonly child: ChildProcess;
  /** Resolves to the slot's first line: ready or the reason it could not be built. */
  readonly ready: Promise<{ ok: boolean; why: string }>;
  /** The end of the runner's stderr (why it died). */
  stderr = '';
  busy = false;
  private lines: string[] = [];
  private partial = '';
  private waiter: ((line: string | null) => void) | null = null;
  private exited = false;

  constructor(runner: string, args: string[]) {
    this.child = spawn(runner, ['--serve', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout!.setEncoding('utf8').on('data', (d: string) => this.onData(d));
    this.child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      this.stderr = (this.stderr + d).slice(-8192);
    });
    this.child.stdin!.on('error', () => {}); // EPIPE once it died: the run then sees the exit
    this.child.on('error', (e) => {
      this.stderr += e.message;
      this.onExit();
    });
    this.child.on('close', () => this.onExit());
    this.ready = this.nextLine().then((line) => {
      let raw: { pool?: string; error?: string } = {};
      try {
        raw = JSON.parse(line ?? '') as typeof raw;
      } catch {
        // not a report: said below
      }
      const ok = raw.pool === 'ready';
      if (!ok) this.kill();
      this.idle();
      return { ok, why: ok ? '' : raw.error || this.stderr.trim() || `the slot runner said: ${line ?? 'nothing'}` };
    });
  }

  get alive(): boolean {
    return !this.exited;
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** One run: the request's flags in, the report line out; null when the runner is gone. */
  async run(args: string[]): Promise<string | null> {
    if (this.exited) return null;
    this.busy = true;
    this.hold();
    const body = Buffer.from(args.map((a) => `${a}\0`).join(''));
    this.child.stdin!.write(`${body.length}\n`);
    this.child.stdin!.write(body);
    try {
      return await this.nextLine();
    } finally {
      this.busy = false;
      this.idle();
    }
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): void {
    if (!this.exited) this.child.kill(signal);
  }

  /** Ends the slot: the runner removes its box cgroups and exits. */
  stop(): Promise<void> {
    if (this.exited) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(() => this.kill('SIGKILL'), 5000);
      this.child.once('close', () => {
        clearTimeout(t);
        resolve();
      });
      this.child.stdin!.end();
    });
  }

  private onData(d: string) {
    this.partial += d;
    for (let i = this.partial.indexOf('\n'); i >= 0; i = this.partial.indexOf('\n')) {
      const line = this.partial.slice(0, i);
      this.partial = this.partial.slice(i + 1);
      this.deliver(line);
    }
  }

  private deliver(line: string | null) {
    const w = this.waiter;
    if (w) {
      this.waiter = null;
      w(line);
    } else if (line !== null) this.lines.push(line);
  }

  private onExit() {
    if (this.exited) return;
    this.exited = true;
    this.deliver(null);
  }

  private nextLine(): Promise<string | null> {
    const l = this.lines.shift();
    if (l !== undefined) return Promise.resolve(l);
    if (this.exited) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  // An idle slot must not keep the process alive (`oj run`, tests): its pipes close at exit and
  // the runner, reading end of input, removes its slot.
  private hold() {
    this.child.ref();
    for (const s of [this.child.stdin, this.child.stdout, this.child.stderr]) (s as Refable | null)?.ref?.();
  }

  private idle() {
    this.child.unref();
    for (const s of [this.child.stdin, this.child.stdout, this.child.stderr]) (s as Refable | null)?.unref?.();
  }
}

/** The slot runners of this process, started on a slot's first run. */
export class BoxPool {
  private servers = new Map<number, SlotServer>();
  /** Why the pool could not be set up (then every run is a one-shot runner); null while it works. */
  unavailable: string | null = null;
  /** Why the last slot runner failed to start after the pool had worked (that run went one-shot). */
  lastFailure: string | null = null;
  private everReady = false;

  constructor(
    private readonly runner: () => string,
    private readonly slotArgs: (slot: number) => string[],
  ) {}

  /** The slot's runner, started (or replaced, when the last one died) if need be; null: no pool. */
  async server(slot: number): Promise<SlotServer | null> {
    if (this.unavailable !== null) return null;
    let s = this.servers.get(slot);
    if (s?.alive) return s.busy ? null : s;
    s = new SlotServer(this.runner(), this.slotArgs(slot));
    this.servers.set(slot, s);
    s.busy = true; // until ready: a concurrent caller of the same slot runs one-shot
    const { ok, why } = await s.ready;
    s.busy = false;
    if (ok) {
      this.everReady = true;
      return s;
    }
    this.servers.delete(slot);
    // A host without what the pool needs fails at the first start: every run is then one-shot. Once
    // a slot has worked, a failed rebuild is passing (a slot's cgroup still draining after a fork
    // bomb): this run goes one-shot and the slot's next run tries again.
    if (this.everReady) this.lastFailure = why;
    else this.unavailable = why;
    return null;
  }

  /** Pids of the live slot runners (tests). */
  pids(): number[] {
    return [...this.servers.values()].filter((s) => s.alive).map((s) => s.pid);
  }

  async stop(): Promise<void> {
    const all = [...this.servers.values()];
    this.servers.clear();
    await Promise.all(all.map((s) => s.stop()));
  }
}
