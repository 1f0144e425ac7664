import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { JudgeStatus, MSG, Role } from '@oj/shared';
import { putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, post, put, rootToken } from './helpers.js';
import { acceptedResult, createProblem, drainQueue, FakeJudge, testQueue } from './judge-helpers.js';

let t: TestApp;
let judge: FakeJudge;
let root: string;
let admin: string;
let kim: string;
let lee: string;
const ids: Record<string, number> = {};

async function judged(token: string, pid: string, status: number, extra: Record<string, unknown> = {}) {
  const r = await post(t, '/api/submit-problem-judge', { pid, language: 'C', code: 'int main(){}' }, { token });
  if (r.status !== 200) throw new Error(`submit: ${r.msg}`);
  const task = await judge.take();
  await judge.result(task, { ...acceptedResult(1), status, ...extra });
  return r.data.submitId as number;
}

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  judge = await FakeJudge.start(t, 'sj');
  root = await rootToken(t);
  await createUser(t, { username: 'adm', roles: [Role.ADMIN] });
  await createUser(t, { username: 'kim' });
  await createUser(t, { username: 'lee' });
  [admin, kim, lee] = await Promise.all(['adm', 'kim', 'lee'].map((u) => login(t, u)));
  await createProblem(t, { problemId: 'S100' });
  await createProblem(t, { problemId: 'S200', type: 1, difficulty: 4 });
  ids.kimAc = await judged(kim, 'S100', JudgeStatus.ACCEPTED);
  ids.kimCe = await judged(kim, 'S200', JudgeStatus.COMPILE_ERROR, { score: 0, errorMessage: 'main.c:1: error', cases: [] });
  ids.leeWa = await judged(lee, 'S100', JudgeStatus.WRONG_ANSWER);
  ids.leeOi = await judged(lee, 'S200', JudgeStatus.PARTIAL_ACCEPTED, { score: 50 });
  await drainQueue(t);
});

afterAll(() => t.close());

const list = (query: Record<string, string>, token?: string) => get(t, '/api/get-submission-list', { query, token });
const idsOf = (r: any) => r.data.records.map((x: any) => x.submitId);

