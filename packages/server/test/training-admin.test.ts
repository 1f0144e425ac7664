/**
 * /admin/training calls: who may call each one (normal users 403,
 * visitors 401, problem admins create and edit their own but neither delete a site training nor edit
 * another's, super admin everything), the form's rules and messages, categories, problems and delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { adminTrainingEndpoints, MSG, ProblemAuth, Role, trainingEndpoints } from '@oj/shared';
import { putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, post, put, q, rootToken } from './helpers.js';
import { createProblem, FakeJudge, testQueue } from './judge-helpers.js';
import { createCategory, createTraining, trainingForm, type TrainingForm } from './training-helpers.js';
import { client, type Client } from './client.js';

let t: TestApp;
let root: string;
let padm: string;
let padm2: string;
let adm: string;
let kim: string;
let cat: number;
const pids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  await FakeJudge.start(t, 'tj');
  root = await rootToken(t);
  await createUser(t, { username: 'padm', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'padm2', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'adm', roles: [Role.ADMIN] });
  await createUser(t, { username: 'kim' });
  [padm, padm2, adm, kim] = await Promise.all(['padm', 'padm2', 'adm', 'kim'].map((u) => login(t, u)));
  pids.a = await createProblem(t, { problemId: 'TA1', title: 'Alpha' });
  pids.b = await createProblem(t, { problemId: 'TA2', title: 'Beta' });
  // hidden, made by someone else: problem admins can see it but may not hand it out
  pids.hidden = await createProblem(t, { problemId: 'TA3', title: 'Gamma', auth: ProblemAuth.HIDDEN, author: 'root' });
  cat = await createCategory(t, padm, 'Basics', '#ff0000');
});

afterAll(() => t.close());

/** Every admin training call once, naming the training `tid` where a query takes one. */
const adminCalls = (c: Client, tid: number): Record<keyof typeof adminTrainingEndpoints, () => Promise<{ http: number }>> => ({
  list: () => c.call('adminTraining.list'),
  get: () => c.call('adminTraining.get', { query: { tid } }),
  add: () => c.call('adminTraining.add', { body: trainingForm({ categoryId: 1 }) }),
  update: () => c.call('adminTraining.update', { body: trainingForm({ id: 1, categoryId: 1 }) }),
  remove: () => c.call('adminTraining.remove', { query: { tid } }),
  changeStatus: () => c.call('adminTraining.changeStatus', { query: { tid, status: false } }),
  problems: () => c.call('adminTraining.problems', { query: { tid } }),
  updateProblem: () => c.call('adminTraining.updateProblem', { body: { id: 1, rank: 3 } }),
  removeProblem: () => c.call('adminTraining.removeProblem', { query: { tid, pid: 1 } }),
  addFromPublic: () => c.call('adminTraining.addFromPublic', { body: { tid: 1, pid: 1 } }),
  addCategory: () => c.call('adminTraining.addCategory', { body: { name: 'X', color: '#000' } }),
  updateCategory: () => c.call('adminTraining.updateCategory', { body: { id: 1, name: 'X', color: '#000' } }),
  removeCategory: () => c.call('adminTraining.removeCategory', { query: { cid: 1 } }),
});

