/** Contest admin tools: AC helper, printing, rejudging a contest problem, accepted-code download. */
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S, MSG, Role } from '@oj/shared';
import { contestPrints, submissions } from '../src/db/schema/index.js';
import { createContest, insertContestSubmission, isoAt as iso, MIN } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken, uidOf } from './helpers.js';
import { client } from './client.js';
import { createProblem, taskOf, testQueue } from './judge-helpers.js';

let t: TestApp;
let root: string;
let padmin: string;
let alice: string;
let bob: string;
const uids: Record<string, string> = {};
let pA: number;
let pB: number;
let acm: number;
let oi: number;

const start = Date.now() - 100 * MIN;
const form = (o: Record<string, unknown> = {}) => ({ title: 'Tools', description: 'x', startTime: iso(start), endTime: iso(start + 200 * MIN), ...o });

const judged = (cid: number, username: string, pid: number, status: number, min: number, o: { language?: string; code?: string } = {}) =>
  insertContestSubmission(t, {
    cid,
    pid,
    uid: uids[username]!,
    username,
    status,
    language: o.language ?? 'C++',
    code: o.code ?? `// ${username}`,
    submitTime: new Date(start + min * MIN),
  });

const long = 'x'.repeat(60);

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  root = await rootToken(t);
  await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  for (const u of ['alice', 'bob']) uids[u] = await createUser(t, { username: u });
  uids.padmin = await uidOf(t, 'padmin');
  [padmin, alice, bob] = await Promise.all(['padmin', 'alice', 'bob'].map((u) => login(t, u)));
  pA = await createProblem(t, { problemId: 'P5000', type: 0 });
  pB = await createProblem(t, { problemId: 'P5001', type: 0 });
  const oiP = await createProblem(t, { problemId: 'P5002', type: 1 });
  acm = await createContest(
    t,
    padmin,
    form({ openPrint: true }),
    [
      [pA, 'A'],
      [pB, 'B'],
    ],
    (displayId) => (displayId === 'A' ? { color: '#f00' } : {}),
  );
  oi = await createContest(t, padmin, form({ type: 1 }), [[oiP, 'A']]);
});

afterAll(() => t.close());

describe('AC helper', () => {
  it('lists first ACs with first blood, undelivered first; only for the contest admin of an ACM contest', async () => {
    await judged(acm, 'alice', pA, S.WRONG_ANSWER, 1);
    const a1 = await judged(acm, 'alice', pA, S.ACCEPTED, 5);
    await judged(acm, 'alice', pA, S.ACCEPTED, 6); // a second AC: no second balloon
    const b1 = await judged(acm, 'bob', pA, S.ACCEPTED, 10);
    const b2 = await judged(acm, 'bob', pB, S.ACCEPTED, 12);
    const list = await client(t, padmin).call('contest.acInfo', { query: { cid: acm } });
    expect(list.data.total).toBe(3);
    expect(list.data.records.map((r) => [r.id, r.displayId, r.username, r.firstBlood, r.checked])).toEqual([
      [a1, 'A', 'alice', true, false],
      [b1, 'A', 'bob', false, false],
      [b2, 'B', 'bob', true, false],
    ]);
    expect(list.data.records[0].color).toBe('#f00');
    const chk = await client(t, padmin).call('contest.checkAcInfo', { body: { id: a1, cid: acm, checked: true } });
    expect(chk.status).toBe(200);
    const after = await client(t, padmin).call('contest.acInfo', { query: { cid: acm, limit: 2 } });
    expect(after.data.records.map((r) => r.id)).toEqual([b1, b2]);
    expect(after.data.total).toBe(3);
    expect((await client(t, padmin).call('contest.acInfo', { query: { cid: acm, currentPage: 2, limit: 2 } })).data.records[0]).toMatchObject({
      id: a1,
      checked: true,
    });

    expect((await client(t, alice).call('contest.acInfo', { query: { cid: acm } })).http).toBe(403);
    expect((await client(t, bob).call('contest.checkAcInfo', { body: { id: b1, cid: acm, checked: true } })).http).toBe(403);
    expect((await client(t, padmin).call('contest.acInfo', { query: { cid: oi } })).msg).toBe(MSG.acInfoAcmOnly);
    expect((await client(t, padmin).call('contest.checkAcInfo', { body: { id: 999999, cid: acm, checked: true } })).msg).toBe(MSG.submissionNotFound);
  });
});

