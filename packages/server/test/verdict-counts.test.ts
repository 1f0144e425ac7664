/**
 * The verdict counts shown on problem lists and the statistics pie come from counters kept beside the
 * submissions (migration 0025): after each submit, verdict, rejudge, manual judge, cancel and deleted
 * submission they show what counting the submissions shows, and the repair recomputes the same counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { JudgeStatus } from '@oj/shared';
import { putSetting } from '../src/lib/site-config.js';
import { repairVerdictCounts } from '../src/modules/problem/verdict-counts.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken, uidOf } from './helpers.js';
import { client } from './client.js';
import { createCategory, createTraining } from './training-helpers.js';
import { acceptedResult, createProblem, createSubmitter, FakeJudge, submit, testQueue } from './judge-helpers.js';

let t: TestApp;
let judge: FakeJudge;
let root: string;
let ann: string;
let bob: string;
let pid: number;
let tid: number;

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  judge = await FakeJudge.start(t, 'counts');
  root = await rootToken(t);
  await createUser(t, { username: 'ann' });
  await createUser(t, { username: 'bob' });
  [ann, bob] = await Promise.all([login(t, 'ann'), login(t, 'bob')]);
  pid = await createProblem(t, { problemId: 'CNT1', title: 'Counted' });
  const pid2 = await createProblem(t, { problemId: 'CNT2', title: 'Counted too' });
  tid = await createTraining(t, root, { categoryId: await createCategory(t, root, 'Counts') }, [pid, pid2]);
});

afterAll(() => t.close());

const submitAs = async (token: string, problemId = 'CNT1') => {
  const r = await client(t, token).call('submission.submit', { body: { pid: problemId, language: 'C', code: 'int main(){}' } });
  if (r.status !== 200) throw new Error(`submit: ${r.msg}`);
  return r.data.submitId;
};
const judgeNext = async (status: number) => {
  const task = await judge.take();
  const r = await judge.result(task, { ...acceptedResult(1), status });
  if (r.status !== 200) throw new Error(`result: ${r.msg}`);
};

/** What users see: the bank list's row, the problem page's pie and the training's list, which must agree. */
async function shown(problemId = 'CNT1') {
  const list = await client(t).call('problem.list', { query: { keyword: problemId } });
  const row = list.data.records.find((r) => r.problemId === problemId)!;
  const detail = await client(t, ann).call('problem.detail', { query: { problemId } });
  if (detail.status !== 200) throw new Error(`detail: ${detail.msg}`);
  const pie = detail.data.problemCount;
  expect(pie).toMatchObject({ total: row.total, ac: row.ac, wa: row.wa });
  const training = await client(t, ann).call('training.problems', { query: { tid } });
  const inTraining = training.data.find((r) => r.problemId === problemId)!;
  expect({ total: inTraining.total, ac: inTraining.ac }).toEqual({ total: pie.total, ac: pie.ac });
  return { total: pie.total, ac: pie.ac, wa: pie.wa, tle: pie.tle };
}

/** The counts as counting the submissions gives them (every place and status). */
const truth = async () =>
  (
    await t.database.db.execute<{ k: string; n: number }>(
      sql`select pid || '/' || cid || '/' || status as k, count(*)::int as n from judge group by 1 order by 1`,
    )
  ).rows;
const counters = async () =>
  (
    await t.database.db.execute<{ k: string; n: number }>(
      sql`select pid || '/' || cid || '/' || status as k, n from problem_verdict_count where n <> 0 order by pid::text || '/' || cid || '/' || status`,
    )
  ).rows;

describe('verdict counters', () => {
  it('follow submit, verdict, rejudge, manual judge, cancel and deleted submissions on the list and the pie', async () => {
    expect(await shown()).toEqual({ total: 0, ac: 0, wa: 0, tle: 0 });

    const a1 = await submitAs(ann);
    // a waiting submission counts in the total at once
    expect(await shown()).toEqual({ total: 1, ac: 0, wa: 0, tle: 0 });
    await judgeNext(JudgeStatus.ACCEPTED);
    expect(await shown()).toEqual({ total: 1, ac: 1, wa: 0, tle: 0 });

    const b1 = await submitAs(bob);
    await judgeNext(JudgeStatus.WRONG_ANSWER);
    expect(await shown()).toEqual({ total: 2, ac: 1, wa: 1, tle: 0 });

    // rejudge: the old verdict leaves at once, the new one arrives with the result
    expect((await client(t, root).call('submission.rejudge', { query: { submitId: b1 } })).status).toBe(200);
    expect(await shown()).toEqual({ total: 2, ac: 1, wa: 0, tle: 0 });
    await judgeNext(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(await shown()).toEqual({ total: 2, ac: 1, wa: 0, tle: 1 });

    // manual judge
    const m = await client(t, root).call('submission.manualJudge', { query: { submitId: a1, status: JudgeStatus.WRONG_ANSWER, score: 0 } });
    expect(m.status).toBe(200);
    expect(await shown()).toEqual({ total: 2, ac: 0, wa: 1, tle: 1 });

    // cancelled: still a submission of the problem, with no verdict
    const a2 = await submitAs(ann);
    expect((await client(t, root).call('submission.cancel', { query: { submitId: a2 } })).status).toBe(200);
    expect(await shown()).toEqual({ total: 3, ac: 0, wa: 1, tle: 1 });

    // another problem's and a contest's submissions are not this problem's bank counts
    await submitAs(bob, 'CNT2');
    await judgeNext(JudgeStatus.ACCEPTED);
    const someone = await createSubmitter(t);
    await submit(t, { pid, user: someone, cid: 4242 });
    expect(await shown()).toEqual({ total: 3, ac: 0, wa: 1, tle: 1 });
    expect(await shown('CNT2')).toEqual({ total: 1, ac: 1, wa: 0, tle: 0 });

    // deleting a user deletes his submissions, and their counts
    const removed = await client(t, root).call('adminUser.remove', { body: { ids: [await uidOf(t, 'bob')] } });
    expect(removed.status).toBe(200);
    expect(await shown()).toEqual({ total: 2, ac: 0, wa: 1, tle: 0 });
    expect(await shown('CNT2')).toEqual({ total: 0, ac: 0, wa: 0, tle: 0 });

    expect(await counters()).toEqual(await truth());
  });

  it('are recomputed by the repair: nothing to fix after the mix above, and drift put right', async () => {
    const before = await counters();
    expect(before).toEqual(await truth());
    expect(await repairVerdictCounts(t.database.db)).toBe(0);
    expect(await counters()).toEqual(before);

    // drift as a load with the triggers off leaves it: a counter too high, one missing, one left over
    await t.database.db.execute(sql`update problem_verdict_count set n = n + 5 where pid = ${pid} and cid = 0 and status = ${JudgeStatus.WRONG_ANSWER}`);
    await t.database.db.execute(sql`delete from problem_verdict_count where pid = ${pid} and cid = 4242`);
    await t.database.db.execute(
      sql`insert into problem_verdict_count (pid, cid, status, n) values (${pid}, 0, ${JudgeStatus.ACCEPTED}, 3) on conflict (pid, cid, status) do update set n = 3`,
    );
    expect(await shown()).toMatchObject({ ac: 3, wa: 6 });
    expect(await repairVerdictCounts(t.database.db)).toBe(3);
    expect(await counters()).toEqual(before);
    expect(await shown()).toEqual({ total: 2, ac: 0, wa: 1, tle: 0 });
  });
});
