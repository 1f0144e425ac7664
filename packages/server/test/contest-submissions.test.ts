/**
 * Contest submissions as each viewer sees them: contest-submissions, check-contest-submissions-status,
 * get-submission-detail / get-all-case-result for contest submissions, get-full-screen-problem-list,
 * get-last-ac-code and the contest test run. Rules: docs/architecture.md "Contest submissions".
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JudgeStatus, MSG, Role } from '@oj/shared';
import { contests } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/site-config.js';
import { createContest, insertContestSubmission, iso, MIN } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, post, rootToken, uidOf } from './helpers.js';
import { client, type TypedInput } from './client.js';

type ContestListQuery = TypedInput<'submission.contestList'>['query'];
type TestRunBody = TypedInput<'testRun.submit'>['body'];
import { createProblem, FakeJudge, testQueue } from './judge-helpers.js';

let t: TestApp;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};
let acmA: number;
let acmB: number;
let oiA: number;
let acm: number;
let oi: number;
let priv: number;
let scheduled: number;

const at = (minFromNow: number) => new Date(Date.now() + minFromNow * MIN);

const contest = (o: Record<string, unknown>, problems: [number, string][]) =>
  createContest(t, tok.padmin, o, problems, (displayId) => ({ displayTitle: `Title ${displayId}` }));

/** A judged contest submission at a given time (straight into the table, so times are exact). */
const addSub = (
  cid: number,
  pid: number,
  letter: string,
  who: string,
  minFromNow: number,
  o: { status?: number; score?: number | null; time?: number; memory?: number; errorMessage?: string | null; cases?: number } = {},
): Promise<number> =>
  insertContestSubmission(
    t,
    {
      cid,
      pid,
      displayPid: letter,
      uid: uid[who]!,
      username: who,
      status: o.status ?? JudgeStatus.ACCEPTED,
      score: o.score ?? null,
      time: o.time ?? 15,
      memory: o.memory ?? 1024,
      code: `// ${who} ${letter} ${minFromNow}`,
      length: 20,
      cpid: 1,
      submitTime: at(minFromNow),
      judger: 'j1',
      errorMessage: o.errorMessage ?? null,
    },
    o.cases ?? 0,
  );

/**
 * Changes contest times or the seal for one test. Every test starts from the contests as beforeAll made
 * them: the columns changed here are put back after each test, also when an assertion failed midway.
 */
const setContest = (cid: number, set: ReturnType<typeof sql>) => t.database.db.execute(sql`update contest set ${set} where id = ${cid}`);
type TimesAndSeal = Pick<typeof contests.$inferSelect, 'startTime' | 'endTime' | 'sealRank' | 'sealRankTime' | 'autoRealRank'>;
let saved: Map<number, TimesAndSeal>;
beforeEach(async () => {
  saved = new Map();
  for (const cid of [acm, oi]) {
    const [c] = await t.database.db.select().from(contests).where(eq(contests.id, cid));
    saved.set(cid, { startTime: c!.startTime, endTime: c!.endTime, sealRank: c!.sealRank, sealRankTime: c!.sealRankTime, autoRealRank: c!.autoRealRank });
  }
});
afterEach(async () => {
  for (const [cid, values] of saved) await t.database.db.update(contests).set(values).where(eq(contests.id, cid));
});

const list = (who: string, query: ContestListQuery) => client(t, tok[who]).call('submission.contestList', { query });
/** The same call with a query the schema refuses. */
const badList = (who: string, query: Record<string, string>) => get(t, '/api/contest-submissions', { token: tok[who], query });
const byId = <R extends { submitId: number }>(records: R[]) => new Map(records.map((r) => [r.submitId, r]));
const detail = (who: string | null, submitId: number) => client(t, who ? tok[who] : null).call('submission.detail', { query: { submitId } });
const cases = (who: string, submitId: number) => client(t, tok[who]).call('submission.caseResult', { query: { submitId } });

