import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, MSG, Role } from '@oj/shared';
import { putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, post, put, rootToken } from './helpers.js';
import { acceptedResult, drainQueue, FakeJudge, testQueue } from './judge-helpers.js';
import { client, type TypedInput } from './client.js';

let t: TestApp;
let root: string;
let padmin: string;
let alice: string;
let bob: string;
let banned: string;
let judge: FakeJudge;

/** A field the answer's type does not declare (to show it is not sent). */
const field = (o: object, key: string) => (o as Record<string, unknown>)[key];

type SaveBody = TypedInput<'adminProblem.create'>['body'];

const problemBody = (problemId: string, extra: Partial<SaveBody['problem']> = {}, rest: Partial<SaveBody> = {}): SaveBody => ({
  problem: { problemId, title: `Title ${problemId}`, description: 'Add two numbers.', ...extra },
  samples: [
    { input: '1 2\n', output: '3\n' },
    { input: '3 4\n', output: '7\n' },
  ],
  languages: [],
  tags: [{ name: 'math' }],
  codeTemplates: [{ language: 'C++', code: '// template', status: true }],
  ...rest,
});

async function createP(problemId: string, extra: Partial<SaveBody['problem']> = {}, rest: Partial<SaveBody> = {}) {
  const r = await client(t, root).call('adminProblem.create', { body: problemBody(problemId, extra, rest) });
  if (r.status !== 200) throw new Error(`create ${problemId}: ${r.msg}`);
  return r.data.pid;
}

let pub: number;
let hidden: number;
let oi: number;

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  root = await rootToken(t);
  await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'alice' });
  await createUser(t, { username: 'bob' });
  await createUser(t, { username: 'banned', roles: [Role.NO_SUBMIT] });
  [padmin, alice, bob, banned] = await Promise.all(['padmin', 'alice', 'bob', 'banned'].map((u) => login(t, u)));
  judge = await FakeJudge.start(t, 'pj');
  pub = await createP('P1000', { difficulty: 1 });
  hidden = await createP('P1001', { auth: 2 }, { tags: [{ name: 'graph' }] });
  oi = await createP(
    'P1002',
    { type: 1, judgeCaseMode: 'subtask_lowest', openCaseResult: true },
    {
      tags: [{ name: 'math' }, { name: 'dp', color: '#f00' }],
      samples: [
        { input: 'a', output: 'a', groupNum: 1 },
        { input: 'b', output: 'b', groupNum: 1 },
        { input: 'c', output: 'c', groupNum: 2 },
      ],
    },
  );
});

afterAll(() => t.close());

