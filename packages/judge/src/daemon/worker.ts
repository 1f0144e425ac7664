/**
 * One worker of a daemon's local lane: poll → test data through the cache → `judgeSubmission` → result, in a loop.
 *
 * While a task is judged its lease is kept alive (`LeaseKeeper`: progress 6/7, then every leaseMs/4).
 * The task's sandbox runs are watched through a run scope: a runner that reports SE (it could not
 * isolate or set up the box — never the submission's doing) makes the whole task a judge-side failure,
 * given back with `fail` so another attempt (maybe on another judge) decides the verdict. So does any
 * exception (test data that does not verify, a missing problem, an I/O error). A lost lease (409) drops
 * the task silently: someone else owns it now.
 */
import fsp from 'node:fs/promises';
import type { JudgeTask, ProblemManifest } from '@oj/shared';
import { withRunScope, type SandboxReport } from '../sandbox.js';
import { judgeSubmission } from '../submission.js';
import type { PreparedTestData, TestDataCache } from '../testdata-cache.js';
import { BadTokenError, LeaseLostError, type JudgeClient } from './client.js';
import { giveBackOffLane, sortByLane } from './lanes.js';
import { LeaseKeeper } from './lease.js';
import { isFinalStatus, toCacheManifest, toResultBody, toSubmissionRequest } from './mapping.js';
import { runJobTask } from './job.js';
import { type ActiveRun, type LoopContext, pollLoop, tracked } from './poll-loop.js';
import { runPlagiarismTask } from './plagiarism.js';
import { runTestRunTask } from './test-run.js';
import { runHackTask } from './hack.js';

/** Manifests by hash (most recently used last); a task names the hash it was leased with. */
export class ManifestStore {
  private readonly byHash = new Map<string, ProblemManifest>();
  constructor(
    private readonly client: JudgeClient,
    private readonly max = 200,
  ) {}

  async get(task: JudgeTask): Promise<ProblemManifest> {
    const hit = this.byHash.get(task.problem.manifestHash);
    if (hit) {
      this.byHash.delete(hit.hash);
      this.byHash.set(hit.hash, hit);
      return hit;
    }
    // The problem may have changed since the lease: then the newer manifest is the one to judge with.
    const m = await this.client.manifest(task.problem.id);
    this.byHash.set(m.hash, m);
    while (this.byHash.size > this.max) this.byHash.delete(this.byHash.keys().next().value!);
    return m;
  }
}

/** A worker of the local lane: the loop's context, and test data and manifests through this host's cache. */
export interface WorkerContext extends LoopContext {
  cache: TestDataCache;
  manifests: ManifestStore;
}

class JudgeSideError extends Error {}

type RunState = 'judging' | 'posting' | 'failing' | 'abandoned' | 'done';

/** One leased task on its way through the engine. */
export class TaskRun implements ActiveRun {
  state: RunState = 'judging';
  readonly lease: LeaseKeeper;

  constructor(
    readonly task: JudgeTask,
    private readonly ctx: WorkerContext,
  ) {
    this.lease = new LeaseKeeper(ctx.client, task.taskId, task.leaseToken, task.leaseMs, ctx.log);
  }

  /** How long to keep retrying a result or failure: for the lease, or not at all when the judge is stopping. */
  private retry() {
    return { retryForMs: this.ctx.stopping.aborted ? 0 : this.task.leaseMs, signal: this.ctx.giveUp };
  }

  /**
   * Gives the task back now (the daemon is stopping): its runs are killed and the server requeues it.
   * Nothing happens when the result is already on its way.
   */
  async abandon(reason: string): Promise<void> {
    if (this.state !== 'judging') return;
    this.state = 'abandoned';
    this.lease.abort(reason);
    await this.lease.stop();
    if (this.lease.lost) return;
    try {
      await this.ctx.client.fail(this.task.taskId, this.task.leaseToken, `judge "${this.ctx.name}": ${reason}`, { retryForMs: 0 });
      this.ctx.log.info(`task ${this.task.taskId} (submission ${this.task.submission.submitId}) given back: ${reason}`);
    } catch (e) {
      if (!(e instanceof LeaseLostError))
        this.ctx.log.warn(`task ${this.task.taskId}: could not give it back (${(e as Error).message}); its lease will expire`);
    }
  }

