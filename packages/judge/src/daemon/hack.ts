/**
 * A hack handed out by a poll (task kind 'hack'; the server side is modules/contest-hack): the problem's
 * manifest gives the checker, limits, modes and files; `runHack` validates the input, runs the reference
 * and judges the victim on it; the outcome goes to /api/judge/hack/result. Like a test run there is no
 * progress (the lease covers the three programs) and what goes wrong on this side — a sandbox that could
 * not isolate, a download that failed — is the hack's "reference failed": a system error for the staff,
 * never a verdict on the victim. A lost lease (409) drops the outcome.
 */
import fsp from 'node:fs/promises';
import type { HackOutcome, HackTask } from '@oj/shared';
import { runHack } from '../hack.js';
import { withRunScope, type SandboxReport } from '../sandbox.js';
import { BadTokenError, LeaseLostError } from './client.js';
import { giveBack } from './give-back.js';
import { toCacheManifest } from './mapping.js';
import type { WorkerContext } from './worker.js';

async function outcomeOf(task: HackTask, ctx: WorkerContext, signal: AbortSignal): Promise<HackOutcome> {
  const h = task.hack;
  const m = await ctx.client.manifest(h.problemId);
  // Only the checker and the extra files are needed: the problem's own cases are not run.
  const prepared = await ctx.cache.prepare({ ...toCacheManifest(m), cases: [] });
  try {
    const checkerCode = m.spj ? await fsp.readFile(await ctx.cache.ensure(m.spj), 'utf8') : null;
    const failures: string[] = [];
    const onReport = (rep: SandboxReport) => {
      if (rep.status === 'SE') failures.push(rep.error);
    };
    const outcome = await withRunScope({ signal, onReport }, () =>
      runHack({
        input: h.input,
        validator: h.validator,
        reference: h.reference,
        victim: {
          language: h.victim.language,
          code: h.victim.code,
          timeLimitMs: m.timeLimit,
          memoryLimitMb: m.memoryLimit,
          stackLimitMb: m.stackLimit,
          problemType: 0,
          judgeMode: m.judgeMode,
          checker: m.spj && checkerCode !== null ? { language: m.spj.language, code: checkerCode } : undefined,
          removeEndBlank: m.isRemoveEndBlank,
          builtinChecker: m.builtinChecker,
          checkerPrecision: m.checkerPrecision,
          checkerConvention: m.checkerConvention,
          fileIO: m.fileIO ? { readFileName: m.fileIO.input, writeFileName: m.fileIO.output } : null,
          userExtraFiles: prepared.userExtraFiles,
          judgeExtraFiles: prepared.judgeExtraFiles,
        },
      }),
    );
    if (failures.length) return { verdict: 'referenceFailed', message: `judge "${ctx.name}": sandbox failure: ${failures[0]}`, victimStatus: null };
    return outcome;
  } finally {
    prepared.release();
  }
}

export async function runHackTask(task: HackTask, ctx: WorkerContext): Promise<void> {
  const { log } = ctx;
  const expired = AbortSignal.timeout(Math.max(1000, Date.parse(task.leaseDeadline) - Date.now()));
  const signal = AbortSignal.any([expired, ctx.giveUp]);
  let outcome: HackOutcome;
  try {
    outcome = await outcomeOf(task, ctx, signal);
  } catch (e) {
    if (e instanceof BadTokenError) return ctx.onFatal(e);
    outcome = { verdict: 'referenceFailed', message: `judge "${ctx.name}": ${(e as Error).message}`.slice(0, 8000), victimStatus: null };
  }
  if (ctx.giveUp.aborted) return giveBack(ctx, 'hack', 'hack', task);
  if (signal.aborted) return log.info(`hack ${task.taskId}: lease over; dropped`);
  try {
    await ctx.client.hackResult(
      {
        taskId: task.taskId,
        leaseToken: task.leaseToken,
        outcome: { verdict: outcome.verdict, message: outcome.message, victimStatus: outcome.victimStatus },
        answer: outcome.answer ?? null,
      },
      { retryForMs: Math.max(0, Date.parse(task.leaseDeadline) - Date.now()), signal: ctx.giveUp },
    );
    log.debug(`hack ${task.taskId}: ${outcome.verdict}`);
  } catch (e) {
    if (e instanceof BadTokenError) return ctx.onFatal(e);
    if (e instanceof LeaseLostError) return log.info(`hack ${task.taskId}: lease lost; outcome dropped`);
    log.warn(`hack ${task.taskId}: the outcome could not be delivered (${(e as Error).message})`);
  }
}
