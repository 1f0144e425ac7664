/**
 * A remote job handed out by a poll of the remote lane: read a problem from its site (statement,
 * limits, samples, tags), or the coming and running contests of every served site that lists them.
 * Like the local jobs there is no progress: the lease covers the job. What a site did wrong comes back
 * as `remoteFailed` with the adapter's error kind and words (a bad id, not found, login failed…), so
 * the admin reads what happened there rather than a judge failure; one site that cannot list its
 * contests is left out of the list, not the others with it.
 */
import type { JudgeJobResult, RemoteFailure, RemoteJob, RemoteProblemJob } from '@oj/shared';
import { RemoteError, type RecentContest, type RemoteJudgeAdapter } from '../remote/types.js';
import { BadTokenError, LeaseLostError } from './client.js';
import type { RemoteJobTask } from './lanes.js';
import { openSession, type RemoteContext, servedAdapter } from './remote-context.js';
import { fitContests, fitRemoteProblem } from './remote-fit.js';

const MAX_ERROR = 8000;

function failed(failure: RemoteFailure, error: string): JudgeJobResult {
  return { type: 'remoteFailed', failure, error: error.slice(0, MAX_ERROR) };
}

const failureOf = (e: unknown): RemoteFailure => (e instanceof RemoteError ? e.kind : 'unexpected');
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function fetchProblem(job: RemoteProblemJob, ctx: RemoteContext): Promise<JudgeJobResult> {
  try {
    const adapter = servedAdapter(ctx, job.oj);
    const id = adapter.normaliseId(job.problemId);
    if (id === null) return failed('badId', `"${job.problemId}" is not a problem id of ${job.oj}`);
    const fitted = fitRemoteProblem(await adapter.fetchProblem(openSession(ctx, adapter), id));
    return fitted.ok ? { type: 'remoteProblem', problem: fitted.problem } : failed('unexpected', `${job.oj} ${id}: ${fitted.error}`);
  } catch (e) {
    return failed(failureOf(e), messageOf(e));
  }
}

/** Every served site's list at once; an empty list when no served site lists contests, a failure only when every one failed. */
async function recentContests(ctx: RemoteContext): Promise<JudgeJobResult> {
  const listing = Object.values(ctx.adapters).filter((a): a is RemoteJudgeAdapter & Required<Pick<RemoteJudgeAdapter, 'recentContests'>> =>
    Boolean(a?.recentContests),
  );
  const settled = await Promise.allSettled(listing.map((a) => a.recentContests(openSession(ctx, a))));
  const contests: RecentContest[] = [];
  const failures: { oj: string; error: unknown }[] = [];
  settled.forEach((s, i) => {
    const oj = listing[i]!.oj;
    if (s.status === 'fulfilled') contests.push(...s.value);
    else {
      failures.push({ oj, error: s.reason });
      ctx.log.warn(`the contests of ${oj} are left out: ${messageOf(s.reason)}`);
    }
  });
  if (listing.length && failures.length === listing.length) {
    return failed(failureOf(failures[0]!.error), failures.map((f) => `${f.oj}: ${messageOf(f.error)}`).join('; '));
  }
  return { type: 'remoteContests', contests: fitContests(contests) };
}

export function doRemoteJob(job: RemoteJob, ctx: RemoteContext): Promise<JudgeJobResult> {
  return job.type === 'remoteProblem' ? fetchProblem(job, ctx) : recentContests(ctx);
}

export async function runRemoteJob(task: RemoteJobTask, ctx: RemoteContext): Promise<void> {
  const { log } = ctx;
  const result = await doRemoteJob(task.job, ctx);
  try {
    await ctx.client.jobResult(
      { taskId: task.taskId, leaseToken: task.leaseToken, result },
      { retryForMs: Math.max(0, Date.parse(task.leaseDeadline) - Date.now()), signal: ctx.giveUp },
    );
    log.debug(`job ${task.taskId} (${task.job.type}): ${result.type === 'remoteFailed' ? `${result.failure}: ${result.error}` : 'done'}`);
  } catch (e) {
    if (e instanceof BadTokenError) return ctx.onFatal(e);
    if (e instanceof LeaseLostError) return log.info(`job ${task.taskId}: lease lost; result dropped`);
    log.warn(`job ${task.taskId}: the result could not be delivered (${messageOf(e)})`);
  }
}
