/**
 * The plagiarism check: who may run and read one (contest staff, a group contest's admins, for a bank
 * problem those who read all code, for a group problem its admins; not a participant, a plain user or a
 * problem admin), bad input, two near-copies (identifiers renamed, functions
 * reordered) found with a high similarity and a unique solution not, the pair side by side with its
 * fragments, the reviewed flag, and a check surviving a judge that stopped answering (its lease runs
 * out, another judge takes it). The judge side is a simulated judge running the real comparison.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupLevel, JudgeStatus, MSG, PLAGIARISM_OVERDUE_MS, Role, type PlagiarismCheckView, type PlagiarismTask } from '@oj/shared';
import { nearCopy, uniqueProgram } from '@oj/test-fixtures';
import { comparePrograms } from '../../judge/src/plagiarism/compare.js';
import { contests } from '../src/db/schema/index.js';
import { sweepChecks } from '../src/modules/plagiarism/queue.js';
import { client, judgeClient } from './client.js';
import { createContest, insertContestSubmission, MIN } from './contest-helpers.js';
import { insertGroup } from './group-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken, uidOf } from './helpers.js';
import { createProblem, FakeJudge, submit, testQueue } from './judge-helpers.js';

let t: TestApp;
const tok: Record<string, string> = {};
let pid: number;
let cid: number;
let groupCid: number;
let groupPid: number;
let judge: FakeJudge;
let other: FakeJudge;
const ids: Record<string, number> = {};

const BASE = uniqueProgram(7, 120);
const COPY = nearCopy(BASE, 11);
const UNIQUE = uniqueProgram(8, 120);

const as = (who: string) => client(t, tok[who]);

/** Leases the next check as `j` (a poll answers any kind: the check is the only thing queued). */
async function lease(j: FakeJudge): Promise<PlagiarismTask> {
  const r = await j.poll();
  expect(r.status, r.msg).toBe(200);
  expect(r.data?.kind).toBe('plagiarism');
  return r.data as PlagiarismTask;
}

/** What a judge host does with a leased check: sources, the comparison with progress, the pairs. */
async function runCheck(j: FakeJudge, task: PlagiarismTask) {
  const jc = judgeClient(t, j.token);
  const lease = { taskId: task.taskId, leaseToken: task.leaseToken };
  const sources = await jc.call('judge.plagiarismSources', { query: lease });
  expect(sources.status, sources.msg).toBe(200);
  const pairs = await comparePrograms(sources.data.files, {
    onProgress: async (done, total) => {
      const p = await jc.call('judge.plagiarismProgress', { body: { ...lease, done, total } });
      expect(p.status, p.msg).toBe(200);
    },
  });
  const r = await jc.call('judge.plagiarismResult', { body: { ...lease, pairs } });
  expect(r.status, r.msg).toBe(200);
  return sources.data.files;
}

async function checkOf(who: string, id: number): Promise<PlagiarismCheckView> {
  const r = await as(who).call('plagiarism.check', { query: { id } });
  expect(r.status, r.msg).toBe(200);
  return r.data;
}

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  judge = await FakeJudge.start(t, 'plag-a');
  other = await FakeJudge.start(t, 'plag-b');
  for (const u of ['alice', 'bob', 'carol', 'dave', 'gowner', 'gadmin', 'gmember']) await createUser(t, { username: u });
  await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'sadmin', roles: [Role.ADMIN] });
  for (const u of ['alice', 'bob', 'carol', 'dave', 'gowner', 'gadmin', 'gmember', 'padmin', 'sadmin']) tok[u] = await login(t, u);
  tok.root = await rootToken(t);
  pid = await createProblem(t, { auth: 1 });
  cid = await createContest(t, tok.root!, {}, [[pid, 'A']]);
  const [c] = await t.database.db.select({ start: contests.startTime }).from(contests).where(sql`${contests.id} = ${cid}`);
  const at = (min: number) => new Date(c!.start.getTime() + min * MIN);
  const sub = async (who: string, code: string, status: number = JudgeStatus.ACCEPTED, min = 5) =>
    insertContestSubmission(t, { cid, pid, uid: await uidOf(t, who), username: who, status, submitTime: at(min), displayPid: 'A', language: 'C++', code });
  ids.alice = await sub('alice', BASE);
  ids.bob = await sub('bob', COPY);
  ids.carol = await sub('carol', UNIQUE);
  // dave's accepted copy is followed by a wrong answer: the accepted check takes his last accepted one
  ids.dave = await sub('dave', nearCopy(BASE, 23), JudgeStatus.ACCEPTED, 6);
  await sub('dave', uniqueProgram(9, 40), JudgeStatus.WRONG_ANSWER, 7);
  // a group contest, made by the group's owner
  const gid = await insertGroup(t, { owner: 'gowner', members: { gadmin: GroupLevel.ADMIN, gmember: GroupLevel.MEMBER } });
  const [g] = await t.database.db
    .insert(contests)
    .values({ title: 'Group round', startTime: at(-10), endTime: at(200), gid, uid: await uidOf(t, 'gowner') })
    .returning({ id: contests.id });
  groupCid = g!.id;
  groupPid = await createProblem(t, { problemId: 'GPL1', gid, isGroup: true });
});
afterAll(async () => {
  await t?.close();
});

