/**
 * Site training calls: the list with filters and progress, detail,
 * the password of a private training (empty, wrong, five tries then a pause), access, the problem
 * list, hidden trainings, login-only calls, and submitting inside a training (tid).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, MSG, ProblemAuth, Role } from '@oj/shared';
import { putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, q, rootToken, shiftBack } from './helpers.js';
import { acceptedResult, createProblem, FakeJudge, testQueue } from './judge-helpers.js';
import { createCategory, createTraining } from './training-helpers.js';
import { client, type TypedInput } from './client.js';

let t: TestApp;
let judge: FakeJudge;
let root: string;
let padm: string;
let kim: string;
let lee: string;
let cats: { basics: number; graphs: number };
let pub: number;
let priv: number;
const pids: Record<string, number> = {};

const submitIn = (token: string, tid: number | undefined, pid: string) =>
  client(t, token).call('submission.submit', { body: { pid, tid, language: 'C++', code: 'int main(){return 0;}' } });

async function judged(token: string, tid: number | undefined, pid: string, status: number) {
  const r = await submitIn(token, tid, pid);
  if (r.status !== 200) throw new Error(`submit: ${r.msg}`);
  await judge.result(await judge.take(), { ...acceptedResult(1), status });
  return r.data.submitId as number;
}

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  judge = await FakeJudge.start(t, 'tj');
  root = await rootToken(t);
  await createUser(t, { username: 'padm', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'kim' });
  await createUser(t, { username: 'lee' });
  [padm, kim, lee] = await Promise.all(['padm', 'kim', 'lee'].map((u) => login(t, u)));
  pids.one = await createProblem(t, { problemId: 'TR1', title: 'One', difficulty: 1 });
  pids.two = await createProblem(t, { problemId: 'TR2', title: 'Two' });
  pids.three = await createProblem(t, { problemId: 'TR3', title: 'Three' });
  // a hidden problem of padm's, shown inside padm's private training only
  pids.own = await createProblem(t, { problemId: 'TR4', title: 'Own hidden', auth: ProblemAuth.HIDDEN, author: 'padm' });
  cats = { basics: await createCategory(t, root, 'Basics', '#ff0000'), graphs: await createCategory(t, root, 'Graphs', '#00ff00') };
  pub = await createTraining(t, root, { title: 'Public basics', rank: 1, categoryId: cats.basics }, [pids.one!, pids.two!]);
  priv = await createTraining(t, padm, { title: 'Private graphs', rank: 2, auth: 'Private', privatePwd: 'open sesame', categoryId: cats.graphs }, [
    pids.one!,
    pids.three!,
    pids.own!,
  ]);
});

afterAll(() => t.close());

describe('get-training-list', () => {
  it('lists visible trainings to visitors in rank order with categories, counts and filters', async () => {
    const r = await client(t).call('training.list');
    expect(r.data.total).toBe(2);
    expect(r.data.records.map((x) => [x.title, x.auth, x.categoryName, x.categoryColor, x.problemCount, x.acCount, x.author])).toEqual([
      ['Public basics', 'Public', 'Basics', '#ff0000', 2, 0, 'root'],
      ['Private graphs', 'Private', 'Graphs', '#00ff00', 3, 0, 'padm'],
    ]);
    const titles = async (query: TypedInput<'training.list'>['query']) => (await client(t).call('training.list', { query })).data.records.map((x) => x.title);
    expect(await titles({ keyword: 'graph' })).toEqual(['Private graphs']);
    expect(await titles({ categoryId: cats.basics })).toEqual(['Public basics']);
    expect(await titles({ auth: 'Private' })).toEqual(['Private graphs']);
    expect(await titles({ limit: 1, currentPage: 2 })).toEqual(['Private graphs']);
    expect((await get(t, '/api/get-training-list', q({ auth: 'Secret' }))).http).toBe(400);
    expect((await get(t, '/api/get-training-list', q({ limit: 100000 }))).http).toBe(400);
    expect((await get(t, '/api/get-training-list', q({ keyword: 'x'.repeat(1000) }))).http).toBe(400);
  });

  it('needs login for everything past the list (visitor 401)', async () => {
    const visitor = client(t);
    for (const [name, r] of [
      ['training.detail', await visitor.call('training.detail', { query: { tid: pub } })],
      ['training.access', await visitor.call('training.access', { query: { tid: pub } })],
      ['training.problems', await visitor.call('training.problems', { query: { tid: pub } })],
      ['training.rank', await visitor.call('training.rank', { query: { tid: pub } })],
      ['training.register', await visitor.call('training.register', { body: { tid: priv, password: 'open sesame' } })],
    ] as const) {
      expect([r.http, r.msg], name).toEqual([401, MSG.loginFirst]);
    }
  });
});

describe('a public training', () => {
  it('is open to every logged-in user: detail, access, problems in order with counts and own status', async () => {
    const d = await client(t, kim).call('training.detail', { query: { tid: pub } });
    expect(d.data).toMatchObject({ id: pub, title: 'Public basics', description: 'Start here.', problemCount: 2, acCount: 0 });
    expect((await client(t, kim).call('training.access', { query: { tid: pub } })).data).toEqual({ access: true });
    expect((await client(t, kim).call('training.register', { body: { tid: pub, password: 'x' } })).msg).toBe(MSG.trainingNeedsNoRegister);
    const p = await client(t, kim).call('training.problems', { query: { tid: pub } });
    expect(p.data.map((x) => [x.problemId, x.title, x.difficulty, x.myStatus, x.ac, x.total])).toEqual([
      ['TR1', 'One', 1, JudgeStatus.NOT_SUBMITTED, 0, 0],
      ['TR2', 'Two', 0, JudgeStatus.NOT_SUBMITTED, 0, 0],
    ]);
  });

  it('counts what its rank counts as progress (problems accepted inside it), and submissions inside it carry tid and show on /status', async () => {
    // an AC in the bank is not one inside the training: neither the progress nor the rank counts it
    await judged(kim, undefined, 'TR1', JudgeStatus.ACCEPTED);
    const inside = await judged(kim, pub, 'TR2', JudgeStatus.WRONG_ANSWER);
    const progress = async () => ({
      list: (await client(t, kim).call('training.list')).data.records.find((x) => x.id === pub)!.acCount,
      detail: (await client(t, kim).call('training.detail', { query: { tid: pub } })).data.acCount,
      rank: (await client(t, kim).call('training.rank', { query: { tid: pub } })).data.records.find((r) => r.username === 'kim')?.ac,
      mine: (await client(t, kim).call('training.problems', { query: { tid: pub } })).data.map((x) => [x.problemId, x.myStatus]),
    });
    expect(await progress()).toEqual({
      list: 0,
      detail: 0,
      rank: 0,
      mine: [
        ['TR1', JudgeStatus.NOT_SUBMITTED],
        ['TR2', JudgeStatus.WRONG_ANSWER],
      ],
    });
    const p = await client(t, kim).call('training.problems', { query: { tid: pub } });
    expect(p.data.map((x) => [x.problemId, x.ac, x.total])).toEqual([
      ['TR1', 1, 1],
      ['TR2', 0, 1],
    ]);
    // accepted inside it: the progress and the rank row count it together
    await judged(kim, pub, 'TR1', JudgeStatus.ACCEPTED);
    expect(await progress()).toEqual({
      list: 1,
      detail: 1,
      rank: 1,
      mine: [
        ['TR1', JudgeStatus.ACCEPTED],
        ['TR2', JudgeStatus.WRONG_ANSWER],
      ],
    });
    const status = await client(t).call('submission.list', { query: { username: 'kim' } });
    expect(status.data.records.map((s) => s.submitId)).toContain(inside);
    const [stored] = (
      await t.database.db.execute<{ tid: number; cid: number; display_pid: string }>(`select tid, cid, display_pid from judge where submit_id = ${inside}`)
    ).rows;
    expect(stored).toEqual({ tid: pub, cid: 0, display_pid: 'TR2' });
  });

  it('refuses a submission to a problem that is not in the training', async () => {
    const r = await submitIn(kim, pub, 'TR3');
    expect([r.status, r.msg]).toEqual([400, 'The problem TR3 is not in this training.']);
  });
});

describe('a private training', () => {
  it('shows its detail but keeps problems, rank and submitting closed until the password is given', async () => {
    expect((await client(t, lee).call('training.detail', { query: { tid: priv } })).data).toMatchObject({ title: 'Private graphs', auth: 'Private' });
    expect((await client(t, lee).call('training.access', { query: { tid: priv } })).data).toEqual({ access: false });
    expect((await client(t, lee).call('training.problems', { query: { tid: priv } })).msg).toBe(MSG.trainingNotRegistered);
    expect((await client(t, lee).call('training.rank', { query: { tid: priv } })).msg).toBe(MSG.trainingNotRegistered);
    expect((await submitIn(lee, priv, 'TR3')).msg).toBe(MSG.trainingNotRegistered);
    // its hidden problem stays hidden in the bank
    expect((await client(t, lee).call('problem.detail', { query: { problemId: 'TR4' } })).msg).toBe(MSG.problemNotFound);
  });

  it('asks for the password, counts wrong ones, pauses after five and opens with the right one', async () => {
    expect((await client(t, lee).call('training.register', { body: { tid: priv, password: '' } })).msg).toBe(MSG.enterTrainingPassword);
    expect((await client(t, lee).call('training.register', { body: { tid: priv } })).msg).toBe(MSG.enterTrainingPassword);
    for (let i = 0; i < 5; i++)
      expect((await client(t, lee).call('training.register', { body: { tid: priv, password: `guess${i}` } })).msg).toBe(MSG.trainingPasswordWrong);
    // the sixth try is refused, even with the right password
    const paused = await client(t, lee).call('training.register', { body: { tid: priv, password: 'open sesame' } });
    expect(paused.msg).toBe('Too many wrong passwords for this training, please try again in 10 minutes.');
    expect((await client(t, lee).call('training.access', { query: { tid: priv } })).data).toEqual({ access: false });
    // other users are not paused
    expect((await client(t, kim).call('training.register', { body: { tid: priv, password: 'nope' } })).msg).toBe(MSG.trainingPasswordWrong);
    // after the window the right password opens it, once
    await shiftBack(t, 'training_password_failure', 'window_start', 601);
    const ok = await client(t, lee).call('training.register', { body: { tid: priv, password: 'open sesame' } });
    expect([ok.status, ok.msg]).toEqual([200, MSG.trainingRegistered]);
    expect((await client(t, lee).call('training.register', { body: { tid: priv, password: 'open sesame' } })).msg).toBe(MSG.trainingAlreadyRegistered);
    expect((await client(t, lee).call('training.access', { query: { tid: priv } })).data).toEqual({ access: true });
    const p = await client(t, lee).call('training.problems', { query: { tid: priv } });
    expect(p.data.map((x) => x.problemId)).toEqual(['TR1', 'TR3', 'TR4']);
  });

  it('counts parallel guesses before comparing them: ten at once get five answers at most', async () => {
    await createUser(t, { username: 'racer' });
    const racer = await login(t, 'racer');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => client(t, racer).call('training.register', { body: { tid: priv, password: `race${i}` } })),
    );
    const msgs = answers.map((a) => a.msg);
    expect(msgs.filter((m) => m === MSG.trainingPasswordWrong)).toHaveLength(5);
    expect(msgs.filter((m) => m.startsWith('Too many wrong passwords for this training'))).toHaveLength(5);
  });

  it('never asks its admins (author, super admin) for the password', async () => {
    for (const token of [padm, root]) {
      expect((await client(t, token).call('training.access', { query: { tid: priv } })).data).toEqual({ access: true });
      expect((await client(t, token).call('training.problems', { query: { tid: priv } })).status).toBe(200);
    }
  });

  it('counts only submissions made inside it as progress', async () => {
    // kim accepted TR1 in the bank and in the public training: neither counts here
    await client(t, kim).call('training.register', { body: { tid: priv, password: 'open sesame' } });
    const mine = async () => (await client(t, kim).call('training.detail', { query: { tid: priv } })).data.acCount;
    expect(await mine()).toBe(0);
    expect((await client(t, kim).call('training.problems', { query: { tid: priv } })).data[0].myStatus).toBe(JudgeStatus.NOT_SUBMITTED);
    await judged(kim, priv, 'TR4', JudgeStatus.ACCEPTED);
    expect(await mine()).toBe(1);
    const p = await client(t, kim).call('training.problems', { query: { tid: priv } });
    expect(p.data.map((x) => [x.problemId, x.myStatus])).toEqual([
      ['TR1', JudgeStatus.NOT_SUBMITTED],
      ['TR3', JudgeStatus.NOT_SUBMITTED],
      ['TR4', JudgeStatus.ACCEPTED],
    ]);
    const row = (await client(t, kim).call('training.list')).data.records.find((x) => x.id === priv);
    expect(row!.acCount).toBe(1);
  });

  it('answers unknown trainings as not existing', async () => {
    expect((await client(t, kim).call('training.detail', { query: { tid: 999999 } })).msg).toBe(MSG.trainingNotFound);
    expect((await client(t, kim).call('training.register', { body: { tid: 999999, password: 'x' } })).msg).toBe(MSG.trainingNotFound);
    expect((await submitIn(kim, 999999, 'TR1')).msg).toBe(MSG.trainingNotFound);
    expect((await get(t, '/api/get-training-detail', { token: kim, ...q({ tid: 0 }) })).http).toBe(400);
  });
});

describe('the training place (statement, submit, own status, focus-mode bar)', () => {
  it('opens, submits and answers own status inside the training, and nothing of a private one without its password', async () => {
    const bar = await client(t, kim).call('problem.fullScreenList', { query: { tid: priv } });
    expect((bar.data as { problemId: string; status: number }[]).map((p) => [p.problemId, p.status])).toEqual([
      ['TR1', JudgeStatus.NOT_SUBMITTED],
      ['TR3', JudgeStatus.NOT_SUBMITTED],
      ['TR4', JudgeStatus.ACCEPTED],
    ]);
    // a hidden problem opens inside the training it belongs to, case-insensitively, and only there
    const detail = await client(t, kim).call('problem.detail', { query: { problemId: 'tr4', tid: priv } });
    expect((detail.data as { problem: { title: string } }).problem.title).toBe('Own hidden');
    expect((await client(t, kim).call('problem.detail', { query: { problemId: 'TR4' } })).msg).toBe(MSG.problemNotFound);
    expect((await client(t, kim).call('problem.detail', { query: { problemId: 'TR2', tid: priv } })).msg).toBe('The problem TR2 is not in this training.');
    const status = await client(t, kim).call('problem.userStatus', { body: { pidList: [pids.one, pids.own], tid: priv } });
    expect(status.data).toEqual({
      [pids.one!]: { status: JudgeStatus.NOT_SUBMITTED, score: null },
      [pids.own!]: { status: JudgeStatus.ACCEPTED, score: null },
    });
    // without the password nothing of a private training opens
    await createUser(t, { username: 'zed' });
    const zed = await login(t, 'zed');
    for (const r of [
      await submitIn(zed, priv, 'TR4'),
      await client(t, zed).call('problem.fullScreenList', { query: { tid: priv } }),
      await client(t, zed).call('problem.detail', { query: { problemId: 'TR4', tid: priv } }),
      await client(t, zed).call('problem.userStatus', { body: { pidList: [pids.own], tid: priv } }),
    ]) {
      expect(r.msg).toBe(MSG.trainingNotRegistered);
    }
  });
});

describe('get-training-problem-details (the training problem bar)', () => {
  it("answers the training's problems in order with the caller's state and progress, under the training's access rules", async () => {
    const bar = await client(t, kim).call('training.problemDetails', { query: { tid: priv, displayId: 'tr4' } });
    expect(bar.status, bar.msg).toBe(200);
    expect(bar.data).toMatchObject({ tid: priv, current: 'TR4', acCount: 1, problemCount: 3 });
    expect(bar.data.problems.map((p) => [p.pid, p.problemId, p.title, p.status])).toEqual([
      [pids.one, 'TR1', 'One', JudgeStatus.NOT_SUBMITTED],
      [pids.three, 'TR3', 'Three', JudgeStatus.NOT_SUBMITTED],
      [pids.own, 'TR4', 'Own hidden', JudgeStatus.ACCEPTED],
    ]);
    // the same count as the training's progress and the caller's rank row
    expect((await client(t, kim).call('training.detail', { query: { tid: priv } })).data.acCount).toBe(bar.data.acCount);
    const rankRow = (await client(t, kim).call('training.rank', { query: { tid: priv } })).data.records.find((r) => r.username === 'kim');
    expect(rankRow!.ac).toBe(bar.data.acCount);
    // without displayId: the bar alone
    expect((await client(t, kim).call('training.problemDetails', { query: { tid: pub } })).data).toMatchObject({
      tid: pub,
      current: null,
      problemCount: 2,
    });
    // a problem that is not in the training, a private training without its password, unknown, visitor, bad input
    expect((await client(t, kim).call('training.problemDetails', { query: { tid: priv, displayId: 'TR2' } })).msg).toBe(
      'The problem TR2 is not in this training.',
    );
    expect((await client(t, await login(t, 'zed')).call('training.problemDetails', { query: { tid: priv } })).msg).toBe(MSG.trainingNotRegistered);
    expect((await client(t, kim).call('training.problemDetails', { query: { tid: 999999 } })).msg).toBe(MSG.trainingNotFound);
    expect((await client(t).call('training.problemDetails', { query: { tid: pub } })).http).toBe(401);
    expect((await get(t, '/api/get-training-problem-details', { token: kim, ...q({ tid: 'x' }) })).http).toBe(400);
  });
});

describe('bad inputs', () => {
  it('answers malformed calls with HTTP 400, never 500, and changes nothing', async () => {
    const bad: [string, string, unknown, Record<string, string>][] = [
      ['GET', '/api/get-training-detail', undefined, { tid: '-1' }],
      ['GET', '/api/get-training-detail', undefined, { tid: '1e99' }],
      ['GET', '/api/get-training-rank', undefined, { tid: String(pub), currentPage: '0' }],
      ['GET', '/api/get-training-rank', undefined, { tid: String(pub), limit: '101' }],
      ['GET', '/api/get-training-problem-list', undefined, {}],
      ['POST', '/api/register-training', { tid: 'x', password: 'y' }, {}],
      ['POST', '/api/register-training', { tid: priv, password: 'x'.repeat(10_000) }, {}],
      ['POST', '/api/register-training', 'not json', {}],
      ['POST', '/api/admin/training', { training: 'x' }, {}],
      ['POST', '/api/admin/training', { training: { title: 'T', status: 'yes' }, trainingCategory: { id: cats.basics } }, {}],
      ['PUT', '/api/admin/training/problem', { id: 1 }, {}],
      ['PUT', '/api/admin/training/change-training-status', {}, { tid: String(pub), status: 'maybe' }],
      ['DELETE', '/api/admin/training/category', undefined, { cid: 'all' }],
    ];
    for (const [method, url, body, query] of bad) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        query,
        headers: { authorization: root, ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) },
        payload: body as string,
      });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(query)}`).toBe(400);
    }
    // nothing changed: the trainings and their problems are as they were
    expect((await client(t).call('training.list')).data.total).toBe(2);
  });
});
