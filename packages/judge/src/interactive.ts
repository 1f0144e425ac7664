/**
 * Interactive judging: the contestant's program and the interactor run at the same time in two
 * boxes, connected by two pipes (contestant stdout → interactor stdin, interactor stdout →
 * contestant stdin; `sandbox/interact.c`). The interactor sees the input and answer files
 * read-only plus a writable output file of its own; the contestant's box sees neither.
 *
 * Verdict, in this order:
 * 1. either runner could not isolate → System Error;
 * 2. the interactor rejected the program (WA / PE) and ended before it → the interactor's verdict,
 *    whatever the program did afterwards: left waiting for a reply, it may time out, crash on EOF
 *    or die of SIGPIPE (Kattis' rule "the validator exited first with WA"). "Before" is what the
 *    relay between the boxes saw: the side that cut the conversation off first. The other side can
 *    only learn of that through the relay, so a program that exited at once is first even when the
 *    interactor, woken by its EOF, says WA before the program's box has noticed its exit; then the
 *    program's crash decides (problemtools: the contestant crashed first → RTE);
 * 3. the interactor crashed (a signal other than SIGPIPE) or exited reporting a failure of its own
 *    (testlib FAIL, HOJ 103, a Kattis validator's exit code other than 42/43) → System Error, even
 *    when the program then ran out of time (problemtools: a validator's crash or unexpected exit code
 *    is a judge error before anything else);
 * 3b. the contestant's program exceeded its CPU time or its wall-clock guard → TLE (a deadlock —
 *    both sides waiting to read — ends at the contestant's wall guard, which is shorter than the
 *    interactor's, so it is the contestant's TLE), memory → MLE;
 * 4. the interactor exceeded its own limits → System Error;
 * 5. the contestant's program crashed or exited non-zero → RE; except: an interactor that crashed
 *    or reported FAIL makes it System Error, and a program that died of SIGPIPE after the
 *    interactor had rejected it (WA/PE/partial) gets the interactor's verdict (as HOJ);
 * 6. the interactor was killed by SIGPIPE — it wrote to a program that had already exited
 *    normally — → WA "The program exited before the interaction finished";
 * 7. otherwise the interactor's exit code / testlib report decides (`interpretChecker`; any other
 *    interactor crash is a System Error).
 * Time and memory are the contestant's.
 */
import path from 'node:path';
import { JudgeStatus, type CheckerConvention, type JudgeStatusCode } from '@oj/shared';
import { CHECKER_FILES, checkerRequest, DEFAULT_CHECKER_LIMITS, interpretChecker, type CheckerLimits, type CompiledChecker } from './checker.js';
import { runLimits } from './languages.js';
import { readHead, type CompiledProgram } from './run.js';
import { runInteractivePair, type SandboxReport } from './sandbox.js';
import type { ProblemLimits } from './languages.js';
import { runVerdict } from './verdict.js';

const SIGPIPE = 13;

export interface InteractiveOutcome {
  status: JudgeStatusCode;
  percentage?: number;
  message?: string;
  /** The interactor's words for the judges only (`CheckerVerdict.judgeMessage`). */
  judgeMessage?: string;
  time: number;
  memory: number;
  /** The contestant's stderr (first 64 KB). */
  stderr: string;
  user: SandboxReport;
  interactor: SandboxReport;
}

export interface InteractiveOptions {
  limits: ProblemLimits;
  /** User extra files, copied into the contestant's box. */
  extraDirs?: string[];
  interactorLimits?: CheckerLimits;
  /** How the interactor's verdict is read (the problem's `checkerConvention`). */
  convention: CheckerConvention;
}

