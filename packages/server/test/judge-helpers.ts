import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { JUDGE_TOKEN_HEADER, JudgeStatus, type JudgeTask, type PollLane, type RemoteLanguageReport, type RemoteOj } from '@oj/shared';
import { DEFAULT_JUDGE_QUEUE, type JudgeQueueConfig } from '../src/config.js';
import { judgeCases, judgeTasks, problems, submissions } from '../src/db/schema/index.js';
import { judgeToken } from '../src/lib/secrets.js';
import { saveCaseSet, type CaseInput } from '../src/lib/testdata.js';
import { enqueueSubmission } from '../src/modules/judge/queue.js';
import { judgeClient } from './client.js';
import type { TestApp } from './harness.js';
import { createUser, unpack, type Call } from './helpers.js';

/**
 * Queue timings for tests: polls sweep every time (no throttle) and the interval sweeper stays out of
 * the way, so a test decides when leases expire.
 */
export const testQueue = (o: Partial<JudgeQueueConfig> = {}): JudgeQueueConfig => ({
  ...DEFAULT_JUDGE_QUEUE,
  leaseMs: 5000,
  sweepIntervalMs: 3_600_000,
  sweepThrottleMs: 0,
  pollIntervalMs: 50,
  ...o,
});

/** One protocol call the way a judge daemon makes it (token header, JSON body). */
export async function jcall(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
): Promise<Call> {
  const headers: Record<string, string> = {};
  if (token !== null) headers[JUDGE_TOKEN_HEADER] = token;
  return unpack(await app.inject({ method, url, headers, query, payload: method === 'POST' ? ((body ?? {}) as object) : undefined }));
}

export const LANGS = [
  { name: 'C', description: 'GCC 12', compileCommand: 'gcc -O2 main.c', template: 'int main(){}', contentType: 'text/x-csrc' },
  { name: 'C++', description: 'G++ 12', compileCommand: 'g++ -O2 main.cpp', template: 'int main(){}', contentType: 'text/x-c++src' },
  { name: 'Python3', description: 'Python 3.11', compileCommand: 'python3 -m py_compile main.py', template: 'print()', contentType: 'text/x-python' },
];

/** A simulated judge daemon speaking the protocol over HTTP. */
export class FakeJudge {
  id = 0;
  constructor(
    readonly app: FastifyInstance,
    readonly token: string,
    readonly name: string,
    readonly languages = LANGS,
    /** the remote judges it serves, with their languages */
    readonly remote: { ojs: RemoteOj[]; languages: RemoteLanguageReport[] } = { ojs: [], languages: [] },
  ) {}

  static async start(t: TestApp, name: string, languages = LANGS, app: FastifyInstance = t.app, remote?: FakeJudge['remote']) {
    const j = new FakeJudge(app, await judgeToken(t), name, languages, remote);
    await j.register();
    return j;
  }

  async register() {
    const r = await judgeClient(this, this.token).call('judge.register', {
      body: {
        name: this.name,
        cpuCount: 4,
        capacity: 2,
        languages: this.languages,
        version: 'test-1',
        remoteOjs: this.remote.ojs,
        remoteLanguages: this.remote.languages,
      },
    });
    if (r.status !== 200) throw new Error(`register failed: ${r.msg}`);
    this.id = r.data.judgeId;
    return r;
  }

  /** A protocol call with any body, out-of-range values included: the server's schemas judge it. */
  post = (path: string, body: unknown) => jcall(this.app, this.token, 'POST', `/api/judge/${path}`, body);

  private typed = () => judgeClient(this, this.token);

  poll = (wait = 0, lane: PollLane = 'local') => this.typed().call('judge.poll', { body: { judgeId: this.id, wait, lane } });

  /** Polls and insists on a task. */
  async take(wait = 0): Promise<JudgeTask> {
    const r = await this.poll(wait);
    if (r.status !== 200 || !r.data) throw new Error(`expected a task, got ${r.http} ${r.msg} ${JSON.stringify(r.data)}`);
    return r.data as JudgeTask;
  }

