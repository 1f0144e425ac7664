import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@oj/shared';
import { msgReminds, submissions, userSysNotices, users } from '../src/db/schema/index.js';
import { getSecrets, openText } from '../src/lib/secrets.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, post } from './helpers.js';
import { client } from './client.js';

let t: TestApp;
let uid: string;
let otherUid: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  uid = await createUser(t, { username: 'profiled', password: 'profiled-pass' });
  otherUid = await createUser(t, { username: 'neighbour' });
  token = await login(t, 'profiled', 'profiled-pass');
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;

async function submit(o: { uid?: string; pid?: number; displayPid: string; status: number; daysAgo?: number; cid?: number; oiRankScore?: number | null }) {
  await t.database.db.insert(submissions).values({
    pid: o.pid ?? 1,
    displayPid: o.displayPid,
    uid: o.uid ?? uid,
    username: o.uid === otherUid ? 'neighbour' : 'profiled',
    status: o.status,
    language: 'C++',
    code: 'int main(){}',
    length: 12,
    cid: o.cid ?? 0,
    oiRankScore: o.oiRankScore ?? null,
    submitTime: new Date(Date.now() - (o.daysAgo ?? 0) * DAY),
  });
}

describe('change-userInfo', () => {
  it('updates the given fields, clears empty ones, leaves the others, and returns the user info', async () => {
    const r = await client(t, token).call('account.changeUserInfo', {
      body: { nickname: 'Pro', school: 'MIT', gender: 'female', signature: 'hi', github: 'https://github.com/p' },
    });
    expect(r).toMatchObject({
      status: 200,
      msg: MSG.profileUpdated,
      data: { username: 'profiled', nickname: 'Pro', school: 'MIT', gender: 'female', signature: 'hi' },
    });
    const r2 = await client(t, token).call('account.changeUserInfo', { body: { school: '', realname: 'Pat Doe' } });
    expect(r2.data).toMatchObject({ nickname: 'Pro', school: null, realname: 'Pat Doe', gender: 'female', github: 'https://github.com/p' });
    const r3 = await client(t, token).call('account.changeUserInfo', { body: { gender: null } });
    expect(r3.data.gender).toBe('secrecy');
  });

  it('refuses too long or wrongly typed fields with 400 and changes nothing', async () => {
    for (const bad of [{ nickname: 'x'.repeat(21) }, { signature: 'x'.repeat(10001) }, { gender: 'robot' }, { school: 5 }, { blog: ['a'] }]) {
      const r = await post(t, '/api/change-userInfo', bad, { token });
      expect(r.http, JSON.stringify(bad)).toBe(400);
      expect(r.status).toBe(400);
    }
    const [u] = await t.database.db.select().from(users).where(eq(users.uid, uid));
    expect(u!.nickname).toBe('Pro');
  });

  it('cannot touch protected fields such as username, roles or the title', async () => {
    const r = await post(t, '/api/change-userInfo', { username: 'hacker', titleName: 'God', roleList: ['root'], uid: otherUid }, { token });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ uid, username: 'profiled', titleName: null, roleList: ['user'] });
  });

  it('needs a login', async () => {
    expect((await client(t).call('account.changeUserInfo', { body: { nickname: 'x' } })).http).toBe(401);
  });
});

describe('Codeforces session', () => {
  it('is stored sealed and never returned', async () => {
    const r = await client(t, token).call('account.updateCfSession', { body: { cfSession: 'JSESSIONID=secret-cookie' } });
    expect(r).toMatchObject({ status: 200, msg: MSG.cfSessionUpdated });
    const [u] = await t.database.db.select().from(users).where(eq(users.uid, uid));
    expect(u!.cfSession).not.toContain('secret-cookie');
    expect(openText((await getSecrets(t.database)).remoteKey, u!.cfSession!)).toBe('JSESSIONID=secret-cookie');
    const info = await client(t, token).call('account.changeUserInfo', { body: {} });
    expect(info.data.hasCfSession).toBe(true);
    expect(JSON.stringify(info.data)).not.toContain('secret-cookie');
    const home = await client(t, token).call('account.homeInfo');
    expect(JSON.stringify(home.data)).not.toContain('secret-cookie');

    const d = await client(t, token).call('account.deleteCfSession');
    expect(d).toMatchObject({ status: 200, msg: MSG.cfSessionDeleted });
    expect((await client(t, token).call('account.changeUserInfo', { body: {} })).data.hasCfSession).toBe(false);
  });

  it('refuses an empty value and anonymous callers', async () => {
    expect((await post(t, '/api/update-cfSession', { cfSession: '' }, { token })).http).toBe(400);
    expect((await client(t).call('account.updateCfSession', { body: { cfSession: 'x' } })).http).toBe(401);
    expect((await client(t).call('account.deleteCfSession')).http).toBe(401);
  });
});

