/**
 * A plagiarism check handed out by a poll (task kind 'plagiarism'; the server side is
 * modules/plagiarism): fetch the sources, compare them (judge/plagiarism/compare.ts) while reporting
 * progress, which also keeps the lease (at each group done and every leaseMs / 4), and post the pairs.
 * Nothing runs in the sandbox. A lost lease (409) drops the work (the server's sweep gives the check to
 * another judge once the lease runs out); a stopping judge gives it back at once, no attempt counted; a
 * failure here ends the check with its reason.
 */
import { PLAGIARISM_MAX_FRAGMENTS, PLAGIARISM_MAX_PAIRS, PLAGIARISM_MIN_SIMILARITY, type PlagiarismTask } from '@oj/shared';
import { comparePrograms } from '../plagiarism/compare.js';
import { BadTokenError, LeaseLostError } from './client.js';
import type { LoopContext } from './poll-loop.js';
import { giveBack } from './give-back.js';

export async function runPlagiarismTask(task: PlagiarismTask, ctx: LoopContext): Promise<void> {
  const { client, log } = ctx;
  const lost = new AbortController();
  // A stopping judge drops the check at once: its lease runs out and another judge takes it.
  const signal = AbortSignal.any([lost.signal, ctx.stopping]);
  let progress = { done: 0, total: 0 };
  let reporting: Promise<void> = Promise.resolve();
  const report = () => {
    reporting = reporting.then(async () => {
      if (signal.aborted) return;
      try {
        await client.plagiarismProgress(task.taskId, task.leaseToken, progress.done, progress.total);
      } catch (e) {
        if (e instanceof LeaseLostError) lost.abort(e);
        else if (e instanceof BadTokenError) ctx.onFatal(e);
        else log.warn(`plagiarism check ${task.taskId}: progress not delivered (${(e as Error).message})`);
      }
    });
  };
  const keepAlive = setInterval(report, Math.max(1000, task.leaseMs / 4));
  try {
    const { files } = await client.plagiarismSources(task.taskId, task.leaseToken, { signal });
    const pairs = await comparePrograms(files, {
      minSimilarity: PLAGIARISM_MIN_SIMILARITY,
      maxPairs: PLAGIARISM_MAX_PAIRS,
      maxFragments: PLAGIARISM_MAX_FRAGMENTS,
      signal,
      onProgress: (done, total) => {
        progress = { done, total };
        report();
      },
    });
    clearInterval(keepAlive);
    await reporting;
    signal.throwIfAborted();
    const res = await client.plagiarismResult(
      { taskId: task.taskId, leaseToken: task.leaseToken, pairs: pairs.map((p) => ({ ...p, similarity: Math.min(1, p.similarity) })) },
      { retryForMs: task.leaseMs, signal: ctx.giveUp },
    );
    log.info(`plagiarism check ${task.taskId}: ${files.length} sources, ${pairs.length} pairs${res.duplicate ? ' (already posted)' : ''}`);
  } catch (e) {
    if (e instanceof BadTokenError) return ctx.onFatal(e);
    if (e instanceof LeaseLostError || lost.signal.aborted) return log.info(`plagiarism check ${task.taskId}: lease lost; dropped`);
    if (ctx.stopping.aborted) return giveBack(ctx, 'plagiarism check', 'plagiarism', task);
    const why = `judge "${ctx.name}": ${(e as Error).message}`;
    log.warn(`plagiarism check ${task.taskId} failed: ${why}`);
    try {
      await client.plagiarismFail(task.taskId, task.leaseToken, why, { retryForMs: 10_000, signal: ctx.giveUp });
    } catch (f) {
      if (f instanceof BadTokenError) ctx.onFatal(f);
    }
  } finally {
    clearInterval(keepAlive);
  }
}