describe('get-submission-list', () => {
  it('filters by status, author, problem id (partial or complete) and only-mine', async () => {
    expect(idsOf(await list({}))).toEqual([ids.leeOi, ids.leeWa, ids.kimCe, ids.kimAc]);
    expect(idsOf(await list({ status: String(JudgeStatus.WRONG_ANSWER) }))).toEqual([ids.leeWa]);
    expect(idsOf(await list({ username: 'kim' }))).toEqual([ids.kimCe, ids.kimAc]);
    expect(idsOf(await list({ problemID: 's2' }))).toEqual([ids.leeOi, ids.kimCe]);
    expect(idsOf(await list({ problemID: 'S', completeProblemID: 'true' }))).toEqual([]);
    // only-mine wins over an author given at the same time
    expect(idsOf(await list({ onlyMine: 'true', username: 'lee' }, kim))).toEqual([ids.kimCe, ids.kimAc]);
    const page = await list({ limit: '1', currentPage: '2' });
    expect([idsOf(page), page.data.total]).toEqual([[ids.leeWa], 4]);
  });

  it('carries the stored OI rank score and never the code', async () => {
    const r = await list({ username: 'lee' });
    expect(r.data.records[0]).toMatchObject({ submitId: ids.leeOi, score: 50, oiRankScore: 13 });
    expect(r.data.records[1]).toMatchObject({ submitId: ids.leeWa, score: null, oiRankScore: null });
    expect(r.data.records.every((x: any) => x.code === undefined)).toBe(true);
  });

  it('rejects bad queries with 400', async () => {
    for (const query of <Record<string, string>[]>[
      { status: 'x' },
      { limit: '101' },
      { currentPage: '0' },
      { onlyMine: 'maybe' },
      { username: 'x'.repeat(21) },
    ]) {
      expect((await list(query)).http, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('check-submissions-status', () => {
  it('answers the asked submissions and rejects bad ids', async () => {
    const r = await post(t, '/api/check-submissions-status', { submitIds: [ids.kimAc, ids.leeWa] });
    expect(Object.keys(r.data).sort()).toEqual([String(ids.kimAc), String(ids.leeWa)].sort());
    expect(r.data[ids.leeWa].status).toBe(JudgeStatus.WRONG_ANSWER);
    expect((await post(t, '/api/check-submissions-status', { submitIds: ['a'] })).http).toBe(400);
    expect((await post(t, '/api/check-submissions-status', {})).http).toBe(400);
  });
});

describe('submission detail', () => {
  it('shows the compile error message', async () => {
    const d = await get(t, '/api/get-submission-detail', { query: { submitId: String(ids.kimCe) }, token: kim });
    expect(d.data.submission).toMatchObject({ status: JudgeStatus.COMPILE_ERROR, errorMessage: 'main.c:1: error' });
  });
});

describe('sharing', () => {
  it('is for the owner only', async () => {
    const q = { submitId: ids.kimAc, share: true };
    expect((await put(t, '/api/submission', q)).http).toBe(401);
    const other = await put(t, '/api/submission', q, { token: lee });
    expect([other.http, other.msg]).toEqual([403, MSG.shareNotOwner]);
    expect((await put(t, '/api/submission', q, { token: kim })).status).toBe(200);
    expect((await put(t, '/api/submission', { submitId: ids.kimAc, share: 'yes' }, { token: kim })).http).toBe(400);
    expect((await get(t, '/api/get-submission-detail', { query: { submitId: String(ids.kimAc) } })).data.submission.code).toBe('int main(){}');
  });
});

describe('admin judging', () => {
  it('keeps normal users and admins out of manual judging and cancelling', async () => {
    const q = { submitId: String(ids.leeWa) };
    for (const token of [kim, admin]) {
      expect((await get(t, '/api/admin/judge/manual-judge', { token, query: { ...q, status: '0', score: '100' } })).http).toBe(403);
      expect((await get(t, '/api/admin/judge/cancel-judge', { token, query: q })).http).toBe(403);
    }
    expect((await get(t, '/api/admin/judge/rejudge', { token: kim, query: q })).http).toBe(403);
    expect((await get(t, '/api/admin/judge/rejudge', { query: q })).http).toBe(401);
    // an admin may rejudge
    const rj = await get(t, '/api/admin/judge/rejudge', { token: admin, query: q });
    expect(rj.data).toMatchObject({ submitId: ids.leeWa, status: JudgeStatus.PENDING });
    await drainQueue(t);
  });

  it('gives the OI rank score of spec 1 §9 to a manual verdict and refuses compile errors', async () => {
    const m = await get(t, '/api/admin/judge/manual-judge', { token: root, query: { submitId: String(ids.leeOi), status: '0', score: '100' } });
    expect(m.data).toEqual({ status: 0, score: 100, oiRankScore: 18, judger: 'root' });
    const zero = await get(t, '/api/admin/judge/manual-judge', { token: root, query: { submitId: String(ids.leeOi), status: '-1', score: '0' } });
    expect(zero.data.oiRankScore).toBe(0);
    const ce = await get(t, '/api/admin/judge/manual-judge', { token: root, query: { submitId: String(ids.kimCe), status: '0', score: '1' } });
    expect([ce.status, ce.msg]).toEqual([400, MSG.manualJudgeBusy]);
    const missing = await get(t, '/api/admin/judge/manual-judge', { token: root, query: { submitId: '99999', status: '0', score: '1' } });
    expect(missing.status).toBe(404);
    expect((await get(t, '/api/admin/judge/manual-judge', { token: root, query: { submitId: String(ids.leeOi), status: '0', score: '-1' } })).http).toBe(400);
  });
});

describe('submissions on hidden problems', () => {
  it('are kept from those who may not open the problem, but not from their author or administrators', async () => {
    await createProblem(t, { problemId: 'H100', auth: 2 });
    await createProblem(t, { problemId: 'H200' });
    const adminTry = await judged(admin, 'H100', JudgeStatus.ACCEPTED);
    const kimOld = await judged(kim, 'H200', JudgeStatus.WRONG_ANSWER);
    await t.database.db.execute(sql`update problem set auth = 3 where problem_id = 'H200'`);
    const q = (id: number) => ({ query: { submitId: String(id) } });

    for (const [who, token] of [
      ['visitor', undefined],
      ['lee', lee],
    ] as const) {
      const seen = idsOf(await list({ problemID: 'H' }, token));
      expect(seen, who).toEqual([]);
      for (const id of [adminTry, kimOld]) {
        expect((await get(t, '/api/get-submission-detail', { ...q(id), token })).status, who).toBe(404);
        expect((await get(t, '/api/get-all-case-result', { ...q(id), token })).status, who).toBe(404);
      }
      const polled = await post(t, '/api/check-submissions-status', { submitIds: [adminTry, kimOld, ids.kimAc] }, { token });
      expect(Object.keys(polled.data), who).toEqual([String(ids.kimAc)]);
    }
    // the author keeps their own submission, in "mine" and by id
    expect(idsOf(await list({ onlyMine: 'true', problemID: 'H' }, kim))).toEqual([kimOld]);
    expect((await get(t, '/api/get-submission-detail', { ...q(kimOld), token: kim })).data.submission.code).toBe('int main(){}');
    // administrators see everything
    expect(idsOf(await list({ problemID: 'H' }, admin))).toEqual([kimOld, adminTry]);
    expect((await get(t, '/api/get-submission-detail', { ...q(adminTry), token: root })).status).toBe(200);
  });
});

describe('submissions of a deleted problem', () => {
  it('stay readable by everyone, in the list and by id', async () => {
    await createProblem(t, { problemId: 'D100' });
    const id = await judged(kim, 'D100', JudgeStatus.ACCEPTED);
    await t.database.db.execute(sql`delete from problem where problem_id = 'D100'`);
    expect((await get(t, '/api/get-submission-detail', { query: { submitId: String(id) }, token: lee })).data.submission).toMatchObject({
      submitId: id,
      title: null,
    });
    expect(idsOf(await list({ username: 'kim' }, lee))).toContain(id);
  });
});

describe('search by problem id', () => {
  it('follows a renamed problem: its submissions show and are found under the new id', async () => {
    const pid = (
      await get(t, '/api/admin/problem', {
        token: root,
        query: { pid: String((await list({ problemID: 'S100', completeProblemID: 'true' })).data.records[0].pid) },
      })
    ).data;
    const saved = await put(
      t,
      '/api/admin/problem',
      {
        problem: { ...pid.problem, problemId: 'R100', examples: [] },
        samples: [{ input: '1 2\n', output: '3\n' }],
        languages: [],
        tags: [],
        codeTemplates: [],
      },
      { token: root },
    );
    expect(saved.status, saved.msg).toBe(200);
    expect(idsOf(await list({ problemID: 'S100', completeProblemID: 'true' }))).toEqual([]);
    const found = await list({ problemID: 'r10' });
    expect(idsOf(found)).toEqual([ids.leeWa, ids.kimAc]);
    expect(found.data.records.map((r: any) => r.displayPid)).toEqual(['R100', 'R100']);
    expect(found.data.total).toBe(2);
    // a pattern no problem id contains finds nothing, and % is taken literally
    expect((await list({ problemID: 'zz' })).data).toEqual({ records: [], total: 0 });
    expect(idsOf(await list({ problemID: '%' }))).toEqual([]);
  });
});
