/**
 * Security audit of the problem, submission, test-run, contest, file, home, rank and admin calls, the
 * way a normal account (or none) would attack them. Each test is a hole that was found and closed;
 * the calls that checked out are listed in the audit report, not here.
 */
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, registerBody, Role, type JudgeTask, type TestRunTask } from '@oj/shared';
import { judgeCases, problemTags, submissions, tags } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/site-config.js';
import { createContest, insertContestSubmission, iso, MIN } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { call, createUser, get, login, post, put, q, rootToken } from './helpers.js';
import { acceptedResult, createProblem, drainQueue, FakeJudge, testQueue } from './judge-helpers.js';

let t: TestApp;
let root: string;
let padmin: string;
let alice: string;
const uids: Record<string, string> = {};
let bankP: number;
let contestP: number;
let running: number;
let ended: number;

const contest = (o: Record<string, unknown>) => createContest(t, padmin, { title: 'Audit', ...o }, [[contestP, 'A']]);

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  root = await rootToken(t);
  uids.padmin = await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  uids.alice = await createUser(t, { username: 'alice' });
  [padmin, alice] = await Promise.all([login(t, 'padmin'), login(t, 'alice')]);
  bankP = await createProblem(t, { problemId: 'P7000', title: 'Bank problem' });
  // A contest-only problem with tags that give the solution away.
  contestP = await createProblem(t, { problemId: 'P7001', title: 'Secret', auth: 3, author: 'padmin' });
  const [tag] = await t.database.db.insert(tags).values({ name: 'segment tree' }).returning({ id: tags.id });
  await t.database.db.insert(problemTags).values({ pid: contestP, tid: tag!.id });
  running = await contest({ title: 'Running' });
  ended = await contest({ title: 'Ended', startTime: iso(-180), endTime: iso(-60) });
});

afterAll(() => t.close());

describe('text PostgreSQL cannot store', () => {
  it('answers NUL characters and unpaired surrogates with 400 naming the field, never 500', async () => {
    const NUL = 'a\u0000b';
    const cases: [string, Promise<Awaited<ReturnType<typeof get>>>][] = [
      ['keyword', get(t, '/api/get-problem-list', q({ keyword: NUL }))],
      ['problemId', get(t, '/api/get-problem-detail', { token: alice, ...q({ problemId: NUL }) })],
      ['username', get(t, '/api/get-submission-list', q({ username: NUL }))],
      ['problemID', get(t, '/api/get-submission-list', q({ problemID: NUL }))],
      ['keyword', get(t, '/api/get-contest-list', q({ keyword: NUL }))],
      ['problemID', get(t, '/api/contest-submissions', { token: alice, ...q({ contestID: running, problemID: NUL }) })],
      ['displayId', get(t, '/api/get-contest-problem-details', { token: alice, ...q({ cid: running, displayId: NUL }) })],
      ['testJudgeKey', get(t, '/api/get-test-judge-result', { token: alice, ...q({ testJudgeKey: NUL }) })],
      ['code', post(t, '/api/submit-problem-judge', { pid: 'P7000', language: 'C', code: `int main(){}${NUL}` }, { token: alice })],
      ['userInput', post(t, '/api/submit-problem-test-judge', { pid: bankP, language: 'C', code: 'int main(){}', userInput: NUL }, { token: alice })],
      ['title', post(t, '/api/admin/contest', { title: NUL, description: 'x', startTime: iso(1), endTime: iso(2) }, { token: padmin })],
      ['name', put(t, '/api/admin/config/set-web-config', { name: 'x\ud800' }, { token: root })],
    ];
    for (const [field, pending] of cases) {
      const r = await pending;
      expect(r.http, `${field}: ${r.msg}`).toBe(400);
      expect(r.status).toBe(400);
      expect(r.msg).toContain(field);
    }
    // Nothing was stored by the refused submission.
    expect(await t.database.db.select().from(submissions).where(eq(submissions.uid, uids.alice!))).toEqual([]);
  });

  it('stores results whose program output holds NUL bytes instead of failing the judge (500) until System Error', async () => {
    const judge = await FakeJudge.start(t, 'audit-judge');
    await drainQueue(t);

    // A test run whose program prints a NUL byte.
    const run = await post(
      t,
      '/api/submit-problem-test-judge',
      { pid: bankP, language: 'C', code: 'int main(){putchar(0);}', userInput: '1' },
      { token: alice },
    );
    expect(run.status, run.msg).toBe(200);
    const testTask = (await judge.poll()).data as TestRunTask;
    expect(testTask.kind).toBe('testRun');
    const stored = await judge.post('test-run/result', {
      taskId: testTask.taskId,
      leaseToken: testTask.leaseToken,
      result: { status: JudgeStatus.ACCEPTED, userOutput: 'x\u0000y', stderr: 'e\u0000' },
    });
    expect(stored.http, stored.msg).toBe(200);
    const result = await get(t, '/api/get-test-judge-result', { token: alice, ...q({ testJudgeKey: run.data }) });
    expect(result.data).toMatchObject({ status: JudgeStatus.ACCEPTED, userOutput: 'xy', stderr: 'e' });

    // A submission whose program prints one, with a checker message and error text holding one too.
    const sub = await post(t, '/api/submit-problem-judge', { pid: 'P7000', language: 'C', code: 'int main(){putchar(0);}' }, { token: alice });
    expect(sub.status, sub.msg).toBe(200);
    const task: JudgeTask = await judge.take();
    const base = acceptedResult(1);
    const r = await judge.result(task, {
      status: JudgeStatus.WRONG_ANSWER,
      errorMessage: 'wrong\u0000',
      cases: [{ ...base.cases[0], status: JudgeStatus.WRONG_ANSWER, userOutput: '\u0000\u0000', message: 'm\u0000' }],
    });
    expect(r.http, r.msg).toBe(200);
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.submitId, sub.data.submitId));
    expect(row).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, errorMessage: 'wrong' });
    const [c] = await t.database.db.select().from(judgeCases).where(eq(judgeCases.submitId, sub.data.submitId));
    expect(c).toMatchObject({ userOutput: '', message: 'm' });
  });
});

