/**
 * Typed wrapper around the C sandbox runner (`../sandbox/runner`). Every untrusted program —
 * compilers included — runs through `runSandboxed`. The runner refuses (status 'SE') when it
 * cannot isolate; this wrapper never falls back to running anything directly.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BoxPool } from './sandbox-pool.js';

export const SANDBOX_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'sandbox');
export const RUNNER_PATH = path.join(SANDBOX_DIR, 'runner');
/** Pipe broker of interactive judging (`sandbox/interact.c`): two runners, two pipes. */
export const INTERACT_PATH = path.join(SANDBOX_DIR, 'interact');

export type SandboxStatus = 'OK' | 'TLE' | 'MLE' | 'RE' | 'OLE' | 'SE';

export interface SandboxReport {
  status: SandboxStatus;
  /** CPU time of every process of the box (cgroup counter), ms. */
  timeMs: number;
  wallMs: number;
  /** Max RSS over the box's processes (ru_maxrss), KB. */
  memoryKb: number;
  /** Exit code of the main program, null when it was killed by a signal. */
  exitCode: number | null;
  signal: number;
  oomKilled: boolean;
  /** Why the status is not OK (for SE: what failed). */
  error: string;
  cgroup: string;
  cgroupPeakKb: number;
  uid: number;
  /** Pid of the runner process (its cgroup is named after it). */
  runnerPid: number;
}

export interface ReadOnlyBind {
  src: string;
  /** Path inside the box; defaults to `src`. */
  dst?: string;
}

export interface SandboxRequest {
  /** Absolute path inside the box, then its arguments. */
  argv: string[];
  /** CPU time limit (cgroup counter, all processes together). */
  timeMs: number;
  /** Wall-clock guard against sleeping programs; default 3 × time + 1 s. */
  wallMs?: number;
  /** Memory cgroup limit. */
  memoryKb: number;
  stackKb?: number;
  /** RLIMIT_FSIZE: the output limit, also the largest file the program may write. */
  outputKb?: number;
  /** RLIMIT_AS; leave unset (never for Java: the JVM reserves GBs of address space). */
  addressSpaceKb?: number;
  pids?: number;
  nofile?: number;
  /** Host directories whose regular files are copied into /box, root-owned and read-only. */
  boxDirs?: string[];
  /** After the run, files the program created in /box are copied into this host directory. */
  copyOutDir?: string;
  boxSizeKb?: number;
  tmpSizeKb?: number;
  stdin?: string;
  stdout?: string;
  /** Inherited pipe descriptors instead of files (set by `runInteractivePair`). */
  stdinFd?: number;
  stdoutFd?: number;
  stderr?: string;
  stderrToStdout?: boolean;
  readOnlyBinds?: ReadOnlyBind[];
  env?: Record<string, string>;
}

let built = false;