  async judge(): Promise<void> {
    const { ctx, task, lease } = this;
    const { log } = ctx;
    let prepared: PreparedTestData | null = null;
    try {
      const manifest = await ctx.manifests.get(task);
      prepared = await ctx.cache.prepare(toCacheManifest(manifest));
      const checkerCode = manifest.spj ? await fsp.readFile(await ctx.cache.ensure(manifest.spj), 'utf8') : null;
      const request = toSubmissionRequest(task, manifest, prepared, checkerCode);
      const total = request.cases.length;
      request.onProgress = (e) => {
        if (e.type === 'status') lease.report(e.status);
        else lease.caseDone(total);
      };
      // One runner that could not isolate decides the task: the rest of its runs are not worth doing.
      const sandboxFailures: string[] = [];
      const onReport = (rep: SandboxReport) => {
        if (rep.status !== 'SE') return;
        sandboxFailures.push(rep.error);
        lease.abort('sandbox failure');
      };
      const result = await withRunScope({ signal: lease.signal, onReport }, () => judgeSubmission(request));
      if (this.state !== 'judging' || lease.lost) return;
      if (sandboxFailures.length) throw new JudgeSideError(`sandbox failure: ${sandboxFailures[0]}`);
      if (!isFinalStatus(result.status)) throw new JudgeSideError(`the engine gave no final verdict (status ${result.status})`);
      this.state = 'posting';
      await lease.stop();
      if (lease.lost) return;
      const res = await ctx.client.result(toResultBody(task, manifest, result), this.retry());
      log.debug(`submission ${res.submitId}: status ${result.status}${res.duplicate ? ' (already posted)' : ''}`);
    } catch (e) {
      const err = e as Error;
      if (e instanceof LeaseLostError) return log.info(`task ${task.taskId}: lease lost (${err.message}); dropped`);
      if (e instanceof BadTokenError) return ctx.onFatal(err);
      if (this.state === 'abandoned' || lease.lost) return;
      if (this.state === 'posting') {
        log.warn(`task ${task.taskId}: the result could not be delivered (${err.message}); the lease will expire and the task will be judged again`);
        return;
      }
      this.state = 'failing';
      lease.abort(err.message);
      await lease.stop();
      // Runs killed by the same Ctrl-C that stops us are no failure of this host.
      const stopping = ctx.stopping.aborted;
      const reason = stopping ? 'the judge is stopping' : err.message;
      if (!stopping) log.warn(`task ${task.taskId} (submission ${task.submission.submitId}) failed on this judge: ${reason}`);
      try {
        await ctx.client.fail(task.taskId, task.leaseToken, `judge "${ctx.name}": ${reason}`, this.retry());
        if (stopping) log.info(`task ${task.taskId} (submission ${task.submission.submitId}) given back: ${reason}`);
      } catch (f) {
        if (f instanceof BadTokenError) ctx.onFatal(f);
        else if (!(f instanceof LeaseLostError)) log.warn(`task ${task.taskId}: could not give it back (${(f as Error).message}); its lease will expire`);
      }
    } finally {
      prepared?.release();
      await lease.stop();
      if (this.state !== 'abandoned') this.state = 'done';
    }
  }
}

/** The loop of one worker of the local lane; returns when the daemon stops (after finishing or giving up its task). */
export function runWorker(ctx: WorkerContext): Promise<void> {
  return pollLoop(ctx, 'local', async (polled) => {
    const sorted = sortByLane(polled);
    if (sorted.lane !== 'local') return giveBackOffLane(sorted, 'local', ctx);
    const task = sorted.task;
    if (task.kind === 'testRun') return runTestRunTask(task, ctx);
    if (task.kind === 'job') return runJobTask(task, ctx);
    if (task.kind === 'plagiarism') return runPlagiarismTask(task, ctx);
    if (task.kind === 'hack') return runHackTask(task, ctx);
    const run = new TaskRun(task, ctx);
    await tracked(ctx, run, () => run.judge());
  });
}