describe('problem list and tags', () => {
  it('lists public problems with tags and counts; hidden ones only for the super admin', async () => {
    const anon = await client(t).call('problem.list');
    expect(anon.status).toBe(200);
    expect(anon.data.records.map((r) => r.problemId)).toEqual(['P1000', 'P1002']);
    expect(anon.data.total).toBe(2);
    const row = anon.data.records[0];
    expect(row).toMatchObject({ pid: pub, title: 'Title P1000', difficulty: 1, type: 0, auth: 1, total: 0, ac: 0 });
    expect(row.tags.map((x) => x.name)).toEqual(['math']);

    // auth filter ignored for normal users, honoured for root
    const sneaky = await client(t, alice).call('problem.list', { query: { auth: 2 } });
    expect(sneaky.data.records.map((r) => r.problemId)).toEqual(['P1000', 'P1002']);
    const rootHidden = await client(t, root).call('problem.list', { query: { auth: 2 } });
    expect(rootHidden.data.records.map((r) => r.problemId)).toEqual(['P1001']);
    const rootAll = await client(t, root).call('problem.list');
    expect(rootAll.data.total).toBe(3);
  });

  it('filters by keyword, difficulty, tags (all of them), oj and pages', async () => {
    const kw = await client(t).call('problem.list', { query: { keyword: 'p1002' } });
    expect(kw.data.records.map((r) => r.problemId)).toEqual(['P1002']);
    const pct = await client(t).call('problem.list', { query: { keyword: '%' } });
    expect(pct.data.total).toBe(0);
    const diff = await client(t).call('problem.list', { query: { difficulty: 1 } });
    expect(diff.data.records.map((r) => r.problemId)).toEqual(['P1000']);
    const tags = (await client(t).call('problem.allTags')).data;
    const math = tags.find((x) => x.name === 'math')!.id;
    const dp = tags.find((x) => x.name === 'dp')!.id;
    const both = await client(t).call('problem.list', { query: { tagId: `${math},${dp}` } });
    expect(both.data.records.map((r) => r.problemId)).toEqual(['P1002']);
    const one = await client(t).call('problem.list', { query: { tagId: `${math}` } });
    expect(one.data.total).toBe(2);
    expect((await client(t).call('problem.list', { query: { oj: 'HDU' } })).data.total).toBe(0);
    expect((await client(t).call('problem.list', { query: { oj: 'ME' } })).data.total).toBe(2);
    const page2 = await client(t).call('problem.list', { query: { limit: 1, currentPage: 2 } });
    expect(page2.data.records.map((r) => r.problemId)).toEqual(['P1002']);
    expect(page2.data.total).toBe(2);
    const badQueries: Record<string, string>[] = [{ tagId: 'x' }, { difficulty: '9' }, { currentPage: '0' }, { limit: 'abc' }];
    for (const query of badQueries) {
      expect((await get(t, '/api/get-problem-list', { query })).http).toBe(400);
    }
  });

  it('gives tags with classifications and a random public problem', async () => {
    const r = await client(t).call('problem.tagsAndClassification', { query: { oj: 'ME' } });
    expect(r.status).toBe(200);
    expect(r.data).toHaveLength(1);
    expect(r.data[0].classification).toBeNull();
    expect(r.data[0].tagList.map((x) => x.name).sort()).toEqual(['dp', 'graph', 'math']);
    for (let i = 0; i < 5; i++) {
      const rnd = await client(t).call('problem.random');
      expect(['P1000', 'P1002']).toContain(rnd.data.problemId);
    }
  });
});

describe('problem detail', () => {
  it('needs login, hides hidden problems from users and judge-only fields from everyone', async () => {
    expect((await client(t).call('problem.detail', { query: { problemId: 'P1000' } })).http).toBe(401);
    const r = await client(t, alice).call('problem.detail', { query: { problemId: 'p1000' } });
    expect(r.status).toBe(200);
    expect(r.data.problem).toMatchObject({ id: pub, problemId: 'P1000', timeLimit: 1000, memoryLimit: 256, stackLimit: 128 });
    expect(field(r.data.problem, 'spjCode')).toBeUndefined();
    expect(field(r.data.problem, 'judgeExtraFile')).toBeUndefined();
    expect(field(r.data.problem, 'caseVersion')).toBeUndefined();
    expect(r.data.languages).toEqual(['C', 'C++', 'Python3']);
    expect(r.data.codeTemplate).toEqual({ 'C++': '// template' });
    expect(r.data.tags.map((x) => x.name)).toEqual(['math']);
    expect(r.data.problemCount).toMatchObject({ total: 0, ac: 0 });

    const h = await client(t, alice).call('problem.detail', { query: { problemId: 'P1001' } });
    expect(h.status).toBe(404);
    expect(h.msg).toBe(MSG.problemNotFound);
    expect((await client(t, padmin).call('problem.detail', { query: { problemId: 'P1001' } })).status).toBe(200);
    expect((await client(t, alice).call('problem.detail', { query: { problemId: 'NOPE' } })).status).toBe(404);
    expect((await get(t, '/api/get-problem-detail', { token: alice, query: {} })).http).toBe(400);
  });

  it('gives the code templates of a problem the caller may open', async () => {
    expect((await client(t).call('problem.codeTemplate', { query: { pid: pub } })).http).toBe(401);
    const r = await client(t, alice).call('problem.codeTemplate', { query: { pid: pub } });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ 'C++': '// template' });
    expect(await client(t, alice).call('problem.codeTemplate', { query: { pid: hidden } })).toMatchObject({
      status: 404,
      msg: MSG.problemNotFound,
    });
    expect((await client(t, padmin).call('problem.codeTemplate', { query: { pid: hidden } })).status).toBe(200);
    expect((await get(t, '/api/get-problem-code-template', { token: alice, query: { pid: 'x' } })).http).toBe(400);
  });
});

