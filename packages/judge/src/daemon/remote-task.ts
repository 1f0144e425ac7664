/**
 * One remote submission (task kind 'remote'), judged on its site through the site's adapter:
 *
 * - without a run id: the language by our name, a login when the account's session is not one any more,
 *   the source salted with our submission id, the submit — and at once a progress (5) carrying the
 *   site's run id and the session, so that whoever has the task next polls that run instead of
 *   submitting again;
 * - with a run id (an earlier lease submitted it): straight to polling, with the same account;
 * - a run the user linked (`linkedHandle`): looked at in the site's public list of his runs, no account;
 * - a look at the run every `pollIntervalMs`: Pending, Compiling, Judging as progress 5/6/7 (the lease
 *   is also kept alive in between, `RemoteLease`); the final verdict as the result (time, memory,
 *   score, the compiler's message of a CE). No final verdict within `maxPollMs`: given back.
 *
 * What keeps the run from a verdict goes back with remoteFail: a RemoteError with its kind (and the wait
 * a site asked for), anything else as 'unexpected'. A stop gives the task back as 'unreachable' — never
 * while the submit is on the wire (the run id would be lost): then once the run id is reported. The
 * log names the site and the account's username only, never its password or cookies.
 */
import { INT4_MAX, JudgeStatus, type RemoteFailure, type RemoteTask } from '@oj/shared';
import type { RemoteHttp } from '../remote/http.js';
import { saltSource } from '../remote/salt.js';
import { RemoteError, type RemoteJudgeAdapter, type RemoteRunState } from '../remote/types.js';
import { BadTokenError, LeaseLostError, type RemoteResultBody } from './client.js';
import type { ActiveRun } from './poll-loop.js';
import { openSession, type RemoteContext, servedAdapter } from './remote-context.js';
import { RemoteLease, type RemoteStage } from './remote-lease.js';

type Phase = 'preparing' | 'submitting' | 'polling' | 'posting' | 'failing' | 'abandoned' | 'done';
type FinalState = Extract<RemoteRunState, { phase: 'final' }>;

const STAGE: Record<Exclude<RemoteRunState['phase'], 'final'>, RemoteStage> = {
  pending: JudgeStatus.PENDING,
  compiling: JudgeStatus.COMPILING,
  judging: JudgeStatus.JUDGING,
};

/** Statuses that would leave a submission waiting for ever if posted as its verdict. */
const NOT_FINAL: readonly number[] = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING];
const MAX_COMPILE_MESSAGE = 64 * 1024;
const MAX_RETRY_AFTER_MS = 3_600_000;

const amount = (n: number | null) => (n === null || !Number.isFinite(n) ? null : Math.min(INT4_MAX, Math.max(0, Math.round(n))));
const minutes = (ms: number) => `${Math.round(ms / 6000) / 10} min`;

export class RemoteTaskRun implements ActiveRun {
  private phase: Phase = 'preparing';
  /** the account's session on the site, once the site is known to be served */
  private http: RemoteHttp | null = null;
  private readonly lease: RemoteLease;
  /** ends a pause between two looks when the task is given up */
  private readonly woken = new AbortController();
  /** a stop that came while the submit was on the wire: carried out once the run id is reported */
  private abandonAfterSubmit: string | null = null;
  /** texts of the site this task logged as unknown (once each) */
  private readonly unknownTexts = new Set<string>();

  constructor(
    readonly task: RemoteTask,
    private readonly ctx: RemoteContext,
  ) {
    this.lease = new RemoteLease({
      client: ctx.client,
      taskId: task.taskId,
      leaseToken: task.leaseToken,
      leaseMs: task.leaseMs,
      session: task.account.session,
      currentSession: () => this.session(),
      log: ctx.log,
    });
  }

  private get label() {
    return `remote task ${this.task.taskId} (submission ${this.task.submitId}, ${this.task.oj} as ${this.task.account.username})`;
  }

  private session(): string | null {
    return this.http ? this.http.saveCookies() : this.task.account.session;
  }

  private over(): boolean {
    return this.phase === 'abandoned' || this.lease.lost;
  }

