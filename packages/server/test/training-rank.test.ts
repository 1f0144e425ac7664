/**
 * Training rank: AC count, total run time (fastest accepted run per problem), ordering,
 * cells, search and paging, real names only for the training's admins, and that the rank follows a
 * verdict at once — judging, rejudge, manual verdict, cancel — and problems leaving or joining it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JudgeStatus, MSG, Role } from '@oj/shared';
import { users } from '../src/db/schema/index.js';
import { sessionCacheOf } from '../src/lib/session-cache.js';
import { putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, q, rootToken } from './helpers.js';
import { client, type TypedInput } from './client.js';
import { acceptedResult, createProblem, FakeJudge, testQueue } from './judge-helpers.js';
import { createCategory, createTraining } from './training-helpers.js';

let t: TestApp;
let judge: FakeJudge;
let root: string;
let padm: string;
const tok: Record<string, string> = {};
let tid: number;
const pids: Record<string, number> = {};

async function submitIn(token: string, pid: string) {
  const r = await client(t, token).call('submission.submit', { body: { pid, tid, language: 'C++', code: 'int main(){return 0;}' } });
  if (r.status !== 200) throw new Error(`submit: ${r.msg}`);
  return r.data.submitId as number;
}

async function judged(token: string, pid: string, status: number, time: number) {
  const submitId = await submitIn(token, pid);
  await judge.result(await judge.take(), { ...acceptedResult(1), status, time });
  return submitId;
}

type RankQuery = Omit<TypedInput<'training.rank'>['query'], 'tid'>;
/** Pages are kept per node until a change notice (rank-cache.ts): a read comes once the notices of what was committed before it arrived. */
const rank = async (token: string, query: RankQuery = {}) => {
  await sessionCacheOf(t.database).settled();
  return client(t, token).call('training.rank', { query: { tid, ...query } });
};
const rows = async (token = tok.ann!, query: RankQuery = {}) => (await rank(token, query)).data.records.map((r) => [r.rank, r.username, r.ac, r.totalRunTime]);

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  judge = await FakeJudge.start(t, 'rj');
  root = await rootToken(t);
  await createUser(t, { username: 'padm', roles: [Role.PROBLEM_ADMIN] });
  padm = await login(t, 'padm');
  for (const name of ['ann', 'bob', 'cat', 'dan']) {
    await createUser(t, { username: name });
    await t.database.db
      .update(users)
      .set({ realname: `Real ${name}`, school: 'School' })
      .where(eq(users.username, name));
    tok[name] = await login(t, name);
  }
  pids.a = await createProblem(t, { problemId: 'RK1' });
  pids.b = await createProblem(t, { problemId: 'RK2' });
  pids.c = await createProblem(t, { problemId: 'RK3' });
  const cat = await createCategory(t, root, 'Rank');
  tid = await createTraining(t, padm, { title: 'Ranked', auth: 'Private', privatePwd: 'pw', categoryId: cat }, [pids.a!, pids.b!, pids.c!]);
  for (const name of ['ann', 'bob', 'cat', 'dan']) await client(t, tok[name]).call('training.register', { body: { tid, password: 'pw' } });

  // ann: 2 AC (RK1 fastest 30 of 50/30, RK2 20) = 50 ms; bob: 2 AC, 40 ms; cat: 1 AC + a WA; dan: only a WA
  await judged(tok.ann!, 'RK1', JudgeStatus.ACCEPTED, 50);
  await judged(tok.ann!, 'RK1', JudgeStatus.ACCEPTED, 30);
  await judged(tok.ann!, 'RK2', JudgeStatus.ACCEPTED, 20);
  await judged(tok.ann!, 'RK3', JudgeStatus.WRONG_ANSWER, 7);
  await judged(tok.bob!, 'RK1', JudgeStatus.ACCEPTED, 15);
  await judged(tok.bob!, 'RK3', JudgeStatus.ACCEPTED, 25);
  await judged(tok.cat!, 'RK2', JudgeStatus.ACCEPTED, 5);
  await judged(tok.cat!, 'RK1', JudgeStatus.TIME_LIMIT_EXCEEDED, 1000);
  await judged(tok.dan!, 'RK1', JudgeStatus.WRONG_ANSWER, 3);
});

afterAll(() => t.close());