describe('submissions', () => {
  const code = 'int main() { return 0; }';

  it('rejects bad submissions with the spec messages', async () => {
    const submit = (body: Partial<TypedInput<'submission.submit'>['body']>, token: string | null = alice) =>
      client(t, token).call('submission.submit', { body: { pid: 'P1000', language: 'C++', code, ...body } });
    /** A body the schema refuses. */
    const s = (body: Record<string, unknown>) => post(t, '/api/submit-problem-judge', { pid: 'P1000', language: 'C++', code, ...body }, { token: alice });
    expect((await submit({}, null)).http).toBe(401);
    expect((await submit({}, banned)).http).toBe(403);
    const empty = await s({ code: '   ' });
    expect([empty.http, empty.msg]).toEqual([400, MSG.codeEmpty]);
    const long = await s({ code: 'x'.repeat(65536) });
    expect([long.http, long.msg]).toEqual([400, MSG.codeTooLong]);
    expect((await submit({ code: 'x'.repeat(65535) })).status).toBe(200);
    const lang = await submit({ language: 'Brainfuck' });
    expect([lang.http, lang.status]).toEqual([200, 400]);
    expect(lang.msg).toBe('The language Brainfuck is not supported for this problem.');
    expect((await submit({ pid: 'NOPE' })).status).toBe(404);
    expect((await submit({ pid: 'P1001' })).status).toBe(404);
    expect((await s({ code: 42 })).http).toBe(400);
    expect((await s({ pid: '' })).http).toBe(400);
    await drainQueue(t);
  });

  it('keeps the per-user interval between submissions', async () => {
    await putSetting(t.database.db, 'switch', { submitIntervalSec: 30 });
    try {
      const first = await client(t, bob).call('submission.submit', { body: { pid: 'P1000', language: 'C', code } });
      expect(first.status).toBe(200);
      const second = await client(t, bob).call('submission.submit', { body: { pid: 'P1000', language: 'C', code } });
      expect(second.status).toBe(400);
      expect(second.msg).toMatch(/^Submitting too frequently, please wait (29|30) seconds/);
      expect(field(second.data, 'seconds')).toBeGreaterThan(0);
    } finally {
      await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
      await drainQueue(t);
    }
  });

  it('judges a submission through the protocol and shows it everywhere', async () => {
    const r = await client(t, alice).call('submission.submit', { body: { pid: 'P1000', language: 'C++', code } });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ pid: pub, displayPid: 'P1000', status: JudgeStatus.PENDING, language: 'C++', username: 'alice' });
    expect(field(r.data, 'code')).toBeUndefined();
    const submitId = r.data.submitId as number;

    const status = await client(t, alice).call('problem.userStatus', { body: { pidList: [pub, oi] } });
    expect(status.data[pub].status).toBe(JudgeStatus.PENDING);
    expect(status.data[oi]).toEqual({ status: JudgeStatus.NOT_SUBMITTED, score: null });

    const task = await judge.take();
    expect(task.submission.submitId).toBe(submitId);
    expect((await judge.result(task, acceptedResult(2))).status).toBe(200);

    const detail = await client(t, alice).call('submission.detail', { query: { submitId: submitId } });
    expect(detail.data.submission).toMatchObject({ submitId, status: 0, time: 12, memory: 1024, judger: 'pj', code });
    expect(detail.data.codeShare).toBe(true);
    // someone else's unshared code stays hidden; admins see it
    const other = await client(t, bob).call('submission.detail', { query: { submitId: submitId } });
    expect(other.data.submission.status).toBe(0);
    expect(other.data.submission.code).toBeNull();
    expect((await client(t).call('submission.detail', { query: { submitId: submitId } })).data.submission.code).toBeNull();
    expect((await client(t, root).call('submission.detail', { query: { submitId: submitId } })).data.submission.code).toBe(code);

    // sharing: only the owner
    expect((await client(t, bob).call('submission.share', { body: { submitId, share: true } })).http).toBe(403);
    expect((await client(t, alice).call('submission.share', { body: { submitId, share: true } })).status).toBe(200);
    expect((await client(t, bob).call('submission.detail', { query: { submitId: submitId } })).data.submission.code).toBe(code);

    const cases = await client(t, alice).call('submission.caseResult', { query: { submitId: submitId } });
    expect(cases.data!.judgeCaseMode).toBe('default');
    expect(cases.data!.judgeCaseList).toHaveLength(2);
    // a case that is none of the statement's samples: verdict and time, not the output (case-answers.test.ts)
    expect(cases.data!.judgeCaseList![0]).toMatchObject({ seq: 1, status: 0, userOutput: null });
    const casesBob = await client(t, bob).call('submission.caseResult', { query: { submitId: submitId } });
    expect(casesBob.data!.judgeCaseList![0]!.userOutput).toBeNull();

    const list = await client(t).call('submission.list', { query: { problemID: 'P1000', completeProblemID: true, status: 0 } });
    expect(list.data.records[0]).toMatchObject({ submitId, title: 'Title P1000', status: 0, username: 'alice' });
    expect(field(list.data.records[0]!, 'code')).toBeUndefined();
    const mine = await client(t, bob).call('submission.list', { query: { onlyMine: true } });
    expect(mine.data.records.every((x) => x.username === 'bob')).toBe(true);
    expect((await client(t).call('submission.list', { query: { onlyMine: true } })).http).toBe(401);
    const byUser = await client(t).call('submission.list', { query: { username: 'alice' } });
    expect(byUser.data.records.every((x) => x.username === 'alice')).toBe(true);

    const check = await client(t).call('submission.checkStatus', { body: { submitIds: [submitId, 999999] } });
    expect(Object.keys(check.data)).toEqual([String(submitId)]);
    expect(check.data[submitId].status).toBe(0);
    expect((await post(t, '/api/check-submissions-status', { submitIds: Array.from({ length: 101 }, (_, i) => i + 1) })).http).toBe(400);

    const after = await client(t, alice).call('problem.userStatus', { body: { pidList: [pub] } });
    expect(after.data[pub].status).toBe(0);
    const plist = await client(t).call('problem.list', { query: { keyword: 'P1000' } });
    expect(plist.data.records[0]).toMatchObject({ ac: 1 });
    expect(plist.data.records[0].total).toBeGreaterThanOrEqual(1);

    const last = await client(t, alice).call('submission.lastAcCode', { query: { pid: pub } });
    expect(last.data).toEqual({ submitId, code, language: 'C++' });
    const none = await client(t, bob).call('submission.lastAcCode', { query: { pid: pub } });
    expect([none.status, none.msg]).toEqual([400, MSG.notPassedProblem]);
  });

  it('groups subtask results and keeps closed case results for admins', async () => {
    const r = await client(t, alice).call('submission.submit', { body: { pid: 'P1002', language: 'C', code } });
    const task = await judge.take();
    await judge.result(task, {
      status: JudgeStatus.PARTIAL_ACCEPTED,
      score: 33,
      cases: [
        { caseId: null, seq: 1, status: 0, time: 1, memory: 1, score: 33, groupNum: 1, userOutput: 'a' },
        { caseId: null, seq: 2, status: 0, time: 2, memory: 2, score: 33, groupNum: 1, userOutput: 'b' },
        { caseId: null, seq: 3, status: -1, time: 3, memory: 3, score: 0, groupNum: 2, userOutput: 'x' },
      ],
    });
    const submitId = r.data.submitId;
    const cases = await client(t, alice).call('submission.caseResult', { query: { submitId } });
    expect(cases.data!.judgeCaseMode).toBe('subtask_lowest');
    expect(cases.data!.subTaskJudgeCaseVoList!.map((g) => [g.groupNum, g.status, g.ac, g.total])).toEqual([
      [1, 0, 2, 2],
      [2, -1, 0, 1],
    ]);
    // 0.1 * 33 + 2 * 0
    const d = await client(t, alice).call('submission.detail', { query: { submitId } });
    expect(d.data.submission.oiRankScore).toBe(3);

    await t.database.db.execute(sql.raw(`update problem set open_case_result = false where id = ${oi}`));
    expect((await client(t, alice).call('submission.caseResult', { query: { submitId } })).data).toBeNull();
    expect((await client(t, padmin).call('submission.caseResult', { query: { submitId } })).data).not.toBeNull();
  });

  it('answers bad ids with 400/404', async () => {
    expect((await get(t, '/api/get-submission-detail', { query: { submitId: 'abc' } })).http).toBe(400);
    expect((await client(t).call('submission.detail', { query: { submitId: 99999 } })).status).toBe(404);
    expect((await client(t).call('submission.caseResult', { query: { submitId: 99999 } })).status).toBe(404);
    expect((await client(t, alice).call('submission.share', { body: { submitId: 99999, share: true } })).status).toBe(404);
    expect((await post(t, '/api/get-user-problem-status', { pidList: ['x'] }, { token: alice })).http).toBe(400);
    expect((await client(t).call('problem.userStatus', { body: { pidList: [1] } })).http).toBe(401);
  });
});