  /** How long to keep retrying a result or failure: for the lease, or not at all when the judge is stopping. */
  private retry() {
    return { retryForMs: this.ctx.stopping.aborted ? 0 : this.task.leaseMs, signal: this.ctx.giveUp };
  }

  /** Gives the task back now (the daemon is stopping); after the submit when it is on the wire. */
  async abandon(reason: string): Promise<void> {
    if (this.phase === 'submitting') {
      this.abandonAfterSubmit = reason;
      return;
    }
    if (this.phase !== 'preparing' && this.phase !== 'polling') return;
    this.phase = 'abandoned';
    this.woken.abort();
    await this.lease.stop();
    if (this.lease.lost) return;
    try {
      await this.ctx.client.remoteFail(
        { taskId: this.task.taskId, leaseToken: this.task.leaseToken, failure: 'unreachable', error: reason, session: this.session() },
        { retryForMs: 0 },
      );
      this.ctx.log.info(`${this.label} given back: ${reason}`);
    } catch (e) {
      if (!(e instanceof LeaseLostError)) this.ctx.log.warn(`${this.label}: could not give it back (${(e as Error).message}); its lease will expire`);
    }
  }

  async run(): Promise<void> {
    const { task, ctx } = this;
    ctx.log.info(`${this.label}: problem ${task.problemId}${task.runId ? `, polling run ${task.runId}` : ''}`);
    try {
      const adapter = servedAdapter(ctx, task.oj);
      const http = openSession(ctx, adapter, task.account.session);
      this.http = http;
      const look = this.looker(adapter, http);
      const runId = task.runId ?? (await this.submit(adapter, http));
      if (runId === null || this.over()) return;
      const final = await this.pollToEnd(() => look(runId), runId);
      if (final && !this.over()) await this.post(final);
    } catch (e) {
      if (this.over()) return;
      const err = e as Error;
      if (e instanceof RemoteError) await this.fail(e.kind, err.message, e.retryAfterMs);
      else await this.fail('unexpected', err.message || String(e));
    } finally {
      await this.lease.stop();
      if (this.phase !== 'abandoned') this.phase = 'done';
    }
  }

  /** Logs in when needed and submits; the run id, reported before anything else happens (null: the task was given up). */
  private async submit(adapter: RemoteJudgeAdapter, http: RemoteHttp): Promise<string | null> {
    const { task, ctx } = this;
    const language = adapter.languages.find((l) => l.name === task.language);
    if (!language) {
      throw new RemoteError('refused', `${task.oj} takes no language "${task.language}" (it takes ${adapter.languages.map((l) => l.name).join(', ')})`);
    }
    await adapter.ensureLogin(http, task.account);
    if (this.over()) return null;
    this.phase = 'submitting';
    let runId: string;
    try {
      ({ runId } = await adapter.submit(http, task.account, {
        problemId: task.problemId,
        language,
        source: saltSource(task.code, language, task.submitId),
      }));
    } finally {
      this.phase = 'polling';
    }
    ctx.log.info(`${this.label}: submitted as run ${runId}`);
    this.lease.report(JudgeStatus.PENDING, runId);
    await this.lease.flush();
    if (this.abandonAfterSubmit !== null) {
      if (this.lease.runIdUnsent) ctx.log.warn(`${this.label}: the server may not know run ${runId} yet; giving the task back anyway`);
      await this.abandon(this.abandonAfterSubmit);
      return null;
    }
    return runId;
  }

  /**
   * How the run is looked at: with the account through the adapter's poll, or, for a run the user linked,
   * in the site's public list of his runs (which also proves it is his: the first look that does not find
   * it ends the task as not found). A linked task without its run id, or on a site whose runs cannot be
   * linked, is refused before anything is asked.
   */
  private looker(adapter: RemoteJudgeAdapter, http: RemoteHttp): (runId: string) => Promise<RemoteRunState> {
    const { task } = this;
    const handle = task.linkedHandle;
    if (handle === null) return (runId) => adapter.poll(http, task.account, { runId, problemId: task.problemId });
    const linked = adapter.linkedRun;
    if (!linked || !task.runId) throw new RemoteError('refused', `runs of ${task.oj} cannot be linked`);
    return (runId) => linked(http, { runId, problemId: task.problemId, handle });
  }

