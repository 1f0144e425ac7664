/** The contest header for the shell (isContestAdmin, participant count) and the home recent-contests card. */
import { insertGroup } from './group-helpers.js';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@oj/shared';
import { contests } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/site-config.js';
import { createContest, iso, submitTo } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken } from './helpers.js';
import { client } from './client.js';
import { createProblem, FakeJudge, testQueue } from './judge-helpers.js';

let t: TestApp;
let root: string;
let padmin: string;
let alice: string;
let bob: string;
let acmP: number;

/** A contest of padmin's with the ACM problem as A (an OI contest gets none: the problem is ACM). */
const contest = (o: Record<string, unknown>) => createContest(t, padmin, o, o.type !== 1 ? [[acmP, 'A']] : []);

const info = (cid: number, token?: string) => client(t, token).call('contest.info', { query: { cid } });

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  await FakeJudge.start(t, 'ci');
  root = await rootToken(t);
  await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'padmin2', roles: [Role.PROBLEM_ADMIN] });
  for (const u of ['alice', 'bob']) await createUser(t, { username: u });
  [padmin, alice, bob] = await Promise.all(['padmin', 'alice', 'bob'].map((u) => login(t, u)));
  acmP = await createProblem(t, { problemId: 'P4000', title: 'A + B', type: 0, auth: 2, author: 'padmin' });
});

afterAll(() => t.close());

describe('get-contest-info for the shell', () => {
  it('tells the caller whether they administer the contest', async () => {
    const cid = await contest({ title: 'Mine' });
    expect((await info(cid, padmin)).data).toMatchObject({ id: cid, isContestAdmin: true });
    expect((await info(cid, root)).data.isContestAdmin).toBe(true);
    expect((await info(cid, alice)).data.isContestAdmin).toBe(false);
    // another contest admin is not this contest's admin
    expect((await info(cid, await login(t, 'padmin2'))).data.isContestAdmin).toBe(false);
    const visitor = await info(cid);
    expect([visitor.status, visitor.data.isContestAdmin]).toEqual([200, false]);
    // a hidden contest exists for its admins only
    expect((await client(t, padmin).call('adminContest.changeVisible', { query: { cid, visible: false } })).status).toBe(200);
    expect((await info(cid, alice)).msg).toBe('The contest does not exist.');
    expect((await info(cid, padmin)).data.isContestAdmin).toBe(true);
  });

  it('counts users who registered or submitted, each once', async () => {
    const pub = await contest({ title: 'Public count' });
    expect((await info(pub)).data.count).toBe(0);
    expect((await submitTo(t, alice, pub)).status).toBe(200);
    expect((await submitTo(t, alice, pub)).status).toBe(200);
    expect((await info(pub)).data.count).toBe(1);
    expect((await submitTo(t, bob, pub)).status).toBe(200);
    expect((await info(pub)).data.count).toBe(2);

    const prot = await contest({ title: 'Protected count', auth: 2, pwd: 'pw' });
    expect((await client(t, alice).call('contest.register', { body: { cid: prot, password: 'pw' } })).status).toBe(200);
    expect((await info(prot)).data.count).toBe(1);
    // registered and then submitted: still one participant
    expect((await submitTo(t, alice, prot)).status).toBe(200);
    expect((await info(prot)).data.count).toBe(1);
    expect((await client(t, bob).call('contest.register', { body: { cid: prot, password: 'pw' } })).status).toBe(200);
    expect((await info(prot)).data.count).toBe(2);

    // the list and the admin list agree
    const list = await client(t).call('contest.list', { query: { keyword: 'count' } });
    const counts = Object.fromEntries(list.data.records.map((c) => [c.title, c.count]));
    expect(counts).toEqual({ 'Public count': 2, 'Protected count': 2 });
    const adminList = await client(t, padmin).call('adminContest.list', { query: { keyword: 'count' } });
    expect(adminList.data.records.map((c) => c.count)).toEqual([2, 2]);
  });
});

describe('get-recent-contest for the home card', () => {
  it('lists running then upcoming contests, then the latest ended ones, visible and outside groups only', async () => {
    // The card holds five contests, so the contests of the tests above would take its places: they are
    // hidden for this test and shown again after it, whatever runs before or after.
    const now = Date.now();
    const endedOld = await contest({ title: 'Ended long ago', startTime: iso(-600, now), endTime: iso(-500, now) });
    const endedNew = await contest({ title: 'Ended lately', startTime: iso(-120, now), endTime: iso(-60, now) });
    const runLong = await contest({ title: 'Running long', startTime: iso(-60, now), endTime: iso(600, now) });
    const runShort = await contest({ title: 'Running short', type: 1, auth: 2, pwd: 'x', startTime: iso(-30, now), endTime: iso(30, now) });
    const soon = await contest({ title: 'Soon', startTime: iso(30, now), endTime: iso(90, now) });
    const later = await contest({ title: 'Later', startTime: iso(300, now), endTime: iso(400, now) });
    const hidden = await contest({ title: 'Hidden', visible: false });
    // a group's contest is not the site's
    const group = await contest({ title: 'Group' });
    await t.database.db.execute(sql`update contest set gid = ${await insertGroup(t)} where id = ${group}`);
    const mine = [endedOld, endedNew, runLong, runShort, soon, later, hidden, group];
    const others = await t.database.db
      .update(contests)
      .set({ visible: false })
      .where(and(eq(contests.visible, true), notInArray(contests.id, mine)))
      .returning({ id: contests.id });
    try {
      const r = await client(t).call('home.recentContests');
      expect(r.status).toBe(200);
      expect(r.data.map((c) => c.id)).toEqual([runShort, runLong, soon, later, endedNew]);
      expect(r.data[0]).toMatchObject({ title: 'Running short', status: 0, type: 1, auth: 2, count: 0, duration: 60 * 60_000 });
      expect(r.data[2].status).toBe(-1);
      expect(r.data[4].status).toBe(1);
      expect(r.data[0]).not.toHaveProperty('description');
      expect(r.data[0]).not.toHaveProperty('pwd');
      const ids = r.data.map((c) => c.id);
      for (const id of [endedOld, hidden, group]) expect(ids).not.toContain(id);

      // the public list leaves group contests to their group too
      const list = await client(t).call('contest.list', { query: { limit: 50 } });
      expect(list.data.records.map((c) => c.id)).not.toContain(group);
      expect(list.data.total).toBe(6);
    } finally {
      if (others.length > 0)
        await t.database.db
          .update(contests)
          .set({ visible: true })
          .where(
            inArray(
              contests.id,
              others.map((c) => c.id),
            ),
          );
    }
  });
});