describe('who may call the admin training calls', () => {
  it('serves every call of both training endpoint tables with its method and path', () => {
    const missing = Object.entries({ ...trainingEndpoints, ...adminTrainingEndpoints }).filter(
      ([, e]) => !t.app.hasRoute({ method: e.method, url: `/api/${e.path}` }),
    );
    expect(missing.map(([k, e]) => `${k}: ${e.method} ${e.path}`)).toEqual([]);
    expect(Object.keys(adminCalls(client(t), 1)).sort()).toEqual(Object.keys(adminTrainingEndpoints).sort());
  });

  it('refuses visitors with 401 and normal users with 403 on every call, changing nothing', async () => {
    const tid = await createTraining(t, padm, { title: 'Guarded', categoryId: cat }, [pids.a!]);
    const asVisitor = adminCalls(client(t), tid);
    const asUser = adminCalls(client(t, kim), tid);
    for (const name of Object.keys(asVisitor) as (keyof typeof asVisitor)[]) {
      expect((await asVisitor[name]()).http, name).toBe(401);
      expect((await asUser[name]()).http, name).toBe(403);
    }
    const list = await client(t, root).call('adminTraining.list');
    expect(list.data.records.find((r) => r.id === tid)).toMatchObject({ title: 'Guarded', status: true, problemCount: 1 });
  });

  it('lets a problem admin create and edit their own training, not edit another one nor delete a site training', async () => {
    const tid = await createTraining(t, padm, { title: 'Own', auth: 'Private', privatePwd: 'pw1', categoryId: cat });
    const mine = await client(t, padm).call('adminTraining.get', { query: { tid } });
    expect(mine.data).toMatchObject({
      training: { title: 'Own', privatePwd: 'pw1', author: 'padm', rank: 1000 },
      trainingCategory: { id: cat, name: 'Basics' },
    });
    expect(
      (
        await client(t, padm).call('adminTraining.update', {
          body: trainingForm({ id: tid, title: 'Own 2', auth: 'Private', privatePwd: 'pw1', categoryId: cat }),
        })
      ).status,
    ).toBe(200);

    // another problem admin: sees it listed without the password, may not open, edit, switch, add to or delete it
    const row = (await client(t, padm2).call('adminTraining.list')).data.records.find((r) => r.id === tid);
    expect(row).toMatchObject({ title: 'Own 2', privatePwd: null });
    expect((await client(t, padm2).call('adminTraining.get', { query: { tid } })).http).toBe(403);
    expect((await client(t, padm2).call('adminTraining.update', { body: trainingForm({ id: tid, title: 'Taken', categoryId: cat }) })).http).toBe(403);
    expect((await client(t, padm2).call('adminTraining.changeStatus', { query: { tid, status: false } })).http).toBe(403);
    expect((await client(t, padm2).call('adminTraining.addFromPublic', { body: { tid, pid: pids.a } })).http).toBe(403);
    expect((await client(t, padm2).call('adminTraining.problems', { query: { tid } })).http).toBe(403);
    // the author may not delete a site training either (super admin only)
    expect((await client(t, padm).call('adminTraining.remove', { query: { tid } })).http).toBe(403);
    expect((await client(t, root).call('adminTraining.get', { query: { tid } })).data.training.title).toBe('Own 2');

    // the super admin does everything
    expect(
      (await client(t, root).call('adminTraining.update', { body: trainingForm({ id: tid, title: 'Root edit', categoryId: cat }) })).data.training,
    ).toMatchObject({
      title: 'Root edit',
      auth: 'Public',
      privatePwd: null,
    });
    expect((await client(t, root).call('adminTraining.remove', { query: { tid } })).status).toBe(200);
    expect((await client(t, root).call('adminTraining.get', { query: { tid } })).msg).toBe(MSG.trainingNotFound);
  });

  it('lets admins (role admin) create trainings but not manage categories', async () => {
    const r = await client(t, adm).call('adminTraining.add', { body: trainingForm({ title: 'By admin', categoryId: cat }) });
    expect(r.status).toBe(200);
    expect((await client(t, adm).call('adminTraining.addCategory', { body: { name: 'Nope', color: '#000' } })).http).toBe(403);
  });
});

