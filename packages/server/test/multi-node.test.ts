/**
 * A site of two API nodes and two judge hosts on one PostgreSQL: node A (the test app) and node B (a
 * second app with its own pool and LISTEN connection, sharing DATA_DIR), each on a port of its own, and
 * two `oj judge` processes, one talking to each node. Everything a user or an admin does on one node
 * holds on the other, limits and lockouts are counted once, caches (site settings, contest boards) are
 * dropped on both by a change made on either, scheduled jobs run once, and a judge host killed in the
 * middle of a task loses it to the other host.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_GUARD, formatMsg, JudgeStatus, LOGIN_GUARD, MSG, type AcmRankRow } from '@oj/shared';
import { countedAPlusBCases, taggedC } from '@oj/test-fixtures';
import { judgeToken } from '../src/lib/secrets.js';
import { putSetting } from '../src/lib/site-config.js';
import { sessionCacheOf } from '../src/lib/session-cache.js';
import { deliverNotices } from '../src/modules/message/notice-delivery.js';
import { client } from './client.js';
import { listen, startDaemonProcess, tempCacheDir, waitFor, type DaemonProcess } from './daemon-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createContest } from './contest-helpers.js';
import { createUser, login, puzzleAnswer, rootToken, sessionIdOf } from './helpers.js';
import { createProblem, submission, taskOf, testQueue } from './judge-helpers.js';
import { Stream } from './live-stream.js';
import { secondNode, type SecondNode } from './second-node.js';

const LEASE_MS = 3000;
let a: TestApp;
let b: SecondNode;
let nodeA: { app: TestApp['app']; base: string };
let nodeB: { app: SecondNode['app']; base: string };
const hosts: Record<string, DaemonProcess> = {};
const dirs: string[] = [];
let root: string;

/** Both nodes have heard of every change committed so far. */
const settled = () => Promise.all([sessionCacheOf(a.database).settled(), b.settled()]);
const on = (node: { app: TestApp['app'] }, token?: string) => client({ app: node.app }, token);

beforeAll(async () => {
  a = await createTestApp({ judgeQueue: testQueue({ leaseMs: LEASE_MS, pollIntervalMs: 100 }) });
  nodeA = { app: a.app, base: await listen(a) };
  b = await secondNode(a);
  await b.app.listen({ host: '127.0.0.1', port: 0 });
  nodeB = { app: b.app, base: `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}` };
  root = await rootToken(a);
  await putSetting(a.database.db, 'switch', { submitIntervalSec: 0 });
  await createProblem(a, { problemId: 'MN1', timeLimit: 2000 }, countedAPlusBCases(6, 'multi-node'));
  const token = await judgeToken(a);
  for (const [name, node] of [
    ['host-a', nodeA],
    ['host-b', nodeB],
  ] as const) {
    const cache = tempCacheDir();
    dirs.push(cache);
    hosts[name] = startDaemonProcess(['--server', node.base, '--token', token, '--name', name, '--capacity', '1', '--cache-dir', cache]);
  }
  await Promise.all(Object.values(hosts).map((h) => h.waitForOutput(/registered with/, 60_000)));
}, 120_000);