export async function runInteractive(
  program: CompiledProgram,
  interactor: CompiledChecker,
  files: { input: string; answer: string },
  caseDir: string,
  opts: InteractiveOptions,
): Promise<InteractiveOutcome> {
  const lang = program.language;
  const userErr = path.join(caseDir, 'stderr');
  const interErr = path.join(caseDir, 'interactor.err');
  const cmd = lang.run(opts.limits);
  const userLimits = runLimits(lang, opts.limits);
  const il = opts.interactorLimits ?? DEFAULT_CHECKER_LIMITS;
  const interReq = checkerRequest(
    interactor,
    [
      { src: files.input, dst: CHECKER_FILES.input },
      { src: files.answer, dst: CHECKER_FILES.answer },
    ],
    il,
  );
  // The interactor waits for the contestant: its wall guard must outlast the contestant's.
  interReq.wallMs = Math.max(interReq.wallMs ?? 0, userLimits.wallMs + 2000);
  const {
    a: user,
    b: inter,
    first,
  } = await runInteractivePair(
    {
      argv: cmd.argv,
      env: cmd.env,
      ...userLimits,
      outputKb: 64 * 1024, // only its stderr is a file
      pids: lang.pids,
      nofile: lang.nofile,
      boxDirs: [...program.programDirs, ...(opts.extraDirs ?? [])],
      stderr: userErr,
      readOnlyBinds: lang.readOnlyBinds,
    },
    {
      ...interReq,
      argv: [interactor.binary, CHECKER_FILES.input, '/box/user_output', CHECKER_FILES.answer],
      stderr: interErr,
    },
  );
  const stderr = (await readHead(userErr, 64 * 1024)).toString('utf8');
  const interStderr = (await readHead(interErr, 4096)).toString('utf8');
  const base = { time: user.timeMs, memory: user.memoryKb, stderr, user, interactor: inter };

  if (user.status === 'SE') return { ...base, status: JudgeStatus.SYSTEM_ERROR, message: `System Error: ${user.error}` };
  if (inter.status === 'SE') return { ...base, status: JudgeStatus.SYSTEM_ERROR, message: `Interactor could not run: ${inter.error}` };
  if (first === 'b' && (inter.status === 'OK' || inter.status === 'RE')) {
    const early = interpretChecker(inter, '', interStderr, opts.convention, 'Interactor');
    if (early.status === JudgeStatus.WRONG_ANSWER || early.status === JudgeStatus.PRESENTATION_ERROR) {
      // What the program spent after it was rejected is not its time (a wait for a reply that never comes).
      return { ...base, time: Math.min(user.timeMs, opts.limits.timeLimitMs), ...early };
    }
  }
  // An interactor that crashed (a signal other than SIGPIPE) judged nothing, whatever the program did
  // meanwhile: a System Error before the program's TLE/MLE, as problemtools puts the validator's crash first.
  if (inter.exitCode === null && inter.signal && inter.signal !== SIGPIPE && (inter.status === 'OK' || inter.status === 'RE')) {
    return { ...base, ...interpretChecker(inter, '', interStderr, opts.convention, 'Interactor') };
  }
  // So is one that ended with a judge failure of its own (testlib's FAIL, HOJ's 103; a Kattis
  // validator's exit code other than 42/43, which its adapter turns into 103): problemtools calls a
  // validator's unexpected exit a judge error, whatever the contestant hit meanwhile.
  if (inter.exitCode !== null && (inter.status === 'OK' || inter.status === 'RE')) {
    const own = interpretChecker(inter, '', interStderr, opts.convention, 'Interactor');
    if (own.status === JudgeStatus.SYSTEM_ERROR) return { ...base, ...own };
  }
  if (user.status === 'TLE' || user.status === 'MLE') return { ...base, ...runVerdict(user, stderr)! };
  if (inter.status !== 'OK' && inter.status !== 'RE') {
    return { ...base, ...interpretChecker(inter, '', interStderr, opts.convention, 'Interactor') };
  }
  const verdict = interpretChecker(inter, '', interStderr, opts.convention, 'Interactor');
  // SIGPIPE in the interactor: it wrote to a contestant that was already gone.
  const interactorOrphaned = inter.signal === SIGPIPE;
  const userFailed = runVerdict(user, stderr);
  if (userFailed) {
    if (interactorOrphaned) return { ...base, ...userFailed };
    if (verdict.status === JudgeStatus.SYSTEM_ERROR) return { ...base, ...verdict };
    // The interactor rejected the program and stopped reading: the program's SIGPIPE follows from that.
    if (user.signal === SIGPIPE && verdict.status !== JudgeStatus.ACCEPTED) return { ...base, ...verdict };
    return { ...base, ...userFailed };
  }
  if (interactorOrphaned) {
    return { ...base, status: JudgeStatus.WRONG_ANSWER, message: 'The program exited before the interaction finished' };
  }
  return { ...base, ...verdict };
}
