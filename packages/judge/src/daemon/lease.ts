/**
 * Keeps the lease on one task alive while it is judged: reports the stage (6 Compiling, 7 Judging)
 * when it changes and again every `leaseMs / 4` (the protocol asks for at least every third), one
 * call at a time. A 409 means the task is gone (expired, rejudged, cancelled): the lease is marked
 * lost and `signal` aborts, which kills the task's sandbox runs. Network errors are retried a second
 * later, then at the next tick — a lease survives two missed keep-alives.
 */
import { JudgeStatus } from '@oj/shared';
import { LeaseLostError, type JudgeClient } from './client.js';
import type { Logger } from './log.js';

type Stage = typeof JudgeStatus.COMPILING | typeof JudgeStatus.JUDGING;

export class LeaseKeeper {
  private readonly controller = new AbortController();
  private stage: Stage | null = null;
  private inFlight: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  lost = false;
  /** Aborted when the lease is lost or the task is given up: the task's runs stop. */
  readonly signal = this.controller.signal;

  constructor(
    private readonly client: JudgeClient,
    private readonly taskId: number,
    private readonly leaseToken: string,
    leaseMs: number,
    private readonly log: Logger,
  ) {
    const every = Math.max(200, Math.floor(leaseMs / 4));
    this.timer = setInterval(() => this.send(), every);
    this.timer.unref();
  }

  /** The engine reached a new stage: say so now. */
  report(stage: Stage) {
    if (this.stage === stage) return;
    this.stage = stage;
    this.send();
  }

  /** Aborts the task's runs (it is given up or lost). */
  abort(reason: string) {
    if (!this.controller.signal.aborted) this.controller.abort(new Error(reason));
  }

  private send() {
    if (this.stopped || this.lost) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    // Before the engine starts (test data still downloading) the submission shows Compiling.
    const stage = this.stage ?? JudgeStatus.COMPILING;
    this.inFlight = this.client
      .progress(this.taskId, this.leaseToken, stage)
      .then(() => {})
      .catch((e: unknown) => {
        if (e instanceof LeaseLostError) {
          this.lost = true;
          this.log.info(`task ${this.taskId}: lease lost (${e.message}); dropping it`);
          this.abort('lease lost');
          return;
        }
        this.log.debug(`task ${this.taskId}: progress failed (${(e as Error).message}); retrying`);
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

  /** No more keep-alives; waits for the one in flight (so a result never overtakes a progress). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.retry) clearTimeout(this.retry);
    this.timer = this.retry = null;
    await this.inFlight;
  }
}
