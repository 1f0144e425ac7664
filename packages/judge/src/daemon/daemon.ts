/**
 * The judge daemon: checks the sandbox, registers with the server (languages detected on this host,
 * capacity = cores by default, and the remote judges it serves with their languages), keeps a
 * heartbeat, runs `capacity` workers on the local lane and, when remote judging is on, `remote.workers`
 * workers on the remote lane, and stops gracefully — polls end at once, tasks being worked on get
 * `stopGraceMs` to finish and are then given back (`fail`, or `remoteFail` 'unreachable' for a remote
 * submission, so the queue hands them to another judge right away) with their sandbox runs killed.
 *
 * The same code runs remotely (`oj judge --server URL --token T`, src/main.ts) and inside the site
 * (`oj start` starts one over loopback): there is only the HTTP protocol between judge and server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getLanguages, type LanguageSpec } from '../languages.js';
import { createRemoteAdapters, REMOTE_ADAPTERS } from '../remote/adapters.js';
import type { RemoteJudgeAdapter } from '../remote/types.js';
import { workRoot } from '../run.js';
import { TestDataCache } from '../testdata-cache.js';
import { BadTokenError, isTransient, JudgeClient, type Registration } from './client.js';
import type { RemoteOj } from '@oj/shared';
import { HostUsageSampler } from '@oj/shared/host-usage';
import { consoleLogger, type Logger } from './log.js';
import type { ActiveRun, LoopContext } from './poll-loop.js';
import { checkSandbox, languageReports, offeredLanguages, pruneStaleWorkDirs, selectLanguages } from './preflight.js';
import { DEFAULT_REMOTE_MAX_POLL_MS, DEFAULT_REMOTE_POLL_INTERVAL_MS, remoteLanguageReports, type RemoteJudgeOptions } from './remote-config.js';
import type { RemoteContext } from './remote-context.js';
import { runRemoteWorker } from './remote-worker.js';
import { ManifestStore, runWorker, type WorkerContext } from './worker.js';
import { sleep } from './sleep.js';

export interface JudgeDaemonOptions {
  /** Base URL of an API node. */
  server: string;
  token: string;
  /** Unique per daemon (a restarted daemon with the same name gets its old id); default: the host name. */
  name?: string;
  /** Submissions judged at once; default: the number of cores. */
  capacity?: number;
  /** Test-data cache directory; default $OJ_JUDGE_CACHE_DIR or <judge work root>/testdata. */
  cacheDir?: string;
  /** Evict least recently used test data beyond this many bytes; default: keep everything. */
  cacheMaxBytes?: number;
  /** Long-poll wait, ms (≤ 30 000). */
  pollWaitMs?: number;
  /** How long a stop waits for tasks being judged before giving them back; default 10 s. */
  stopGraceMs?: number;
  /** How long `start` keeps trying to reach the server to register; default: forever. */
  registerTimeoutMs?: number;
  log?: Logger;
  /** Languages to offer once their A+B self-test passes; default: those detected on this host (only those named in OJ_JUDGE_LANGUAGES, when set). */
  languages?: LanguageSpec[];
  /** Remote judging (OJ_REMOTE_JUDGE, remote-config.ts): the sites served and the remote lane's workers; default: off. */
  remote?: RemoteJudgeOptions;
  /** Reported at registration; default: @oj/judge's version. */
  version?: string;
  /** For tests. */
  fetch?: typeof fetch;
}

export interface DaemonInfo {
  judgeId: number;
  name: string;
  capacity: number;
  languages: string[];
  leaseMs: number;
  /** the remote judges this daemon serves (none when remote judging is off) and its remote workers */
  remoteOjs: RemoteOj[];
  remoteWorkers: number;
}