describe('the training form', () => {
  it('refuses what the form refuses, with its messages, and stores nothing', async () => {
    const before = (await client(t, root).call('adminTraining.list')).data.total;
    const cases: [TrainingForm, string][] = [
      [trainingForm({ title: '', categoryId: cat }), MSG.trainingTitleRequired],
      [trainingForm({ title: '   ', categoryId: cat }), MSG.trainingTitleRequired],
      [trainingForm({ description: ' ', categoryId: cat }), MSG.trainingDescriptionRequired],
      [trainingForm({}), MSG.trainingCategoryRequired],
      [trainingForm({ categoryId: 999999 }), MSG.trainingCategoryNotFound],
      [trainingForm({ auth: 'Private', categoryId: cat }), MSG.trainingPasswordRequired],
      [trainingForm({ auth: 'Private', privatePwd: '', categoryId: cat }), MSG.trainingPasswordRequired],
    ];
    for (const [body, msg] of cases) {
      const r = await client(t, root).call('adminTraining.add', { body });
      expect([r.http, r.status, r.msg], JSON.stringify(body)).toEqual([200, 400, msg]);
    }
    for (const body of [
      trainingForm({ rank: -1, categoryId: cat }),
      trainingForm({ rank: 2147483648, categoryId: cat }),
      trainingForm({ rank: 1.5, categoryId: cat }),
      trainingForm({ auth: 'Secret', categoryId: cat }),
    ]) {
      expect((await post(t, '/api/admin/training', body, { token: root })).http, JSON.stringify(body)).toBe(400);
    }
    expect((await client(t, root).call('adminTraining.list')).data.total).toBe(before);
    // the bounds themselves are fine; the default rank is 1000
    for (const rank of [0, 2147483647])
      expect((await client(t, root).call('adminTraining.add', { body: trainingForm({ rank, categoryId: cat }) })).data.training.rank).toBe(rank);
    const { training, trainingCategory: _c } = trainingForm({ categoryId: cat });
    const { rank: _r, ...noRank } = training;
    expect((await client(t, root).call('adminTraining.add', { body: { training: noRank, trainingCategory: { id: cat } } })).data.training.rank).toBe(1000);
  });

  it('refuses huge pages and bad ids with 400', async () => {
    expect((await get(t, '/api/admin/training/get-training-list', { token: root, ...q({ limit: 100000 }) })).http).toBe(400);
    expect((await get(t, '/api/admin/training/get-problem-list', { token: root, ...q({ tid: 1, limit: 5000 }) })).http).toBe(400);
    expect((await get(t, '/api/admin/training', { token: root, ...q({ tid: 'x' }) })).http).toBe(400);
    expect((await get(t, '/api/admin/training', { token: root, ...q({ tid: 2147483648 }) })).http).toBe(400);
  });
});

describe('the problems of a training', () => {
  it('adds usable problems once, orders them by rank, edits the rank and removes them', async () => {
    const tid = await createTraining(t, padm, { title: 'Problems', categoryId: cat });
    const add = (pid: number, token = padm) => client(t, token).call('adminTraining.addFromPublic', { body: { tid, pid } });
    const a = await add(pids.a);
    expect(a.data).toMatchObject({ tid, pid: pids.a, rank: 1000, displayId: 'TA1' });
    expect((await add(pids.b)).status).toBe(200);
    expect((await add(pids.a)).msg).toBe(MSG.trainingProblemExists);
    expect((await add(pids.hidden)).msg).toBe(MSG.problemNotUsable);
    expect((await add(999999)).msg).toBe(MSG.problemNotFound);
    // the super admin may use any problem
    expect((await add(pids.hidden, root)).status).toBe(200);

    const existing = await client(t, padm).call('adminTraining.problems', { query: { tid } });
    expect(existing.data.problemList.records.map((p) => p.problemId)).toEqual(['TA1', 'TA2', 'TA3']);
    expect(existing.data.trainingProblemMap[String(pids.b)]).toMatchObject({ pid: pids.b, rank: 1000 });
    // candidates: usable by the caller and not in the training yet
    const candidates = await client(t, padm).call('adminTraining.problems', { query: { tid, queryExisted: false } });
    expect(candidates.data.problemList.records.map((p) => p.problemId)).not.toContain('TA1');
    expect(candidates.data.problemList.records.map((p) => p.problemId)).not.toContain('TA3');

    const linkB = existing.data.trainingProblemMap[String(pids.b)].id;
    expect((await client(t, padm).call('adminTraining.updateProblem', { body: { id: linkB, rank: 1 } })).data.rank).toBe(1);
    for (const rank of [-1, 2147483648]) expect((await put(t, '/api/admin/training/problem', { id: linkB, rank }, { token: padm })).http).toBe(400);
    expect((await client(t, padm2).call('adminTraining.updateProblem', { body: { id: linkB, rank: 5 } })).http).toBe(403);
    const reordered = await client(t, padm).call('adminTraining.problems', { query: { tid } });
    expect(reordered.data.problemList.records.map((p) => p.problemId)).toEqual(['TA2', 'TA1', 'TA3']);

    expect((await client(t, padm).call('adminTraining.removeProblem', { query: { tid, pid: pids.a! } })).status).toBe(200);
    expect((await client(t, padm).call('adminTraining.removeProblem', { query: { tid, pid: pids.a! } })).msg).toBe(MSG.problemNotFound);
    const after = await client(t, padm).call('adminTraining.problems', { query: { tid } });
    expect(after.data.problemList.records.map((p) => p.problemId)).toEqual(['TA2', 'TA3']);
  });
});

