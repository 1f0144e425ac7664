/**
 * A stopping judge's check or hack back to the queue: another judge takes it at once and it loses no
 * attempt (a task dropped silently would wait for its lease to run out, and count a try).
 */
import type { GivenBackKind } from '@oj/shared';
import type { LoopContext } from './poll-loop.js';

export async function giveBack(ctx: LoopContext, what: string, kind: GivenBackKind, task: { taskId: number; leaseToken: string }): Promise<void> {
  try {
    await ctx.client.giveBack(kind, task.taskId, task.leaseToken);
    ctx.log.info(`${what} ${task.taskId}: the judge is stopping; given back`);
  } catch (e) {
    ctx.log.warn(`${what} ${task.taskId}: could not give it back (${(e as Error).message}); its lease will expire`);
  }
}