/** A judge name the server accepts: letters, digits and . _ @ : - only, at most 64 characters. */
export function judgeName(raw: string): string {
  const name = raw
    .replace(/[^\w.@:-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return name || 'judge';
}

export function defaultJudgeName(): string {
  return judgeName(os.hostname());
}

function packageVersion(): string {
  try {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? '';
  } catch {
    return '';
  }
}

export class JudgeDaemon {
  readonly name: string;
  readonly capacity: number;
  readonly client: JudgeClient;
  private readonly log: Logger;
  private readonly stopping = new AbortController();
  private readonly giveUp = new AbortController();
  /** Tasks of both lanes being worked on. */
  private readonly active = new Set<ActiveRun>();
  /** CPU use is measured between heartbeats (the first interval runs from here through the self-tests). */
  private readonly usage = new HostUsageSampler();
  /** The workers' contexts (local, and remote when on): a stop that runs out of grace marks them all. */
  private contexts: LoopContext[] = [];
  private workers: Promise<void>[] = [];
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private stopped: Promise<void> | null = null;
  private down = false;
  private enabled = true;
  private fatalError: Error | null = null;
  private resolveFinished!: (e: Error | null) => void;
  /** Resolves once the daemon has stopped: with the error that stopped it (bad token), or null. */
  readonly finished = new Promise<Error | null>((r) => {
    this.resolveFinished = r;
  });

  constructor(private readonly opts: JudgeDaemonOptions) {
    this.name = judgeName(opts.name ?? defaultJudgeName());
    this.capacity = Math.max(1, Math.floor(opts.capacity ?? os.availableParallelism()));
    this.log = opts.log ?? consoleLogger(`judge ${this.name}`);
    this.client = new JudgeClient({ server: opts.server, token: opts.token, fetch: opts.fetch });
  }

  /** Tasks being judged right now. */
  get running(): number {
    return this.active.size;
  }

  /**
   * Checks the sandbox (throws `SandboxUnavailableError` when it cannot isolate), registers (throws
   * `BadTokenError` at once; network errors are retried for `registerTimeoutMs`) and starts the workers.
   */
  async start(): Promise<DaemonInfo> {
    try {
      return await this.startUp();
    } catch (e) {
      this.stopping.abort();
      this.resolveFinished(e as Error);
      throw e;
    }
  }

  private async startUp(): Promise<DaemonInfo> {
    await checkSandbox();
    const pruned = await pruneStaleWorkDirs();
    if (pruned) this.log.info(`removed ${pruned} work director${pruned === 1 ? 'y' : 'ies'} left by a judge that was killed`);
    const detected = this.opts.languages ?? selectLanguages(getLanguages(), process.env.OJ_JUDGE_LANGUAGES, this.log);
    if (!detected.length) throw new Error('no compiler or interpreter was found on this host: nothing to judge with');
    // Only toolchains that really judge their A+B template in the sandbox are offered.
    const langs = await offeredLanguages(detected, this.log);
    if (!langs.length) throw new Error('no language passed its A+B self-test on this host: nothing to judge with (see the warnings above)');
    const remote = this.opts.remote?.ojs.length ? this.opts.remote : null;
    const remoteAdapters = remote?.sleep ? createRemoteAdapters({ sleep: remote.sleep }) : REMOTE_ADAPTERS;
    const registration: Registration = {
      name: this.name,
      cpuCount: os.availableParallelism(),
      capacity: this.capacity,
      languages: languageReports(langs),
      remoteOjs: remote ? remote.ojs : [],
      remoteLanguages: remote ? remoteLanguageReports(remote.ojs, remoteAdapters) : [],
      version: this.opts.version ?? packageVersion(),
      ...this.usage.sample(),
    };
    const session = await this.register(registration);

    const cacheDir = this.opts.cacheDir ?? process.env.OJ_JUDGE_CACHE_DIR ?? path.join(workRoot(), 'testdata');
    const cache = new TestDataCache({
      dir: cacheDir,
      maxBytes: this.opts.cacheMaxBytes,
      fetch: (hash) => this.client.testdata(hash),
    });
    const loop = (): LoopContext => ({
      name: this.name,
      client: this.client,
      log: this.log,
      pollWaitMs: Math.min(this.opts.pollWaitMs ?? session.maxWaitMs, session.maxWaitMs),
      stopping: this.stopping.signal,
      giveUp: this.giveUp.signal,
      active: this.active,
      abandonAll: false,
      onFatal: (e) => this.fatal(e),
      onReachable: () => this.reachable(),
      onUnreachable: (e) => this.unreachable(e),
    });
    const local: WorkerContext = { ...loop(), cache, manifests: new ManifestStore(this.client) };
    this.contexts = [local];
    this.workers = Array.from({ length: this.capacity }, () => runWorker(local));
    const remoteWorkers = remote ? Math.max(1, Math.floor(remote.workers)) : 0;
    if (remote) {
      const served = Object.fromEntries(remote.ojs.map((oj) => [oj, remoteAdapters[oj]])) as Partial<Record<RemoteOj, RemoteJudgeAdapter>>;
      const ctx: RemoteContext = {
        ...loop(),
        adapters: served,
        baseUrls: remote.baseUrls,
        sleep: remote.sleep ?? ((ms) => sleep(ms, this.giveUp.signal)),
        pollIntervalMs: remote.pollIntervalMs ?? DEFAULT_REMOTE_POLL_INTERVAL_MS,
        maxPollMs: remote.maxPollMs ?? DEFAULT_REMOTE_MAX_POLL_MS,
      };
      this.contexts.push(ctx);
      this.workers.push(...Array.from({ length: remoteWorkers }, () => runRemoteWorker(ctx)));
    }
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), session.heartbeatMs);
    this.heartbeatTimer.unref();
    return {
      judgeId: session.judgeId,
      name: this.name,
      capacity: this.capacity,
      languages: langs.map((l) => l.name),
      leaseMs: session.leaseMs,
      remoteOjs: remote ? remote.ojs : [],
      remoteWorkers,
    };
  }

  private async register(body: Registration) {
    const until = Date.now() + (this.opts.registerTimeoutMs ?? Infinity);
    let delay = 1000;
    for (;;) {
      try {
        const session = await this.client.register(body);
        if (this.down) this.log.info(`server ${this.client.server} reachable again`);
        this.down = false;
        return session;
      } catch (e) {
        if (!isTransient(e) || Date.now() + delay > until || this.stopping.signal.aborted) throw e;
        if (!this.down) this.log.warn(`cannot register with ${this.client.server}: ${(e as Error).message}; retrying`);
        this.down = true;
      }
      await sleep(delay, this.stopping.signal);
      if (this.stopping.signal.aborted) throw new Error('stopped before the judge could register');
      delay = Math.min(delay * 2, 30_000);
    }
  }

  private async heartbeat() {
    try {
      const { enabled } = await this.client.heartbeat(this.active.size, this.usage.sample());
      this.reachable();
      if (enabled !== this.enabled) {
        this.enabled = enabled;
        if (enabled) this.log.info('enabled again by an administrator: taking tasks');
        else this.log.warn('disabled by an administrator: no tasks until it is enabled again');
      }
    } catch (e) {
      if (e instanceof BadTokenError) this.fatal(e);
      else if (!this.stopping.signal.aborted) this.unreachable(e as Error);
    }
  }

  private reachable() {
    if (!this.down) return;
    this.down = false;
    this.log.info(`server ${this.client.server} reachable again`);
  }

  private unreachable(e: Error) {
    if (this.down) return;
    this.down = true;
    this.log.warn(`cannot reach ${this.client.server}: ${e.message}; retrying`);
  }

  /** The server refuses us (bad token): nothing can work, stop without waiting. */
  private fatal(e: Error) {
    if (this.fatalError) return;
    this.fatalError = e;
    this.log.error(e.message);
    void this.stop(0);
  }

  /**
   * Stops polling at once, lets tasks being judged finish for up to `graceMs`, then gives the rest
   * back (their runs are killed). Idempotent.
   */
  stop(graceMs = this.opts.stopGraceMs ?? 10_000): Promise<void> {
    this.stopped ??= this.doStop(graceMs);
    return this.stopped;
  }

  private async doStop(graceMs: number) {
    this.stopping.abort();
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    const workers = Promise.all(this.workers);
    const giveUp = async () => {
      this.giveUp.abort();
      for (const ctx of this.contexts) ctx.abandonAll = true;
      await Promise.all([...this.active].map((run) => run.abandon('the judge is stopping')));
    };
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace'>((r) => {
      timer = setTimeout(() => r('grace'), Math.max(0, graceMs));
    });
    if ((await Promise.race([workers.then(() => 'done' as const), graceOver])) === 'grace') {
      await giveUp();
      // Runs are killed and the tasks given back; a worker still stuck (a download) is not waited for long.
      await Promise.race([workers, new Promise((r) => setTimeout(r, 5000).unref())]);
    }
    clearTimeout(timer);
    this.resolveFinished(this.fatalError);
  }
}
