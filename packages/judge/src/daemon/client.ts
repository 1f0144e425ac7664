/**
 * HTTP client of the judge protocol (docs/architecture.md, "Judge protocol"): one method per call,
 * answers unpacked from the envelope, and protocol failures turned into typed errors a daemon can act
 * on — 401 `BadTokenError` (fatal), 404 on a judge call → register again and retry once (the client
 * keeps the registration), 404 on data → `NotFoundError`, 409 `LeaseLostError` (drop the task, never
 * retry), a refused connection or timeout → `NetworkError`. `result` and `fail` (and their remote
 * twins) retry network errors and 5xx answers (a result is idempotent for its lease; a repeated fail
 * is refused with 409, which only means the first one arrived).
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { HostUsage } from '@oj/shared/host-usage';
import {
  endpointPath,
  JUDGE_TOKEN_HEADER,
  judgeEndpoints as ep,
  type BodyOf,
  type ClientInput,
  type Endpoint,
  type GivenBackKind,
  type JudgeFailResponse,
  type JudgeHeartbeatResponse,
  type JudgeProgressResponse,
  type JudgeRegisterResponse,
  type JudgeRemoteFailResponse,
  type JudgeResultResponse,
  type PolledTask,
  type PlagiarismSources,
  type PollLane,
  type ProblemManifest,
  type ResponseOf,
} from '@oj/shared';

type DeclaredResult = ClientInput<BodyOf<typeof ep.result>>;
type DeclaredCase = NonNullable<DeclaredResult['cases']>[number];

/**
 * The body of POST /api/judge/result as the daemon builds it: the protocol table's, except that the
 * statuses are the engine's codes as they are. The server accepts final statuses only and answers
 * anything else with 400, which ends the task as failed instead of storing a wrong verdict.
 */
export type ResultBody = Omit<DeclaredResult, 'status' | 'cases'> & { status: number; cases: Array<Omit<DeclaredCase, 'status'> & { status: number }> };

export type Registration = ClientInput<BodyOf<typeof ep.register>>;
export type RemoteProgressBody = ClientInput<BodyOf<typeof ep.remoteProgress>>;
export type RemoteResultBody = ClientInput<BodyOf<typeof ep.remoteResult>>;
export type RemoteFailBody = ClientInput<BodyOf<typeof ep.remoteFail>>;

export class JudgeApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 for network errors. */
    readonly http: number,
  ) {
    super(message);
    this.name = 'JudgeApiError';
  }
}
/** 401: the server does not accept this judge token. Nothing will work: stop. */
export class BadTokenError extends JudgeApiError {
  override name = 'BadTokenError';
}
/** 409: the lease on the task is gone (expired, superseded, rejudged, cancelled): drop the task. */
export class LeaseLostError extends JudgeApiError {
  override name = 'LeaseLostError';
}
/** 404 on a problem or a test-data file. */
export class NotFoundError extends JudgeApiError {
  override name = 'NotFoundError';
}
/** 404 on a judge call: the server does not know this judge id (the client registers again). */
export class UnknownJudgeError extends JudgeApiError {
  override name = 'UnknownJudgeError';
}
/** No answer: connection refused or reset, DNS, timeout. */
export class NetworkError extends JudgeApiError {
  override name = 'NetworkError';
}

export interface JudgeClientOptions {
  /** Base URL of any API node, e.g. http://127.0.0.1:8080 */
  server: string;
  token: string;
  /** Per request (poll: its wait plus this); default 30 s. */
  timeoutMs?: number;
  /** For tests: another fetch. */
  fetch?: typeof fetch;
}

interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** Is this worth trying again later (nothing was decided by the server)? */
export const isTransient = (e: unknown) => e instanceof NetworkError || (e instanceof JudgeApiError && e.http >= 500);

export class JudgeClient {
  readonly server: string;
  private readonly token: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;
  private registration: Registration | null = null;
  private registering: Promise<JudgeRegisterResponse> | null = null;
  /** Set by `register`. */
  judgeId = 0;
  session: JudgeRegisterResponse | null = null;

