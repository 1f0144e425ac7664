/**
 * Keeps the lease on one remote task alive while its run waits on the site: reports the run's stage
 * (5 Pending, 6 Compiling, 7 Judging) when it changes and again every leaseMs / 4 (the protocol asks
 * for at least every third), one call at a time — also through a slow login or submit, before there is
 * a stage to tell. The site's run id rides on every report until one of them has arrived (the server
 * stores it at once, so a later lease polls the run instead of submitting again), and the account's
 * cookies whenever they differ from the last ones that arrived. Losing the lease and retries are
 * `KeptLease`'s (lease.ts).
 */
import { JudgeStatus } from '@oj/shared';
import type { JudgeClient } from './client.js';
import { KeptLease } from './lease.js';
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

export class RemoteLease extends KeptLease {
  private stage: RemoteStage = JudgeStatus.PENDING;
  /** the run id until a report of it has arrived */
  private unsentRunId: string | null = null;
  private storedSession: string | null;

  constructor(private readonly o: RemoteLeaseOptions) {
    super(o.leaseMs, o.log, `remote task ${o.taskId}`);
    this.storedSession = o.session;
  }

  /** The run reached `stage` (and was given `runId` by the site): say so now when that is news. */
  report(stage: RemoteStage, runId?: string) {
    const news = stage !== this.stage || runId !== undefined;
    this.stage = stage;
    if (runId !== undefined) this.unsentRunId = runId;
    if (news) this.send();
  }

  /** Whether the server may not know the run id yet (its report has not arrived). */
  get runIdUnsent(): boolean {
    return this.unsentRunId !== null;
  }

  protected async beat() {
    const runId = this.unsentRunId;
    const current = this.o.currentSession();
    const session = current === null || current === this.storedSession ? undefined : current;
    const { client, taskId, leaseToken } = this.o;
    await client.remoteProgress({
      taskId,
      leaseToken,
      status: this.stage,
      ...(runId === null ? {} : { runId }),
      ...(session === undefined ? {} : { session }),
    });
    if (runId !== null && this.unsentRunId === runId) this.unsentRunId = null;
    if (session !== undefined) this.storedSession = session;
  }
}