describe('who may check', () => {
  it('a participant and a plain user are refused; nothing is queued', async () => {
    for (const who of ['alice', 'carol']) {
      const r = await as(who).call('plagiarism.start', { body: { cid } });
      expect(r.http).toBe(403);
      expect((await as(who).call('plagiarism.checks', { query: { cid } })).http).toBe(403);
    }
    expect((await client(t, null).call('plagiarism.start', { body: { cid } })).http).toBe(401);
    // a plain user and a problem admin on a bank problem too (neither reads others' code); an admin may
    expect((await as('carol').call('plagiarism.checks', { query: { pid } })).http).toBe(403);
    expect((await as('padmin').call('plagiarism.checks', { query: { pid } })).http).toBe(403);
    expect((await as('sadmin').call('plagiarism.checks', { query: { pid } })).status).toBe(200);
    expect((await as('root').call('plagiarism.checks', { query: { cid } })).data).toEqual([]);
  });

  it("a group contest: the group's admin may, a member may not", async () => {
    expect((await as('gmember').call('plagiarism.start', { body: { cid: groupCid } })).http).toBe(403);
    const r = await as('gadmin').call('plagiarism.start', { body: { cid: groupCid } });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.status).toBe('queued');
    // an outsider of the group is stopped at its gate
    expect((await as('carol').call('plagiarism.checks', { query: { cid: groupCid } })).status).not.toBe(200);
    // the group contest has no submissions: done with nothing to compare
    const task = await lease(judge);
    expect(await runCheck(judge, task)).toEqual([]);
    const v = await checkOf('gadmin', r.data.id);
    expect(v.status).toBe('done');
    expect(v.pairCount).toBe(0);
  });

  it("a group problem: the group's admin may, a member and an outsider may not", async () => {
    expect((await as('gmember').call('plagiarism.start', { body: { pid: groupPid } })).http).toBe(403);
    expect((await as('carol').call('plagiarism.start', { body: { pid: groupPid } })).status).not.toBe(200);
    const r = await as('gadmin').call('plagiarism.start', { body: { pid: groupPid } });
    expect(r.status, r.msg).toBe(200);
    expect(await runCheck(judge, await lease(judge))).toEqual([]);
    expect((await checkOf('gadmin', r.data.id)).status).toBe('done');
  });
});

describe('bad input', () => {
  it('neither or both of contest and problem, an unknown mode, an unknown contest', async () => {
    expect((await as('root').call('plagiarism.start', { body: {} })).http).toBe(400);
    expect((await as('root').call('plagiarism.start', { body: { cid, pid } })).http).toBe(400);
    expect((await as('root').call('plagiarism.start', { body: { cid, mode: 'all' as 'final' } })).http).toBe(400);
    const r = await as('root').call('plagiarism.start', { body: { cid: 999_999 } });
    expect(r.msg).toBe(MSG.contestNotFound);
    expect((await as('root').call('plagiarism.check', { query: { id: 999_999 } })).msg).toBe(MSG.plagiarismCheckNotFound);
    expect((await as('root').call('plagiarism.pair', { query: { id: 999_999 } })).msg).toBe(MSG.plagiarismPairNotFound);
  });
});

