/**
 * The admin dashboard: site figures for every admin-area role, the caller's last login, and
 * for system_info_admin only the API node registry, the database and the judges with the queue.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDashboardEndpoints, API_NODE_TIMING, GroupAuth, GroupLevel, Role } from '@oj/shared';
import { apiNodes, contests } from '../src/db/schema/index.js';
import { ApiNodeRegistry } from '../src/modules/admin-dashboard/api-nodes.js';
import { buildApp } from '../src/app.js';
import { createContest, iso } from './contest-helpers.js';
import { createTestApp, ROOT_PASSWORD, type TestApp } from './harness.js';
import { createUser, get, login, rootToken, shiftBack, uidOf } from './helpers.js';
import { client } from './client.js';
import { insertGroup } from './group-helpers.js';
import { createProblem, createSubmitter, drainQueue, FakeJudge, submit, testQueue } from './judge-helpers.js';

let t: TestApp;
let root: string;
let admin: string;
let problemAdmin: string;
let normal: string;

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  root = await rootToken(t);
  await createUser(t, { username: 'dashadm', roles: [Role.ADMIN] });
  await createUser(t, { username: 'dashpa', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'dashkim' });
  admin = await login(t, 'dashadm');
  problemAdmin = await login(t, 'dashpa');
  normal = await login(t, 'dashkim');
});
afterAll(() => t.close());

describe('admin dashboard calls', () => {
  it('are all served with their method and path', () => {
    const missing = Object.values(adminDashboardEndpoints).filter((e) => !t.app.hasRoute({ method: e.method, url: `/api/${e.path}` }));
    expect(missing.map((e) => e.path)).toEqual([]);
  });

  it('counts users, today’s submissions and the contests of the last 14 days, and the numbers follow new rows', async () => {
    const before = await client(t, admin).call('adminDashboard.info');
    expect(before.http).toBe(200);
    const b = before.data;

    await createUser(t, { username: 'dashnew' });
    const pid = await createProblem(t);
    const user = await createSubmitter(t);
    await submit(t, { pid, user });
    await submit(t, { pid, user });
    // a submission of yesterday is not today's
    const old = await submit(t, { pid, user });
    await shiftBack(t, 'judge', 'submit_time', 2 * 86400, `submit_id = ${old}`);
    const cid = await createContest(t, root, { title: 'Dashboard round' }, []);
    // ended 20 days ago: not of the last 14 days; not started yet: neither
    await createContest(t, root, { title: 'Old round', startTime: iso(-21 * 1440), endTime: iso(-20 * 1440) }, []);
    await createContest(t, root, { title: 'Future round', startTime: iso(60), endTime: iso(120) }, []);

    const after = (await client(t, admin).call('adminDashboard.info')).data;
    // the submitter made by createSubmitter is a user too
    expect(after.userCount).toBe(b.userCount + 2);
    expect(after.todaySubmissions).toBe(b.todaySubmissions + 2);
    expect(after.recentContestCount).toBe(b.recentContestCount + 1);
    expect(after.recentContests[0]).toMatchObject({ id: cid, title: 'Dashboard round', status: 0 });
    expect(after.recentContests.map((c) => c.title)).not.toContain('Old round');

    // every admin-area role sees the figures
    expect((await client(t, problemAdmin).call('adminDashboard.info')).data.userCount).toBe(after.userCount);
    expect((await client(t, root).call('adminDashboard.info')).data.userCount).toBe(after.userCount);
    // a normal user does not; nor does a visitor
    expect((await client(t, normal).call('adminDashboard.info')).http).toBe(403);
    expect((await client(t).call('adminDashboard.info')).http).toBe(401);
  });

  it('lists the contests of a private group only to its members and the super admin, not to admins outside it', async () => {
    const shut = await insertGroup(t, { owner: 'dashkim', auth: GroupAuth.PRIVATE, members: { dashpa: GroupLevel.MEMBER } });
    const open = await insertGroup(t, { owner: 'dashkim', auth: GroupAuth.PUBLIC });
    await t.database.db.insert(contests).values([
      {
        title: 'Private group round',
        description: 'x',
        startTime: new Date(Date.now() - 60_000),
        endTime: new Date(Date.now() + 3_600_000),
        gid: shut,
        uid: await uidOf(t, 'dashkim'),
        author: 'dashkim',
      },
      {
        title: 'Public group round',
        description: 'x',
        startTime: new Date(Date.now() - 60_000),
        endTime: new Date(Date.now() + 3_600_000),
        gid: open,
        uid: await uidOf(t, 'dashkim'),
        author: 'dashkim',
      },
    ]);
    const seen = async (token: string) => {
      const d = (await client(t, token).call('adminDashboard.info')).data;
      return { titles: d.recentContests.map((c) => c.title), count: d.recentContestCount };
    };
    const outside = await seen(admin);
    expect(outside.titles).toContain('Public group round');
    expect(outside.titles).not.toContain('Private group round');
    for (const token of [root, problemAdmin]) {
      const inside = await seen(token);
      expect(inside.titles).toContain('Private group round');
      expect(inside.count).toBe(outside.count + 1);
    }
  });

  it('counts today in the asked time zone and refuses an unknown zone with 400', async () => {
    const r = await client(t, admin).call('adminDashboard.info', { query: { timeZone: 'Pacific/Kiritimati' } });
    expect(r.http).toBe(200);
    const bad = await get(t, '/api/admin/dashboard/get-dashboard-info', { token: admin, query: { timeZone: 'Mars/Olympus' } });
    expect(bad.http).toBe(400);
    expect(bad.msg).toContain('timeZone');
  });

  it('tells the caller their login before this one: time, IP and browser', async () => {
    await createUser(t, { username: 'dashlast', roles: [Role.ADMIN] });
    const first = await login(t, 'dashlast', 'password1', '203.0.113.7');
    // the first login has no earlier one
    const none = await client(t, first).call('adminDashboard.lastLogin');
    expect(none.http).toBe(200);
    expect(none.data).toBeNull();

    const second = (
      await client(t).call(
        'account.login',
        { body: { username: 'dashlast', password: 'password1' } },
        { ip: '198.51.100.9', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' } },
      )
    ).headers.authorization as string;
    const again = await client(t, second).call('adminDashboard.lastLogin');
    expect(again.data).toMatchObject({ ip: '203.0.113.7' });
    expect(Date.parse(again.data!.time)).toBeLessThanOrEqual(Date.now());
    // from the first session, it is still the first login that has none before it
    expect((await client(t, first).call('adminDashboard.lastLogin')).data).toBeNull();
    // a third login sees the second one, with its browser
    const third = await login(t, 'dashlast');
    expect((await client(t, third).call('adminDashboard.lastLogin')).data).toMatchObject({
      ip: '198.51.100.9',
      userAgent: expect.stringContaining('Chrome/131.0'),
    });
  });

  it('refuses the service and judge calls to a normal user, a problem admin and an admin (403), and to visitors (401)', async () => {
    for (const name of ['adminDashboard.serviceInfo', 'adminDashboard.judgeServiceInfo'] as const) {
      for (const token of [normal, problemAdmin, admin]) {
        const r = await client(t, token).call(name);
        expect(r.http, name).toBe(403);
        expect(r.data, name).toBeNull();
      }
      expect((await client(t).call(name)).http).toBe(401);
      expect((await client(t, root).call(name)).http).toBe(200);
    }
  });

  it('shows the database and whether the request came over HTTPS (a trusted proxy may say so)', async () => {
    const r = await client(t, root).call('adminDashboard.serviceInfo');
    expect(r.data.database).toMatchObject({ reachable: true });
    expect(r.data.database.version).toMatch(/^\d+/);
    expect(r.data.database.sizeBytes).toBeGreaterThan(0);
    expect(r.data.database.connections).toBeGreaterThan(0);
    expect(r.data.database.maxConnections).toBeGreaterThan(0);
    expect(r.data.https).toBe(false);
    // the test client is on loopback, which TRUST_PROXY (default loopback) believes
    const proxied = await client(t, root).call('adminDashboard.serviceInfo', {}, { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.data).toMatchObject({ https: true, protocol: 'https' });
  });

  it('lists a node once it listens, marks it current, shows it unhealthy after missed heartbeats, and removes it when it closes', async () => {
    // an app that listens (tests only inject) registers itself through its onListen hook
    const node = await buildApp({ config: t.config, database: t.database });
    await node.listen({ port: 0, host: '127.0.0.1' });
    const port = (node.server.address() as { port: number }).port;
    const token = (await client({ app: node }).call('account.login', { body: { username: 'root', password: ROOT_PASSWORD } })).headers.authorization as string;
    try {
      const answer = (await client({ app: node }, token).call('adminDashboard.serviceInfo')).data;
      const mine = answer.nodes.find((n) => n.port === port)!;
      expect(mine).toMatchObject({ healthy: true, current: true, pid: process.pid });
      expect(mine.cpuCount).toBeGreaterThan(0);
      expect(mine.memoryUsage).toBeGreaterThan(0);
      // seen from the other app, it is a node but not the one answering
      const seen = (await client(t, root).call('adminDashboard.serviceInfo')).data.nodes.find((n) => n.port === port);
      expect(seen).toMatchObject({ healthy: true, current: false });

      await shiftBack(t, 'api_node', 'last_heartbeat', API_NODE_TIMING.unhealthyAfterMs / 1000 + 1, `port = ${port}`);
      const late = (await client(t, root).call('adminDashboard.serviceInfo')).data.nodes.find((n) => n.port === port);
      expect(late!.healthy).toBe(false);
    } finally {
      await node.close();
    }
    const rows = await t.database.db.execute(sql`select 1 from api_node where port = ${port}`);
    expect(rows.rows).toHaveLength(0);
  });

  it('takes a row over on restart at the same host and port, and prunes nodes gone for long', async () => {
    const log = (err: unknown) => {
      throw err;
    };
    const a = new ApiNodeRegistry(t.database.db, 'dash-host', 9001, log);
    await a.beat();
    // CPU use is measured between two beats
    await new Promise((r) => setTimeout(r, 600));
    await a.beat();
    const [first] = await t.database.db.select().from(apiNodes).where(sql`host = 'dash-host'`);
    expect(first!.cpuUsage).toBeGreaterThanOrEqual(0);
    expect(first!.cpuCount).toBeGreaterThan(0);
    const gone = new ApiNodeRegistry(t.database.db, 'dash-gone', 9002, log);
    await gone.beat();
    await shiftBack(t, 'api_node', 'last_heartbeat', API_NODE_TIMING.pruneAfterMs / 1000 + 60, `host = 'dash-gone'`);
    const b = new ApiNodeRegistry(t.database.db, 'dash-host', 9001, log);
    await b.beat();
    const rows = await t.database.db.select().from(apiNodes);
    expect(rows.filter((r) => r.host === 'dash-host').map((r) => r.instance)).toEqual([b.instance]);
    expect(rows.some((r) => r.host === 'dash-gone')).toBe(false);
    // the old process stopping does not remove the row its successor holds
    await a.stop();
    expect((await t.database.db.select().from(apiNodes)).some((r) => r.instance === b.instance)).toBe(true);
    await b.stop();
    expect((await t.database.db.select().from(apiNodes)).some((r) => r.host === 'dash-host')).toBe(false);
  });

  it('lists judges with cores, reported CPU and memory, languages and tasks in flight; one missing heartbeats turns unhealthy', async () => {
    await drainQueue(t);
    const j = await FakeJudge.start(t, 'dash-judge');
    // a judge that reports its host use in the heartbeat (older judges leave it out)
    expect((await j.post('heartbeat', { judgeId: j.id, running: 1, cpuUsage: 37.5, memoryUsage: 61.2 })).status).toBe(200);
    const pid = await createProblem(t);
    const user = await createSubmitter(t);
    await submit(t, { pid, user, language: 'C' });
    await submit(t, { pid, user, language: 'C' });
    await shiftBack(t, 'judge_task', 'queued_at', 90, `status = 'queued'`);
    await j.take();

    const r = await client(t, root).call('adminDashboard.judgeServiceInfo');
    expect(r.http).toBe(200);
    const mine = r.data.judges.find((x) => x.name === 'dash-judge');
    expect(mine).toMatchObject({
      cpuCount: 4,
      capacity: 2,
      cpuUsage: 37.5,
      memoryUsage: 61.2,
      languages: ['C', 'C++', 'Python3'],
      inFlight: 1,
      enabled: true,
      healthy: true,
    });
    expect(r.data.queue).toMatchObject({ queued: 1, leased: 1 });
    expect(r.data.queue.oldestQueuedSec).toBeGreaterThanOrEqual(89);

    // a heartbeat without the figures (an older judge) keeps the last ones
    await j.post('heartbeat', { judgeId: j.id, running: 1 });
    expect((await client(t, root).call('adminDashboard.judgeServiceInfo')).data.judges.find((x) => x.name === 'dash-judge')!.cpuUsage).toBe(37.5);
    // a bad figure is refused by the protocol, naming the field
    const bad = await j.post('heartbeat', { judgeId: j.id, running: 1, cpuUsage: 150 });
    expect(bad.http).toBe(400);
    expect(bad.msg).toContain('cpuUsage');

    // silent for longer than the offline threshold: unhealthy
    await shiftBack(t, 'judge_server', 'last_heartbeat', t.config.judgeQueue.offlineAfterMs / 1000 + 1, `name = 'dash-judge'`);
    const late = (await client(t, root).call('adminDashboard.judgeServiceInfo')).data.judges.find((x) => x.name === 'dash-judge');
    expect(late!.healthy).toBe(false);
    // its next heartbeat makes it healthy again
    await j.post('heartbeat', { judgeId: j.id, running: 0 });
    expect((await client(t, root).call('adminDashboard.judgeServiceInfo')).data.judges.find((x) => x.name === 'dash-judge')!.healthy).toBe(true);
  });
  it('warns every admin when no base URL is set (web config or OJ_BASE_URL), until one is', async () => {
    expect((await client(t).call('adminDashboard.warnings')).http).toBe(401);
    expect((await client(t, normal).call('adminDashboard.warnings')).http).toBe(403);
    for (const token of [root, admin, problemAdmin]) expect((await client(t, token).call('adminDashboard.warnings')).data).toEqual({ baseUrlMissing: true });
    // the web config's base URL
    const setBase = (baseUrl: string) => client(t, root).call('admin.setWebConfig', { body: { baseUrl } });
    expect((await setBase('https://oj.example.org')).status).toBe(200);
    expect((await client(t, admin).call('adminDashboard.warnings')).data).toEqual({ baseUrlMissing: false });
    expect((await setBase('')).status).toBe(200);
    expect((await client(t, admin).call('adminDashboard.warnings')).data).toEqual({ baseUrlMissing: true });
    // OJ_BASE_URL
    const node = await buildApp({ config: { ...t.config, baseUrl: 'https://oj.example.org' }, database: t.database });
    try {
      expect((await client({ app: node }, admin).call('adminDashboard.warnings')).data).toEqual({ baseUrlMissing: false });
    } finally {
      await node.close();
    }
  });
});