describe('user home', () => {
  it('is empty before any submission', async () => {
    const r = await client(t).call('account.homeInfo', { query: { username: 'neighbour' } });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ uid: otherUid, username: 'neighbour', total: 0, solvedList: [], score: 0, scoreList: [], recentLoginTime: null });
    const h = await client(t).call('account.heatmap', { query: { uid: otherUid } });
    expect(h.data.dataList).toEqual([]);
    expect(h.data.endDate).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('counts submissions and lists problems solved outside contests', async () => {
    await submit({ displayPid: 'P1001', status: 0, oiRankScore: 12 });
    await submit({ displayPid: 'P1001', status: 0, oiRankScore: 10 });
    await submit({ displayPid: 'P1000', status: 0, daysAgo: 3 });
    await submit({ displayPid: 'P1002', status: -1, daysAgo: 3, oiRankScore: 4 });
    await submit({ displayPid: 'A', status: 0, cid: 7, daysAgo: 3 });
    await submit({ displayPid: 'P1003', status: 0, daysAgo: 400 });
    await submit({ uid: otherUid, displayPid: 'P1004', status: 0 });

    const byName = await client(t).call('account.homeInfo', { query: { username: 'PROFILED' } });
    expect(byName.data).toMatchObject({
      uid,
      username: 'profiled',
      nickname: 'Pro',
      total: 6,
      solvedList: ['P1000', 'P1001', 'P1003'],
      score: 16,
      scoreList: [12, 4],
    });
    expect(byName.data.recentLoginTime).toEqual(expect.any(String));
    expect(byName.data).not.toHaveProperty('email');
    const byUid = await client(t).call('account.homeInfo', { query: { uid } });
    expect(byUid.data.username).toBe('profiled');
    const self = await client(t, token).call('account.homeInfo');
    expect(self.data.uid).toBe(uid);
  });

  it('gives submissions per day of the last year, ending today', async () => {
    const r = await client(t, token).call('account.heatmap', { query: { timeZone: 'UTC' } });
    expect(r.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const threeDaysAgo = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
    expect(r.data.endDate).toBe(today);
    expect(r.data.dataList).toEqual([
      { date: threeDaysAgo, count: 3 },
      { date: today, count: 2 },
    ]);
    const other = await client(t).call('account.heatmap', { query: { username: 'neighbour' } });
    expect(other.data.dataList.map((d) => d.count)).toEqual([1]);
  });

  it('counts days in the asked time zone', async () => {
    // A submission at 23:30 UTC yesterday is already today in Tokyo.
    const u2 = await createUser(t, { username: 'zoned' });
    const now = new Date();
    const lateUtc = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 23, 30));
    await t.database.db
      .insert(submissions)
      .values({ pid: 1, displayPid: 'P1', uid: u2, username: 'zoned', status: 0, language: 'C', code: 'x', submitTime: lateUtc });
    const utc = await client(t).call('account.heatmap', { query: { uid: u2, timeZone: 'UTC' } });
    const tokyo = await client(t).call('account.heatmap', { query: { uid: u2, timeZone: 'Asia/Tokyo' } });
    expect(utc.data.dataList[0].date).toBe(lateUtc.toISOString().slice(0, 10));
    const tokyoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(lateUtc);
    expect(tokyo.data.dataList[0].date).toBe(tokyoDay);
    expect((await get(t, '/api/get-user-calendar-heatmap', { query: { uid: u2, timeZone: "x'; drop table judge; --" } })).http).toBe(400);
  });

  it('says the user does not exist for unknown users and for anonymous callers without a query', async () => {
    for (const query of [{ username: 'ghost' }, { uid: 'no-such-uid' }, {}]) {
      for (const name of ['account.homeInfo', 'account.heatmap'] as const) {
        const r = await client(t).call(name, { query });
        expect(r, name).toMatchObject({ http: 200, status: 400, msg: MSG.userNotFound });
      }
    }
    expect((await get(t, '/api/get-user-home-info', { query: { username: 'x'.repeat(30) } })).http).toBe(400);
  });
});

describe('unread messages', () => {
  it('needs a login', async () => {
    expect((await client(t).call('site.unread')).http).toBe(401);
  });

  it('counts unread reminders and notices per tab', async () => {
    expect((await client(t, token).call('site.unread')).data).toEqual({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });
    const remind = (action: string, state = false, recipientId = uid) => ({ action, state, recipientId, senderId: otherUid });
    await t.database.db
      .insert(msgReminds)
      .values([
        remind('Discuss'),
        remind('Discuss'),
        remind('Discuss', true),
        remind('Reply'),
        remind('Like'),
        remind('Like_Post'),
        remind('Like_Discuss'),
        remind('Reply', false, otherUid),
      ]);
    await t.database.db.insert(userSysNotices).values([
      { recipientId: uid, type: 'Sys', title: 'Maintenance' },
      { recipientId: uid, type: 'Mine', title: 'Your problem was accepted' },
      { recipientId: uid, type: 'Mine', title: 'read', state: true },
      { recipientId: otherUid, type: 'Sys', title: 'not mine' },
    ]);
    expect((await client(t, token).call('site.unread')).data).toEqual({ comment: 2, reply: 1, like: 3, sys: 1, mine: 1 });
  });
});
