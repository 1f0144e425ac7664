/**
 * What the judge queue knows of a kind of work: how a judge leases the next task of it, how a lease is
 * given back when the judge hung up before it saw the task, and the protocol routes through which
 * judges report on it. The queue itself knows no kind; the app lists them in the order polls serve them.
 */
import type { FastifyInstance } from 'fastify';
import type { PolledTask } from '@oj/shared';
import type { AppContext } from '../../context.js';

export interface LeasedTask {
  task: PolledTask;
  /** Gives the lease back without counting an attempt. */
  release(): Promise<void>;
}

export interface TaskKind {
  name: string;
  /** The next task of this kind the judge can take (a language it has), leased to it; null when none. */
  lease(ctx: AppContext, judge: { id: number; name: string }): Promise<LeasedTask | null>;
  /** Routes under /api/judge, behind the judge token, for progress and results of this kind's tasks. */
  routes(app: FastifyInstance, ctx: AppContext): void;
}
