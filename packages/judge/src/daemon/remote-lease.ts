/**
 * Keeps the lease on one remote task alive while its run waits on the site: reports the run's stage
 * (5 Pending, 6 Compiling, 7 Judging) when it changes and again every leaseMs / 4 (the protocol asks
 * for at least every third), one call at a time — also through a slow login or submit, before there is
 * a stage to tell. The site's run id rides on every report until one of them has arrived (the server
 * stores it at once, so a later lease polls the run instead of submitting again), and the account's
 * cookies whenever they differ from the last ones that arrived. A 409 means the task is gone: the lease
 * is marked lost and `signal` aborts. Network errors are retried a second later, then at the next tick.
 */
import { JudgeStatus } from '@oj/shared';
import { LeaseLostError, type JudgeClient } from './client.js';
import type { Logger } from './log.js';

export type RemoteStage = typeof JudgeStatus.PENDING | typeof JudgeStatus.COMPILING | typeof JudgeStatus.JUDGING;

export interface RemoteLeaseOptions {
  client: JudgeClient;
  taskId: number;
  leaseToken: string;
  leaseMs: number;
  /** the account's session as the server has it (what the task came with) */
  session: string | null;
  /** the account's session now (null: none opened yet) */
  currentSession(): string | null;
  log: Logger;
}

export class RemoteLease {
  private readonly controller = new AbortController();
  private stage: RemoteStage = JudgeStatus.PENDING;
  /** the run id until a report of it has arrived */
  private unsentRunId: string | null = null;
  private storedSession: string | null;
  private inFlight: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  lost = false;
  /** Aborted when the lease is lost. */
  readonly signal = this.controller.signal;

  constructor(private readonly o: RemoteLeaseOptions) {
    this.storedSession = o.session;
    this.timer = setInterval(() => this.send(), Math.max(200, Math.floor(o.leaseMs / 4)));
    this.timer.unref();
  }

  /** The run reached `stage` (and was given `runId` by the site): say so now when that is news. */
  report(stage: RemoteStage, runId?: string) {
    const news = stage !== this.stage || runId !== undefined;
    this.stage = stage;
    if (runId !== undefined) this.unsentRunId = runId;
    if (news) this.send();
  }

  /** Waits until the reports asked for so far have been answered (arrived, refused or failed). */
  async flush(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  /** Whether the server may not know the run id yet (its report has not arrived). */
  get runIdUnsent(): boolean {
    return this.unsentRunId !== null;
  }

  private send() {
    if (this.stopped || this.lost) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    const runId = this.unsentRunId;
    const current = this.o.currentSession();
    const session = current === null || current === this.storedSession ? undefined : current;
    const { client, taskId, leaseToken, log } = this.o;
    this.inFlight = client
      .remoteProgress({ taskId, leaseToken, status: this.stage, ...(runId === null ? {} : { runId }), ...(session === undefined ? {} : { session }) })
      .then(() => {
        if (runId !== null && this.unsentRunId === runId) this.unsentRunId = null;
        if (session !== undefined) this.storedSession = session;
      })
      .catch((e: unknown) => {
        if (e instanceof LeaseLostError) {
          this.lost = true;
          log.info(`remote task ${taskId}: lease lost (${e.message}); dropping it`);
          this.controller.abort(new Error('lease lost'));
          return;
        }
        log.debug(`remote task ${taskId}: progress failed (${(e as Error).message}); retrying`);
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

  /** No more keep-alives; waits for the report in flight (so a result or failure never overtakes it). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.retry) clearTimeout(this.retry);
    this.timer = this.retry = null;
    await this.flush();
  }
}
