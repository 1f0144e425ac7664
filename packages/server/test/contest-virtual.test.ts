/**
 * Virtual participation: after a public contest ended, a user who did not take part takes it on his own
 * clock. His ghost board shows the real participants as they stood at his elapsed time plus him, marked
 * virtual, sealed as the real contest was at that time, for ACM, OI and IOI; the real board, the
 * participant count and practice after the end do not change; one run at a time; it ends by itself; and
 * the refusals (running contest, private contest, a real participant, the contest's admin, a visitor, a
 * group contest's outsider) each say why.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContestType, GroupLevel, JudgeStatus as S, MSG, Role, type AcmRankRow, type OiRankRow, type VirtualRankRow } from '@oj/shared';
import { contests, contestVirtuals, judgeCases, submissions } from '../src/db/schema/index.js';
import { createContest, insertContestSubmission, isoAt, MIN, submitTo } from './contest-helpers.js';
import { insertGroup } from './group-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken, uidOf } from './helpers.js';
import { client } from './client.js';
import { createProblem, FakeJudge, testQueue } from './judge-helpers.js';

let t: TestApp;
const tok: Record<string, string> = {};
const uids: Record<string, string> = {};
let acmP: number;
let acmQ: number;
let oiP: number;

/** Every contest here ran from 300 to 100 minutes ago (200 minutes long) unless told otherwise. */
const start = Date.now() - 300 * MIN;
const DURATION = 200 * MIN;
const ended = (o: Record<string, unknown> = {}) => ({
  title: 'Past round',
  description: 'x',
  startTime: isoAt(start),
  endTime: isoAt(start + DURATION),
  auth: 0,
  ...o,
});

/** A judged submission of a real participant `min` minutes after the contest's start. */
const real = (cid: number, who: string, pid: number, status: number, min: number, score: number | null = null) =>
  insertContestSubmission(t, { cid, pid, uid: uids[who]!, username: who, status, score, time: 10, submitTime: new Date(start + min * MIN) });

/** A judged submission of run `vid` (of `who`, started at `runStart`), `min` minutes into his own clock. */
const virtualSub = (cid: number, vid: number, runStart: number, who: string, pid: number, status: number, min: number, score: number | null = null) =>
  insertContestSubmission(t, { cid, vid, pid, uid: uids[who]!, username: who, status, score, time: 10, submitTime: new Date(runStart + min * MIN) });

const c = (who: string) => client(t, who === 'visitor' ? null : tok[who]);
const state = (who: string, cid: number) => c(who).call('contestVirtual.state', { query: { cid } });
const startRun = (who: string, cid: number) => c(who).call('contestVirtual.start', { body: { cid } });
const ghost = async (who: string, cid: number) => {
  const r = await c(who).call('contestVirtual.rank', { body: { cid } });
  expect(r.status, r.msg).toBe(200);
  return { ...r.data, rows: r.data.records.slice(r.data.pinned) };
};
/** Sets the run's clock as if it started `minAgo` minutes ago (its end follows the duration). */
async function runStartedAgo(vid: number, minAgo: number): Promise<number> {
  const runStart = Date.now() - minAgo * MIN;
  await t.database.db
    .update(contestVirtuals)
    .set({ startTime: new Date(runStart), endTime: new Date(runStart + DURATION) })
    .where(eq(contestVirtuals.id, vid));
  return runStart;
}
/** Starts a run as `who` through the API and returns its id. */
async function started(who: string, cid: number): Promise<number> {
  const r = await startRun(who, cid);
  expect(r.status, r.msg).toBe(200);
  expect(r.data.running).toBe(true);
  return r.data.id;
}
const acmSummary = (rows: VirtualRankRow[]) =>
  (rows as (AcmRankRow & { virtual?: boolean })[]).map((r) => [r.username, r.rank, r.ac, r.totalTime, !!r.virtual]);
