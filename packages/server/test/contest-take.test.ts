/** Taking part: list, info, registration, access rules, problems, announcements and the submit check. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEST_LIMITS, formatMsg, JudgeStatus, MSG, Role } from '@oj/shared';
import { putSetting } from '../src/lib/site-config.js';
import { createContest, iso, submitTo } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, rootToken, uidOf } from './helpers.js';
import { client } from './client.js';
import { createProblem, FakeJudge, submission, taskOf, testQueue } from './judge-helpers.js';

let t: TestApp;
let root: string;
let padmin: string;
let alice: string;
let bob: string;
let team3: string;
let acmP: number;
let oiP: number;
let running: number;
let priv: number;
let prot: number;
let scheduled: number;
let ended: number;
let endedOpen: number;

const contest = (o: Record<string, unknown>, problems: [number, string][] = [[acmP, 'A']]) => createContest(t, padmin, o, problems);

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 60 });
  await FakeJudge.start(t, 'cj');
  root = await rootToken(t);
  await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  for (const u of ['alice', 'bob', 'team3']) await createUser(t, { username: u });
  [padmin, alice, bob, team3] = await Promise.all(['padmin', 'alice', 'bob', 'team3'].map((u) => login(t, u)));
  // Contest problems are usually hidden in the bank until the contest is over.
  acmP = await createProblem(t, { problemId: 'P3000', title: 'A + B', type: 0, auth: 2, author: 'padmin' });
  oiP = await createProblem(t, { problemId: 'P3001', title: 'Knapsack', type: 1 });
  running = await contest({ title: 'Running public' });
  priv = await contest({
    title: 'Private',
    auth: 1,
    pwd: 'pw',
    openAccountLimit: true,
    accountLimitRule: '<prefix>team</prefix><suffix></suffix><start>1</start><end>5</end><extra>alice</extra>',
  });
  prot = await contest({ title: 'Protected', auth: 2, pwd: 'pw2' });
  scheduled = await contest({ title: 'Scheduled', startTime: iso(60), endTime: iso(180) });
  ended = await contest({ title: 'Ended', startTime: iso(-180), endTime: iso(-60) });
  endedOpen = await contest({ title: 'Ended open', type: 1, startTime: iso(-180), endTime: iso(-60), allowEndSubmit: true }, [[oiP, 'A']]);
});

afterAll(() => t.close());

describe('contest list and info', () => {
  it('lists visible contests with status, type and keyword filters, page size 10', async () => {
    const all = await client(t).call('contest.list');
    expect(all.data.total).toBe(6);
    expect(all.data.records[0]).toMatchObject({ status: 0 });
    expect(all.data.records[0]).not.toHaveProperty('pwd');
    const st = await client(t).call('contest.list', { query: { status: -1 } });
    expect(st.data.records.map((c) => c.title)).toEqual(['Scheduled']);
    const endedList = await client(t).call('contest.list', { query: { status: 1 } });
    expect(endedList.data.records.map((c) => c.title).sort()).toEqual(['Ended', 'Ended open']);
    const oi = await client(t).call('contest.list', { query: { type: 1 } });
    expect(oi.data.records.map((c) => c.title)).toEqual(['Ended open']);
    const kw = await client(t).call('contest.list', { query: { keyword: 'priv' } });
    expect(kw.data.records.map((c) => c.id)).toEqual([priv]);
    // A status the filter does not know is refused by the query's schema.
    expect((await get(t, '/api/get-contest-list', { query: { status: '5' } })).http).toBe(400);
  });

  it('shows a contest header to anyone, never the password', async () => {
    const r = await client(t).call('contest.info', { query: { cid: priv } });
    expect(r.data).toMatchObject({ id: priv, title: 'Private', auth: 1, status: 0, type: 0, count: 0 });
    expect(r.data).not.toHaveProperty('pwd');
    expect(r.data).not.toHaveProperty('accountLimitRule');
    expect((await client(t).call('contest.info', { query: { cid: 424242 } })).msg).toBe(MSG.contestNotFound);
  });
});

describe('registration and access', () => {
  it('registers with the password, within the account-limit rule, once', async () => {
    expect((await client(t, alice).call('contest.register', { body: { cid: running, password: 'x' } })).msg).toBe(MSG.contestNeedsNoRegister);
    expect((await client(t, alice).call('contest.register', { body: { cid: priv, password: '' } })).msg).toBe(MSG.enterContestPassword);
    expect((await client(t, alice).call('contest.register', { body: { cid: priv, password: 'PW' } })).msg).toBe(MSG.contestPasswordWrong);
    expect((await client(t, bob).call('contest.register', { body: { cid: priv, password: 'pw' } })).msg).toBe(MSG.contestAccountLimited);
    expect((await client(t, alice).call('contest.access', { query: { cid: priv } })).data).toEqual({ access: false });
    const ok = await client(t, alice).call('contest.register', { body: { cid: priv, password: 'pw' } });
    expect([ok.status, ok.msg]).toEqual([200, MSG.contestRegistered]);
    expect((await client(t, team3).call('contest.register', { body: { cid: priv, password: 'pw' } })).status).toBe(200);
    expect((await client(t, alice).call('contest.register', { body: { cid: priv, password: 'pw' } })).msg).toBe(MSG.contestAlreadyRegistered);
    expect((await client(t, alice).call('contest.access', { query: { cid: priv } })).data).toEqual({ access: true });
    expect((await client(t, bob).call('contest.access', { query: { cid: running } })).data).toEqual({ access: true });
    expect((await client(t).call('contest.info', { query: { cid: priv } })).data.count).toBe(2);
    expect((await client(t).call('contest.register', { body: { cid: priv, password: 'pw' } })).http).toBe(401);
  });

  it('stops guessing a password after a few wrong tries per user and contest, until the window ends', async () => {
    const cid = await contest({ title: 'Guarded', auth: 2, pwd: 'secret' });
    const register = (token: string, password: string) => client(t, token).call('contest.register', { body: { cid, password } });
    // sent at once, three more guesses than allowed: only the allowed ones are compared
    const tries = await Promise.all(Array.from({ length: CONTEST_LIMITS.passwordTries + 3 }, (_, i) => register(bob, `guess${i}`)));
    const tooMany = formatMsg(MSG.contestPasswordTooManyTries, { minutes: CONTEST_LIMITS.passwordWindowMin });
    expect(tries.filter((r) => r.msg === MSG.contestPasswordWrong)).toHaveLength(CONTEST_LIMITS.passwordTries);
    expect(tries.filter((r) => r.msg === tooMany)).toHaveLength(3);
    // even the right password waits now, and nothing was registered
    const locked = await register(bob, 'secret');
    expect([locked.status, locked.msg]).toEqual([400, formatMsg(MSG.contestPasswordTooManyTries, { minutes: CONTEST_LIMITS.passwordWindowMin })]);
    expect((await client(t, bob).call('contest.access', { query: { cid } })).data).toEqual({ access: false });
    // another user and another contest are not affected
    expect((await register(team3, 'secret')).status).toBe(200);
    await t.database.db.execute(
      sql`update contest_password_failure set window_start = now() - interval '${sql.raw(String(CONTEST_LIMITS.passwordWindowMin + 1))} minutes'`,
    );
    expect((await register(bob, 'wrong')).msg).toBe(MSG.contestPasswordWrong);
    expect((await register(bob, 'secret')).status).toBe(200);
  });

  it('never tells a locked-out user to wait longer than the window, even when a parallel try opened it a moment later', async () => {
    const cid = await contest({ title: 'Guarded later', auth: 2, pwd: 'secret' });
    const uid = await uidOf(t, 'bob');
    // the try that opened the window read its clock after this one did
    await t.database.db.execute(
      sql`insert into contest_password_failure (cid, uid, failures, window_start)
        values (${cid}, ${uid}, ${CONTEST_LIMITS.passwordTries}, now() + interval '2 seconds')`,
    );
    const r = await client(t, bob).call('contest.register', { body: { cid, password: 'guess' } });
    expect(r.msg).toBe(formatMsg(MSG.contestPasswordTooManyTries, { minutes: CONTEST_LIMITS.passwordWindowMin }));
  });

  it('hides the inside of a private contest from the unregistered and a scheduled one from non-admins', async () => {
    for (const name of ['contest.problems', 'contest.announcements'] as const) {
      expect((await client(t, bob).call(name, { query: { cid: priv } })).msg).toBe(MSG.contestAccountLimited);
      expect((await client(t, alice).call(name, { query: { cid: scheduled } })).msg).toBe(MSG.contestNotStarted);
      expect((await client(t).call(name, { query: { cid: running } })).http).toBe(401);
    }
    expect((await client(t, bob).call('contest.problemDetail', { query: { cid: priv, displayId: 'A' } })).msg).toBe(MSG.contestAccountLimited);
    expect((await client(t, bob).call('contest.rank', { body: { cid: priv } })).msg).toBe(MSG.contestAccountLimited);
    expect((await client(t, alice).call('contest.rank', { body: { cid: scheduled } })).msg).toBe(MSG.contestNotStarted);
    // protected: everyone may look inside
    expect((await client(t, bob).call('contest.problems', { query: { cid: prot } })).status).toBe(200);
    // registered, and the contest admin even before the start
    expect((await client(t, alice).call('contest.problems', { query: { cid: priv } })).status).toBe(200);
    expect((await client(t, padmin).call('contest.problems', { query: { cid: scheduled } })).data.map((p) => p.displayId)).toEqual(['A']);
    expect((await client(t, root).call('contest.problems', { query: { cid: scheduled } })).status).toBe(200);
  });

  it('serves a hidden bank problem under its contest letter', async () => {
    const d = await client(t, bob).call('contest.problemDetail', { query: { cid: running, displayId: 'a' } });
    expect(d.status).toBe(200);
    expect(d.data.problem).toMatchObject({ id: acmP, problemId: 'A', title: 'A + B' });
    expect(d.data.languages).toContain('C++');
    expect((await client(t, bob).call('contest.problemDetail', { query: { cid: running, displayId: 'Z' } })).msg).toBe(
      'The problem Z does not exist in this contest.',
    );
    // …while the bank keeps it hidden
    expect((await client(t, bob).call('problem.detail', { query: { problemId: 'P3000' } })).msg).toBe(MSG.problemNotFound);
  });
});

describe('submitting to a contest', () => {
  it('accepts a running contest with priority, ignoring the practice interval', async () => {
    const first = await submitTo(t, bob, running, 'a');
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ cid: running, displayPid: 'A', pid: acmP });
    const s = await submission(t, first.data.submitId);
    expect(s.cpid).toBeGreaterThan(0);
    expect((await taskOf(t, first.data.submitId)).priority).toBe(1);
    expect((await submitTo(t, bob, running)).status).toBe(200);
  });

  it('applies every rule of contest access', async () => {
    expect((await submitTo(t, alice, scheduled)).msg).toBe(MSG.contestNotStarted);
    expect((await submitTo(t, padmin, scheduled)).status).toBe(200);
    expect((await submitTo(t, alice, ended)).msg).toBe(MSG.contestEnded);
    expect((await submitTo(t, bob, prot)).msg).toBe(MSG.contestNotRegistered);
    expect((await submitTo(t, bob, priv)).msg).toBe(MSG.contestAccountLimited);
    expect((await submitTo(t, alice, priv)).status).toBe(200);
    expect((await submitTo(t, alice, running, 'B')).msg).toBe('The problem B does not exist in this contest.');
    expect((await submitTo(t, alice, 987654)).msg).toBe(MSG.contestNotFound);
    // the bank id is not a contest letter
    expect((await submitTo(t, alice, running, 'P3000')).msg).toBe('The problem P3000 does not exist in this contest.');
    const late = await submitTo(t, alice, endedOpen);
    expect(late.status).toBe(200);
    expect(late.data.displayPid).toBe('A');
    expect((await client(t).call('submission.submit', { body: { pid: 'A', cid: running, language: 'C++', code: 'x' } })).http).toBe(401);
  });

  it('shows ac/total and my status per problem', async () => {
    const subs = await t.database.db.execute<{ submit_id: number }>(sql`select submit_id from judge where cid = ${running} order by submit_id`);
    const [a, b] = subs.rows.map((r) => r.submit_id);
    await t.database.db.execute(sql`update judge set status = ${JudgeStatus.WRONG_ANSWER} where submit_id = ${a!}`);
    await t.database.db.execute(sql`update judge set status = ${JudgeStatus.ACCEPTED} where submit_id = ${b!}`);
    const mine = await client(t, bob).call('contest.problems', { query: { cid: running } });
    expect(mine.data).toEqual([expect.objectContaining({ displayId: 'A', displayTitle: 'A + B', ac: 1, total: 2, myStatus: 0 })]);
    const other = await client(t, alice).call('contest.problems', { query: { cid: running } });
    expect(other.data[0].myStatus).toBe(JudgeStatus.NOT_SUBMITTED);
  });
});

describe('participants and announcements', () => {
  it('shows shown announcements and the ones not read yet', async () => {
    const add = (title: string, status = 0) =>
      client(t, padmin).call('adminContest.addAnnouncement', { body: { cid: priv, announcement: { title, content: 'text', status } } });
    const a1 = (await add('First')).data.id;
    await add('Hidden', 1);
    const a3 = (await add('Third')).data.id;
    const list = await client(t, alice).call('contest.announcements', { query: { cid: priv } });
    expect(list.data.records.map((a) => a.title)).toEqual(['Third', 'First']);
    const unread = await client(t, alice).call('contest.notReadAnnouncements', { body: { cid: priv, readAnnouncementList: [a1] } });
    expect(unread.data.map((a) => a.id)).toEqual([a3]);
    expect((await client(t, bob).call('contest.notReadAnnouncements', { body: { cid: priv, readAnnouncementList: [] } })).msg).toBe(MSG.contestAccountLimited);
  });
});
