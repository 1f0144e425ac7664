/** Taking part: list, info, registration, access rules, problems, announcements and the submit check. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEST_LIMITS, formatMsg, JudgeStatus, MSG, Role } from '@oj/shared';
import { putSetting } from '../src/lib/site-config.js';
import { createContest, iso, submitTo } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, post, rootToken, uidOf } from './helpers.js';
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

const q = (cid: number, extra: Record<string, string> = {}) => ({ query: { cid: String(cid), ...extra } });

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
    const all = await get(t, '/api/get-contest-list');
    expect(all.data.total).toBe(6);
    expect(all.data.records[0]).toMatchObject({ status: 0 });
    expect(all.data.records[0].pwd).toBeUndefined();
    const st = await get(t, '/api/get-contest-list', { query: { status: '-1' } });
    expect(st.data.records.map((c: any) => c.title)).toEqual(['Scheduled']);
    const endedList = await get(t, '/api/get-contest-list', { query: { status: '1' } });
    expect(endedList.data.records.map((c: any) => c.title).sort()).toEqual(['Ended', 'Ended open']);
    const oi = await get(t, '/api/get-contest-list', { query: { type: '1' } });
    expect(oi.data.records.map((c: any) => c.title)).toEqual(['Ended open']);
    const kw = await get(t, '/api/get-contest-list', { query: { keyword: 'priv' } });
    expect(kw.data.records.map((c: any) => c.id)).toEqual([priv]);
    expect((await get(t, '/api/get-contest-list', { query: { status: '5' } })).http).toBe(400);
  });

  it('shows a contest header to anyone, never the password', async () => {
    const r = await get(t, '/api/get-contest-info', q(priv));
    expect(r.data).toMatchObject({ id: priv, title: 'Private', auth: 1, status: 0, type: 0, count: 0 });
    expect(r.data.pwd).toBeUndefined();
    expect(r.data.accountLimitRule).toBeUndefined();
    expect((await get(t, '/api/get-contest-info', q(424242))).msg).toBe(MSG.contestNotFound);
  });
});

describe('registration and access', () => {
  it('registers with the password, within the account-limit rule, once', async () => {
    expect((await post(t, '/api/register-contest', { cid: running, password: 'x' }, { token: alice })).msg).toBe(MSG.contestNeedsNoRegister);
    expect((await post(t, '/api/register-contest', { cid: priv, password: '' }, { token: alice })).msg).toBe(MSG.enterContestPassword);
    expect((await post(t, '/api/register-contest', { cid: priv, password: 'PW' }, { token: alice })).msg).toBe(MSG.contestPasswordWrong);
    expect((await post(t, '/api/register-contest', { cid: priv, password: 'pw' }, { token: bob })).msg).toBe(MSG.contestAccountLimited);
    expect((await get(t, '/api/get-contest-access', { token: alice, ...q(priv) })).data).toEqual({ access: false });
    const ok = await post(t, '/api/register-contest', { cid: priv, password: 'pw' }, { token: alice });
    expect([ok.status, ok.msg]).toEqual([200, MSG.contestRegistered]);
    expect((await post(t, '/api/register-contest', { cid: priv, password: 'pw' }, { token: team3 })).status).toBe(200);
    expect((await post(t, '/api/register-contest', { cid: priv, password: 'pw' }, { token: alice })).msg).toBe(MSG.contestAlreadyRegistered);
    expect((await get(t, '/api/get-contest-access', { token: alice, ...q(priv) })).data).toEqual({ access: true });
    expect((await get(t, '/api/get-contest-access', { token: bob, ...q(running) })).data).toEqual({ access: true });
    expect((await get(t, '/api/get-contest-info', q(priv))).data.count).toBe(2);
    expect((await post(t, '/api/register-contest', { cid: priv, password: 'pw' })).http).toBe(401);
  });

  it('stops guessing a password after a few wrong tries per user and contest, until the window ends', async () => {
    const cid = await contest({ title: 'Guarded', auth: 2, pwd: 'secret' });
    const register = (token: string, password: string) => post(t, '/api/register-contest', { cid, password }, { token });
    // sent at once, three more guesses than allowed: only the allowed ones are compared
    const tries = await Promise.all(Array.from({ length: CONTEST_LIMITS.passwordTries + 3 }, (_, i) => register(bob, `guess${i}`)));
    const tooMany = formatMsg(MSG.contestPasswordTooManyTries, { minutes: CONTEST_LIMITS.passwordWindowMin });
    expect(tries.filter((r) => r.msg === MSG.contestPasswordWrong)).toHaveLength(CONTEST_LIMITS.passwordTries);
    expect(tries.filter((r) => r.msg === tooMany)).toHaveLength(3);
    // even the right password waits now, and nothing was registered
    const locked = await register(bob, 'secret');
    expect([locked.status, locked.msg]).toEqual([400, formatMsg(MSG.contestPasswordTooManyTries, { minutes: CONTEST_LIMITS.passwordWindowMin })]);
    expect((await get(t, '/api/get-contest-access', { token: bob, ...q(cid) })).data).toEqual({ access: false });
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
    const r = await post(t, '/api/register-contest', { cid, password: 'guess' }, { token: bob });
    expect(r.msg).toBe(formatMsg(MSG.contestPasswordTooManyTries, { minutes: CONTEST_LIMITS.passwordWindowMin }));
  });

  it('hides the inside of a private contest from the unregistered and a scheduled one from non-admins', async () => {
    for (const path of ['/api/get-contest-problem', '/api/get-contest-announcement']) {
      expect((await get(t, path, { token: bob, ...q(priv) })).msg).toBe(MSG.contestAccountLimited);
      expect((await get(t, path, { token: alice, ...q(scheduled) })).msg).toBe(MSG.contestNotStarted);
      expect((await get(t, path, q(running))).http).toBe(401);
    }
    expect((await get(t, '/api/get-contest-problem-details', { token: bob, ...q(priv, { displayId: 'A' }) })).msg).toBe(MSG.contestAccountLimited);
    expect((await post(t, '/api/get-contest-rank', { cid: priv }, { token: bob })).msg).toBe(MSG.contestAccountLimited);
    expect((await post(t, '/api/get-contest-rank', { cid: scheduled }, { token: alice })).msg).toBe(MSG.contestNotStarted);
    // protected: everyone may look inside
    expect((await get(t, '/api/get-contest-problem', { token: bob, ...q(prot) })).status).toBe(200);
    // registered, and the contest admin even before the start
    expect((await get(t, '/api/get-contest-problem', { token: alice, ...q(priv) })).status).toBe(200);
    expect((await get(t, '/api/get-contest-problem', { token: padmin, ...q(scheduled) })).data.map((p: any) => p.displayId)).toEqual(['A']);
    expect((await get(t, '/api/get-contest-problem', { token: root, ...q(scheduled) })).status).toBe(200);
  });

  it('serves a hidden bank problem under its contest letter', async () => {
    const d = await get(t, '/api/get-contest-problem-details', { token: bob, ...q(running, { displayId: 'a' }) });
    expect(d.status).toBe(200);
    expect(d.data.problem).toMatchObject({ id: acmP, problemId: 'A', title: 'A + B' });
    expect(d.data.languages).toContain('C++');
    expect((await get(t, '/api/get-contest-problem-details', { token: bob, ...q(running, { displayId: 'Z' }) })).msg).toBe(
      'The problem Z does not exist in this contest.',
    );
    // …while the bank keeps it hidden
    expect((await get(t, '/api/get-problem-detail', { token: bob, query: { problemId: 'P3000' } })).msg).toBe(MSG.problemNotFound);
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

  it('applies every rule of spec 2 §6', async () => {
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
    expect((await post(t, '/api/submit-problem-judge', { pid: 'A', cid: running, language: 'C++', code: 'x' })).http).toBe(401);
  });

  it('shows ac/total and my status per problem', async () => {
    const subs = await t.database.db.execute<{ submit_id: number }>(sql`select submit_id from judge where cid = ${running} order by submit_id`);
    const [a, b] = subs.rows.map((r) => r.submit_id);
    await t.database.db.execute(sql`update judge set status = ${JudgeStatus.WRONG_ANSWER} where submit_id = ${a!}`);
    await t.database.db.execute(sql`update judge set status = ${JudgeStatus.ACCEPTED} where submit_id = ${b!}`);
    const mine = await get(t, '/api/get-contest-problem', { token: bob, ...q(running) });
    expect(mine.data).toEqual([expect.objectContaining({ displayId: 'A', displayTitle: 'A + B', ac: 1, total: 2, myStatus: 0 })]);
    const other = await get(t, '/api/get-contest-problem', { token: alice, ...q(running) });
    expect(other.data[0].myStatus).toBe(JudgeStatus.NOT_SUBMITTED);
  });
});

describe('participants and announcements', () => {
  it('shows shown announcements and the ones not read yet', async () => {
    const add = (title: string, status = 0) =>
      post(t, '/api/admin/contest/announcement', { cid: priv, announcement: { title, content: 'text', status } }, { token: padmin });
    const a1 = (await add('First')).data.id;
    await add('Hidden', 1);
    const a3 = (await add('Third')).data.id;
    const list = await get(t, '/api/get-contest-announcement', { token: alice, ...q(priv) });
    expect(list.data.records.map((a: any) => a.title)).toEqual(['Third', 'First']);
    const unread = await post(t, '/api/get-contest-not-read-announcement', { cid: priv, readAnnouncementList: [a1] }, { token: alice });
    expect(unread.data.map((a: any) => a.id)).toEqual([a3]);
    expect((await post(t, '/api/get-contest-not-read-announcement', { cid: priv, readAnnouncementList: [] }, { token: bob })).msg).toBe(
      MSG.contestAccountLimited,
    );
  });
});