  /** Looks at the run until it is final; null when the task was given up or its lease lost meanwhile. */
  private async pollToEnd(lookAt: () => Promise<RemoteRunState>, runId: string): Promise<FinalState | null> {
    const { task, ctx } = this;
    this.phase = 'polling';
    const started = Date.now();
    // Waits are counted as well as the clock: a test's sleep takes no time.
    let waited = 0;
    for (;;) {
      const state = await lookAt();
      if (this.over()) return null;
      if (state.phase === 'final') return state;
      if (state.unknown && !this.unknownTexts.has(state.raw)) {
        this.unknownTexts.add(state.raw);
        ctx.log.warn(`${this.label}: ${task.oj} says "${state.raw}", a text its table does not know; polling on`);
      }
      this.lease.report(STAGE[state.phase]);
      if (waited >= ctx.maxPollMs || Date.now() - started >= ctx.maxPollMs) {
        throw new RemoteError('unexpected', `no final verdict from ${task.oj} after ${minutes(ctx.maxPollMs)} (run ${runId}: ${state.raw})`);
      }
      await this.pause(ctx.pollIntervalMs);
      waited += ctx.pollIntervalMs;
      if (this.over()) return null;
    }
  }

  /** The injected sleep, cut short when the task is given up or its lease lost. */
  private pause(ms: number): Promise<void> {
    const signal = AbortSignal.any([this.woken.signal, this.lease.signal]);
    if (signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done);
        resolve();
      };
      signal.addEventListener('abort', done, { once: true });
      void Promise.resolve(this.ctx.sleep(ms)).then(done, done);
    });
  }

  private async post(final: FinalState): Promise<void> {
    const { task, ctx } = this;
    if (!Number.isInteger(final.status) || final.status < -3 || final.status > 11 || NOT_FINAL.includes(final.status)) {
      throw new RemoteError('unexpected', `${task.oj} run: "${final.raw}" was read as status ${final.status}, which is no verdict`);
    }
    this.phase = 'posting';
    await this.lease.stop();
    if (this.lease.lost) return;
    const body: RemoteResultBody = {
      taskId: task.taskId,
      leaseToken: task.leaseToken,
      status: final.status,
      time: amount(final.time),
      memory: amount(final.memory),
      score: final.score == null ? null : Math.min(100, amount(final.score) ?? 0),
      errorMessage: final.compileMessage === null ? null : final.compileMessage.slice(0, MAX_COMPILE_MESSAGE),
      session: this.session(),
    };
    try {
      const res = await ctx.client.remoteResult(body, this.retry());
      ctx.log.debug(`${this.label}: ${final.raw} (status ${final.status})${res.duplicate ? ' (already posted)' : ''}`);
    } catch (e) {
      if (e instanceof BadTokenError) return ctx.onFatal(e);
      if (e instanceof LeaseLostError) return ctx.log.info(`${this.label}: lease lost; result dropped`);
      ctx.log.warn(`${this.label}: the result could not be delivered (${(e as Error).message}); the lease will expire and the run will be polled again`);
    }
  }

  private async fail(failure: RemoteFailure, error: string, retryAfterMs?: number): Promise<void> {
    const { task, ctx } = this;
    this.phase = 'failing';
    await this.lease.stop();
    if (this.lease.lost) return;
    ctx.log.warn(`${this.label}: ${failure}: ${error}`);
    const wait = retryAfterMs === undefined ? null : Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(retryAfterMs)));
    try {
      await ctx.client.remoteFail(
        { taskId: task.taskId, leaseToken: task.leaseToken, failure, error, retryAfterMs: wait, session: this.session() },
        this.retry(),
      );
    } catch (e) {
      if (e instanceof BadTokenError) ctx.onFatal(e);
      else if (!(e instanceof LeaseLostError)) ctx.log.warn(`${this.label}: could not give it back (${(e as Error).message}); its lease will expire`);
    }
  }
}