afterAll(async () => {
  await Promise.all(Object.values(hosts).map((h) => h.stop()));
  await b?.close();
  await a?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function user(name: string) {
  const uid = await createUser(a, { username: name });
  return { uid, username: name, token: await login(a, name) };
}

describe('two API nodes and two judge hosts on one database', () => {
  it('a login on one node works on the other; a logout or an admin revocation on either ends it on both', async () => {
    const u = await user('mn_ann');
    expect((await on(nodeB, u.token).call('account.authInfo')).status).toBe(200);
    expect((await on(nodeB, u.token).call('account.logout')).status).toBe(200);
    await settled();
    expect((await on(nodeA, u.token).call('account.authInfo')).http).toBe(401);
    const again = await login(a, 'mn_ann');
    expect((await on(nodeB, again).call('account.authInfo')).status).toBe(200);
    expect((await on(nodeA, root).call('admin.revokeSession', { query: { id: sessionIdOf(again) } })).status).toBe(200);
    await settled();
    expect((await on(nodeB, again).call('account.authInfo')).http).toBe(401);
  });

  it('counts the submit interval once, whichever node takes the submissions', async () => {
    const u = await user('mn_bob');
    await putSetting(a.database.db, 'switch', { submitIntervalSec: 30 });
    await settled();
    try {
      const body = { pid: 'MN1', language: 'C', code: taggedC.aPlusB('interval') };
      expect((await on(nodeA, u.token).call('submission.submit', { body })).status).toBe(200);
      const second = await on(nodeB, u.token).call('submission.submit', { body });
      expect(second.status).not.toBe(200);
      expect(second.msg).toMatch(/\d+/);
    } finally {
      await putSetting(a.database.db, 'switch', { submitIntervalSec: 0 });
      await settled();
    }
  });

  it('a submission taken by one node is judged by a host and pushed live to a stream on the other', { timeout: 90_000 }, async () => {
    const u = await user('mn_cat');
    const sub = await on(nodeA, u.token).call('submission.submit', { body: { pid: 'MN1', language: 'C', code: taggedC.slowAPlusB(150, 'live') } });
    expect(sub.status).toBe(200);
    const id = sub.data.submitId;
    // Six cases of 150 ms: the stream is open long before the verdict (a stream hears only what comes after it opens).
    const stream = await Stream.open(nodeB, u.token, { submissions: [{ ids: [id] }] });
    try {
      await stream.until((e) => e.type === 'submission' && e.submitId === id && e.status === JudgeStatus.ACCEPTED);
    } finally {
      stream.close();
    }
    const seenOnB = await on(nodeB, u.token).call('submission.detail', { query: { submitId: id } });
    expect(seenOnB.data.submission.status).toBe(JudgeStatus.ACCEPTED);
    expect(['host-a', 'host-b']).toContain(seenOnB.data.submission.judger);
  });

  it('delivers a system notice once when both nodes run the hourly job at the same time', async () => {
    const u = await user('mn_dan');
    const added = await on(nodeB, root).call('adminNotice.add', {
      body: { title: 'Maintenance', content: 'Tonight.', type: 'Single', recipients: ['mn_dan'] },
    });
    expect(added.status).toBe(200);
    await Promise.all([deliverNotices(a.database.db), deliverNotices(b.database.db), deliverNotices(a.database.db)]);
    const sys = await on(nodeA, u.token).call('message.sys', { query: { limit: 50 } });
    expect(sys.data.records.filter((m) => m.title === 'Maintenance')).toHaveLength(1);
  });

  it('counts failed logins once: failures split between the nodes lock the account at the limit', async () => {
    await createUser(a, { username: 'mn_lock', password: 'right-pass' });
    const ip = '10.24.0.1';
    const nodes = [nodeA, nodeB];
    const fail = async (i: number) => {
      const node = nodes[i % 2]!;
      const body = { username: 'mn_lock', password: `guess-${i}` };
      if (i <= LOGIN_GUARD.puzzleAfterFailures) return on(node).call('account.login', { body }, { ip });
      // From the limit on the puzzle is needed: fetched from the other node, answered on this one.
      const { data } = await on(nodes[(i + 1) % 2]!).call('account.loginPuzzle');
      return on(node).call('account.login', { body: { ...body, puzzleToken: data.puzzleToken, puzzleX: await puzzleAnswer(a, data.puzzleToken) } }, { ip });
    };
    for (let i = 1; i < LOGIN_GUARD.lockAfterFailures; i++) expect((await fail(i)).data, `failure ${i}`).toMatchObject({ failures: i });
    const locked = formatMsg(MSG.accountLocked, { minutes: LOGIN_GUARD.lockMinutes });
    expect((await fail(LOGIN_GUARD.lockAfterFailures)).msg).toBe(locked);
    // Locked on both nodes, even with the right password and a solved puzzle.
    for (const node of nodes) {
      const { data } = await on(node).call('account.loginPuzzle');
      const right = { username: 'mn_lock', password: 'right-pass', puzzleToken: data.puzzleToken, puzzleX: await puzzleAnswer(a, data.puzzleToken) };
      const r = await on(node).call('account.login', { body: right }, { ip });
      expect([r.msg, r.headers.authorization]).toEqual([locked, undefined]);
    }
  });

  it('counts the challenge rate limit once: calls split between the nodes are refused beyond the limit', async () => {
    const ip = '10.24.0.2';
    const calls = await Promise.all(
      Array.from({ length: CHALLENGE_GUARD.perIp + 2 }, (_, i) => on(i % 2 ? nodeB : nodeA).call('account.loginPuzzle', {}, { ip })),
    );
    expect(calls.filter((r) => r.http === 200)).toHaveLength(CHALLENGE_GUARD.perIp);
    const refused = calls.filter((r) => r.http === 429);
    expect(refused).toHaveLength(2);
    // And from another address the challenge still comes, on either node.
    expect((await on(nodeB).call('account.loginPuzzle', {}, { ip: '10.24.0.3' })).http).toBe(200);
  });

  it('site settings saved on one node are served by the other at once', async () => {
    const u = await user('mn_set');
    // Node B has read (and keeps) the settings before the change.
    expect((await on(nodeB).call('site.websiteConfig')).data.name).not.toBe('Two Node OJ');
    expect((await on(nodeA, root).call('admin.setWebConfig', { body: { name: 'Two Node OJ' } })).status).toBe(200);
    expect((await on(nodeA, root).call('admin.updateSwitch', { body: { openPublicJudge: false } })).status).toBe(200);
    await settled();
    try {
      expect((await on(nodeB).call('site.websiteConfig')).data.name).toBe('Two Node OJ');
      const r = await on(nodeB, u.token).call('submission.submit', { body: { pid: 'MN1', language: 'C', code: taggedC.aPlusB('closed') } });
      expect([r.status, r.msg]).toEqual([400, MSG.publicJudgeClosed]);
    } finally {
      await on(nodeA, root).call('admin.updateSwitch', { body: { openPublicJudge: true } });
      await settled();
    }
    expect((await on(nodeB, u.token).call('submission.submit', { body: { pid: 'MN1', language: 'C', code: taggedC.aPlusB('open') } })).status).toBe(200);
  });

  it('a contest verdict judged by a host shows on the board of the other node; a rejudge on one node drops the board of the other', {
    timeout: 90_000,
  }, async () => {
    const u = await user('mn_board');
    const pid = await createProblem(a, { problemId: 'MN2', timeLimit: 2000 }, countedAPlusBCases(3, 'board'));
    const cid = await createContest(a, root, { title: 'Two nodes' }, [[pid, 'A']]);
    await settled();
    const rowOn = async (node: { app: TestApp['app'] }, token: string, forceRefresh = false) => {
      const r = await on(node, token).call('contest.rank', { body: { cid, forceRefresh } });
      expect(r.status, r.msg).toBe(200);
      return (r.data.records as AcmRankRow[]).find((x) => x.username === 'mn_board');
    };
    expect(await rowOn(nodeB, u.token)).toBeUndefined();
    const sub = await on(nodeA, u.token).call('submission.submit', { body: { pid: 'A', cid, language: 'C', code: taggedC.slowAPlusB(100, 'board') } });
    expect(sub.status, sub.msg).toBe(200);
    // Node B's board folds the verdict in within its refresh (served boards are at most 15 s old).
    await waitFor('the accepted row on node B', async () => (await rowOn(nodeB, u.token))?.ac === 1, 40_000, 500);

    // Below the run time now: the rejudge ends in Time Limit Exceeded, whenever a host gets to it.
    await a.database.db.execute(sql`update problem set time_limit = 50 where id = ${pid}`);
    // A fresh board on node B, served as is for its lifetime (5 s) unless a change drops it.
    expect((await rowOn(nodeB, root, true))?.ac).toBe(1);
    expect((await rowOn(nodeB, u.token))?.ac).toBe(1);
    const re = await on(nodeA, root).call('adminContest.rejudgeProblem', { query: { cid, pid } });
    expect([re.status, re.data?.count]).toEqual([200, 1]);
    await settled();
    expect((await rowOn(nodeB, u.token))?.ac).toBe(0);
    const done = await waitFor(
      'the rejudged verdict',
      async () => {
        const s = await submission(a, sub.data.submitId);
        return s.status === JudgeStatus.TIME_LIMIT_EXCEEDED ? s : null;
      },
      40_000,
      200,
    );
    expect(done.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    await waitFor('the rejected try on node B', async () => (await rowOn(nodeB, u.token))?.submissionInfo.A?.errorNum === 1, 40_000, 500);
  });

  it('loses a task held by a killed host to the other host after the lease, judged once and right', { timeout: 120_000 }, async () => {
    const u = await user('mn_eve');
    const sub = await on(nodeB, u.token).call('submission.submit', { body: { pid: 'MN1', language: 'C', code: taggedC.slowAPlusB(400, 'killed host') } });
    expect(sub.status).toBe(200);
    const id = sub.data.submitId;
    const holder = await waitFor(
      'a host judging it',
      async () => {
        const s = await submission(a, id);
        return s.status === JudgeStatus.JUDGING && s.judger ? s.judger : null;
      },
      30_000,
      50,
    );
    const victim = hosts[holder]!;
    victim.child.kill('SIGKILL');
    await victim.exited;
    const killedAt = Date.now();
    const done = await waitFor(
      'the verdict from the other host',
      async () => {
        const s = await submission(a, id);
        return s.status === JudgeStatus.ACCEPTED ? s : null;
      },
      60_000,
    );
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(LEASE_MS - 700);
    expect(done.judger).not.toBe(holder);
    expect(await taskOf(a, id)).toMatchObject({ status: 'done', attempts: 1 });
    const cases = await a.database.db.execute<{ n: number }>(sql`select count(*)::int as n from judge_case where submit_id = ${id}`);
    expect(cases.rows[0]!.n).toBe(6);
  });
});