const oiSummary = (rows: VirtualRankRow[]) => (rows as (OiRankRow & { virtual?: boolean })[]).map((r) => [r.username, r.rank, r.totalScore, !!r.virtual]);

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  // A judge announces the languages a submission may use.
  await FakeJudge.start(t, 'vj');
  await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  for (const u of ['alice', 'bob', 'vera', 'walt', 'xena', 'yves', 'outsider']) await createUser(t, { username: u });
  for (const u of ['padmin', 'alice', 'bob', 'vera', 'walt', 'xena', 'yves', 'outsider']) {
    uids[u] = await uidOf(t, u);
    tok[u] = await login(t, u);
  }
  acmP = await createProblem(t, { problemId: 'V100', type: 0 });
  acmQ = await createProblem(t, { problemId: 'V101', type: 0 });
  oiP = await createProblem(t, { problemId: 'V102', type: 1 });
});

afterAll(() => t.close());

describe('ACM ghost board', () => {
  let cid: number;
  let vid: number;
  let bobAc: number;
  beforeAll(async () => {
    // Sealed from 80 minutes on; practice after the end is allowed.
    cid = await createContest(t, tok.padmin!, ended({ type: ContestType.ACM, sealRank: true, sealRankTime: isoAt(start + 80 * MIN), allowEndSubmit: true }), [
      [acmP, 'A'],
      [acmQ, 'B'],
    ]);
    await real(cid, 'alice', acmP, S.WRONG_ANSWER, 5);
    await real(cid, 'alice', acmP, S.ACCEPTED, 10); // 600 + 1200 penalty
    await real(cid, 'alice', acmQ, S.ACCEPTED, 90); // after the seal
    bobAc = await real(cid, 'bob', acmP, S.ACCEPTED, 20); // 1200
  });

  it('offers the start to one who did not take part, and starts his clock now for the contest duration', async () => {
    const s = await state('vera', cid);
    expect(s.data).toMatchObject({ run: null, start: { allowed: true, reason: null } });
    const r = await startRun('vera', cid);
    expect(r.status).toBe(200);
    expect(r.msg).toBe(MSG.contestVirtualStarted);
    expect(new Date(r.data.endTime).getTime() - new Date(r.data.startTime).getTime()).toBe(DURATION);
    expect(Math.abs(new Date(r.data.startTime).getTime() - Date.now())).toBeLessThan(MIN);
    vid = r.data.id;
    const after = await state('vera', cid);
    expect(after.data.run).toMatchObject({ id: vid, running: true });
    expect(after.data.start).toEqual({ allowed: false, reason: { key: 'contestVirtualRunning', params: {} } });
  });

  it('refuses a second run while the first runs', async () => {
    const r = await startRun('vera', cid);
    expect(r.status).toBe(400);
    expect(r.msg).toBe(MSG.contestVirtualRunning);
    expect((await t.database.db.select().from(contestVirtuals).where(eq(contestVirtuals.uid, uids.vera!))).length).toBe(1);
  });

  it('takes his submission in the ended contest as the run’s, and the real board and count do not move', async () => {
    const before = await c('alice').call('contest.info', { query: { cid } });
    const s = await submitTo(t, tok.vera!, cid, 'A');
    expect(s.status, s.msg).toBe(200);
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.submitId, s.data.submitId));
    expect(row).toMatchObject({ cid, vid, uid: uids.vera });
    // He finds it in the contest's list without asking for submissions after the end.
    const mine = await c('vera').call('submission.contestList', { query: { contestID: cid, onlyMine: true, currentPage: 1, limit: 20 } });
    expect(mine.data.records.map((x) => [x.submitId, x.virtual])).toEqual([[s.data.submitId, true]]);
    // Others find it only among the submissions after the end, marked as a virtual run's.
    const others = await c('bob').call('submission.contestList', { query: { contestID: cid, currentPage: 1, limit: 20 } });
    expect(others.data.records.map((x) => x.submitId)).not.toContain(s.data.submitId);
    expect(others.data.records.length).toBeGreaterThan(0);
    expect(others.data.records.every((x) => !x.virtual)).toBe(true);
    const all = await c('bob').call('submission.contestList', { query: { contestID: cid, containsEnd: true, currentPage: 1, limit: 20 } });
    expect(all.data.records.find((x) => x.submitId === s.data.submitId)?.virtual).toBe(true);
    const detail = await c('vera').call('submission.detail', { query: { submitId: s.data.submitId } });
    expect(detail.data.submission.virtual).toBe(true);
    const realBoard = await c('alice').call('contest.rank', { body: { cid, containsEnd: true } });
    expect(realBoard.data.records.map((x) => x.username)).not.toContain('vera');
    const after = await c('alice').call('contest.info', { query: { cid } });
    expect(after.data.count).toBe(before.data.count);
    await t.database.db.delete(submissions).where(eq(submissions.submitId, s.data.submitId));
  });

  it('shows the real participants as they stood at his elapsed time, him marked virtual', async () => {
    const runStart = await runStartedAgo(vid, 45);
    await virtualSub(cid, vid, runStart, 'vera', acmP, S.WRONG_ANSWER, 25);
    await virtualSub(cid, vid, runStart, 'vera', acmP, S.ACCEPTED, 40); // 2400 + 1200
    const b = await ghost('vera', cid);
    expect(b.sealed).toBe(false);
    expect(Math.abs(b.elapsed - 45 * MIN)).toBeLessThan(MIN);
    // alice's B at 90 minutes is not made yet at 45.
    expect(acmSummary(b.rows)).toEqual([
      ['bob', 1, 1, 1200, false],
      ['alice', 2, 1, 1800, false],
      ['vera', 3, 1, 3600, true],
    ]);
    // His row is pinned on top too.
    expect(b.records[0]).toMatchObject({ username: 'vera', virtual: true });
  });

  it('follows a real participant’s changed verdict between two reads at nearly the same time', async () => {
    // The first read keeps bob's row (one submission before the time); a manual verdict changes it.
    expect(acmSummary((await ghost('vera', cid)).rows)[0]).toEqual(['bob', 1, 1, 1200, false]);
    const root = await rootToken(t);
    expect((await client(t, root).call('submission.manualJudge', { query: { submitId: bobAc, status: S.WRONG_ANSWER, score: 0 } })).status).toBe(200);
    // The verdict reaches the board's state through its change notice, which this node hears a moment
    // after the call's commit: read until it has (a kept row that never followed would time out here).
    const bobRow = async () => acmSummary((await ghost('vera', cid)).rows).find((r) => r[0] === 'bob');
    const until = async (row: unknown[]) => {
      for (let i = 0; i < 100 && JSON.stringify(await bobRow()) !== JSON.stringify(row); i++) await new Promise((r) => setTimeout(r, 50));
      expect(await bobRow()).toEqual(row);
    };
    await until(['bob', 3, 0, 0, false]);
    expect((await client(t, root).call('submission.manualJudge', { query: { submitId: bobAc, status: S.ACCEPTED, score: 0 } })).status).toBe(200);
    await until(['bob', 1, 1, 1200, false]);
  });

  it('seals as the real contest did, from its seal time on his clock', async () => {
    await runStartedAgo(vid, 95);
    const b = await ghost('vera', cid);
    expect(b.sealed).toBe(true);
    const alice = b.rows.find((r) => r.username === 'alice') as AcmRankRow;
    // Her accepted B at 90 minutes is a try with an unknown result on the sealed board.
    expect(alice.submissionInfo.B).toMatchObject({ isAC: false, tryNum: 1 });
    expect(alice.ac).toBe(1);
  });

  it('leaves the real board as it was for everyone', async () => {
    const r = await c('bob').call('contest.rank', { body: { cid, containsEnd: true } });
    expect(r.data.records.slice(r.data.pinned).map((x) => x.username)).toEqual(['alice', 'bob']);
  });

  it('ends by itself after the duration: his later submissions are practice, the board is final, a new run may start', async () => {
    await runStartedAgo(vid, 201);
    const s = await state('vera', cid);
    expect(s.data.run).toMatchObject({ id: vid, running: false });
    expect(s.data.start.allowed).toBe(true);
    const b = await ghost('vera', cid);
    expect(b.sealed).toBe(false);
    expect(Math.abs(b.elapsed - DURATION)).toBeLessThan(1000);
    expect(acmSummary(b.rows).map((r) => r[0])).toEqual(['alice', 'bob', 'vera']);
    const sub = await submitTo(t, tok.vera!, cid, 'A');
    expect(sub.status, sub.msg).toBe(200);
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.submitId, sub.data.submitId));
    expect(row!.vid).toBeNull();
    await t.database.db.delete(submissions).where(eq(submissions.submitId, sub.data.submitId));
  });

  it('refuses a real participant, the contest admin, a visitor, and has no ghost board for one without a run', async () => {
    const a = await startRun('alice', cid);
    expect(a.msg).toBe(MSG.contestVirtualTookPart);
    expect((await state('alice', cid)).data.start).toEqual({ allowed: false, reason: { key: 'contestVirtualTookPart', params: {} } });
    expect((await startRun('padmin', cid)).msg).toBe(MSG.contestVirtualStaff);
    expect((await startRun('visitor', cid)).status).toBe(401);
    const none = await c('walt').call('contestVirtual.rank', { body: { cid } });
    expect(none.msg).toBe(MSG.contestVirtualNone);
  });

  it('lets one who only practised after the end take it, his practice left off the ghost board', async () => {
    await real(cid, 'xena', acmP, S.ACCEPTED, 250);
    const v = await started('xena', cid);
    await runStartedAgo(v, 30);
    const b = await ghost('xena', cid);
    expect(b.rows.map((r) => r.username)).not.toContain('xena');
  });
});