describe('a contest check', () => {
  let checkId: number;

  it('survives a judge that stopped answering: its lease runs out and another judge takes the check', async () => {
    const r = await as('root').call('plagiarism.start', { body: { cid, mode: 'accepted', languages: ['C++'] } });
    expect(r.status, r.msg).toBe(200);
    checkId = r.data.id;
    // a second start while it runs is refused
    expect((await as('root').call('plagiarism.start', { body: { cid } })).msg).toBe(MSG.plagiarismCheckRunning);
    const first = await lease(judge);
    expect((await checkOf('root', checkId)).status).toBe('running');
    // the first judge dies mid-check: its lease runs out and the sweep puts the check back
    await t.database.db.execute(sql`update plagiarism_check set lease_deadline = now() - interval '1 second' where id = ${checkId}`);
    expect(await sweepChecks(t.database.db, testQueue())).toBe(0);
    expect((await checkOf('root', checkId)).status).toBe('queued');
    const stopping = await lease(other);
    // a judge that stops gives the check back: queued at once, the sweep's attempt is the only one counted
    const gb = (j: FakeJudge, task: PlagiarismTask) =>
      judgeClient(t, j.token).call('judge.giveBack', { body: { kind: 'plagiarism', taskId: task.taskId, leaseToken: task.leaseToken } });
    expect((await gb(other, stopping)).status).toBe(200);
    const attempts = async () =>
      (await t.database.db.execute<{ attempts: number }>(sql`select attempts from plagiarism_check where id = ${checkId}`)).rows[0]!.attempts;
    expect((await checkOf('root', checkId)).status).toBe('queued');
    expect(await attempts()).toBe(1);
    const second = await lease(other);
    // a give-back of a lease that is no longer live changes nothing
    expect((await gb(judge, first)).status).toBe(200);
    expect((await gb(other, stopping)).status).toBe(200);
    expect((await checkOf('root', checkId)).status).toBe('running');
    // the dead judge's late report is refused
    const late = await judgeClient(t, judge.token).call('judge.plagiarismProgress', {
      body: { taskId: first.taskId, leaseToken: first.leaseToken, done: 1, total: 1 },
    });
    expect(late.http).toBe(409);
    const files = await runCheck(other, second);
    // the latest accepted per participant: dave's wrong answer after it is not compared
    expect(files.map((f) => f.submitId).sort()).toEqual([ids.alice, ids.bob, ids.carol, ids.dave].sort());
    const v = await checkOf('root', checkId);
    expect(v).toMatchObject({ status: 'done', submissions: 4, done: 1, total: 1 });
  });

  it('finds the near-copies with a high similarity and not the unique solution', async () => {
    const page = await as('root').call('plagiarism.pairs', { query: { checkId } });
    expect(page.status, page.msg).toBe(200);
    const names = page.data.records.map((p) => [p.left.username, p.right.username].sort().join('+'));
    expect(names).toEqual(expect.arrayContaining(['alice+bob', 'alice+dave', 'bob+dave']));
    expect(names.some((n) => n.includes('carol'))).toBe(false);
    for (const p of page.data.records) expect(p.similarity).toBeGreaterThan(0.7);
    // the most similar first
    const sims = page.data.records.map((p) => p.similarity);
    expect(sims).toEqual([...sims].sort((a, b) => b - a));
    expect(page.data.problems).toEqual([{ pid, problemId: 'A' }]);
    expect(page.data.languages).toEqual(['C++']);
    // filters
    expect((await as('root').call('plagiarism.pairs', { query: { checkId, language: 'Java' } })).data.total).toBe(0);
    expect((await as('root').call('plagiarism.pairs', { query: { checkId, pid } })).data.total).toBe(3);
    // a participant reads no pairs
    expect((await as('alice').call('plagiarism.pairs', { query: { checkId } })).http).toBe(403);
  });

  it('opens a pair side by side with its matching fragments, and marks it reviewed', async () => {
    const page = await as('root').call('plagiarism.pairs', { query: { checkId } });
    const row = page.data.records.find((p) => p.left.username === 'alice' && p.right.username === 'bob')!;
    expect(row.reviewed).toBe(false);
    const d = await as('root').call('plagiarism.pair', { query: { id: row.id } });
    expect(d.status, d.msg).toBe(200);
    expect(d.data.left.code).toBe(BASE);
    expect(d.data.right.code).toBe(COPY);
    expect(d.data.fragments.length).toBeGreaterThan(0);
    // each fragment points into both sources
    for (const f of d.data.fragments) {
      expect(f.left[0]).toBeLessThan(BASE.split('\n').length);
      expect(f.right[0]).toBeLessThan(COPY.split('\n').length);
    }
    expect((await as('alice').call('plagiarism.reviewed', { body: { id: row.id, reviewed: true } })).http).toBe(403);
    expect((await as('root').call('plagiarism.reviewed', { body: { id: row.id, reviewed: true } })).status).toBe(200);
    const after = await as('root').call('plagiarism.pairs', { query: { checkId } });
    expect(after.data.records.find((p) => p.id === row.id)?.reviewed).toBe(true);
    expect(after.data.records.filter((p) => p.reviewed)).toHaveLength(1);
  });

  it('the checks of the contest list it with its pair count', async () => {
    const list = await as('root').call('plagiarism.checks', { query: { cid } });
    expect(list.data.map((c) => [c.id, c.status, c.pairCount])).toEqual([[checkId, 'done', 3]]);
  });
});