  constructor(opts: JudgeClientOptions) {
    const url = new URL(opts.server); // throws on garbage
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`the server URL must be http(s)://…, got "${opts.server}"`);
    this.server = url.toString().replace(/\/+$/, '');
    this.token = opts.token;
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.fetchFn = opts.fetch ?? fetch;
  }

  /** One call; resolves with the raw response when it is 2xx, throws a typed error otherwise. */
  private async request(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    o: { timeoutMs?: number; signal?: AbortSignal; judgeCall?: boolean } = {},
  ): Promise<Response> {
    const timeout = AbortSignal.timeout(o.timeoutMs ?? this.timeoutMs);
    const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await this.fetchFn(`${this.server}${path}`, {
        method,
        headers: { [JUDGE_TOKEN_HEADER]: this.token, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        signal,
      });
    } catch (e) {
      if (o.signal?.aborted) throw e; // the caller gave up: not a network problem
      const err = e as Error & { cause?: { code?: string; message?: string } };
      const why = timeout.aborted ? `no answer within ${o.timeoutMs ?? this.timeoutMs} ms` : (err.cause?.code ?? err.cause?.message ?? err.message);
      throw new NetworkError(`${method} ${path}: ${why}`, 0);
    }
    if (res.ok) return res;
    let msg = res.statusText;
    try {
      msg = ((await res.json()) as Envelope<unknown>).msg || msg;
    } catch {
      // not an envelope (a proxy's error page): keep the status text
    }
    const text = `${method} ${path}: HTTP ${res.status} ${msg}`;
    if (res.status === 401) throw new BadTokenError(`the server refused the judge token (${text})`, 401);
    if (res.status === 409) throw new LeaseLostError(text, 409);
    if (res.status === 404) throw o.judgeCall ? new UnknownJudgeError(text, 404) : new NotFoundError(text, 404);
    throw new JudgeApiError(text, res.status);
  }

  /** One call of the protocol table: its method and path, the body as declared, the answer's `data` as declared. */
  private async call<E extends Endpoint>(
    endpoint: E,
    input: { body?: ClientInput<BodyOf<E>>; query?: Record<string, string | number> } = {},
    o: { timeoutMs?: number; signal?: AbortSignal; judgeCall?: boolean } = {},
  ): Promise<ResponseOf<E>> {
    const qs = input.query ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]): [string, string] => [k, String(v)]))}` : '';
    const method = endpoint.method as 'GET' | 'POST';
    const path = `/api/${endpoint.path}${qs}`;
    const res = await this.request(method, path, input.body, o);
    try {
      return ((await res.json()) as Envelope<ResponseOf<E>>).data;
    } catch (e) {
      throw new NetworkError(`${method} ${path}: unreadable answer (${(e as Error).message})`, 0);
    }
  }

  /** Registers (the same name gets the same id back) and remembers the body for re-registering. */
  async register(body: Registration): Promise<JudgeRegisterResponse> {
    this.registration = body;
    const res = await this.call(ep.register, { body });
    this.judgeId = res.judgeId;
    this.session = res;
    return res;
  }

  /** After a 404 on a judge call (the server lost or removed our row): register again, once for all callers. */
  private reregister(): Promise<JudgeRegisterResponse> {
    if (!this.registration) return Promise.reject(new Error('not registered'));
    this.registering ??= this.register(this.registration).finally(() => {
      this.registering = null;
    });
    return this.registering;
  }

  /** A call naming our judge id: on 404 register again and retry once. */
  private async asJudge<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (e) {
      if (!(e instanceof UnknownJudgeError)) throw e;
      await this.reregister();
      return call();
    }
  }

  heartbeat(running: number, usage?: HostUsage): Promise<JudgeHeartbeatResponse> {
    return this.asJudge(() => this.call(ep.heartbeat, { body: { judgeId: this.judgeId, running, ...usage } }, { judgeCall: true }));
  }

  /**
   * A task of `lane` (local: submissions, test runs and sandbox jobs; remote: remote submissions and
   * remote jobs), or null when none came within `waitMs` (or `signal` aborted the wait).
   */
  async poll(waitMs: number, signal?: AbortSignal, lane: PollLane = 'local'): Promise<PolledTask | null> {
    try {
      return await this.asJudge(() =>
        this.call(ep.poll, { body: { judgeId: this.judgeId, wait: waitMs, lane } }, { judgeCall: true, signal, timeoutMs: waitMs + this.timeoutMs }),
      );
    } catch (e) {
      if (signal?.aborted) return null;
      throw e;
    }
  }

  manifest(problemId: number): Promise<ProblemManifest> {
    return this.call(ep.manifest, { query: { problemId } });
  }

  /** The bytes of a test-data file as a stream (the test-data cache hashes them while writing). */
  async testdata(hash: string, o: { timeoutMs?: number } = {}): Promise<AsyncIterable<Uint8Array>> {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new NotFoundError(`invalid test-data hash "${hash}"`, 404);
    // A large file may take a while: the timeout covers the whole body.
    const res = await this.request('GET', `/api/${endpointPath(ep.testdata.path, { hash })}`, undefined, { timeoutMs: o.timeoutMs ?? 30 * 60_000 });
    if (!res.body) return (async function* () {})();
    return Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
  }

  /** `cases`: while judging, how many cases are done of how many (shown live, not stored). */
  progress(taskId: number, leaseToken: string, status: 6 | 7, cases?: { done: number; total: number }): Promise<JudgeProgressResponse> {
    return this.call(ep.progress, { body: { taskId, leaseToken, status, ...cases } });
  }

  /**
   * Posts a result, retrying network errors and 5xx answers (with back-off) for up to `retryForMs`:
   * the server writes a lease's result once and answers a repeat with `duplicate: true`.
   */
  result(body: ResultBody, o: { retryForMs?: number; signal?: AbortSignal } = {}): Promise<JudgeResultResponse> {
    return this.retrying(() => this.call(ep.result, { body: body as DeclaredResult }, { timeoutMs: Math.max(this.timeoutMs, 60_000) }), o);
  }

  /** Posts a test run's outcome, retrying like `result` (a repeat with the same lease writes nothing). */
  testRunResult(body: ClientInput<BodyOf<typeof ep.testRunResult>>, o: { retryForMs?: number; signal?: AbortSignal } = {}): Promise<{ duplicate: boolean }> {
    return this.retrying(() => this.call(ep.testRunResult, { body }), o);
  }

  /** Posts a hack's outcome, retrying like `result` (a repeat with the same lease writes nothing). */
  hackResult(body: ClientInput<BodyOf<typeof ep.hackResult>>, o: { retryForMs?: number; signal?: AbortSignal } = {}): Promise<{ duplicate: boolean }> {
    return this.retrying(() => this.call(ep.hackResult, { body }), o);
  }

  /** Posts a job's result, retrying like `result` (a repeat with the same lease writes nothing). */
  jobResult(body: ClientInput<BodyOf<typeof ep.jobResult>>, o: { retryForMs?: number; signal?: AbortSignal } = {}): Promise<{ duplicate: boolean }> {
    return this.retrying(() => this.call(ep.jobResult, { body }), o);
  }

  /** Uploads a file (a step's output of a job) into the server's store; answers where it is kept. */
  async jobOutput(taskId: number, leaseToken: string, file: string, o: { signal?: AbortSignal } = {}): Promise<{ hash: string; size: number }> {
    const qs = new URLSearchParams({ taskId: String(taskId), leaseToken });
    const path = `/api/${ep.jobOutput.path}?${qs}`;
    const timeout = AbortSignal.timeout(30 * 60_000);
    let res: Response;
    try {
      res = await this.fetchFn(`${this.server}${path}`, {
        method: 'POST',
        headers: {
          [JUDGE_TOKEN_HEADER]: this.token,
          'content-type': 'application/octet-stream',
          'content-length': String((await fs.promises.stat(file)).size),
        },
        body: Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>,
        duplex: 'half',
        signal: o.signal ? AbortSignal.any([o.signal, timeout]) : timeout,
      } as RequestInit);
    } catch (e) {
      if (o.signal?.aborted) throw e;
      throw new NetworkError(`POST ${path}: ${(e as Error).message}`, 0);
    }
    const answer = (await res.json().catch(() => null)) as Envelope<{ hash: string; size: number }> | null;
    if (res.status === 409) throw new LeaseLostError(`POST ${path}: HTTP 409`, 409);
    if (!res.ok || !answer?.data) throw new JudgeApiError(`POST ${path}: HTTP ${res.status} ${answer?.msg ?? res.statusText}`, res.status);
    return answer.data;
  }

  /**
   * A remote task is Pending, Compiling or Judging on its site: extends its lease. Not retried here: the
   * keep-alive sends again at its next tick, carrying the run id until one report of it has arrived.
   */
  remoteProgress(body: RemoteProgressBody): Promise<JudgeProgressResponse> {
    return this.call(ep.remoteProgress, { body });
  }

  /** Posts a remote task's final verdict, retrying like `result` (a repeat with the same lease writes nothing). */
  remoteResult(body: RemoteResultBody, o: { retryForMs?: number; signal?: AbortSignal } = {}): Promise<JudgeResultResponse> {
    return this.retrying(() => this.call(ep.remoteResult, { body }), o);
  }

  /** Gives a remote task back with what kept it from a verdict; a 409 after a retried attempt means the first one arrived. */
  remoteFail(body: RemoteFailBody, o: { retryForMs?: number; signal?: AbortSignal } = {}): Promise<JudgeRemoteFailResponse | null> {
    return this.once409(() => this.call(ep.remoteFail, { body: { ...body, error: body.error.slice(0, 8000) || 'remote judge failure' } }), o);
  }

  /** Gives a task back (judge-side failure). A 409 after a retried attempt means the first one arrived. */
  fail(taskId: number, leaseToken: string, error: string, o: { retryForMs?: number; signal?: AbortSignal } = {}): Promise<JudgeFailResponse | null> {
    return this.once409(() => this.call(ep.fail, { body: { taskId, leaseToken, error: error.slice(0, 2000) || 'judge failure' } }), o);
  }

  /** The sources of a leased plagiarism check. */
  plagiarismSources(taskId: number, leaseToken: string, o: { signal?: AbortSignal } = {}): Promise<PlagiarismSources> {
    return this.call(ep.plagiarismSources, { query: { taskId, leaseToken } }, { timeoutMs: Math.max(this.timeoutMs, 120_000), signal: o.signal });
  }

  /** A check's progress (groups done of total); extends its lease. */
  plagiarismProgress(taskId: number, leaseToken: string, done: number, total: number): Promise<null> {
    return this.call(ep.plagiarismProgress, { body: { taskId, leaseToken, done, total } });
  }

  /** Posts a check's pairs, retrying like `result` (a repeat with the same lease writes nothing). */
  plagiarismResult(
    body: ClientInput<BodyOf<typeof ep.plagiarismResult>>,
    o: { retryForMs?: number; signal?: AbortSignal } = {},
  ): Promise<{ duplicate: boolean }> {
    return this.retrying(() => this.call(ep.plagiarismResult, { body }, { timeoutMs: Math.max(this.timeoutMs, 120_000) }), o);
  }

  /**
   * Gives a check or a hack back when the judge stops: queued again at once, no attempt counted. Tried
   * once (a stopping judge does not wait); if it does not arrive, the lease runs out as before.
   */
  giveBack(kind: GivenBackKind, taskId: number, leaseToken: string): Promise<null> {
    return this.call(ep.giveBack, { body: { kind, taskId, leaseToken } });
  }

  /** Ends a check as failed with the judge's reason. */
  plagiarismFail(taskId: number, leaseToken: string, error: string, o: { retryForMs?: number; signal?: AbortSignal } = {}): Promise<null> {
    return this.once409(() => this.call(ep.plagiarismFail, { body: { taskId, leaseToken, error: error.slice(0, 8000) || 'judge failure' } }), o);
  }

  /** A retried give-back: a 409 on a repeat means an earlier try arrived and ended the lease (null). */
  private async once409<T>(call: () => Promise<T>, o: { retryForMs?: number; signal?: AbortSignal }): Promise<T | null> {
    let tries = 0;
    try {
      return await this.retrying(() => {
        tries++;
        return call();
      }, o);
    } catch (e) {
      if (e instanceof LeaseLostError && tries > 1) return null;
      throw e;
    }
  }

  private async retrying<T>(call: () => Promise<T>, o: { retryForMs?: number; signal?: AbortSignal }): Promise<T> {
    const until = Date.now() + (o.retryForMs ?? 60_000);
    let delay = 250;
    for (;;) {
      try {
        return await call();
      } catch (e) {
        if (!isTransient(e) || Date.now() + delay > until || o.signal?.aborted) throw e;
      }
      await sleep(delay, o.signal);
      delay = Math.min(delay * 2, 5000);
    }
  }
}