describe('other virtual runners', () => {
  it("are on a runner's ghost board as they stood at his elapsed time on their own clocks, marked virtual", async () => {
    const cid = await createContest(t, tok.padmin!, ended({ type: ContestType.ACM }), [
      [acmP, 'A'],
      [acmQ, 'B'],
    ]);
    await real(cid, 'alice', acmP, S.ACCEPTED, 10); // 600
    const mine = await started('vera', cid);
    const veraStart = await runStartedAgo(mine, 45);
    await virtualSub(cid, mine, veraStart, 'vera', acmP, S.ACCEPTED, 40); // 2400
    // yves ran earlier and is over: A at 20 minutes on his clock, B at 60 (later than vera's 45).
    const his = await started('yves', cid);
    const yvesStart = await runStartedAgo(his, 300);
    await virtualSub(cid, his, yvesStart, 'yves', acmP, S.ACCEPTED, 20); // 1200
    await virtualSub(cid, his, yvesStart, 'yves', acmQ, S.ACCEPTED, 60);
    expect(acmSummary((await ghost('vera', cid)).rows)).toEqual([
      ['alice', 1, 1, 600, false],
      ['yves', 2, 1, 1200, true],
      ['vera', 3, 1, 2400, true],
    ]);
    // His own board (over: at the end) has both his problems, and vera at her 45 minutes so far.
    expect(acmSummary((await ghost('yves', cid)).rows)).toEqual([
      ['yves', 1, 2, 4800, true],
      ['alice', 2, 1, 600, false],
      ['vera', 3, 1, 2400, true],
    ]);
    // The real board has neither.
    const r = await c('bob').call('contest.rank', { body: { cid, containsEnd: true } });
    expect(r.data.records.slice(r.data.pinned).map((x) => x.username)).toEqual(['alice']);
  });
});