describe('categories', () => {
  it('are listed to everyone and managed by problem admins and the super admin', async () => {
    const id = await createCategory(t, root, 'Graphs', '#00ff00');
    const list = await client(t).call('training.categories');
    expect(list.data).toEqual(expect.arrayContaining([{ id, name: 'Graphs', color: '#00ff00', gid: null }]));
    expect((await client(t, padm).call('adminTraining.addCategory', { body: { name: 'graphs', color: '#000' } })).msg).toBe(MSG.trainingCategoryExists);
    expect((await post(t, '/api/admin/training/category', { name: '', color: '#000' }, { token: padm })).http).toBe(400);
    expect((await post(t, '/api/admin/training/category', { name: 'Bad', color: 'red;background:url(x)' }, { token: padm })).http).toBe(400);
    expect((await client(t, padm).call('adminTraining.updateCategory', { body: { id, name: 'Graph theory', color: '#0000ff' } })).data).toMatchObject({
      name: 'Graph theory',
    });
    expect((await client(t, padm).call('adminTraining.updateCategory', { body: { id: 999999, name: 'Z', color: '#000' } })).msg).toBe(
      MSG.trainingCategoryNotFound,
    );
    expect((await client(t, padm).call('adminTraining.removeCategory', { query: { cid: id } })).status).toBe(200);
    expect((await client(t, padm).call('adminTraining.removeCategory', { query: { cid: id } })).msg).toBe(MSG.trainingCategoryNotFound);
  });

  it('refuses to delete a category that a training uses', async () => {
    const id = await createCategory(t, root, 'Used');
    const tid = await createTraining(t, root, { title: 'Uses it', categoryId: id });
    const r = await client(t, root).call('adminTraining.removeCategory', { query: { cid: id } });
    expect([r.status, r.msg]).toEqual([400, MSG.trainingCategoryInUse]);
    expect((await client(t).call('training.categories')).data.map((c) => c.id)).toContain(id);
    await client(t, root).call('adminTraining.remove', { query: { tid } });
    expect((await client(t, root).call('adminTraining.removeCategory', { query: { cid: id } })).status).toBe(200);
  });
});

describe('visibility and delete', () => {
  it('hides a training switched off from everyone but its admins', async () => {
    const tid = await createTraining(t, padm, { title: 'Hidden one', categoryId: cat });
    expect((await client(t, padm).call('adminTraining.changeStatus', { query: { tid, status: false } })).status).toBe(200);
    const listed = await client(t).call('training.list', { query: { keyword: 'Hidden one' } });
    expect(listed.data.total).toBe(0);
    expect((await client(t, kim).call('training.detail', { query: { tid } })).msg).toBe(MSG.trainingNotFound);
    expect((await client(t, padm).call('training.detail', { query: { tid } })).data.title).toBe('Hidden one');
    expect((await client(t, root).call('training.detail', { query: { tid } })).data.title).toBe('Hidden one');
    expect((await client(t, padm2).call('training.detail', { query: { tid } })).msg).toBe(MSG.trainingNotFound);
  });

  it('deletes links, registrations and rank rows in one go and keeps the submissions with their tid', async () => {
    const tid = await createTraining(t, root, { title: 'Doomed', auth: 'Private', privatePwd: 'pw', categoryId: cat }, [pids.a!]);
    expect((await client(t, kim).call('training.register', { body: { tid, password: 'pw' } })).status).toBe(200);
    const s = await client(t, kim).call('submission.submit', { body: { pid: 'TA1', tid, language: 'C++', code: 'int main(){}' } });
    expect(s.status).toBe(200);
    const count = async (table: string) =>
      (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table} where tid = ${tid}`))).rows[0]!.n;
    expect([await count('training_problem'), await count('training_register'), await count('training_rank')]).toEqual([1, 1, 1]);
    expect((await client(t, root).call('adminTraining.remove', { query: { tid } })).status).toBe(200);
    expect([await count('training_problem'), await count('training_register'), await count('training_rank'), await count('judge')]).toEqual([0, 0, 0, 1]);
    // the submission still opens for its author
    expect((await client(t, kim).call('submission.detail', { query: { submitId: s.data.submitId } })).status).toBe(200);
  });
});