describe('admin judging', () => {
  let submitId: number;

  beforeAll(async () => {
    await drainQueue(t);
    const r = await client(t, bob).call('submission.submit', { body: { pid: 'P1000', language: 'C', code: 'x' } });
    submitId = r.data.submitId;
    const task = await judge.take();
    await judge.result(task, { ...acceptedResult(2), status: JudgeStatus.WRONG_ANSWER });
  });

  it('lets only root/admin rejudge, only root judge by hand and cancel', async () => {
    const q = { submitId: String(submitId) };
    expect((await client(t, bob).call('submission.rejudge', { query: { submitId } })).http).toBe(403);
    expect((await client(t, padmin).call('submission.rejudge', { query: { submitId } })).http).toBe(403);
    expect((await client(t, padmin).call('submission.manualJudge', { query: { submitId, status: 0, score: 100 } })).http).toBe(403);
    expect((await client(t, alice).call('submission.cancel', { query: { submitId } })).http).toBe(403);

    const m = await client(t, root).call('submission.manualJudge', { query: { submitId, status: 0, score: 100 } });
    expect(m.status).toBe(200);
    expect(m.data).toEqual({ status: 0, score: 100, oiRankScore: 12, judger: 'root' });
    const d = await client(t, bob).call('submission.detail', { query: { submitId } });
    expect(d.data.submission).toMatchObject({ status: 0, isManual: true, judger: 'root' });
    for (const status of ['5', '6', '7', '-2', '-4', '9', '-10', 'x']) {
      expect((await get(t, '/api/admin/judge/manual-judge', { token: root, query: { ...q, status, score: '1' } })).http).toBe(400);
    }
    expect((await get(t, '/api/admin/judge/manual-judge', { token: root, query: { ...q, status: '0' } })).http).toBe(400);

    const rj = await client(t, root).call('submission.rejudge', { query: { submitId } });
    expect(rj.data).toMatchObject({ submitId, status: JudgeStatus.PENDING, isManual: false });
    const busy = await client(t, root).call('submission.manualJudge', { query: { submitId, status: 0, score: 1 } });
    expect([busy.status, busy.msg]).toEqual([400, MSG.manualJudgeBusy]);

    const c = await client(t, root).call('submission.cancel', { query: { submitId } });
    expect(c.data.status).toBe(JudgeStatus.CANCELLED);
    expect((await client(t, root).call('submission.cancel', { query: { submitId } })).msg).toBe(MSG.alreadyCancelled);
    expect(await judge.poll()).toMatchObject({ data: null });
    expect((await client(t, root).call('submission.rejudge', { query: { submitId: 99999 } })).status).toBe(404);
    expect((await get(t, '/api/admin/judge/cancel-judge', { token: root, query: { submitId: '-1' } })).http).toBe(400);
  });
});