describe('refused contests', () => {
  it('refuses a contest not ended yet and a private one', async () => {
    const running = await createContest(t, tok.padmin!, ended({ startTime: isoAt(Date.now() - 10 * MIN), endTime: isoAt(Date.now() + 60 * MIN) }), [
      [acmP, 'A'],
    ]);
    const r = await startRun('walt', running);
    expect(r.msg).toBe(MSG.contestVirtualNotEnded);
    expect((await state('walt', running)).data.start.allowed).toBe(false);
    const priv = await createContest(t, tok.padmin!, ended({ auth: 1, pwd: 'secret' }), [[acmP, 'A']]);
    expect((await startRun('walt', priv)).msg).toBe(MSG.contestVirtualNotPublic);
  });

  it('serves a group contest to its members only', async () => {
    const gid = await insertGroup(t, { owner: 'padmin', members: { walt: GroupLevel.MEMBER } });
    const cid = await createContest(t, tok.padmin!, ended(), [[acmP, 'A']]);
    await t.database.db.update(contests).set({ gid }).where(eq(contests.id, cid));
    await real(cid, 'alice', acmP, S.ACCEPTED, 10);
    const out = await startRun('outsider', cid);
    expect(out.msg).toBe(MSG.groupNotMember);
    const v = await started('walt', cid);
    await runStartedAgo(v, 30);
    const b = await ghost('walt', cid);
    expect(acmSummary(b.rows)).toEqual([['alice', 1, 1, 600, false]]);
  });
});

