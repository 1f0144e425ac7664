/**
 * The loop every worker of a daemon runs, whichever lane it polls: ask for a task, hand it on, again
 * until the daemon stops. A server that cannot be reached is asked again after a growing pause (up to
 * 30 s); a refused token stops the daemon.
 */
import type { PolledTask, PollLane } from '@oj/shared';
import { BadTokenError, type JudgeClient } from './client.js';
import type { Logger } from './log.js';
import { sleep } from './sleep.js';

/** A task being worked on, which a stopping daemon can give back. */
export interface ActiveRun {
  abandon(reason: string): Promise<void>;
}

/** What the workers of both lanes share with their daemon. */
export interface LoopContext {
  name: string;
  client: JudgeClient;
  log: Logger;
  pollWaitMs: number;
  /** Aborted when the daemon stops: polls end and no new task is asked for. */
  stopping: AbortSignal;
  /** Aborted when a stop's grace is over: retries of results and failures end. */
  giveUp: AbortSignal;
  /** Tasks being worked on right now, of either lane (the daemon gives them up when a stop runs out of time). */
  active: Set<ActiveRun>;
  /** When set, a task that arrives is given up at once (the stop's grace is over). */
  abandonAll: boolean;
  onFatal(e: Error): void;
  onReachable(): void;
  onUnreachable(e: Error): void;
}

/** Polls `lane` and hands each task to `handle`; returns when the daemon stops (after the task in hand). */
export async function pollLoop(ctx: LoopContext, lane: PollLane, handle: (task: PolledTask) => Promise<void>): Promise<void> {
  let backoff = 0;
  while (!ctx.stopping.aborted) {
    let task: PolledTask | null;
    try {
      task = await ctx.client.poll(ctx.pollWaitMs, ctx.stopping, lane);
      ctx.onReachable();
      backoff = 0;
    } catch (e) {
      if (ctx.stopping.aborted) break;
      if (e instanceof BadTokenError) {
        ctx.onFatal(e);
        break;
      }
      ctx.onUnreachable(e as Error);
      backoff = Math.min(backoff ? backoff * 2 : 1000, 30_000);
      await sleep(backoff, ctx.stopping);
      continue;
    }
    if (task) await handle(task);
  }
}

/** Works on `run` as one of the daemon's active tasks, or gives it back at once when the stop's grace is over. */
export async function tracked(ctx: LoopContext, run: ActiveRun, work: () => Promise<void>): Promise<void> {
  ctx.active.add(run);
  try {
    if (ctx.abandonAll) await run.abandon('the judge is stopping');
    else await work();
  } finally {
    ctx.active.delete(run);
  }
}
