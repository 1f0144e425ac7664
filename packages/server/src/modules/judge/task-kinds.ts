/**
 * What the judge queue knows of a kind of work: how a judge leases the next task of it, how a lease is
 * given back when the judge hung up before it saw the task, and the protocol routes through which
 * judges report on it. The queue itself knows no kind; the app lists them in the order polls serve them.
 */
import type { FastifyInstance } from 'fastify';
import type { PollLane, PolledTask } from '@oj/shared';
import type { JudgeQueueConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../context.js';

export interface LeasedTask {
  task: PolledTask;
  /** Gives the lease back without counting an attempt. */
  release(): Promise<void>;
}

export interface TaskKind {
  name: string;
  /** the polls that get this kind's tasks: a daemon's sandbox workers (local) or its remote workers */
  lane: PollLane;
  /** The next task of this kind the judge can take (a language it has), leased to it; null when none. */
  lease(ctx: AppContext, judge: { id: number; name: string }): Promise<LeasedTask | null>;
  /** Routes under /api/judge, behind the judge token, for progress and results of this kind's tasks. */
  routes(app: FastifyInstance, ctx: AppContext): void;
  /** a live lease given back by a stopping judge (the give-back route): queued again, no attempt counted */
  giveBack?(ctx: AppContext, lease: { taskId: number; leaseToken: string }): Promise<void>;
  /** ends this kind's tasks that can no longer be served, beside the queue's own sweep of expired leases */
  sweep?(db: DbOrTx, cfg: JudgeQueueConfig): Promise<number>;
}