// ACM contest subs (ids)
const s: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  await FakeJudge.start(t, 'cs'); // registers the languages
  tok.root = await rootToken(t);
  uid.root = await uidOf(t, 'root');
  uid.padmin = await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  uid.siteadmin = await createUser(t, { username: 'siteadmin', roles: [Role.ADMIN] });
  for (const u of ['alice', 'bob', 'starry', 'outsider']) uid[u] = await createUser(t, { username: u });
  for (const u of ['padmin', 'siteadmin', 'alice', 'bob', 'starry', 'outsider']) tok[u] = await login(t, u);

  acmA = await createProblem(t, { problemId: 'P4000', title: 'A + B', type: 0, auth: 2, author: 'padmin' });
  acmB = await createProblem(t, { problemId: 'P4001', title: 'A - B', type: 0, auth: 2, author: 'padmin' });
  oiA = await createProblem(t, { problemId: 'P4002', title: 'Knapsack', type: 1, auth: 2, author: 'padmin' });
  acm = await contest({ title: 'ACM', starAccount: ['starry'], allowEndSubmit: true }, [
    [acmA, 'A'],
    [acmB, 'B'],
  ]);
  oi = await contest({ title: 'OI', type: 1, sealRank: true }, [[oiA, 'A']]);
  priv = await contest({ title: 'Private', auth: 1, pwd: 'pw' }, [[acmA, 'A']]);
  scheduled = await contest({ title: 'Later', startTime: iso(60), endTime: iso(180) }, [[acmA, 'A']]);

  s.padminTest = await addSub(acm, acmA, 'A', 'padmin', -90);
  s.alice1 = await addSub(acm, acmA, 'A', 'alice', -50, { status: JudgeStatus.WRONG_ANSWER, time: 10, cases: 2 });
  s.bob1 = await addSub(acm, acmA, 'A', 'bob', -40, { time: 11, cases: 2 });
  s.alice2 = await addSub(acm, acmB, 'B', 'alice', -10, { time: 12, cases: 2 });
  s.bob2 = await addSub(acm, acmA, 'A', 'bob', -5, { status: JudgeStatus.COMPILE_ERROR, errorMessage: 'main.cpp:1: error', time: 0 });
  s.star = await addSub(acm, acmA, 'A', 'starry', -4);
  s.root = await addSub(acm, acmB, 'B', 'root', -3);
  s.priv = await addSub(priv, acmA, 'A', 'alice', -20);
});

afterAll(() => t.close());

