/**
 * The two lanes a daemon polls: local (submissions, test runs, jobs and plagiarism checks: this host's CPU) and remote
 * (submissions judged on another site, and jobs that read other sites). A poll answers any task kind,
 * so each loop sorts what it got by lane, which also narrows its type; a task of the other lane (the
 * server's mistake) is given back at once through its own kind's call, saying why, instead of being
 * run where it cannot be or left to expire.
 */
import {
  JudgeStatus,
  REMOTE_JOB_TYPES,
  type JudgeJob,
  type JudgeJobTask,
  type JudgeTask,
  type PlagiarismTask,
  type PolledTask,
  type PollLane,
  type RemoteJob,
  type RemoteTask,
  type TestRunTask,
  type HackTask,
} from '@oj/shared';
import { BadTokenError, LeaseLostError } from './client.js';
import type { LoopContext } from './poll-loop.js';

export type LocalJob = Exclude<JudgeJob, RemoteJob>;
export type LocalJobTask = Omit<JudgeJobTask, 'job'> & { job: LocalJob };
export type RemoteJobTask = Omit<JudgeJobTask, 'job'> & { job: RemoteJob };
export type LocalLaneTask = JudgeTask | TestRunTask | LocalJobTask | PlagiarismTask | HackTask;
export type RemoteLaneTask = RemoteTask | RemoteJobTask;
export type SortedTask = { lane: 'local'; task: LocalLaneTask } | { lane: 'remote'; task: RemoteLaneTask };

export const isRemoteJob = (job: JudgeJob): job is RemoteJob => (REMOTE_JOB_TYPES as readonly string[]).includes(job.type);

export function sortByLane(task: PolledTask): SortedTask {
  if (task.kind === 'remote') return { lane: 'remote', task };
  if (task.kind === 'job') {
    const { job } = task;
    return isRemoteJob(job) ? { lane: 'remote', task: { ...task, job } } : { lane: 'local', task: { ...task, job } };
  }
  return { lane: 'local', task };
}

/** Gives back a task that came through `polled` but belongs to the other lane. */
export async function giveBackOffLane(sorted: SortedTask, polled: PollLane, ctx: LoopContext): Promise<void> {
  const { task } = sorted;
  const why = `judge "${ctx.name}": a poll of its ${polled} lane handed out a ${sorted.lane} task`;
  ctx.log.warn(`task ${task.taskId}: ${why}; giving it back`);
  const lease = { taskId: task.taskId, leaseToken: task.leaseToken };
  const once = { retryForMs: 0, signal: ctx.giveUp };
  try {
    if (task.kind === 'remote') await ctx.client.remoteFail({ ...lease, failure: 'unexpected', error: why }, once);
    else if (task.kind === 'plagiarism') await ctx.client.plagiarismFail(task.taskId, task.leaseToken, why, once);
    else if (task.kind === 'job') await ctx.client.jobResult({ ...lease, result: { type: 'failed', error: why } }, once);
    else if (task.kind === 'testRun') {
      const result = { status: JudgeStatus.SYSTEM_ERROR, userOutput: '', stderr: `System Error: ${why}`, time: 0, memory: 0 };
      await ctx.client.testRunResult({ ...lease, result }, once);
    } else if (task.kind === 'hack') {
      await ctx.client.hackResult({ ...lease, outcome: { verdict: 'referenceFailed', message: why, victimStatus: null }, answer: null }, once);
    } else await ctx.client.fail(task.taskId, task.leaseToken, why, once);
  } catch (e) {
    if (e instanceof BadTokenError) ctx.onFatal(e);
    else if (!(e instanceof LeaseLostError)) ctx.log.warn(`task ${task.taskId}: could not give it back (${(e as Error).message}); its lease will expire`);
  }
}
