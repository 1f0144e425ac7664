/**
 * A judge job handed out by a poll (task kind 'job'; the server side is modules/judge-job): compile a
 * checker or a hack kit's programs, or run a package's programs and upload their outputs. Like a test
 * run there is no progress: the lease covers the whole job. What goes wrong on this side is the job's `failed` result, which the
 * administrator waiting for it reads; a lost lease (409) drops it. Remote jobs are the remote lane's
 * (remote-job.ts): the local loop never hands one here.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { JudgeJobResult } from '@oj/shared';
import { compileChecker } from '../checker.js';
import { compilePrograms } from '../compile-programs.js';
import { runPackage } from '../package-run.js';
import { workRoot } from '../run.js';
import { withRunScope, type SandboxReport } from '../sandbox.js';
import { BadTokenError, LeaseLostError } from './client.js';
import type { LocalJobTask } from './lanes.js';
import type { WorkerContext } from './worker.js';

async function doJob(task: LocalJobTask, ctx: WorkerContext, signal: AbortSignal): Promise<JudgeJobResult> {
  const job = task.job;
  if (job.type === 'compileChecker') {
    const r = await compileChecker({ language: job.language, code: job.code }, job.extraFiles);
    return { type: 'compileChecker', error: r.error ?? null };
  }
  if (job.type === 'compilePrograms') return { type: 'compilePrograms', errors: await compilePrograms(job.programs) };
  await fsp.mkdir(workRoot(), { recursive: true });
  const dir = await fsp.mkdtemp(path.join(workRoot(), 'job-'));
  await fsp.chmod(dir, 0o755);
  try {
    return await runPackage(job, dir, {
      fetch: async (hash, file) => pipeline(await ctx.client.testdata(hash), fs.createWriteStream(file, { mode: 0o644 })),
      keep: (file) => ctx.client.jobOutput(task.taskId, task.leaseToken, file, { signal }),
    });
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

export async function runJobTask(task: LocalJobTask, ctx: WorkerContext): Promise<void> {
  const { log } = ctx;
  const expired = AbortSignal.timeout(Math.max(1000, Date.parse(task.leaseDeadline) - Date.now()));
  const signal = AbortSignal.any([expired, ctx.giveUp]);
  const sandboxFailures: string[] = [];
  const onReport = (rep: SandboxReport) => {
    if (rep.status === 'SE') sandboxFailures.push(rep.error);
  };
  let result: JudgeJobResult;
  try {
    result = await withRunScope({ signal, onReport }, () => doJob(task, ctx, signal));
    if (sandboxFailures.length) result = { type: 'failed', error: `judge "${ctx.name}": ${sandboxFailures[0]}` };
  } catch (e) {
    if (e instanceof BadTokenError) return ctx.onFatal(e);
    if (e instanceof LeaseLostError) return log.info(`job ${task.taskId}: lease lost; dropped`);
    result = { type: 'failed', error: `judge "${ctx.name}": ${(e as Error).message}`.slice(0, 8000) };
  }
  if (signal.aborted) return log.info(`job ${task.taskId}: ${ctx.giveUp.aborted ? 'the judge is stopping' : 'lease over'}; dropped`);
  try {
    await ctx.client.jobResult(
      { taskId: task.taskId, leaseToken: task.leaseToken, result },
      { retryForMs: Math.max(0, Date.parse(task.leaseDeadline) - Date.now()), signal: ctx.giveUp },
    );
    log.debug(`job ${task.taskId} (${task.job.type}): ${result.type === 'failed' ? result.error : 'done'}`);
  } catch (e) {
    if (e instanceof BadTokenError) return ctx.onFatal(e);
    if (e instanceof LeaseLostError) return log.info(`job ${task.taskId}: lease lost; result dropped`);
    log.warn(`job ${task.taskId}: the result could not be delivered (${(e as Error).message})`);
  }
}