  /** Any status, a final one included (a test of the refusal sends one): the server's schema judges it. */
  progress = (task: JudgeTask, status: number) => this.post('progress', { taskId: task.taskId, leaseToken: task.leaseToken, status });

  /** Accepted unless `result` says otherwise; its fields go out as given (a test of a refused value sends one here). */
  result = (task: JudgeTask, result: Record<string, unknown> = {}) =>
    this.post('result', { taskId: task.taskId, leaseToken: task.leaseToken, ...acceptedResult(), ...result });

  fail = (task: JudgeTask, error: string) => this.typed().call('judge.fail', { body: { taskId: task.taskId, leaseToken: task.leaseToken, error } });
}

export const acceptedResult = (cases = 2) => ({
  status: JudgeStatus.ACCEPTED,
  time: 12,
  memory: 1024,
  score: null,
  errorMessage: null,
  cases: Array.from({ length: cases }, (_, i) => ({ caseId: null, seq: i + 1, status: 0, time: 10 + i, memory: 1000 + i, userOutput: `${i}\n` })),
});

export async function createProblem(t: TestApp, o: Partial<typeof problems.$inferInsert> = {}, cases?: CaseInput[]) {
  const [row] = await t.database.db
    .insert(problems)
    .values({ problemId: `P${Math.floor(Math.random() * 1e9)}`, title: 'A + B', ...o })
    .returning({ id: problems.id });
  const pid = row!.id;
  await saveCaseSet(
    t.database,
    t.config.dataDir,
    pid,
    cases ?? [
      { input: '1 2\n', output: '3\n' },
      { input: '3 4\n', output: '7\n' },
    ],
  );
  return pid;
}

let userSeq = 0;
export async function createSubmitter(t: TestApp) {
  const username = `sub${++userSeq}_${Math.floor(Math.random() * 1e6)}`;
  const uid = await createUser(t, { username });
  return { uid, username };
}

/** Inserts a submission (status Pending) and queues it, as the submission module will. */
export async function submit(
  t: TestApp,
  o: { pid: number; user: { uid: string; username: string }; language?: string; code?: string; cid?: number },
): Promise<number> {
  return t.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(submissions)
      .values({
        pid: o.pid,
        displayPid: `P${o.pid}`,
        uid: o.user.uid,
        username: o.user.username,
        language: o.language ?? 'C++',
        code: o.code ?? 'int main() { return 0; }',
        length: (o.code ?? 'int main() { return 0; }').length,
        cid: o.cid ?? 0,
        status: JudgeStatus.PENDING,
      })
      .returning({ submitId: submissions.submitId });
    await enqueueSubmission(tx, row!.submitId, { contest: (o.cid ?? 0) !== 0 });
    return row!.submitId;
  });
}

export async function submission(t: TestApp, submitId: number) {
  const [row] = await t.database.db.select().from(submissions).where(eq(submissions.submitId, submitId));
  return row!;
}

export async function caseRows(t: TestApp, submitId: number) {
  return t.database.db.select().from(judgeCases).where(eq(judgeCases.submitId, submitId)).orderBy(judgeCases.seq);
}

export async function taskOf(t: TestApp, submitId: number) {
  const [row] = await t.database.db.select().from(judgeTasks).where(eq(judgeTasks.submitId, submitId));
  return row!;
}

/** Makes the lease of a task run out now (as if the judge had been silent for the whole lease). */
export async function expireLease(t: TestApp, taskId: number) {
  await t.database.db.execute(sql`update judge_task set lease_deadline = now() - interval '1 second' where id = ${taskId}`);
}

/** Leaves nothing queued or leased behind (tests that count tasks start from an empty queue). */
export async function drainQueue(t: TestApp) {
  await t.database.db.execute(sql`update judge_task set status = 'done', lease_token = null where status <> 'done'`);
}