describe('a problem check', () => {
  it("compares the problem's submissions outside contests, run by an admin who may read all code (not a problem admin)", async () => {
    const bankPid = await createProblem(t, { auth: 1 });
    const bankSub = async (who: string, code: string) =>
      insertContestSubmission(t, { cid: 0, pid: bankPid, uid: await uidOf(t, who), username: who, status: JudgeStatus.ACCEPTED, submitTime: new Date(), code });
    const a = await bankSub('alice', BASE);
    const b = await bankSub('carol', COPY);
    // the same copy made in the contest is the contest's, not the problem's
    await insertContestSubmission(t, { cid, pid: bankPid, uid: await uidOf(t, 'dave'), username: 'dave', status: 0, submitTime: new Date(), code: BASE });
    expect((await as('alice').call('plagiarism.start', { body: { pid: bankPid } })).http).toBe(403);
    // a problem admin manages the problem but may not read others' code: the check would show it to him
    expect((await as('padmin').call('plagiarism.start', { body: { pid: bankPid } })).http).toBe(403);
    const r = await as('sadmin').call('plagiarism.start', { body: { pid: bankPid, mode: 'final' } });
    expect(r.status, r.msg).toBe(200);
    const files = await runCheck(judge, await lease(judge));
    expect(files.map((f) => f.submitId).sort()).toEqual([a, b].sort());
    const page = await as('sadmin').call('plagiarism.pairs', { query: { checkId: r.data.id } });
    expect((await as('padmin').call('plagiarism.pairs', { query: { checkId: r.data.id } })).http).toBe(403);
    expect(page.data.records.map((p) => [p.left.submitId, p.right.submitId])).toEqual([[a, b]]);
    // the contest's checks are not the problem's
    expect((await as('sadmin').call('plagiarism.checks', { query: { pid: bankPid } })).data.map((c) => c.id)).toEqual([r.data.id]);
  });
});

describe('queue order', () => {
  it('a check waits behind submissions, but one that waited past its time goes before them', async () => {
    const bankPid = await createProblem(t, { auth: 1 });
    await insertContestSubmission(t, { cid: 0, pid: bankPid, uid: await uidOf(t, 'alice'), username: 'alice', status: 0, submitTime: new Date(), code: BASE });
    const r = await as('root').call('plagiarism.start', { body: { pid: bankPid } });
    expect(r.status, r.msg).toBe(200);
    const waiting = await submit(t, { pid: bankPid, user: { uid: await uidOf(t, 'bob'), username: 'bob' } });
    const first = await judge.poll();
    // a submission's task (it names no kind)
    expect((first.data as { submission?: { submitId: number } }).submission?.submitId).toBe(waiting);
    await submit(t, { pid: bankPid, user: { uid: await uidOf(t, 'bob'), username: 'bob' } });
    await t.database.db.execute(
      sql`update plagiarism_check set created_at = now() - ${PLAGIARISM_OVERDUE_MS + 1000}::int * interval '1 millisecond' where id = ${r.data.id}`,
    );
    expect((await judge.poll()).data).toMatchObject({ kind: 'plagiarism', taskId: r.data.id });
  });
});
