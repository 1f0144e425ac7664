import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, type JudgeTask } from '@oj/shared';
import { buildApp } from '../src/app.js';
import { connect, type Database } from '../src/db/client.js';
import { judgeCases, judgeTasks, submissions } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './harness.js';
import { acceptedResult, createProblem, createSubmitter, FakeJudge, submission, submit, taskOf, testQueue } from './judge-helpers.js';

/**
 * Several API nodes on one database, several judges on them: the queue must hand every task out once
 * and every submission must end with exactly one verdict.
 */
let t: TestApp;
const nodes: { app: FastifyInstance; database: Database }[] = [];
let user: { uid: string; username: string };
let pid: number;

async function startNode(queue = t.config.judgeQueue) {
  const database = connect(t.config.databaseUrl!, 4);
  const app = await buildApp({ config: { ...t.config, judgeQueue: queue }, database });
  await app.ready();
  nodes.push({ app, database });
  return app;
}

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue({ pollIntervalMs: 10_000 }) });
  user = await createSubmitter(t);
  pid = await createProblem(t);
});
afterAll(async () => {
  for (const n of nodes) {
    await n.app.close();
    await n.database.close();
  }
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('many submissions, two judges on two API nodes', () => {
  it('every one of 200 queued submissions is leased once and ends final exactly once', async () => {
    const node2 = await startNode();
    const a = await FakeJudge.start(t, 'node1-judge');
    const b = await FakeJudge.start(t, 'node2-judge', undefined, node2);

    const ids: number[] = [];
    for (let i = 0; i < 200; i++) ids.push(await submit(t, { pid, user, cid: i % 5 === 0 ? 1 : 0 }));

    const leases = new Map<number, string[]>();
    const finals: number[] = [];
    let duplicates = 0;
    const loop = async (j: FakeJudge) => {
      for (;;) {
        const r = await j.poll(100);
        expect(r.status).toBe(200);
        if (!r.data) return;
        const task = r.data as JudgeTask;
        leases.set(task.taskId, [...(leases.get(task.taskId) ?? []), j.name]);
        expect((await j.progress(task, JudgeStatus.COMPILING)).status).toBe(200);
        expect((await j.progress(task, JudgeStatus.JUDGING)).status).toBe(200);
        const verdict = task.submission.submitId % 2 ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER;
        const res = await j.result(task, { ...acceptedResult(3), status: verdict });
        expect(res.status).toBe(200);
        if (!res.data.duplicate) finals.push(task.submission.submitId);
        if (task.taskId % 3 === 0) {
          // A daemon that did not see the answer posts again.
          const again = await j.result(task, { ...acceptedResult(3), status: verdict });
          expect(again.data.duplicate).toBe(true);
          duplicates++;
        }
      }
    };
    await Promise.all([a, a, a, a, b, b, b, b].map(loop));

    expect(leases.size).toBe(200);
    expect([...leases.values()].every((l) => l.length === 1)).toBe(true);
    expect(finals.sort((x, y) => x - y)).toEqual(ids);
    expect(duplicates).toBeGreaterThan(0);
    const byJudge = (name: string) => [...leases.values()].filter((l) => l[0] === name).length;
    expect(byJudge('node1-judge')).toBeGreaterThan(0);
    expect(byJudge('node2-judge')).toBeGreaterThan(0);

    const rows = await t.database.db.select().from(submissions).where(sql`${submissions.submitId} in ${ids}`);
    for (const s of rows) {
      expect(s.status).toBe(s.submitId % 2 ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER);
      expect(s.judger).toBe(leases.get((await taskOf(t, s.submitId)).id)![0]);
    }
    const [cases] = await t.database.db.select({ n: count() }).from(judgeCases).where(sql`${judgeCases.submitId} in ${ids}`);
    expect(cases!.n).toBe(600);
    const tasks = await t.database.db.select().from(judgeTasks).where(sql`${judgeTasks.submitId} in ${ids}`);
    expect(tasks.every((x) => x.status === 'done' && x.attempts === 0)).toBe(true);
  });

  it('a poll waiting on one node wakes when another node queues a submission', async () => {
    const node2 = nodes[0]!.app;
    const j = await FakeJudge.start(t, 'waiter', undefined, node2);
    const started = Date.now();
    const waiting = j.take(20_000);
    await sleep(200);
    const id = await submit(t, { pid, user });
    const task = await waiting;
    expect(task.submission.submitId).toBe(id);
    expect(Date.now() - started).toBeLessThan(5000);
    await j.result(task);
  });
});

describe('leases running out in real time', () => {
  it("the sweeper gives a silent judge's task back, and another judge ends it", async () => {
    const quick = await startNode(testQueue({ leaseMs: 300, sweepIntervalMs: 100, pollIntervalMs: 10_000 }));
    const silent = await FakeJudge.start(t, 'silent', undefined, quick);
    const id = await submit(t, { pid, user });
    const lost = await silent.take();
    expect(Date.parse(lost.leaseDeadline) - Date.now()).toBeLessThanOrEqual(300);
    await silent.progress(lost, JudgeStatus.COMPILING);

    // No poll anywhere: the interval sweeper of the quick node finds the expired lease by itself.
    let task = await taskOf(t, id);
    for (let i = 0; i < 40 && task.status !== 'queued'; i++) {
      await sleep(50);
      task = await taskOf(t, id);
    }
    expect(task).toMatchObject({ status: 'queued', attempts: 1, leaseToken: null });
    expect((await submission(t, id)).status).toBe(JudgeStatus.PENDING);

    const rescuer = await FakeJudge.start(t, 'rescuer');
    const again = await rescuer.take();
    expect(again).toMatchObject({ taskId: lost.taskId, attempt: 2 });
    expect((await rescuer.result(again, { status: JudgeStatus.RUNTIME_ERROR, errorMessage: 'Segmentation fault' })).status).toBe(200);
    expect((await silent.result(lost)).http).toBe(409);
    expect(await submission(t, id)).toMatchObject({ status: JudgeStatus.RUNTIME_ERROR, errorMessage: 'Segmentation fault', judger: 'rescuer' });
    const [row] = await t.database.db.select().from(judgeTasks).where(eq(judgeTasks.submitId, id));
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
  });
});

describe('shutting a node down', () => {
  it('answers its waiting polls at once instead of holding them for the whole wait', async () => {
    const database = connect(t.config.databaseUrl!, 2);
    const app = await buildApp({ config: t.config, database });
    await app.ready();
    const j = await FakeJudge.start(t, 'leaving', undefined, app);
    const started = Date.now();
    const waiting = j.poll(20_000);
    await sleep(200);
    await app.close();
    const r = await waiting;
    await database.close();
    expect(r).toMatchObject({ http: 200, data: null });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
