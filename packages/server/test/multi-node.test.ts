/**
 * A site of two API nodes and two judge hosts on one PostgreSQL: node A (the test app) and node B (a
 * second app with its own pool and LISTEN connection, sharing DATA_DIR), each on a port of its own, and
 * two `oj judge` processes, one talking to each node. Everything a user or an admin does on one node
 * holds on the other, limits are counted once, scheduled jobs run once, and a judge host killed in the
 * middle of a task loses it to the other host.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { countedAPlusBCases, taggedC } from '@oj/test-fixtures';
import { judgeToken } from '../src/lib/secrets.js';
import { putSetting } from '../src/lib/site-config.js';
import { sessionCacheOf } from '../src/lib/session-cache.js';
import { deliverNotices } from '../src/modules/message/notice-delivery.js';
import { client } from './client.js';
import { listen, startDaemonProcess, tempCacheDir, waitFor, type DaemonProcess } from './daemon-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken, sessionIdOf } from './helpers.js';
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
