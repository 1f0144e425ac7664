/**
 * Live updates: a tab's Server-Sent Events stream hears of the submissions, messages and contest it
 * watches, exactly as far as the caller may see them, and ends with the session.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, ProblemAuth, type LiveEvent } from '@oj/shared';
import { buildApp } from '../src/app.js';
import { connect } from '../src/db/client.js';
import { publishSubmission, publishUnread } from '../src/lib/live-publish.js';
import { liveHubOf } from '../src/modules/live/routes.js';
import { remind } from '../src/modules/message/write.js';
import { client } from './client.js';
import { createContest, insertContestSubmission, iso, MIN } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, post, rootToken } from './helpers.js';
import { createProblem, FakeJudge, submit, testQueue } from './judge-helpers.js';
import { Stream } from './live-stream.js';

let t: TestApp;
let base: string;
/** the test app as a node: where tickets are asked and streams opened */
let node: { app: TestApp['app']; base: string };
let judge: FakeJudge;
let alice: { uid: string; username: string; token: string };
let bob: { uid: string; username: string; token: string };

async function account(name: string) {
  const uid = await createUser(t, { username: name, password: 'password1' });
  return { uid, username: name, token: await login(t, name) };
}

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  node = { app: t.app, base };
  judge = await FakeJudge.start(t, 'live-judge');
  alice = await account('live_alice');
  bob = await account('live_bob');
});
afterAll(() => t.close());

const isSub = (id: number) => (e: LiveEvent) => e.type === 'submission' && e.submitId === id;