/** Builds the runner (and the pipe broker) with make (a no-op when up to date). Throws when the build fails. */
export function ensureRunnerBuilt(): string {
  if (built && fs.existsSync(RUNNER_PATH) && fs.existsSync(INTERACT_PATH)) return RUNNER_PATH;
  const r = spawnSync('make', ['-s', '-C', SANDBOX_DIR], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building the sandbox runner failed: ${r.stderr || r.error?.message || `exit ${r.status}`}`);
  built = true;
  return RUNNER_PATH;
}

/**
 * Concurrency slots. A slot is a uid of its own (RLIMIT_NPROC is counted per uid system-wide, so
 * two boxes sharing a uid could starve each other) and one box at a time; the runner also locks
 * the uid it uses, so judges in other processes on the same host never share one either.
 */
export class SlotPool {
  private free: number[];
  private waiters: Array<(slot: number) => void> = [];

  constructor(readonly size: number) {
    this.free = Array.from({ length: size }, (_, i) => i);
  }

  async acquire(): Promise<number> {
    const slot = this.free.shift();
    if (slot !== undefined) return slot;
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(slot: number): void {
    const next = this.waiters.shift();
    if (next) next(slot);
    else this.free.push(slot);
  }

  async with<T>(fn: (slot: number) => Promise<T>): Promise<T> {
    const slot = await this.acquire();
    try {
      return await fn(slot);
    } finally {
      this.release(slot);
    }
  }
}

function intEnv(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : fallback;
}

export const sandboxConfig = {
  uidBase: intEnv('OJ_SANDBOX_UID_BASE', 60000),
  uidPoolSize: intEnv('OJ_SANDBOX_UID_POOL', 1000),
  slots: intEnv('OJ_SANDBOX_SLOTS', os.availableParallelism()),
  /** auto | v1 | v2 */
  cgroup: process.env.OJ_SANDBOX_CGROUP ?? 'auto',
  /** Parent of the box cgroups (relative to the hierarchy root); default: the judge's own cgroup. */
  cgroupParent: process.env.OJ_SANDBOX_CGROUP_PARENT,
  /** Lock files and the mount point of the box roots. */
  stateDir: process.env.OJ_SANDBOX_STATE_DIR,
  /** The pool of ready boxes (one long-lived runner per slot); OJ_SANDBOX_POOL=0 runs every box from scratch. */
  pool: process.env.OJ_SANDBOX_POOL !== '0',
};

export const slots = new SlotPool(sandboxConfig.slots);

function buildArgs(req: SandboxRequest, slot: number): string[] {
  return buildArgsForUid(req, sandboxConfig.uidBase + (slot % sandboxConfig.uidPoolSize));
}

/** The runner's flags of the box itself: the request's limits and files (the program not included). */
function requestFlags(req: SandboxRequest): string[] {
  const kb = (n: number) => String(Math.max(1, Math.ceil(n)));
  const a: string[] = ['--time', kb(req.timeMs), '--memory', kb(req.memoryKb)];
  if (req.wallMs !== undefined) a.push('--wall', kb(req.wallMs));
  if (req.stackKb !== undefined) a.push('--stack', kb(req.stackKb));
  if (req.outputKb !== undefined) a.push('--output', kb(req.outputKb));
  if (req.addressSpaceKb !== undefined) a.push('--as', kb(req.addressSpaceKb));
  if (req.pids !== undefined) a.push('--pids', String(req.pids));
  if (req.nofile !== undefined) a.push('--nofile', String(req.nofile));
  for (const d of req.boxDirs ?? []) a.push('--box', d);
  if (req.copyOutDir) a.push('--copy-out', req.copyOutDir);
  if (req.boxSizeKb !== undefined) a.push('--box-size', kb(req.boxSizeKb));
  if (req.tmpSizeKb !== undefined) a.push('--tmp-size', kb(req.tmpSizeKb));
  if (req.stdinFd !== undefined) a.push('--stdin-fd', String(req.stdinFd));
  else if (req.stdin) a.push('--stdin', req.stdin);
  if (req.stdoutFd !== undefined) a.push('--stdout-fd', String(req.stdoutFd));
  else if (req.stdout) a.push('--stdout', req.stdout);
  if (req.stderr) a.push('--stderr', req.stderr);
  if (req.stderrToStdout) a.push('--stderr-to-stdout');
  for (const b of req.readOnlyBinds ?? []) a.push('--ro', b.dst && b.dst !== b.src ? `${b.src}:${b.dst}` : b.src);
  for (const [k, v] of Object.entries(req.env ?? {})) a.push('--env', `${k}=${v}`);
  return a;
}

/** The request's flags and program: what a slot of the pool is sent. */
function requestArgs(req: SandboxRequest): string[] {
  return [...requestFlags(req), '--', ...req.argv];
}

/** Where boxes live: the uid to start from, cgroup mode and parent, state directory. */
function placeArgs(uid: number): string[] {
  const { uidBase, uidPoolSize, cgroup, cgroupParent, stateDir } = sandboxConfig;
  const a = ['--uid', String(uid), '--uid-pool', `${uidBase}:${uidPoolSize}`, '--cgroup', cgroup];
  if (cgroupParent) a.push('--cgroup-parent', cgroupParent);
  if (stateDir) a.push('--state-dir', stateDir);
  return a;
}

/** Runner arguments; `uid` is only the first uid tried: the runner locks the first free one from there. */
function buildArgsForUid(req: SandboxRequest, uid: number): string[] {
  return [...requestFlags(req), ...placeArgs(uid), '--', ...req.argv];
}

function systemError(error: string, runnerPid = 0): SandboxReport {
  return {
    status: 'SE',
    timeMs: 0,
    wallMs: 0,
    memoryKb: 0,
    exitCode: null,
    signal: 0,
    oomKilled: false,
    error,
    cgroup: 'none',
    cgroupPeakKb: 0,
    uid: -1,
    runnerPid,
  };
}

interface RawReport {
  status: SandboxStatus;
  time_ms: number;
  wall_ms: number;
  memory_kb: number;
  exit_code: number;
  signal: number;
  oom_killed: boolean;
  error: string;
  cgroup: string;
  cgroup_peak_kb: number;
  uid: number;
}

/** Parses the runner's one-line JSON report. */
export function parseReport(stdout: string, runnerPid: number): SandboxReport | null {
  const line = stdout.trim().split('\n').pop();
  if (!line) return null;
  let raw: RawReport;
  try {
    raw = JSON.parse(line) as RawReport;
  } catch {
    return null;
  }
  if (!['OK', 'TLE', 'MLE', 'RE', 'OLE', 'SE'].includes(raw.status)) return null;
  return {
    status: raw.status,
    timeMs: raw.time_ms,
    wallMs: raw.wall_ms,
    memoryKb: raw.memory_kb,
    exitCode: raw.signal ? null : raw.exit_code,
    signal: raw.signal,
    oomKilled: raw.oom_killed,
    error: raw.error,
    cgroup: raw.cgroup,
    cgroupPeakKb: raw.cgroup_peak_kb,
    uid: raw.uid,
    runnerPid,
  };
}

/** Emits 'report' (SandboxReport, SandboxRequest) after every run: metrics, tests. */
export const sandboxEvents = new EventEmitter();

/**
 * What one caller (a daemon worker judging one task) wants to know about, or do to, the sandbox runs
 * started on its behalf — without threading anything through the engine: the scope follows the
 * async context (`AsyncLocalStorage`), so every run started inside `withRunScope(scope, fn)` sees it.
 */
export interface RunScope {
  /** Aborting kills the scope's runs (SIGTERM: the runner kills its box, cleans up, reports SE) and
   * makes later runs report SE at once without starting. */
  signal?: AbortSignal;
  /** Called with every report of the scope's runs. */
  onReport?: (report: SandboxReport, request: SandboxRequest) => void;
}

const runScope = new AsyncLocalStorage<RunScope>();

export function withRunScope<T>(scope: RunScope, fn: () => Promise<T>): Promise<T> {
  return runScope.run(scope, fn);
}

/**
 * Runs `fn` outside any run scope: shared work (a checker compiled once for every task that needs it)
 * that no single task's abort may kill. Pass its SE reports on with `reportToScope`.
 */
export function withoutRunScope<T>(fn: () => Promise<T>): Promise<T> {
  return runScope.exit(fn);
}

/** Shows the report of a shared run to the current scope, as if one of its own runs had made it. */
export function reportToScope(report: SandboxReport, request: SandboxRequest): void {
  runScope.getStore()?.onReport?.(report, request);
}

/** Ties a started runner (or broker) to the current scope: kills it when the scope aborts. Returns the cleanup. */
function watchScope(scope: RunScope | undefined, child: ChildProcess): () => void {
  const signal = scope?.signal;
  if (!signal) return () => {};
  const kill = () => {
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  };
  signal.addEventListener('abort', kill, { once: true });
  return () => signal.removeEventListener('abort', kill);
}

function emitReport(scope: RunScope | undefined, rep: SandboxReport, req: SandboxRequest) {
  sandboxEvents.emit('report', rep, req);
  scope?.onReport?.(rep, req);
}

const ABORTED = 'run aborted by the judge (task given up)';

/** Runs one program in the sandbox on an already acquired slot. */
export function runOnSlot(req: SandboxRequest, slot: number): Promise<SandboxReport> {
  const scope = runScope.getStore();
  if (scope?.signal?.aborted) {
    const rep = systemError(ABORTED);
    emitReport(scope, rep, req);
    return Promise.resolve(rep);
  }
  const runner = ensureRunnerBuilt();
  // Inherited pipes (interactive pairs) need a runner of their own that inherits them.
  if (sandboxConfig.pool && req.stdinFd === undefined && req.stdoutFd === undefined) {
    return runPooled(req, slot, scope).then((rep) => rep ?? runFresh(req, slot, scope, runner));
  }
  return runFresh(req, slot, scope, runner);
}

const boxPool = new BoxPool(ensureRunnerBuilt, (slot) => placeArgs(sandboxConfig.uidBase + (slot % sandboxConfig.uidPoolSize)));

/** Why runs do not use the pool of ready boxes (null: they do, or none ran yet). */
export function sandboxPoolUnavailable(): string | null {
  return sandboxConfig.pool ? boxPool.unavailable : 'turned off (OJ_SANDBOX_POOL=0)';
}

/** Pids of this process's live slot runners (a crashed one is replaced on its slot's next run). */
export function sandboxPoolPids(): number[] {
  return boxPool.pids();
}

/** Ends the slot runners (each removes its slot's cgroups); the next run starts them again. */
export function stopSandboxPool(): Promise<void> {
  return boxPool.stop();
}

/** A run in the slot's ready box; null when the slot has no pool runner (then a one-shot runner runs it). */
async function runPooled(req: SandboxRequest, slot: number, scope: RunScope | undefined): Promise<SandboxReport | null> {
  const args = requestArgs(req);
  if (args.some((a) => a.includes('\0'))) return null; // cannot be framed; the one-shot runner refuses it
  const server = await boxPool.server(slot);
  if (!server) return null;
  const wallMs = req.wallMs ?? req.timeMs * 3 + 1000;
  const guardMs = wallMs + 30_000;
  // Aborting a run kills its slot runner (it kills the box and reports SE first); the slot's next
  // run starts a new one.
  const unwatch = watchScope(scope, server.child);
  let guardFired = false;
  const guard = setTimeout(() => {
    guardFired = true;
    server.kill('SIGTERM');
    setTimeout(() => server.kill('SIGKILL'), 5000).unref();
  }, guardMs);
  const line = await server.run(args);
  clearTimeout(guard);
  unwatch();
  const pid = server.pid;
  const rep = guardFired
    ? systemError(`sandbox runner did not finish within ${guardMs} ms`, pid)
    : ((line === null ? null : parseReport(line, pid)) ??
      systemError(`the slot's sandbox runner died during the run: ${server.stderr.trim() || 'no report'}`, pid));
  emitReport(scope, rep, req);
  return rep;
}

/** A box from scratch: one runner process for this run only. */
function runFresh(req: SandboxRequest, slot: number, scope: RunScope | undefined, runner: string): Promise<SandboxReport> {
  const args = buildArgs(req, slot);
  // The runner enforces every limit itself; this is only for a runner that hangs (it should not).
  const wallMs = req.wallMs ?? req.timeMs * 3 + 1000;
  const guardMs = wallMs + 30_000;
  return new Promise((resolve) => {
    const child = spawn(runner, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const unwatch = watchScope(scope, child);
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (err.length < 8192) err += d;
    });
    let guardFired = false;
    const guard = setTimeout(() => {
      guardFired = true;
      child.kill('SIGTERM'); // the runner kills its box and cleans up on SIGTERM
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    }, guardMs);
    child.on('error', (e) => {
      clearTimeout(guard);
      unwatch();
      resolve(systemError(`cannot start the sandbox runner: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(guard);
      unwatch();
      const pid = child.pid ?? 0;
      const parsed = parseReport(out, pid);
      const rep = guardFired
        ? systemError(`sandbox runner did not finish within ${guardMs} ms`, pid)
        : (parsed ?? systemError(`sandbox runner failed (exit ${code ?? signal}): ${err.trim() || out.trim() || 'no report'}`, pid));
      emitReport(scope, rep, req);
      resolve(rep);
    });
  });
}

/** Runs one program in the sandbox, waiting for a free slot. */
export function runSandboxed(req: SandboxRequest): Promise<SandboxReport> {
  return slots.with((slot) => runOnSlot(req, slot));
}

export interface PairReports {
  /** The first program (the contestant's). */
  a: SandboxReport;
  /** The second program (the interactor). */
  b: SandboxReport;
  /**
   * Which side cut the conversation off first (closed its output or its input, as exiting does), as
   * the relay between the boxes saw it: causal, since the other side learns of that end only through
   * the relay. 'same' = both in one poll round (neither caused the other); null when unknown.
   */
  first: PairFirst | null;
  /** Bytes relayed a → b and b → a. */
  bytes?: { up: number; down: number };
}

export type PairFirst = 'a' | 'b' | 'same';

/** Parses the relay's one-line report (`sandbox/interact.c`, fd 4). */
export function parseRelayReport(text: string): Pick<PairReports, 'first' | 'bytes'> {
  const line = text.trim().split('\n').pop();
  try {
    const raw = JSON.parse(line ?? '') as { first?: string; bytes_up?: number; bytes_down?: number };
    const first = raw.first === 'user' ? 'a' : raw.first === 'interactor' ? 'b' : raw.first === 'same' ? 'same' : null;
    return { first, bytes: { up: raw.bytes_up ?? 0, down: raw.bytes_down ?? 0 } };
  } catch {
    return { first: null };
  }
}

/**
 * Runs two programs in two boxes connected by pipes — a's stdout feeds b's stdin and b's stdout
 * feeds a's stdin — through the `interact` broker, which relays every byte itself and reports which
 * side ended first (`first`); no byte passes through this Node process. The
 * requests' stdin/stdout are ignored. Takes ONE slot (the two sides mostly wait for each other);
 * the second box gets a uid hint outside the slot range, and the runner's uid lock keeps every
 * box on a uid of its own anyway.
 */
export function runInteractivePair(a: SandboxRequest, b: SandboxRequest): Promise<PairReports> {
  return slots.with((slot) => runPairOnSlot(a, b, slot));
}

export function runPairOnSlot(a: SandboxRequest, b: SandboxRequest, slot: number): Promise<PairReports> {
  const scope = runScope.getStore();
  if (scope?.signal?.aborted) {
    const [ea, eb] = [systemError(ABORTED), systemError(ABORTED)];
    emitReport(scope, ea, a);
    emitReport(scope, eb, b);
    return Promise.resolve({ a: ea, b: eb, first: null });
  }
  ensureRunnerBuilt();
  const { uidBase, uidPoolSize } = sandboxConfig;
  const pipes = { stdinFd: 3, stdoutFd: 4, stdin: undefined, stdout: undefined };
  const ra: SandboxRequest = { ...a, ...pipes };
  const rb: SandboxRequest = { ...b, ...pipes };
  const argsA = buildArgsForUid(ra, uidBase + (slot % uidPoolSize));
  const argsB = buildArgsForUid(rb, uidBase + ((slot + slots.size) % uidPoolSize));
  const wallMs = Math.max(ra.wallMs ?? ra.timeMs * 3 + 1000, rb.wallMs ?? rb.timeMs * 3 + 1000);
  const guardMs = wallMs + 30_000;
  return new Promise((resolve) => {
    const child = spawn(INTERACT_PATH, [RUNNER_PATH, String(argsA.length), ...argsA, ...argsB], {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
    });
    const unwatch = watchScope(scope, child);
    let outA = '';
    let outB = '';
    let relay = '';
    (child.stdio[4] as NodeJS.ReadableStream).setEncoding('utf8').on('data', (d: string) => {
      relay += d;
    });
    let err = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      outA += d;
    });
    (child.stdio[3] as NodeJS.ReadableStream).setEncoding('utf8').on('data', (d: string) => {
      outB += d;
    });
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      if (err.length < 8192) err += d;
    });
    let guardFired = false;
    const guard = setTimeout(() => {
      guardFired = true;
      child.kill('SIGTERM'); // forwarded to both runners, which kill their boxes
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    }, guardMs);
    let settled = false;
    const finish = (ea: SandboxReport | null, eb: SandboxReport | null, why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      unwatch();
      const pa = ea ?? systemError(why, child.pid ?? 0);
      const pb = eb ?? systemError(why, child.pid ?? 0);
      emitReport(scope, pa, ra);
      emitReport(scope, pb, rb);
      resolve({ a: pa, b: pb, ...(ea && eb ? parseRelayReport(relay) : { first: null }) });
    };
    child.on('error', (e) => finish(null, null, `cannot start the interactive pipe broker: ${e.message}`));
    child.on('close', (code, signal) => {
      const pid = child.pid ?? 0;
      if (guardFired) return finish(null, null, `interactive run did not finish within ${guardMs} ms`);
      const why = `interactive pipe broker failed (exit ${code ?? signal}): ${err.trim() || 'no report'}`;
      finish(parseReport(outA, pid), parseReport(outB, pid), why);
    });
  });
}