describe('contest-submissions', () => {
  it('lists the contest for whoever may see inside, others time and memory hidden while running', async () => {
    const r = await list('bob', { contestID: acm });
    expect(r.status).toBe(200);
    // newest first; the admin's test before the start is not shown to participants
    expect(r.data.records.map((x) => x.submitId)).toEqual([s.root, s.star, s.bob2, s.alice2, s.bob1, s.alice1]);
    expect(r.data.total).toBe(6);
    const rows = byId(r.data.records);
    expect(rows.get(s.alice2)).toMatchObject({ status: 0, displayPid: 'B', title: 'Title B', time: null, memory: null, username: 'alice' });
    expect(rows.get(s.bob1)).toMatchObject({ status: 0, time: 11, memory: 1024 });
    expect('code' in rows.get(s.alice1)!).toBe(false);
  });

  it('filters by letter, author, own and status; admins choose before/after the start', async () => {
    expect((await list('bob', { contestID: acm, problemID: 'b' })).data.records.map((x) => x.submitId)).toEqual([s.root, s.alice2]);
    expect((await list('bob', { contestID: acm, onlyMine: true })).data.records.map((x) => x.submitId)).toEqual([s.bob2, s.bob1]);
    expect((await list('bob', { contestID: acm, username: 'alice' })).data.total).toBe(2);
    expect((await list('bob', { contestID: acm, status: -1 })).data.records.map((x) => x.submitId)).toEqual([s.alice1]);
    const all = await list('padmin', { contestID: acm });
    expect(all.data.total).toBe(7);
    expect(byId(all.data.records).get(s.alice2)).toMatchObject({ time: 12 });
    expect((await list('padmin', { contestID: acm, beforeContestSubmit: true })).data.records.map((x) => x.submitId)).toEqual([s.padminTest]);
    expect((await list('padmin', { contestID: acm, beforeContestSubmit: false })).data.total).toBe(6);
    expect((await list('root', { contestID: acm })).data.total).toBe(7);
    expect((await list('bob', { contestID: acm, beforeContestSubmit: true })).data.total).toBe(0);
  });

  it('hides results after the seal from non-admins, the own ones and contest admins excepted (ACM), star users included', async () => {
    await setContest(acm, sql`seal_rank = true, seal_rank_time = ${iso(-30)}`);
    const r = await list('bob', { contestID: acm });
    const rows = byId(r.data.records);
    expect(rows.get(s.alice2)).toMatchObject({ status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: null, time: null, memory: null, judger: null });
    expect(rows.get(s.alice1)).toMatchObject({ status: JudgeStatus.WRONG_ANSWER }); // before the seal
    expect(rows.get(s.bob2)).toMatchObject({ status: JudgeStatus.COMPILE_ERROR, time: 0 }); // own
    expect(rows.get(s.star)).toMatchObject({ status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT }); // a star user is sealed like everyone
    expect(rows.get(s.root)).toMatchObject({ status: 0 }); // contest admin
    // the status filter works on what the viewer sees, so it tells nothing about sealed verdicts
    expect((await list('bob', { contestID: acm, status: 0 })).data.records.map((x) => x.submitId)).toEqual([s.root, s.bob1]);
    expect((await list('bob', { contestID: acm, status: -5 })).data.records.map((x) => x.submitId)).toEqual([s.star, s.alice2]);
    // the admin sees the real thing
    expect(byId((await list('padmin', { contestID: acm })).data.records).get(s.alice2)).toMatchObject({ status: 0, time: 12 });
    // polling says the same
    const poll = await client(t, tok.bob).call('submission.checkContestStatus', { body: { cid: acm, submitIds: [s.alice2, s.bob2, s.padminTest] } });
    expect(Object.keys(poll.data).map(Number).sort()).toEqual([s.alice2, s.bob2].sort());
    expect(poll.data[s.alice2]).toMatchObject({ status: -5, time: null });
    expect(poll.data[s.bob2]).toMatchObject({ status: JudgeStatus.COMPILE_ERROR });
    expect((await client(t, tok.padmin).call('submission.checkContestStatus', { body: { cid: acm, submitIds: [s.alice2] } })).data[s.alice2].status).toBe(0);
    // the public poll with a contest id is the contest poll (login needed)
    expect((await client(t, tok.bob).call('submission.checkStatus', { body: { cid: acm, submitIds: [s.alice2] } })).data[s.alice2].status).toBe(-5);
    expect((await client(t).call('submission.checkStatus', { body: { cid: acm, submitIds: [s.alice2] } })).http).toBe(401);
    // without the seal the verdict is back
    await setContest(acm, sql`seal_rank = false`);
    expect(byId((await list('bob', { contestID: acm })).data.records).get(s.alice2)).toMatchObject({ status: 0, time: null });
  });

  it('after the end: results back with autoRealRank, sealed for good without; after-end submissions with containsEnd', async () => {
    await setContest(acm, sql`start_time = ${iso(-60)}, end_time = ${iso(-2)}, seal_rank = true, seal_rank_time = ${iso(-30)}, auto_real_rank = true`);
    const late = await addSub(acm, acmA, 'A', 'alice', -1);
    let rows = byId((await list('bob', { contestID: acm })).data.records);
    expect(rows.get(s.alice2)).toMatchObject({ status: 0, time: 12, memory: 1024 });
    expect(rows.has(late)).toBe(false);
    rows = byId((await list('bob', { contestID: acm, containsEnd: true })).data.records);
    expect(rows.get(late)).toMatchObject({ status: 0 });

    await setContest(acm, sql`auto_real_rank = false`);
    rows = byId((await list('bob', { contestID: acm, containsEnd: true })).data.records);
    expect(rows.get(s.alice2)).toMatchObject({ status: -5, time: null });
    expect(rows.get(late)).toMatchObject({ status: -5 });
    expect(rows.get(s.alice1)).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, time: 10 });
  });

  it('refuses outsiders and bad input', async () => {
    expect((await list('bob', { contestID: priv })).msg).toBe(MSG.contestNotRegistered);
    expect((await client(t, tok.bob).call('submission.checkContestStatus', { body: { cid: priv, submitIds: [s.priv] } })).msg).toBe(MSG.contestNotRegistered);
    expect((await list('bob', { contestID: scheduled })).msg).toBe(MSG.contestNotStarted);
    expect((await list('bob', { contestID: 999999 })).msg).toBe(MSG.contestNotFound);
    expect((await client(t).call('submission.contestList', { query: { contestID: acm } })).http).toBe(401);
    expect((await client(t).call('submission.checkContestStatus', { body: { cid: acm, submitIds: [s.alice2] } })).http).toBe(401);
    expect((await badList('bob', {})).http).toBe(400);
    expect((await badList('bob', { contestID: 'abc' })).http).toBe(400);
    expect((await badList('bob', { contestID: String(acm), status: '99' })).http).toBe(400);
    expect((await post(t, '/api/check-contest-submissions-status', { submitIds: [1] }, { token: tok.bob })).http).toBe(400);
    expect((await post(t, '/api/check-contest-submissions-status', { cid: acm, submitIds: ['x'] }, { token: tok.bob })).http).toBe(400);
    // the registered participant gets in
    expect((await client(t, tok.alice).call('contest.register', { body: { cid: priv, password: 'pw' } })).status).toBe(200);
    expect((await list('alice', { contestID: priv })).data.total).toBe(1);
  });
});

