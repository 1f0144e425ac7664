/**
 * A hack (Codeforces-style): one input a contestant wrote against another's accepted program. The
 * problem's validator (testlib, compiled like a package's programs; or a Kattis input validator, whose
 * "valid" is exit 42) must accept the input; the
 * reference solution's output on it is the answer; the victim's program is then judged on that one case
 * by the engine with the problem's own checker, limits and modes, so a hack judges exactly as a test would.
 *
 * Outcomes: `invalid` (the validator refused it), `unsuccessful` (the victim passed), `successful` (the
 * victim failed: WA/PE/TLE/MLE/RE), `referenceFailed` (the reference did not run to an end, or the victim
 * could not be judged: a system error, not the hacker's doing).
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { HACK, JudgeStatus, type HackOutcome } from '@oj/shared';
import { compilePackageProgram, ProgramFailure, runPackageProgram } from './package-programs.js';
import { findLanguage } from './languages.js';
import { compileSubmission, runProgram, workRoot } from './run.js';
import { judgeSubmission, type JudgeSubmissionRequest } from './submission.js';

/** A validator gets these, whatever the problem's limits (Polygon's defaults for validators). */
const VALIDATOR_LIMITS = { timeLimitMs: 10_000, memoryLimitMb: 512 };

export interface HackRequest {
  input: string;
  /** a package source type (cpp.g++17, …) and its code; testlib.h is beside it; it accepts on exit `okExit` (0 unless told) */
  validator: { type: string; code: string; okExit?: number };
  reference: { language: string; code: string };
  /** the victim's program and the problem's judging settings, without cases (this hack is the one case) */
  victim: Omit<JudgeSubmissionRequest, 'cases'>;
}

const failedVerdicts: readonly number[] = [
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
];

const clip = (s: string) => s.slice(0, 2000);

export async function runHack(req: HackRequest): Promise<HackOutcome> {
  await fsp.mkdir(workRoot(), { recursive: true });
  const dir = await fsp.mkdtemp(path.join(workRoot(), 'hack-'));
  await fsp.chmod(dir, 0o755);
  try {
    const input = path.join(dir, 'input.txt');
    await fsp.writeFile(input, req.input, { mode: 0o644 });

    // 1. The validator: a refusal is the hacker's mistake; a validator that does not compile is the problem's.
    const source = path.join(dir, 'validator-src', 'validator.cpp');
    await fsp.mkdir(path.dirname(source), { recursive: true, mode: 0o755 });
    await fsp.writeFile(source, req.validator.code, { mode: 0o644 });
    try {
      const validator = await compilePackageProgram(req.validator.type, source, {}, path.join(dir, 'validator'));
      await runPackageProgram(validator, { stdin: input, out: path.join(dir, 'validator.out'), ...VALIDATOR_LIMITS, okExit: req.validator.okExit ?? 0 });
    } catch (e) {
      if (!(e instanceof ProgramFailure)) throw e;
      if (e.stage === 'compile') return { verdict: 'referenceFailed', message: clip(`validator: ${e.message}`), victimStatus: null };
      return { verdict: 'invalid', message: clip(e.message), victimStatus: null };
    }

    // 2. The reference solution's output is the answer, under the problem's limits.
    const lang = findLanguage(req.reference.language);
    if (!lang) return { verdict: 'referenceFailed', message: `reference: language "${req.reference.language}" is not on this judge`, victimStatus: null };
    const refDir = path.join(dir, 'reference');
    await fsp.mkdir(refDir, { mode: 0o755 });
    const compiled = await compileSubmission(lang, req.reference.code, refDir, {});
    if (!compiled.program)
      return { verdict: 'referenceFailed', message: clip(`reference: ${compiled.verdict.message ?? 'compile error'}`), victimStatus: null };
    const caseDir = path.join(refDir, 'case');
    await fsp.mkdir(caseDir, { mode: 0o755 });
    const v = req.victim;
    const limits = { timeLimitMs: v.timeLimitMs, memoryLimitMb: v.memoryLimitMb, stackLimitMb: v.stackLimitMb ?? 128 };
    const run = await runProgram(compiled.program, input, caseDir, { limits, outputLimitKb: 64 * 1024, fileIO: v.fileIO });
    if (run.early) return { verdict: 'referenceFailed', message: clip(`reference: ${run.early.message ?? `status ${run.early.status}`}`), victimStatus: null };
    const answer = path.join(dir, 'answer.txt');
    if (run.output) await fsp.copyFile(run.output, answer);
    else await fsp.writeFile(answer, '');
    await fsp.chmod(answer, 0o644);

    // 3. The victim on that one case, judged as any test of the problem is.
    const r = await judgeSubmission({ ...v, cases: [{ input: { path: input }, output: { path: answer } }] });
    const message = clip(r.cases[0]?.message ?? r.errorMessage ?? '');
    if (r.status === JudgeStatus.ACCEPTED) return { verdict: 'unsuccessful', message, victimStatus: r.status };
    if (failedVerdicts.includes(r.status)) {
      // The answer goes back with a successful hack: after the contest it may become a test.
      const size = (await fsp.stat(answer)).size;
      const kept = size <= HACK.answerMax ? await fsp.readFile(answer, 'utf8') : null;
      return { verdict: 'successful', message, victimStatus: r.status, answer: kept };
    }
    return { verdict: 'referenceFailed', message: clip(`the accepted program was judged ${r.status}: ${message}`), victimStatus: r.status };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
