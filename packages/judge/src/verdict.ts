/**
 * Runner reports → judge statuses (their status codes).
 *
 * Output limit: like HOJ, a program that exceeds the output limit gets Runtime Error (3) with the
 * message "Output limit exceeded" — its output is cut, so comparing it would only produce a
 * misleading Wrong Answer.
 */
import { JudgeStatus, type JudgeStatusCode } from '@oj/shared';
import type { SandboxReport } from './sandbox.js';

export interface Verdict {
  status: JudgeStatusCode;
  message?: string;
}

const SIGNAL_NAMES: Record<number, string> = {
  1: 'SIGHUP',
  2: 'SIGINT',
  3: 'SIGQUIT',
  4: 'SIGILL',
  5: 'SIGTRAP',
  6: 'SIGABRT',
  7: 'SIGBUS',
  8: 'SIGFPE',
  9: 'SIGKILL',
  10: 'SIGUSR1',
  11: 'SIGSEGV',
  12: 'SIGUSR2',
  13: 'SIGPIPE',
  14: 'SIGALRM',
  15: 'SIGTERM',
  24: 'SIGXCPU',
  25: 'SIGXFSZ',
  31: 'SIGSYS',
};

const SIGNAL_HINTS: Record<number, string> = {
  4: 'illegal instruction',
  6: 'aborted',
  7: 'bus error',
  8: 'arithmetic exception, e.g. division by zero',
  11: 'segmentation fault, e.g. invalid memory access or stack overflow',
  31: 'forbidden system call',
};

export function signalDescription(sig: number): string {
  const name = SIGNAL_NAMES[sig] ?? `signal ${sig}`;
  const hint = SIGNAL_HINTS[sig];
  return hint ? `${name} (${hint})` : name;
}

/**
 * Runtimes that catch their own allocation failure and exit "normally" with a message: these are
 * memory limit verdicts too (the JVM stops at -Xmx before the cgroup limit is reached).
 */
const OUT_OF_MEMORY = [
  /java\.lang\.OutOfMemoryError/,
  /JavaScript heap out of memory/,
  /fatal error: runtime: out of memory/,
  /^MemoryError\b/m,
  /memory allocation of \d+ bytes failed/,
  /std::bad_alloc/,
];

export function looksOutOfMemory(stderr: string): boolean {
  return OUT_OF_MEMORY.some((re) => re.test(stderr));
}

/**
 * Verdict of a run before its output is compared. Returns null when the program ran fine and its
 * output decides (AC / PE / WA).
 */
export function runVerdict(rep: SandboxReport, stderr = ''): Verdict | null {
  switch (rep.status) {
    case 'OK':
      return null;
    case 'SE':
      return { status: JudgeStatus.SYSTEM_ERROR, message: `System Error: ${rep.error}` };
    case 'TLE':
      return { status: JudgeStatus.TIME_LIMIT_EXCEEDED };
    case 'MLE':
      return { status: JudgeStatus.MEMORY_LIMIT_EXCEEDED };
    case 'OLE':
      return { status: JudgeStatus.RUNTIME_ERROR, message: 'Output limit exceeded' };
    case 'RE':
      if (looksOutOfMemory(stderr)) return { status: JudgeStatus.MEMORY_LIMIT_EXCEEDED };
      if (rep.signal) return { status: JudgeStatus.RUNTIME_ERROR, message: `Runtime Error: the program was killed by ${signalDescription(rep.signal)}` };
      return { status: JudgeStatus.RUNTIME_ERROR, message: `Runtime Error: the program returned exit code ${rep.exitCode}` };
  }
}

/** Compile step: null when it succeeded, else a CE (or SE when the sandbox itself failed). */
export function compileVerdict(rep: SandboxReport, compilerOutput: string): Verdict | null {
  switch (rep.status) {
    case 'OK':
      return null;
    case 'SE':
      return { status: JudgeStatus.SYSTEM_ERROR, message: `System Error: ${rep.error}` };
    case 'TLE':
      return { status: JudgeStatus.COMPILE_ERROR, message: joinMessage('Compilation time limit exceeded', compilerOutput) };
    case 'MLE':
      return { status: JudgeStatus.COMPILE_ERROR, message: joinMessage('Compilation memory limit exceeded', compilerOutput) };
    case 'OLE':
      return { status: JudgeStatus.COMPILE_ERROR, message: joinMessage('Compiler output too large', compilerOutput) };
    case 'RE':
      return {
        status: JudgeStatus.COMPILE_ERROR,
        message: compilerOutput.trim()
          ? compilerOutput
          : rep.signal
            ? `Compiler killed by ${signalDescription(rep.signal)}`
            : `Compiler exited with code ${rep.exitCode}`,
      };
  }
}

function joinMessage(head: string, body: string): string {
  return body.trim() ? `${head}\n${body}` : head;
}

/** Compiler output trimmed to a readable size (the first errors matter most). */
export function trimCompilerOutput(text: string, maxChars = 8000, maxLines = 200): string {
  let out = text.replace(/\/box\//g, '');
  const lines = out.split('\n');
  let cut = false;
  if (lines.length > maxLines) {
    out = lines.slice(0, maxLines).join('\n');
    cut = true;
  }
  if (out.length > maxChars) {
    const nl = out.lastIndexOf('\n', maxChars);
    out = out.slice(0, nl > maxChars / 2 ? nl : maxChars);
    cut = true;
  }
  return cut ? `${out.trimEnd()}\n... (output truncated)` : out;
}

/** English names of the judge statuses, e.g. for the `oj run` report. */
export const JUDGE_STATUS_NAMES: Record<JudgeStatusCode, string> = {
  [JudgeStatus.NOT_SUBMITTED]: 'Not Submitted',
  [JudgeStatus.SUBMITTED_UNKNOWN_RESULT]: 'Submitted Unknown Result',
  [JudgeStatus.CANCELLED]: 'Cancelled',
  [JudgeStatus.PRESENTATION_ERROR]: 'Presentation Error',
  [JudgeStatus.COMPILE_ERROR]: 'Compile Error',
  [JudgeStatus.WRONG_ANSWER]: 'Wrong Answer',
  [JudgeStatus.ACCEPTED]: 'Accepted',
  [JudgeStatus.TIME_LIMIT_EXCEEDED]: 'Time Limit Exceeded',
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED]: 'Memory Limit Exceeded',
  [JudgeStatus.RUNTIME_ERROR]: 'Runtime Error',
  [JudgeStatus.SYSTEM_ERROR]: 'System Error',
  [JudgeStatus.PENDING]: 'Pending',
  [JudgeStatus.COMPILING]: 'Compiling',
  [JudgeStatus.JUDGING]: 'Judging',
  [JudgeStatus.PARTIAL_ACCEPTED]: 'Partial Accepted',
  [JudgeStatus.SUBMITTING]: 'Submitting',
  [JudgeStatus.SUBMITTED_FAILED]: 'Submitted Failed',
  [JudgeStatus.OUTPUT_LIMIT_EXCEEDED]: 'Output Limit Exceeded',
  [JudgeStatus.HACKED]: 'Hacked',
};

export function statusName(status: JudgeStatusCode): string {
  return JUDGE_STATUS_NAMES[status] ?? `Status ${status}`;
}
