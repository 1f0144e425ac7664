import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { putSetting } from '../src/lib/site-config.js';
import { clearHomeCache } from '../src/modules/home/service.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, rootToken } from './helpers.js';
import { client } from './client.js';
import { acceptedResult, createProblem, FakeJudge, testQueue } from './judge-helpers.js';

let t: TestApp;
let judge: FakeJudge;
const tokens: Record<string, string> = {};

async function judged(user: string, problemId: string, status: number): Promise<number> {
  const r = await client(t, tokens[user]).call('submission.submit', { body: { pid: problemId, language: 'C', code: 'int main(){}' } });
  if (r.status !== 200) throw new Error(`submit: ${r.msg}`);
  const task = await judge.take();
  await judge.result(task, { ...acceptedResult(1), status });
  return r.data.submitId;
}

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  judge = await FakeJudge.start(t, 'hj');
  for (const name of ['hana', 'ivan', 'joe']) {
    await createUser(t, { username: name });
    tokens[name] = await login(t, name);
  }
  await createProblem(t, { problemId: 'H1' });
  await createProblem(t, { problemId: 'H2' });
  await createProblem(t, { problemId: 'H3', auth: 2 });
  // hana: 2 problems this week; ivan: 1 this week + 1 accepted ten days ago; joe: only WA
  await judged('hana', 'H1', JudgeStatus.ACCEPTED);
  await judged('hana', 'H1', JudgeStatus.ACCEPTED);
  await judged('hana', 'H2', JudgeStatus.ACCEPTED);
  const old = await judged('ivan', 'H2', JudgeStatus.ACCEPTED);
  await t.database.db.execute(sql`update judge set submit_time = now() - interval '10 days' where submit_id = ${old}`);
  await judged('ivan', 'H1', JudgeStatus.ACCEPTED);
  await judged('joe', 'H1', JudgeStatus.WRONG_ANSWER);
});

afterAll(() => t.close());

describe('get-recent-seven-ac-rank', () => {
  it('ranks users by distinct problems accepted in the last 7 days', async () => {
    clearHomeCache(t.app.appContext);
    const r = await client(t).call('home.recentAcRank');
    expect(r.status).toBe(200);
    expect(r.data.map((x) => [x.username, x.ac])).toEqual([
      ['hana', 2],
      ['ivan', 1],
    ]);
    expect(r.data[0]).toEqual({ uid: expect.any(String), username: 'hana', nickname: null, avatar: null, titleName: null, titleColor: null, ac: 2 });
  });
});

describe('get-last-week-submission-statistics', () => {
  it('counts submissions and accepted ones per day, oldest first, today last', async () => {
    clearHomeCache(t.app.appContext);
    const r = await client(t).call('home.submissionStatistics');
    expect(r.status).toBe(200);
    expect(r.data.dateStrs).toHaveLength(7);
    expect(r.data.dateStrs[6] > r.data.dateStrs[0]).toBe(true);
    expect(r.data.totalCountList[6]).toBe(5);
    expect(r.data.acCountList[6]).toBe(4);
    expect(r.data.totalCountList.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('serves the cached numbers; only an administrator can force a recount', async () => {
    clearHomeCache(t.app.appContext);
    const first = await client(t).call('home.submissionStatistics');
    await judged('joe', 'H2', JudgeStatus.ACCEPTED);
    const cached = await client(t).call('home.submissionStatistics', { query: { forceRefresh: true } });
    expect(cached.data).toEqual(first.data);
    const byUser = await client(t, tokens.joe).call('home.submissionStatistics', { query: { forceRefresh: true } });
    expect(byUser.data).toEqual(first.data);
    const byRoot = await client(t, await rootToken(t)).call('home.submissionStatistics', { query: { forceRefresh: true } });
    expect(byRoot.data.totalCountList[6]).toBe(first.data.totalCountList[6] + 1);
    expect(byRoot.data.updatedAt >= first.data.updatedAt).toBe(true);
    // the recount is what everyone gets afterwards
    expect((await client(t).call('home.submissionStatistics')).data).toEqual(byRoot.data);
  });

  it('rejects a bad forceRefresh with 400', async () => {
    const r = await get(t, '/api/get-last-week-submission-statistics', { query: { forceRefresh: 'maybe' } });
    expect(r.http).toBe(400);
    expect(r.msg).toMatch(/forceRefresh/);
  });
});

describe('get-recent-updated-problem', () => {
  it('lists public problems, the last changed first', async () => {
    await t.database.db.execute(sql`update problem set gmt_modified = now() + interval '1 minute' where problem_id = 'H1'`);
    const r = await client(t).call('home.recentUpdatedProblems');
    expect(r.status).toBe(200);
    expect(r.data.map((x) => x.problemId)).toEqual(['H1', 'H2']);
    expect(r.data[0]).toMatchObject({ pid: expect.any(Number), title: 'A + B', type: 0, difficulty: 0, gmtModified: expect.any(String) });
  });
});
