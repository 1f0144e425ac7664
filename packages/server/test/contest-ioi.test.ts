/**
 * IOI contests: a problem scores the best of each subtask over all of a participant's
 * submissions, summed, and equal totals share the rank. The very same judged submissions in an OI
 * contest score as OI does (one submission counts), so the board would fail here if IOI folded like OI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContestType, formatMsg, JudgeStatus as S, MSG, Role } from '@oj/shared';
import { putSetting } from '../src/lib/site-config.js';
import { createContest, submitTo } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login } from './helpers.js';
import { client } from './client.js';
import { createProblem, FakeJudge, testQueue } from './judge-helpers.js';

let t: TestApp;
let judge: FakeJudge;
let padmin: string;
const tok: Record<string, string> = {};
/** OI problem judged by subtasks (lowest case score per group): subtask 1 is worth 40, subtask 2 60. */
let subtaskP: number;
let acmP: number;

/** What the judge sends for one case: `ok` accepted (the case's full points), else Wrong Answer. */
type CaseOutcome = { group: 1 | 2; ok: boolean };
const FULL: Record<1 | 2, number> = { 1: 40, 2: 60 };

/** Submits to letter A of `cid` as `who` and posts the judge's result for the outcomes, as the judge daemon sums them. */
async function judged(cid: number, who: string, outcomes: CaseOutcome[]): Promise<number> {
  const s = await submitTo(t, tok[who]!, cid);
  if (s.status !== 200) throw new Error(`submit: ${s.msg}`);
  const task = await judge.take();
  const cases = outcomes.map((o, i) => ({
    caseId: null,
    seq: i + 1,
    status: o.ok ? S.ACCEPTED : S.WRONG_ANSWER,
    time: 10,
    memory: 1000,
    score: o.ok ? FULL[o.group] : 0,
    groupNum: o.group,
  }));
  // subtask_lowest: a group scores its lowest case.
  const score = ([1, 2] as const).reduce((sum, g) => sum + Math.min(...cases.filter((c) => c.groupNum === g).map((c) => c.score)), 0);
  const all = outcomes.every((o) => o.ok);
  const r = await judge.result(task, { status: all ? S.ACCEPTED : score > 0 ? S.PARTIAL_ACCEPTED : S.WRONG_ANSWER, score, cases });
  if (r.status !== 200) throw new Error(`result: ${r.msg}`);
  return task.submission.submitId;
}

const SUB1_ONLY: CaseOutcome[] = [
  { group: 1, ok: true },
  { group: 1, ok: true },
  { group: 2, ok: true },
  { group: 2, ok: false },
];
const SUB2_ONLY: CaseOutcome[] = [
  { group: 1, ok: false },
  { group: 1, ok: true },
  { group: 2, ok: true },
  { group: 2, ok: true },
];
const ALL: CaseOutcome[] = SUB1_ONLY.map((o) => ({ ...o, ok: true }));

/** alice passes subtask 1, then subtask 2 in another submission; bob passes both at once; carl subtask 1 only. */
async function playRound(cid: number): Promise<number> {
  const first = await judged(cid, 'alice', SUB1_ONLY);
  await judged(cid, 'alice', SUB2_ONLY);
  await judged(cid, 'bob', ALL);
  await judged(cid, 'carl', SUB1_ONLY);
  return first;
}

const board = async (cid: number, who = 'alice') => {
  const r = await client(t, tok[who]).call('contest.rank', { body: { cid } });
  expect(r.status).toBe(200);
  return r.data.records.filter((_x: any, i: number) => i >= r.data.pinned) as any[];
};
const summary = (rows: any[]) => rows.map((r) => [r.username, r.rank, r.totalScore, r.submissionInfo.A]);

let ioi: number;
let oi: number;
/** alice's first IOI submission (subtask 1 only) */
let aliceFirst: number;
/** the same in the OI contest */
let aliceFirstOi: number;

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  judge = await FakeJudge.start(t, 'ioi-judge');
  await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  for (const u of ['alice', 'bob', 'carl']) await createUser(t, { username: u });
  [padmin, tok.alice, tok.bob, tok.carl] = await Promise.all(['padmin', 'alice', 'bob', 'carl'].map((u) => login(t, u)));
  const c = (group: number, score: number, n: number) => ({ input: `${n}\n`, output: `${n}\n`, score, groupNum: group });
  subtaskP = await createProblem(t, { problemId: 'P6100', title: 'Subtasks', type: 1, judgeCaseMode: 'subtask_lowest', ioScore: 100 }, [
    c(1, 40, 1),
    c(1, 40, 2),
    c(2, 60, 3),
    c(2, 60, 4),
  ]);
  acmP = await createProblem(t, { problemId: 'P6101', title: 'Plain', type: 0 });
  ioi = await createContest(t, padmin, { title: 'IOI round', type: ContestType.IOI }, [[subtaskP, 'A']]);
  oi = await createContest(t, padmin, { title: 'OI round', type: ContestType.OI, oiRankScoreType: 'Highest' }, [[subtaskP, 'A']]);
  aliceFirst = await playRound(ioi);
  aliceFirstOi = await playRound(oi);
});