describe('get-training-rank', () => {
  it('orders by AC count, then total run time of the fastest accepted runs, with per-problem cells', async () => {
    expect(await rows()).toEqual([
      [1, 'bob', 2, 40],
      [2, 'ann', 2, 50],
      [3, 'cat', 1, 5],
      [4, 'dan', 0, 0],
    ]);
    const r = await rank(tok.ann!);
    expect(r.data.total).toBe(4);
    const ann = r.data.records[1];
    expect(ann.submissionInfo).toEqual({
      RK1: { status: JudgeStatus.ACCEPTED, runTime: 30 },
      RK2: { status: JudgeStatus.ACCEPTED, runTime: 20 },
      RK3: { status: JudgeStatus.WRONG_ANSWER, runTime: 7 },
    });
    expect(r.data.records[2].submissionInfo).toEqual({
      RK1: { status: JudgeStatus.TIME_LIMIT_EXCEEDED, runTime: 1000 },
      RK2: { status: JudgeStatus.ACCEPTED, runTime: 5 },
    });
    expect(ann).toMatchObject({ username: 'ann', school: 'School' });
  });

  it('shows real names to the training admins only', async () => {
    expect((await rank(tok.ann!)).data.records.map((r) => r.realname)).toEqual([null, null, null, null]);
    for (const token of [padm, root]) expect((await rank(token)).data.records.map((r) => r.realname)).toEqual(['Real bob', 'Real ann', 'Real cat', 'Real dan']);
  });

  it('pages and searches by username, keeping each place in the whole rank', async () => {
    expect(await rows(tok.ann!, { limit: 2, currentPage: 2 })).toEqual([
      [3, 'cat', 1, 5],
      [4, 'dan', 0, 0],
    ]);
    expect(await rows(tok.ann!, { keyword: 'AN' })).toEqual([
      [2, 'ann', 2, 50],
      [4, 'dan', 0, 0],
    ]);
    expect((await rank(tok.ann!, { keyword: 'an' })).data.total).toBe(2);
    expect((await rank(tok.ann!, { keyword: '%' })).data.total).toBe(0);
    // a page or a search the query's schema refuses
    expect((await get(t, '/api/get-training-rank', { token: tok.ann!, ...q({ tid, limit: 100000 }) })).http).toBe(400);
    expect((await get(t, '/api/get-training-rank', { token: tok.ann!, ...q({ tid, keyword: 'x'.repeat(100) }) })).http).toBe(400);
  });

  it('changes right after a verdict, a rejudge, a manual verdict and a cancel', async () => {
    const submitId = await submitIn(tok.dan!, 'RK2');
    // pending at once: dan's cell shows the submission before it is judged
    expect((await rank(tok.dan!)).data.records[3].submissionInfo.RK2).toEqual({ status: JudgeStatus.PENDING, runTime: null });
    await judge.result(await judge.take(), { ...acceptedResult(1), status: JudgeStatus.ACCEPTED, time: 1 });
    expect(await rows()).toEqual([
      [1, 'bob', 2, 40],
      [2, 'ann', 2, 50],
      [3, 'dan', 1, 1],
      [4, 'cat', 1, 5],
    ]);
    // rejudge: back to pending, the AC no longer counts
    expect((await client(t, root).call('submission.rejudge', { query: { submitId } })).status).toBe(200);
    expect((await rows()).find((r) => r[1] === 'dan')).toEqual([4, 'dan', 0, 0]);
    await judge.result(await judge.take(), { ...acceptedResult(1), status: JudgeStatus.WRONG_ANSWER, time: 2 });
    expect((await rank(tok.dan!)).data.records.find((r) => r.username === 'dan')?.submissionInfo.RK2).toEqual({
      status: JudgeStatus.WRONG_ANSWER,
      runTime: 2,
    });
    // a manual verdict counts at once
    expect((await client(t, root).call('submission.manualJudge', { query: { submitId, status: JudgeStatus.ACCEPTED, score: 0 } })).status).toBe(200);
    expect((await rows()).find((r) => r[1] === 'dan')?.[2]).toBe(1);
    // cancel: the cell shows Cancelled and the AC is gone
    expect((await client(t, root).call('submission.cancel', { query: { submitId } })).status).toBe(200);
    const dan = (await rank(tok.dan!)).data.records.find((r) => r.username === 'dan');
    expect([dan?.ac, dan?.submissionInfo.RK2?.status]).toEqual([0, JudgeStatus.CANCELLED]);
  });

  it('forgets a problem taken out of the training and counts it again when it comes back', async () => {
    expect((await client(t, padm).call('adminTraining.removeProblem', { query: { tid, pid: pids.a! } })).status).toBe(200);
    expect(await rows()).toEqual([
      [1, 'cat', 1, 5],
      [2, 'ann', 1, 20],
      [3, 'bob', 1, 25],
      [4, 'dan', 0, 0],
    ]);
    expect((await client(t, padm).call('adminTraining.addFromPublic', { body: { tid, pid: pids.a } })).status).toBe(200);
    expect((await rows()).slice(0, 2)).toEqual([
      [1, 'bob', 2, 40],
      [2, 'ann', 2, 50],
    ]);
  });

  it('is closed without access and for unknown trainings', async () => {
    await createUser(t, { username: 'eve' });
    const eve = await login(t, 'eve');
    expect((await rank(eve)).msg).toBe(MSG.trainingNotRegistered);
    expect((await client(t, eve).call('training.rank', { query: { tid: 999999 } })).msg).toBe(MSG.trainingNotFound);
  });

  it('keeps every verdict of one user committed at the same time', async () => {
    await createUser(t, { username: 'fay' });
    const fay = await login(t, 'fay');
    await client(t, fay).call('training.register', { body: { tid, password: 'pw' } });
    for (const pid of ['RK1', 'RK2', 'RK3']) await submitIn(fay, pid);
    const tasks = [await judge.take(), await judge.take(), await judge.take()];
    await Promise.all(tasks.map((task, i) => judge.result(task, { ...acceptedResult(1), status: JudgeStatus.ACCEPTED, time: 10 + i })));
    expect((await rows()).find((r) => r[1] === 'fay')?.slice(2)).toEqual([3, 33]);
  });
});