describe('live stream', () => {
  it('tells the submitter each stage, the case counts and the verdict, as they are stored', async () => {
    const pid = await createProblem(t);
    const submitId = await submit(t, { pid, user: alice });
    const s = await Stream.open(node, alice.token, { submissions: [{ ids: [submitId] }] });
    expect(s.granted.submissions).toEqual([submitId]);
    const task = await judge.take();
    await judge.post('progress', { taskId: task.taskId, leaseToken: task.leaseToken, status: JudgeStatus.JUDGING, done: 1, total: 2 });
    expect(await s.until((e) => isSub(submitId)(e) && e.type === 'submission' && e.done === 1)).toEqual({
      type: 'submission',
      submitId,
      status: JudgeStatus.JUDGING,
      done: 1,
      total: 2,
    });
    expect((await judge.result(task)).status).toBe(200);
    expect(await s.until((e) => isSub(submitId)(e) && e.type === 'submission' && e.status === JudgeStatus.ACCEPTED)).toEqual({
      type: 'submission',
      submitId,
      status: JudgeStatus.ACCEPTED,
    });
    s.close();
  });

  it('never grants nor sends another user’s submission he may not see (a hidden problem’s)', async () => {
    const hidden = await createProblem(t, { auth: ProblemAuth.HIDDEN });
    const submitId = await submit(t, { pid: hidden, user: alice });
    const own = await Stream.open(node, alice.token, { submissions: [{ ids: [submitId] }] });
    const other = await Stream.open(node, bob.token, { submissions: [{ ids: [submitId] }] });
    expect(own.granted.submissions).toEqual([submitId]);
    expect(other.granted.submissions).toEqual([]);
    const task = await judge.take();
    await judge.result(task);
    await own.until(isSub(submitId));
    // A notice Bob does hear, sent after the verdict: NOTIFY keeps commit order, so had the verdict
    // reached his stream it would be there by now.
    await publishUnread(t.database.db, bob.uid);
    await other.until((e) => e.type === 'unread');
    expect(other.events.filter((e) => e.type === 'submission')).toEqual([]);
    own.close();
    other.close();
  });

  it('keeps a sealed contest sealed: no verdict and no board news of sealed submissions to a participant', async () => {
    const root = await rootToken(t);
    const pid = await createProblem(t);
    const now = Date.now();
    const cid = await createContest(t, root, { startTime: iso(-60, now), endTime: iso(60, now), sealRank: true, sealRankTime: iso(-10, now) }, [[pid, 'A']]);
    const submitId = await insertContestSubmission(t, {
      cid,
      pid,
      uid: alice.uid,
      username: alice.username,
      status: JudgeStatus.PENDING,
      submitTime: new Date(now - MIN),
    });
    const seen = await Stream.open(node, bob.token, { submissions: [{ ids: [submitId], cid }], contest: cid });
    const own = await Stream.open(node, alice.token, { submissions: [{ ids: [submitId], cid }], contest: cid });
    expect(seen.granted).toEqual({ submissions: [], contest: cid, ticket: expect.any(String) });
    expect(own.granted.submissions).toEqual([submitId]);
    const admin = await Stream.open(node, root, { contest: cid });
    // The verdict as the judge's result path stores it: the row and its notice in one transaction.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update judge set status = ${JudgeStatus.ACCEPTED} where submit_id = ${submitId}`);
      await publishSubmission(tx, submitId);
    });
    // Alice hears her own verdict (no secret to her in ACM); the contest's admin that the board moved...
    await own.until(isSub(submitId));
    await admin.until((e) => e.type === 'board' && e.cid === cid);
    for (const u of [alice, bob]) await publishUnread(t.database.db, u.uid);
    await seen.until((e) => e.type === 'unread');
    await own.until((e) => e.type === 'unread');
    // ...Bob neither the verdict nor that the board moved, and nobody but the admin that the frozen board did.
    expect(seen.events.filter((e) => e.type === 'submission' || e.type === 'board')).toEqual([]);
    expect(own.events.filter((e) => e.type === 'board')).toEqual([]);
    for (const s of [own, seen, admin]) s.close();
  });

  it('tells a user his unread counters changed when a message is written for him', async () => {
    const s = await Stream.open(node, alice.token, {});
    await remind(t.database.db, { action: 'Discuss', senderId: bob.uid, recipientId: alice.uid, sourceType: 'Discussion', sourceId: 1, url: '/x' });
    await s.until((e) => e.type === 'unread');
    s.close();
  });

  it('spends a ticket at its first use, refuses a changed one and never takes the login token in the URL', async () => {
    const r = await post(t, '/api/live/ticket', {}, { token: alice.token });
    const first = new Stream(base);
    await first.connect(r.data.ticket);
    expect(first.status).toBe(200);
    const again = new Stream(base);
    await again.connect(r.data.ticket);
    expect(again.status).toBe(401);
    const forged = new Stream(base);
    await forged.connect(`${r.data.ticket.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(401);
    const jwt = new Stream(base);
    await jwt.connect(alice.token);
    expect(jwt.status).toBe(401);
    first.close();
  });

  it('ends the stream when its session logs out, and refuses streams beyond the per-user bound', async () => {
    const token = await login(t, 'live_bob');
    const s = await Stream.open(node, token, {});
    expect((await client(t, token).call('account.logout')).status).toBe(200);
    await s.untilEnded();
    expect(s.events.at(-1)).toEqual({ type: 'end', reason: 'logout' });

    const open: Stream[] = [];
    for (let i = 0; i < 8; i++) open.push(await Stream.open(node, bob.token, {}));
    const r = await post(t, '/api/live/ticket', {}, { token: bob.token });
    const extra = new Stream(base);
    await extra.connect(r.data.ticket);
    expect(extra.status).toBe(429);
    for (const o of open) o.close();
  });

  it('works across nodes: a ticket from one node opens a stream on another, which hears a verdict stored by a third', async () => {
    const nodes = await Promise.all(
      [0, 1].map(async () => {
        const database = connect(t.config.databaseUrl!, 2);
        const app = await buildApp({ config: t.config, database });
        return { app, database, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
      }),
    );
    try {
      const pid = await createProblem(t);
      const submitId = await submit(t, { pid, user: alice });
      // The ticket from node 0 (its own HTTP), the stream on node 1, the result through the test's app.
      const r = await fetch(`${nodes[0]!.base}/api/live/ticket`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: alice.token },
        body: JSON.stringify({ submissions: [{ ids: [submitId] }] }),
      });
      const { data } = (await r.json()) as { data: { ticket: string } };
      const s = new Stream(base);
      await s.connect(data.ticket, nodes[1]!.base);
      expect(s.status).toBe(200);
      await s.until((e) => e.type === 'ready');
      const task = await judge.take();
      await judge.result(task);
      expect(await s.until(isSub(submitId))).toEqual({ type: 'submission', submitId, status: JudgeStatus.ACCEPTED });
      s.close();
    } finally {
      for (const n of nodes) {
        await n.app.close();
        await n.database.close();
      }
    }
  });

  it('forgets a stream once its client hangs up', async () => {
    const s = await Stream.open(node, alice.token, {});
    const hub = liveHubOf(t.database)!;
    const before = hub.size;
    expect(before).toBeGreaterThan(0);
    s.close();
    await expect.poll(() => hub.size).toBe(before - 1);
  });
});
