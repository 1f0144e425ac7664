import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { JudgeStatus, MSG, Role } from '@oj/shared';
import { putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, post, put, rootToken } from './helpers.js';
import { client, type TypedCall, type TypedInput } from './client.js';
import { acceptedResult, createProblem, drainQueue, FakeJudge, testQueue } from './judge-helpers.js';

let t: TestApp;
let judge: FakeJudge;
let root: string;
let admin: string;
let kim: string;
let lee: string;
const ids: Record<string, number> = {};

async function judged(token: string, pid: string, status: number, extra: Record<string, unknown> = {}) {
  const r = await client(t, token).call('submission.submit', { body: { pid, language: 'C', code: 'int main(){}' } });
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

const list = (query: TypedInput<'submission.list'>['query'], token?: string) => client(t, token).call('submission.list', { query });
/** The same call with a query the schema refuses. */
const badList = (query: Record<string, string>) => get(t, '/api/get-submission-list', { query });
const idsOf = (r: TypedCall<'submission.list'>) => r.data.records.map((x) => x.submitId);

describe('get-submission-list', () => {
  it('filters by status, author, problem id (partial or complete) and only-mine', async () => {
    expect(idsOf(await list({}))).toEqual([ids.leeOi, ids.leeWa, ids.kimCe, ids.kimAc]);
    expect(idsOf(await list({ status: JudgeStatus.WRONG_ANSWER }))).toEqual([ids.leeWa]);
    expect(idsOf(await list({ username: 'kim' }))).toEqual([ids.kimCe, ids.kimAc]);
    expect(idsOf(await list({ problemID: 's2' }))).toEqual([ids.leeOi, ids.kimCe]);
    expect(idsOf(await list({ problemID: 'S', completeProblemID: true }))).toEqual([]);
    // only-mine wins over an author given at the same time
    expect(idsOf(await list({ onlyMine: true, username: 'lee' }, kim))).toEqual([ids.kimCe, ids.kimAc]);
    const page = await list({ limit: 1, currentPage: 2 });
    expect([idsOf(page), page.data.total]).toEqual([[ids.leeWa], 4]);
  });

  it('carries the stored OI rank score and never the code', async () => {
    const r = await list({ username: 'lee' });
    expect(r.data.records[0]).toMatchObject({ submitId: ids.leeOi, score: 50, oiRankScore: 13 });
    expect(r.data.records[1]).toMatchObject({ submitId: ids.leeWa, score: null, oiRankScore: null });
    expect(r.data.records.every((x) => !('code' in x))).toBe(true);
  });

  it('rejects bad queries with 400', async () => {
    for (const query of <Record<string, string>[]>[
      { status: 'x' },
      { limit: '101' },
      { currentPage: '0' },
      { onlyMine: 'maybe' },
      { username: 'x'.repeat(21) },
    ]) {
      expect((await badList(query)).http, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('check-submissions-status', () => {
  it('answers the asked submissions and rejects bad ids', async () => {
    const r = await client(t).call('submission.checkStatus', { body: { submitIds: [ids.kimAc, ids.leeWa] } });
    expect(Object.keys(r.data).sort()).toEqual([String(ids.kimAc), String(ids.leeWa)].sort());
    expect(r.data[ids.leeWa].status).toBe(JudgeStatus.WRONG_ANSWER);
    expect((await post(t, '/api/check-submissions-status', { submitIds: ['a'] })).http).toBe(400);
    expect((await post(t, '/api/check-submissions-status', {})).http).toBe(400);
  });
});

describe('submission detail', () => {
  it('shows the compile error message', async () => {
    const d = await client(t, kim).call('submission.detail', { query: { submitId: ids.kimCe } });
    expect(d.data.submission).toMatchObject({ status: JudgeStatus.COMPILE_ERROR, errorMessage: 'main.c:1: error' });
  });
});

describe('sharing', () => {
  it('is for the owner only', async () => {
    const q = { submitId: ids.kimAc, share: true };
    expect((await client(t).call('submission.share', { body: q })).http).toBe(401);
    const other = await client(t, lee).call('submission.share', { body: q });
    expect([other.http, other.msg]).toEqual([403, MSG.shareNotOwner]);
    expect((await client(t, kim).call('submission.share', { body: q })).status).toBe(200);
    expect((await put(t, '/api/submission', { submitId: ids.kimAc, share: 'yes' }, { token: kim })).http).toBe(400);
    expect((await client(t).call('submission.detail', { query: { submitId: ids.kimAc } })).data.submission.code).toBe('int main(){}');
  });
});

describe('admin judging', () => {
  it('keeps normal users and admins out of manual judging and cancelling', async () => {
    const q = { submitId: ids.leeWa };
    for (const token of [kim, admin]) {
      expect((await client(t, token).call('submission.manualJudge', { query: { ...q, status: 0, score: 100 } })).http).toBe(403);
      expect((await client(t, token).call('submission.cancel', { query: q })).http).toBe(403);
    }
    expect((await client(t, kim).call('submission.rejudge', { query: q })).http).toBe(403);
    expect((await client(t).call('submission.rejudge', { query: q })).http).toBe(401);
    // an admin may rejudge
    const rj = await client(t, admin).call('submission.rejudge', { query: q });
    expect(rj.data).toMatchObject({ submitId: ids.leeWa, status: JudgeStatus.PENDING });
    await drainQueue(t);
  });

  it('gives the OI rank score to a manual verdict and refuses compile errors', async () => {
    const m = await client(t, root).call('submission.manualJudge', { query: { submitId: ids.leeOi, status: 0, score: 100 } });
    expect(m.data).toEqual({ status: 0, score: 100, oiRankScore: 18, judger: 'root' });
    const zero = await client(t, root).call('submission.manualJudge', { query: { submitId: ids.leeOi, status: -1, score: 0 } });
    expect(zero.data.oiRankScore).toBe(0);
    const ce = await client(t, root).call('submission.manualJudge', { query: { submitId: ids.kimCe, status: 0, score: 1 } });
    expect([ce.status, ce.msg]).toEqual([400, MSG.manualJudgeBusy]);
    const missing = await client(t, root).call('submission.manualJudge', { query: { submitId: 99999, status: 0, score: 1 } });
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

    for (const [who, token] of [
      ['visitor', undefined],
      ['lee', lee],
    ] as const) {
      const seen = idsOf(await list({ problemID: 'H' }, token));
      expect(seen, who).toEqual([]);
      for (const id of [adminTry, kimOld]) {
        expect((await client(t, token).call('submission.detail', { query: { submitId: id } })).status, who).toBe(404);
        expect((await client(t, token).call('submission.caseResult', { query: { submitId: id } })).status, who).toBe(404);
      }
      const polled = await client(t, token).call('submission.checkStatus', { body: { submitIds: [adminTry, kimOld, ids.kimAc] } });
      expect(Object.keys(polled.data), who).toEqual([String(ids.kimAc)]);
    }
    // the author keeps their own submission, in "mine" and by id
    expect(idsOf(await list({ onlyMine: true, problemID: 'H' }, kim))).toEqual([kimOld]);
    expect((await client(t, kim).call('submission.detail', { query: { submitId: kimOld } })).data.submission.code).toBe('int main(){}');
    // administrators see everything
    expect(idsOf(await list({ problemID: 'H' }, admin))).toEqual([kimOld, adminTry]);
    expect((await client(t, root).call('submission.detail', { query: { submitId: adminTry } })).status).toBe(200);
  });
});

describe('submissions of a deleted problem', () => {
  it('stay readable by everyone, in the list and by id', async () => {
    await createProblem(t, { problemId: 'D100' });
    const id = await judged(kim, 'D100', JudgeStatus.ACCEPTED);
    await t.database.db.execute(sql`delete from problem where problem_id = 'D100'`);
    expect((await client(t, lee).call('submission.detail', { query: { submitId: id } })).data.submission).toMatchObject({
      submitId: id,
      title: null,
    });
    expect(idsOf(await list({ username: 'kim' }, lee))).toContain(id);
  });
});

describe('search by problem id', () => {
  it('follows a renamed problem: its submissions show and are found under the new id', async () => {
    const pid = (
      await client(t, root).call('adminProblem.get', { query: { pid: (await list({ problemID: 'S100', completeProblemID: true })).data.records[0].pid } })
    ).data;
    const saved = await client(t, root).call('adminProblem.update', {
      body: {
        // the answer declares the rule and the visibility as any number; the form takes their values
        problem: { ...pid.problem, type: pid.problem.type as 0 | 1, auth: pid.problem.auth as 1 | 2 | 3, problemId: 'R100', examples: [] },
        samples: [{ input: '1 2\n', output: '3\n' }],
        languages: [],
        tags: [],
        codeTemplates: [],
      },
    });
    expect(saved.status, saved.msg).toBe(200);
    expect(idsOf(await list({ problemID: 'S100', completeProblemID: true }))).toEqual([]);
    const found = await list({ problemID: 'r10' });
    expect(idsOf(found)).toEqual([ids.leeWa, ids.kimAc]);
    expect(found.data.records.map((r) => r.displayPid)).toEqual(['R100', 'R100']);
    expect(found.data.total).toBe(2);
    // a pattern no problem id contains finds nothing, and % is taken literally
    expect((await list({ problemID: 'zz' })).data).toEqual({ records: [], total: 0 });
    expect(idsOf(await list({ problemID: '%' }))).toEqual([]);
  });
});