describe('contest submission detail and case results', () => {
  it('shows the owner everything but the cases while an ACM contest runs', async () => {
    const own = await detail('alice', s.alice1);
    expect(own.status).toBe(200);
    expect(own.data.submission).toMatchObject({
      submitId: s.alice1,
      cid: acm,
      displayPid: 'A',
      title: 'Title A',
      status: -1,
      time: 10,
      code: '// alice A -50',
    });
    expect((await cases('alice', s.alice1)).data).toBeNull();
    expect((await cases('padmin', s.alice1)).data?.judgeCaseList).toHaveLength(2);
  });

  it('never shows others their code, time, memory or error text during the contest', async () => {
    const other = await detail('bob', s.alice1);
    expect(other.data.submission).toMatchObject({ status: -1, time: null, memory: null, code: null });
    const ce = await detail('alice', s.bob2);
    expect(ce.data.submission).toMatchObject({ status: JudgeStatus.COMPILE_ERROR, errorMessage: null, code: null });
    expect((await detail('bob', s.bob2)).data.submission.errorMessage).toBe('main.cpp:1: error');
    // a site admin who does not run the contest: no code while it runs
    expect((await detail('siteadmin', s.alice1)).data.submission.code).toBeNull();
    expect((await detail('padmin', s.alice1)).data.submission.code).toBe('// alice A -50');
    expect((await detail('root', s.alice1)).data.submission.code).toBe('// alice A -50');
  });

  it('applies the seal to the verdict and refuses outsiders', async () => {
    await setContest(acm, sql`seal_rank = true, seal_rank_time = ${iso(-30)}`);
    const sealed = await detail('bob', s.alice2);
    expect(sealed.data.submission).toMatchObject({ status: -5, score: null, time: null, code: null });
    expect((await cases('bob', s.alice2)).data).toBeNull();
    expect((await detail('alice', s.alice2)).data.submission).toMatchObject({ status: 0, code: '// alice B -10' });
    expect((await detail('padmin', s.alice2)).data.submission.status).toBe(0);
    await setContest(acm, sql`seal_rank = false`);
    expect((await detail('bob', s.alice2)).data.submission).toMatchObject({ status: 0, time: null });

    expect((await detail(null, s.alice1)).http).toBe(401);
    expect((await detail('bob', s.priv)).msg).toBe(MSG.contestNotRegistered);
    expect((await cases('bob', s.priv)).msg).toBe(MSG.contestNotRegistered);
    // someone else's test made before the start does not exist for participants
    expect((await detail('bob', s.padminTest)).msg).toBe(MSG.submissionNotFound);
  });

  it('opens the results after the end, code only to the owner, contest admins and site admins', async () => {
    await setContest(acm, sql`end_time = ${iso(-2)}`);
    const other = await detail('bob', s.alice1);
    expect(other.data.submission).toMatchObject({ status: -1, time: 10, memory: 1024, code: null });
    const c = await cases('bob', s.alice1);
    expect(c.data?.judgeCaseList).toHaveLength(2);
    expect(c.data?.judgeCaseList?.[0]?.userOutput).toBeNull();
    // the owner's output of a case that is no sample of the statement stays hidden too (case-answers.test.ts)
    expect((await cases('alice', s.alice1)).data?.judgeCaseList?.[0]?.userOutput).toBeNull();
    expect((await cases('padmin', s.alice1)).data?.judgeCaseList?.[0]?.userOutput).toBe('out');
    expect((await detail('siteadmin', s.alice1)).data.submission.code).toBe('// alice A -50');
  });
});