describe('admin problems', () => {
  it('is closed to normal users and admins without the problem role', async () => {
    expect((await client(t, alice).call('adminProblem.list')).http).toBe(403);
    expect((await client(t, alice).call('adminProblem.create', { body: problemBody('X1') })).http).toBe(403);
    expect((await client(t, alice).call('adminProblem.update', { body: problemBody('X1', { id: pub }) })).http).toBe(403);
    expect((await client(t, alice).call('adminProblem.remove', { query: { pid: pub } })).http).toBe(403);
    expect((await client(t).call('adminProblem.get', { query: { pid: pub } })).http).toBe(401);
  });

  it('lists, reads with cases, updates and deletes', async () => {
    const list = await client(t, padmin).call('adminProblem.list', { query: { auth: 2 } });
    expect(list.data.records.map((r) => r.problemId)).toEqual(['P1001']);

    const d = await client(t, padmin).call('adminProblem.get', { query: { pid: oi } });
    expect(d.status).toBe(200);
    // OI cases without points share the full score evenly
    expect(d.data.cases.map((c) => [c.input, c.output, c.score, c.groupNum])).toEqual([
      ['a', 'a', 33, 1],
      ['b', 'b', 33, 1],
      ['c', 'c', 34, 2],
    ]);
    expect(d.data.tags.map((x) => x.name).sort()).toEqual(['dp', 'math']);
    expect(d.data.codeTemplates).toEqual([{ language: 'C++', code: '// template', status: true }]);

    const dup = await client(t, padmin).call('adminProblem.create', { body: problemBody('p1000') });
    expect([dup.status, dup.msg]).toEqual([400, MSG.problemIdExists]);

    const upd = await client(t, padmin).call('adminProblem.update', {
      body: {
        ...problemBody('P1000', { id: pub, title: 'A + B', timeLimit: 2000, isFileIO: true, ioReadFileName: 'in.txt', ioWriteFileName: 'out.txt' }),
        samples: undefined,
        tags: [{ name: 'easy' }],
        languages: ['C'],
      },
    });
    expect(upd.status).toBe(200);
    const after = await client(t, padmin).call('adminProblem.get', { query: { pid: pub } });
    expect(after.data.problem).toMatchObject({ title: 'A + B', timeLimit: 2000, isFileIO: true, ioReadFileName: 'in.txt', modifiedUser: 'padmin' });
    expect(after.data.cases).toHaveLength(2);
    expect(after.data.tags.map((x) => x.name)).toEqual(['easy']);
    const view = await client(t, alice).call('problem.detail', { query: { problemId: 'P1000' } });
    expect(view.data.languages).toEqual(['C']);
    const cpp = await client(t, alice).call('submission.submit', { body: { pid: 'P1000', language: 'C++', code: 'x' } });
    expect(cpp.msg).toBe('The language C++ is not supported for this problem.');

    const bad = [
      problemBody('', {}),
      problemBody('X2', { title: '' }),
      problemBody('X2', {
        examples: [
          { input: '', output: '' },
          { input: '', output: '' },
          { input: '', output: '' },
        ],
      }),
      problemBody('X2', { isFileIO: true }),
      problemBody('X2', { judgeMode: 'spj' }),
      problemBody('X2', { userExtraFile: { '../evil': 'x' } }),
      problemBody('X2', {}, { tags: [{ name: 'a' }, { name: 'A' }] }),
      problemBody('X2', { difficulty: 7 }),
    ];
    for (const body of bad) expect((await post(t, '/api/admin/problem', body, { token: padmin })).http).toBe(400);
    expect((await put(t, '/api/admin/problem', problemBody('X2'), { token: padmin })).http).toBe(400);
    expect((await client(t, padmin).call('adminProblem.update', { body: problemBody('X2', { id: 99999 }) })).status).toBe(404);
    expect((await get(t, '/api/admin/problem', { token: padmin, query: { pid: 'abc' } })).http).toBe(400);

    const created = await createP('X3');
    expect((await client(t, padmin).call('adminProblem.remove', { query: { pid: created } })).status).toBe(200);
    expect((await client(t, padmin).call('adminProblem.get', { query: { pid: created } })).status).toBe(404);
    expect((await client(t, padmin).call('adminProblem.remove', { query: { pid: created } })).status).toBe(404);
  });
});
