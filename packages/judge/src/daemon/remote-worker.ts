/**
 * One worker of a daemon's remote lane: poll the remote lane → a remote submission judged on its site
 * (remote-task.ts) or a remote job (remote-job.ts), in a loop. These workers are apart from the sandbox
 * workers and as many as OJ_REMOTE_WORKERS says: they wait on other sites, not on this host's cores.
 */
import { giveBackOffLane, sortByLane } from './lanes.js';
import { pollLoop, tracked } from './poll-loop.js';
import type { RemoteContext } from './remote-context.js';
import { runRemoteJob } from './remote-job.js';
import { RemoteTaskRun } from './remote-task.js';

/** Returns when the daemon stops (after finishing or giving back its task). */
export function runRemoteWorker(ctx: RemoteContext): Promise<void> {
  return pollLoop(ctx, 'remote', async (polled) => {
    const sorted = sortByLane(polled);
    if (sorted.lane !== 'remote') return giveBackOffLane(sorted, 'remote', ctx);
    const task = sorted.task;
    if (task.kind === 'job') return runRemoteJob(task, ctx);
    const run = new RemoteTaskRun(task, ctx);
    await tracked(ctx, run, () => run.run());
  });
}
