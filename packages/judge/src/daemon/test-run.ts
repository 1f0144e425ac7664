/**
 * A test run handed out by a poll (task kind 'testRun'; the server side is modules/test-run/service.ts): the code
 * runs once on the user's input through the engine's `testRun`, and the outcome is posted to
 * /api/judge/test-run/result. There is no progress and no `fail`: the lease already covers compiling
 * and the run, and whatever goes wrong on this side is the run's own System Error (its stderr says
 * why) — a self-test is not worth another judge's time. A lost lease (409) drops the result.
 */
import { JudgeStatus, type TestRunTask } from '@oj/shared';
import { withRunScope, type SandboxReport } from '../sandbox.js';
import { testRun } from '../test-run.js';
import { BadTokenError, LeaseLostError } from './client.js';
import type { WorkerContext } from './worker.js';

export async function runTestRunTask(task: TestRunTask, ctx: WorkerContext): Promise<void> {
  const { log } = ctx;
  const t = task.testRun;
  // The runs stop when the lease is over (nobody takes the result any more) or the daemon gives up.
  const expired = AbortSignal.timeout(Math.max(1000, Date.parse(task.leaseDeadline) - Date.now()));
  const signal = AbortSignal.any([expired, ctx.giveUp]);
  const sandboxFailures: string[] = [];
  const onReport = (rep: SandboxReport) => {
    if (rep.status === 'SE') sandboxFailures.push(rep.error);
  };
  let result;
  try {
    result = await withRunScope({ signal, onReport }, () =>
      testRun({
        language: t.language,
        code: t.code,
        input: t.input,
        expectedOutput: t.expectedOutput,
        limits: { timeLimitMs: t.timeLimit, memoryLimitMb: t.memoryLimit, stackLimitMb: t.stackLimit },
        removeEndBlank: t.removeEndBlank,
        builtinChecker: t.builtinChecker,
        checkerPrecision: t.checkerPrecision,
        fileIO: t.fileIO ? { readFileName: t.fileIO.input, writeFileName: t.fileIO.output } : null,
        userExtraFiles: t.userExtraFiles,
        problemJudgeMode: t.judgeMode,
      }),
    );
  } catch (e) {
    result = null;
    sandboxFailures.push((e as Error).message);
  }
  if (signal.aborted) return log.info(`test run ${task.taskId}: ${ctx.giveUp.aborted ? 'the judge is stopping' : 'lease over'}; dropped`);
  const body = {
    taskId: task.taskId,
    leaseToken: task.leaseToken,
    result:
      sandboxFailures.length || !result
        ? {
            status: JudgeStatus.SYSTEM_ERROR,
            userOutput: '',
            stderr: `System Error: judge "${ctx.name}": ${sandboxFailures[0] ?? 'no result'}`,
            time: 0,
            memory: 0,
          }
        : { status: result.status, userOutput: result.userOutput, stderr: result.stderr, time: Math.round(result.time), memory: Math.round(result.memory) },
  };
  try {
    await ctx.client.testRunResult(body, { retryForMs: Math.max(0, Date.parse(task.leaseDeadline) - Date.now()), signal: ctx.giveUp });
    log.debug(`test run ${task.taskId}: status ${body.result.status}`);
  } catch (e) {
    if (e instanceof BadTokenError) return ctx.onFatal(e);
    if (e instanceof LeaseLostError) return log.info(`test run ${task.taskId}: lease lost; result dropped`);
    log.warn(`test run ${task.taskId}: the result could not be delivered (${(e as Error).message})`);
  }
}
