/**
 * Protocol ⇄ engine: a leased task plus its problem manifest become a `judgeSubmission` request, and
 * the engine's result becomes the body of POST /api/judge/result. Pure functions, no I/O.
 */
import { FINAL_JUDGE_STATUSES, ProblemType, type JudgeTask, type ProblemManifest } from '@oj/shared';
import type { JudgeSubmissionRequest, JudgeSubmissionResult } from '../submission.js';
import type { PreparedTestData, TestDataManifest } from '../testdata-cache.js';
import type { ResultBody } from './client.js';

/** The files of a manifest, as the test-data cache wants them. */
export function toCacheManifest(m: ProblemManifest): TestDataManifest {
  return {
    problemId: m.problemId,
    caseVersion: m.caseVersion,
    cases: m.cases.map((c) => ({ id: c.id, input: c.input, output: c.output, score: c.score, groupNum: c.groupNum })),
    userExtraFiles: m.userExtraFiles,
    judgeExtraFiles: m.judgeExtraFiles,
  };
}

/**
 * The engine request of a task. Limits, modes, OI total, blank handling, file IO and extra files
 * come from the manifest (the task's copies of the limits are the same numbers); the checker or
 * interactor source is the file the manifest's `spj` names, read by the caller.
 *
 * Case scores: problem_case.score defaults to 0, so an OI problem whose cases all say 0 has its
 * `ioScore` split evenly over them (HOJ does the same for unscored cases); as soon as one case has a
 * score, every case counts with its own. ACM problems are not scored.
 */
export function toSubmissionRequest(
  task: JudgeTask,
  m: ProblemManifest,
  data: Pick<PreparedTestData, 'cases' | 'userExtraFiles' | 'judgeExtraFiles'>,
  checkerCode: string | null,
): JudgeSubmissionRequest {
  const oi = m.type === ProblemType.OI;
  const scored = oi && m.cases.some((c) => c.score > 0);
  return {
    language: task.submission.language,
    code: task.submission.code,
    cases: data.cases.map((c, i) => ({ ...c, score: scored ? m.cases[i].score : undefined, groupNum: m.cases[i].groupNum })),
    timeLimitMs: m.timeLimit,
    memoryLimitMb: m.memoryLimit,
    stackLimitMb: m.stackLimit,
    problemType: oi ? 1 : 0,
    judgeMode: m.judgeMode,
    judgeCaseMode: m.judgeCaseMode,
    subtaskDependencies: m.subtaskDependencies,
    checker: m.spj && checkerCode !== null ? { language: m.spj.language, code: checkerCode } : undefined,
    ioScore: m.ioScore,
    removeEndBlank: m.isRemoveEndBlank,
    builtinChecker: m.builtinChecker,
    checkerPrecision: m.checkerPrecision,
    checkerConvention: m.checkerConvention,
    fileIO: m.fileIO ? { readFileName: m.fileIO.input, writeFileName: m.fileIO.output } : null,
    userExtraFiles: data.userExtraFiles,
    judgeExtraFiles: data.judgeExtraFiles,
  };
}

const int = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0);

/** Is this a status the protocol accepts as a submission's result? */
export const isFinalStatus = (s: number) => (FINAL_JUDGE_STATUSES as readonly number[]).includes(s);

/**
 * The result body: the engine's verdict as it is (the server only checks shapes), one entry per
 * judged or skipped case with the manifest's case id and seq. Time and memory are null when no case
 * ran (Compile Error, a System Error before the first case); the score only for OI problems.
 */
export function toResultBody(task: JudgeTask, m: ProblemManifest, r: JudgeSubmissionResult): ResultBody {
  const oi = m.type === ProblemType.OI;
  return {
    taskId: task.taskId,
    leaseToken: task.leaseToken,
    status: r.status,
    time: r.cases.length ? int(r.time) : null,
    memory: r.cases.length ? int(r.memory) : null,
    score: oi ? int(r.score ?? 0) : null,
    errorMessage: r.errorMessage ?? null,
    cases: r.cases.map((c) => {
      const mc = m.cases[c.index];
      return {
        caseId: typeof c.caseId === 'number' ? c.caseId : (mc?.id ?? null),
        seq: mc?.seq ?? c.index + 1,
        status: c.status,
        time: int(c.time),
        memory: int(c.memory),
        score: oi ? int(c.score) : null,
        groupNum: c.groupNum,
        userOutput: c.userOutput,
        message: c.message ?? null,
        judgeMessage: c.judgeMessage ?? null,
      };
    }),
  };
}