describe('printing', () => {
  it('takes texts of 50+ characters with a cool-down, only where printing is open', async () => {
    const send = (token: string, cid: number, content: string) => client(t, token).call('contest.submitPrint', { body: { cid, content } });
    expect((await send(alice, oi, long)).msg).toBe(MSG.printClosed);
    expect((await send(alice, acm, '   ')).msg).toBe(MSG.printEmpty);
    expect((await send(alice, acm, 'short')).msg).toBe(MSG.printTooShort);
    expect((await send(alice, acm, long)).status).toBe(200);
    const again = await send(alice, acm, long);
    expect(again.msg).toMatch(/^Printing too frequently, please wait \d+ seconds before printing again\.$/);
    expect((await send(bob, acm, `${long}bob`)).status).toBe(200);
    expect((await client(t).call('contest.submitPrint', { body: { cid: acm, content: long } })).http).toBe(401);
  });

  it('lets the contest admin list, download and mark jobs; nobody else', async () => {
    const list = await client(t, padmin).call('contest.printList', { query: { cid: acm } });
    expect(list.data.total).toBe(2);
    expect(list.data.records.map((r) => [r.username, r.status])).toEqual([
      ['bob', 0],
      ['alice', 0],
    ]);
    const id = list.data.records[1].id;
    expect((await client(t, alice).call('contest.printList', { query: { cid: acm } })).http).toBe(403);
    expect((await client(t, alice).call('contest.markPrinted', { query: { id, cid: acm } })).http).toBe(403);
    const dl = await client(t, padmin).call('fileTransfer.contestPrintText', { query: { id } });
    expect(dl.res.body).toBe(long);
    expect(dl.headers['content-disposition']).toContain('print_');
    expect((await client(t, bob).call('fileTransfer.contestPrintText', { query: { id } })).http).toBe(403);
    expect((await client(t, padmin).call('contest.markPrinted', { query: { id, cid: acm } })).status).toBe(200);
    const [row] = await t.database.db.select().from(contestPrints).where(eq(contestPrints.id, id));
    expect(row!.status).toBe(1);
    expect((await client(t, padmin).call('contest.markPrinted', { query: { id: 99999 } })).msg).toBe(MSG.printNotFound);
  });
});

describe('rejudge and download', () => {
  it('rejudges every submission of a contest problem, super admin only', async () => {
    expect((await client(t, padmin).call('adminContest.rejudgeProblem', { query: { cid: acm, pid: pA } })).http).toBe(403);
    expect((await client(t, alice).call('adminContest.rejudgeProblem', { query: { cid: acm, pid: pA } })).http).toBe(403);
    const r = await client(t, root).call('adminContest.rejudgeProblem', { query: { cid: acm, pid: pA } });
    expect(r.data).toEqual({ count: 4 });
    const rows = await t.database.db.select().from(submissions).where(eq(submissions.cid, acm));
    const ofA = rows.filter((s) => s.pid === pA);
    expect(ofA.every((s) => s.status === S.PENDING && s.version === 1)).toBe(true);
    expect((await taskOf(t, ofA[0]!.submitId)).priority).toBe(1);
    expect(rows.find((s) => s.pid === pB)!.status).toBe(S.ACCEPTED);
    expect((await client(t, root).call('adminContest.rejudgeProblem', { query: { cid: 999999, pid: pA } })).msg).toBe(MSG.contestNotFound);
  });

  it('zips the latest accepted code per user and problem, by user or by problem', async () => {
    await judged(acm, 'alice', pB, S.ACCEPTED, 20, { language: 'Python3', code: 'print(1)' });
    await judged(acm, 'padmin', pB, S.ACCEPTED, 21, { language: 'C', code: 'int main(){}' });
    const byUser = await client(t, padmin).call('fileTransfer.contestAcSubmissions', { query: { cid: acm, splitType: 'user' } });
    expect(byUser.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(byUser.res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['alice/B.py', 'bob/B.cpp', 'padmin/B.c']);
    expect(Buffer.from(files['alice/B.py']!).toString()).toBe('print(1)');
    const byProblem = await client(t, padmin).call('fileTransfer.contestAcSubmissions', { query: { cid: acm, splitType: 'problem', excludeAdmin: true } });
    expect(Object.keys(unzipSync(new Uint8Array(byProblem.res.rawPayload))).sort()).toEqual(['B/alice.py', 'B/bob.cpp']);
    expect((await client(t, alice).call('fileTransfer.contestAcSubmissions', { query: { cid: acm } })).http).toBe(403);
  });
});
