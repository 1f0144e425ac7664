/**
 * Keeping a task's lease alive while it is worked on: a report now when there is news, and again every
 * `leaseMs / 4` (the protocol asks for at least every third), one call at a time. A 409 means the task is
 * gone (expired, rejudged, cancelled): the lease is marked lost and `signal` aborts, which stops the
 * task's work. Network errors are retried a second later, then at the next tick — a lease survives two
 * missed keep-alives. `KeptLease` is the mechanism; `LeaseKeeper` reports a submission's stage
 * (6 Compiling, 7 Judging), `RemoteLease` (remote-lease.ts) a remote run's.
 */
import { JudgeStatus } from '@oj/shared';
import { LeaseLostError, type JudgeClient } from './client.js';
import type { Logger } from './log.js';

export abstract class KeptLease {
  private readonly controller = new AbortController();
  private inFlight: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  lost = false;
  /** Aborted when the lease is lost or the task is given up: the task's work stops. */
  readonly signal = this.controller.signal;

  constructor(
    leaseMs: number,
    protected readonly log: Logger,
    /** names the task in the log ("task 12", "remote task 12") */
    private readonly label: string,
  ) {
    this.timer = setInterval(() => this.send(), Math.max(200, Math.floor(leaseMs / 4)));
    this.timer.unref();
  }

  /** One report to the server; what it says is the subclass's. */
  protected abstract beat(): Promise<void>;

  /** Aborts the task's work (it is given up or lost). */
  abort(reason: string) {
    if (!this.controller.signal.aborted) this.controller.abort(new Error(reason));
  }

  /** Sends a report now, or right after the one in flight. */
  protected send() {
    if (this.stopped || this.lost) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = this.beat()
      .catch((e: unknown) => {
        if (e instanceof LeaseLostError) {
          this.lost = true;
          this.log.info(`${this.label}: lease lost (${e.message}); dropping it`);
          this.abort('lease lost');
          return;
        }
        this.log.debug(`${this.label}: progress failed (${(e as Error).message}); retrying`);
        if (!this.retry && !this.stopped) {
          this.retry = setTimeout(() => {
            this.retry = null;
            this.send();
          }, 1000);
          this.retry.unref();
        }
      })
      .finally(() => {
        this.inFlight = null;
        if (this.again) {
          this.again = false;
          this.send();
        }
      });
  }

  /** Waits until the reports asked for so far have been answered (arrived, refused or failed). */
  async flush(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  /** No more keep-alives; waits for the report in flight (so a result or failure never overtakes it). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.retry) clearTimeout(this.retry);
    this.timer = this.retry = null;
    await this.flush();
  }
}

type Stage = typeof JudgeStatus.COMPILING | typeof JudgeStatus.JUDGING;

/**
 * A submission's lease: its stage, Compiling until the engine says otherwise (test data still
 * downloading), and while judging the cases done so far. Case news are sent like any news: one report in
 * flight and at most one waiting, so a fast run of cases costs a report per round trip, not per case.
 */
export class LeaseKeeper extends KeptLease {
  private stage: Stage | null = null;
  private cases: { done: number; total: number } | undefined;

  constructor(
    private readonly client: JudgeClient,
    private readonly taskId: number,
    private readonly leaseToken: string,
    leaseMs: number,
    log: Logger,
  ) {
    super(leaseMs, log, `task ${taskId}`);
  }

  /** The engine reached a new stage: say so now. */
  report(stage: Stage) {
    if (this.stage === stage) return;
    this.stage = stage;
    this.send();
  }

  /** One more case judged of `total`. */
  caseDone(total: number) {
    this.stage = JudgeStatus.JUDGING;
    this.cases = { done: Math.min(total, (this.cases?.done ?? 0) + 1), total };
    this.send();
  }

  protected async beat() {
    const stage = this.stage ?? JudgeStatus.COMPILING;
    await this.client.progress(this.taskId, this.leaseToken, stage, stage === JudgeStatus.JUDGING ? this.cases : undefined);
  }
}