afterAll(() => t.close());

describe('IOI contest', () => {
  it('scores a problem as the sum of each subtask best over all submissions; equal totals share the rank', async () => {
    expect(summary(await board(ioi))).toEqual([
      ['alice', 1, 100, 100],
      ['bob', 1, 100, 100],
      ['carl', 3, 40, 40],
    ]);
  });

  it('the same submissions in an OI contest count one submission per problem (its best)', async () => {
    // alice's submissions scored 40 and 60: OI keeps 60, IOI adds the two subtasks up to 100.
    expect(summary(await board(oi))).toEqual([
      ['bob', 1, 100, 100],
      ['alice', 2, 60, 60],
      ['carl', 3, 40, 40],
    ]);
  });

  it("the participant's problem list scores the problem as his board row does", async () => {
    const mine = async (cid: number) => {
      const r = await client(t, tok.alice).call('contest.problems', { query: { cid } });
      return r.data.map((p) => [p.displayId, p.myStatus, p.score]);
    };
    expect(await mine(ioi)).toEqual([['A', S.PARTIAL_ACCEPTED, 100]]);
    expect(await mine(oi)).toEqual([['A', S.PARTIAL_ACCEPTED, 60]]);
  });

  it('is its own type: listed under its filter, shown with its label', async () => {
    const list = await client(t).call('contest.list', { query: { type: ContestType.IOI } });
    expect(list.data.records.map((c) => [c.title, c.type])).toEqual([['IOI round', ContestType.IOI]]);
    expect((await get(t, '/api/get-contest-list', { query: { type: '3' } })).http).toBe(400);
    const info = await client(t).call('contest.info', { query: { cid: ioi } });
    expect(info.data).toMatchObject({ type: ContestType.IOI });
  });

  it('takes OI problems only, and names the problem type it takes', async () => {
    const r = await client(t, padmin).call('adminContest.addFromPublic', { body: { cid: ioi, pid: acmP, displayId: 'B' } });
    expect(r.msg).toBe(formatMsg(MSG.contestProblemTypeMismatch, { type: 'OI' }));
  });

  it("a participant sees his own case results while the contest runs, not the others'", async () => {
    const own = await client(t, tok.alice).call('submission.caseResult', { query: { submitId: aliceFirst } });
    expect(own.status).toBe(200);
    expect(own.data?.subTaskJudgeCaseVoList?.map((g) => [g.groupNum, g.score])).toEqual([
      [1, 40],
      [2, 0],
    ]);
    const other = await client(t, tok.bob).call('submission.caseResult', { query: { submitId: aliceFirst } });
    expect(other.data ?? null).toBeNull();
  });

  it("a seal hides the others' results, never the participant's own (OI hides his own too)", async () => {
    // Sealed from 10 minutes ago: every submission here is after the seal.
    for (const cid of [ioi, oi]) {
      await t.database.pool.query(`update contest set seal_rank = true, seal_rank_time = now() - interval '10 minutes' where id = $1`, [cid]);
    }
    const detail = (who: string, submitId: number) => client(t, tok[who]).call('submission.detail', { query: { submitId } });
    expect((await detail('alice', aliceFirst)).data.submission).toMatchObject({ status: S.PARTIAL_ACCEPTED, score: 40 });
    expect((await detail('bob', aliceFirst)).data.submission).toMatchObject({ status: S.SUBMITTED_UNKNOWN_RESULT, score: null });
    expect((await detail('alice', aliceFirstOi)).data.submission).toMatchObject({ status: S.SUBMITTED_UNKNOWN_RESULT, score: null });
    const own = await client(t, tok.alice).call('submission.caseResult', { query: { submitId: aliceFirst } });
    expect(own.data?.subTaskJudgeCaseVoList).toHaveLength(2);
  });
});