describe('numbers and dates PostgreSQL cannot hold', () => {
  it('answers ids beyond int4 and years outside 1..9999 with 400, never 500', async () => {
    const big = '2147483648';
    const cases = [
      await get(t, '/api/admin/problem/get-problem-cases', { token: padmin, ...q({ pid: big }) }),
      await get(t, '/api/file/download-testcase', { token: padmin, ...q({ pid: big }) }),
      await put(t, '/api/admin/problem/change-problem-auth', { id: Number(big), auth: 2 }, { token: padmin }),
      await post(t, '/api/admin/tag', { name: 'x', tcid: Number(big) }, { token: padmin }),
      await put(t, '/api/admin/tag/classification', { id: Number(big), name: 'x' }, { token: padmin }),
      await get(t, '/api/file/export-problem', { token: root, ...q({ pid: big }) }),
      await post(t, '/api/admin/contest', { title: 'x', description: 'x', startTime: '-100000-01-01T00:00:00Z', endTime: iso(60) }, { token: padmin }),
      await post(t, '/api/admin/contest', { title: 'x', description: 'x', startTime: iso(0), endTime: '+200000-01-01T00:00:00Z' }, { token: padmin }),
    ];
    for (const r of cases) {
      expect(r.http, r.msg).toBe(400);
      expect(r.status).toBe(400);
    }
  });
});

describe('contest problems', () => {
  it('does not give participants the tags of a contest problem before the contest has ended', async () => {
    const during = await get(t, '/api/get-contest-problem-details', { token: alice, ...q({ cid: running, displayId: 'A' }) });
    expect(during.status, during.msg).toBe(200);
    expect(during.data.problem.title).toBe('Secret');
    expect(during.data.tags).toEqual([]);
    // The contest's admin still sees them; after the end everyone does (HOJ).
    const admin = await get(t, '/api/get-contest-problem-details', { token: padmin, ...q({ cid: running, displayId: 'A' }) });
    expect(admin.data.tags.map((x: { name: string }) => x.name)).toEqual(['segment tree']);
    const after = await get(t, '/api/get-contest-problem-details', { token: alice, ...q({ cid: ended, displayId: 'A' }) });
    expect(after.data.tags.map((x: { name: string }) => x.name)).toEqual(['segment tree']);
  });
});

describe('accepted-code download', () => {
  it('never puts a "." or ".." path segment into the zip, whatever users are called', async () => {
    // Registration allows such names (no slash, no space).
    expect(registerBody.shape.username.safeParse('..').success).toBe(true);
    for (const name of ['..', '.']) {
      uids[name] = await createUser(t, { username: name, email: `dots${name.length}@example.com` });
      await insertContestSubmission(t, {
        cid: running,
        pid: contestP,
        displayPid: 'A',
        uid: uids[name]!,
        username: name,
        status: JudgeStatus.ACCEPTED,
        language: 'C',
        code: `// ${name}`,
        submitTime: new Date(Date.now() - 10 * MIN),
      });
    }
    for (const splitType of ['user', 'problem']) {
      const dl = await call(t, 'GET', '/api/file/download-contest-ac-submission', { token: padmin, ...q({ cid: running, splitType }) });
      expect(dl.http).toBe(200);
      const names = Object.keys(unzipSync(new Uint8Array(dl.res.rawPayload)));
      expect(names).toHaveLength(2);
      for (const n of names)
        expect(
          n.split('/').some((seg) => seg === '.' || seg === '..'),
          n,
        ).toBe(false);
    }
  });
});