describe('OI and IOI ghost boards', () => {
  it('OI: the scores as they stood at his time (Recent), his own beside them', async () => {
    const cid = await createContest(t, tok.padmin!, ended({ type: ContestType.OI }), [[oiP, 'A']]);
    await real(cid, 'alice', oiP, S.PARTIAL_ACCEPTED, 10, 40);
    await real(cid, 'alice', oiP, S.ACCEPTED, 60, 100);
    await real(cid, 'bob', oiP, S.PARTIAL_ACCEPTED, 50, 20);
    const vid = await started('vera', cid);
    const runStart = await runStartedAgo(vid, 30);
    await virtualSub(cid, vid, runStart, 'vera', oiP, S.PARTIAL_ACCEPTED, 20, 70);
    expect(oiSummary((await ghost('vera', cid)).rows)).toEqual([
      ['vera', 1, 70, true],
      ['alice', 2, 40, false],
    ]);
    await runStartedAgo(vid, 201);
    expect(oiSummary((await ghost('vera', cid)).rows)).toEqual([
      ['alice', 1, 100, false],
      ['vera', 2, 70, true],
      ['bob', 3, 20, false],
    ]);
  });

  it('IOI: the best of each subtask over his submissions, summed, against the others at his time', async () => {
    const cid = await createContest(t, tok.padmin!, ended({ type: ContestType.IOI }), [[oiP, 'A']]);
    /** A judged submission with subtask 1 scoring `s1` and subtask 2 `s2` (lowest case of each group). */
    const withSubtasks = async (id: number, s1: number, s2: number) => {
      for (const [seq, g, score] of [
        [1, 1, s1],
        [2, 2, s2],
      ] as const)
        await t.database.db.insert(judgeCases).values({ submitId: id, seq, status: S.ACCEPTED, score, groupNum: g, mode: 'subtask_lowest' });
    };
    await withSubtasks(await real(cid, 'alice', oiP, S.PARTIAL_ACCEPTED, 10, 30), 30, 0);
    await withSubtasks(await real(cid, 'alice', oiP, S.PARTIAL_ACCEPTED, 40, 70), 0, 70);
    const vid = await started('vera', cid);
    const runStart = await runStartedAgo(vid, 30);
    await withSubtasks(await virtualSub(cid, vid, runStart, 'vera', oiP, S.PARTIAL_ACCEPTED, 15, 50), 30, 20);
    await withSubtasks(await virtualSub(cid, vid, runStart, 'vera', oiP, S.PARTIAL_ACCEPTED, 25, 50), 0, 50);
    // At 30 minutes alice has only her first submission; vera 30 + 50 from two submissions.
    expect(oiSummary((await ghost('vera', cid)).rows)).toEqual([
      ['vera', 1, 80, true],
      ['alice', 2, 30, false],
    ]);
    await runStartedAgo(vid, 201);
    expect(oiSummary((await ghost('vera', cid)).rows)).toEqual([
      ['alice', 1, 100, false],
      ['vera', 2, 80, true],
    ]);
  });
});