describe('OI contest under a whole-contest seal', () => {
  let mine: number;
  let early: number;
  beforeAll(async () => {
    early = await addSub(oi, oiA, 'A', 'alice', -20, { status: JudgeStatus.ACCEPTED, score: 100, cases: 1 });
    mine = await addSub(oi, oiA, 'A', 'alice', -10, { status: JudgeStatus.PARTIAL_ACCEPTED, score: 40, cases: 1 });
  });

  it('hides the participant her own scores and verdicts', async () => {
    const r = await list('alice', { contestID: oi, onlyMine: true });
    expect(r.data.records.map((x) => [x.submitId, x.status, x.score])).toEqual([
      [mine, -5, null],
      [early, -5, null],
    ]);
    expect((await list('bob', { contestID: oi })).data.records[0]).toMatchObject({ status: -5, score: null });
    expect((await list('padmin', { contestID: oi })).data.records[0]).toMatchObject({ status: 8, score: 40 });
    const d = await detail('alice', mine);
    expect(d.data.submission).toMatchObject({ status: -5, score: null, code: '// alice A -10' });
    expect((await cases('alice', mine)).data).toBeNull();
    // the focus-mode bar and the "last accepted code" do not tell either
    const bar = await client(t, tok.alice).call('problem.fullScreenList', { query: { cid: oi } });
    expect(bar.data).toEqual([{ pid: oiA, problemId: 'A', title: 'Title A', status: -5, score: null }]);
    expect((await client(t, tok.alice).call('submission.lastAcCode', { query: { pid: oiA, cid: oi } })).msg).toBe(MSG.notPassedProblem);
    // nor does her status in the contest's place; the bank does not count contest submissions at all
    const inContest = await client(t, tok.alice).call('problem.userStatus', { body: { pidList: [oiA], isContestProblemList: true, cid: oi } });
    expect(inContest.data).toEqual({ [oiA]: { status: -5, score: null } });
    const inBank = await client(t, tok.alice).call('problem.userStatus', { body: { pidList: [oiA] } });
    expect(inBank.data).toEqual({ [oiA]: { status: -10, score: null } });
  });

  it('shows them once the seal is off (real-time rank)', async () => {
    await setContest(oi, sql`seal_rank = false`);
    expect((await list('alice', { contestID: oi, onlyMine: true })).data.records[0]).toMatchObject({ status: 8, score: 40, time: 15 });
    const bar = await client(t, tok.alice).call('problem.fullScreenList', { query: { cid: oi } });
    expect(bar.data[0]).toMatchObject({ status: 0, score: 100 });
    // an OI participant sees her own cases while the contest runs; others do not
    expect((await cases('alice', mine)).data?.judgeCaseList).toHaveLength(1);
    expect((await cases('bob', mine)).data).toBeNull();
    expect((await client(t, tok.alice).call('submission.lastAcCode', { query: { pid: oiA, cid: oi } })).data.code).toBe('// alice A -20');
  });
});

describe('get-full-screen-problem-list', () => {
  it('lists the contest problems with the viewer state', async () => {
    const r = await client(t, tok.bob).call('problem.fullScreenList', { query: { cid: acm } });
    expect(r.data).toEqual([
      { pid: acmA, problemId: 'A', title: 'Title A', status: 0, score: null },
      { pid: acmB, problemId: 'B', title: 'Title B', status: -10, score: null },
    ]);
    expect((await client(t, tok.outsider).call('problem.fullScreenList', { query: { cid: priv } })).msg).toBe(MSG.contestNotRegistered);
    const outsider = await client(t, tok.outsider).call('problem.userStatus', { body: { pidList: [acmA], isContestProblemList: true, cid: priv } });
    expect(outsider.msg).toBe(MSG.contestNotRegistered);
    expect((await client(t, tok.bob).call('problem.fullScreenList', { query: { tid: 999999 } })).msg).toBe(MSG.trainingNotFound);
    expect((await get(t, '/api/get-full-screen-problem-list', { token: tok.bob, query: {} })).http).toBe(400);
    expect((await client(t).call('problem.fullScreenList', { query: { cid: acm } })).http).toBe(401);
  });
});

describe('test run in a contest', () => {
  const run = (who: string, body: Partial<TestRunBody>) =>
    client(t, tok[who]).call('testRun.submit', { body: { pid: acmA, language: 'C++', code: 'int main(){}', userInput: '1 2', ...body } });

  it('tests a hidden problem through its contest, for those who may see the contest', async () => {
    expect((await run('bob', {})).msg).toBe(MSG.problemNotFound);
    const ok = await run('bob', { type: 'contest', cid: acm });
    expect(ok.status).toBe(200);
    expect(typeof ok.data).toBe('string');
    expect((await run('outsider', { type: 'contest', cid: priv })).msg).toBe(MSG.contestNotRegistered);
    expect((await run('bob', { type: 'contest', cid: acm, pid: oiA })).msg).toBe(MSG.problemNotFound);
  });

  it('is refused on the terms of submitting: not before the start, not after the end', async () => {
    expect((await run('bob', { type: 'contest', cid: scheduled })).msg).toBe(MSG.contestNotStarted);
    // (the ACM contest takes submissions after its end; the OI one does not)
    expect((await run('bob', { type: 'contest', cid: oi, pid: oiA })).status).toBe(200);
    await setContest(oi, sql`end_time = ${iso(-1)}`);
    expect((await run('bob', { type: 'contest', cid: oi, pid: oiA })).msg).toBe(MSG.contestEnded);
  });
});
