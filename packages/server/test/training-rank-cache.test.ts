/**
 * Training rank pages are kept per API node and dropped by change notices: node A is the test app (where
 * verdicts and edits are made), node B a second app with its own pool and LISTEN connection on the same
 * database, which serves the rank.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, MSG, Role } from '@oj/shared';
import { users } from '../src/db/schema/index.js';
import { sessionCacheOf } from '../src/lib/session-cache.js';
import { putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { secondNode, type SecondNode } from './second-node.js';
import { createUser, login, rootToken } from './helpers.js';
import { client } from './client.js';
import { acceptedResult, createProblem, FakeJudge, testQueue } from './judge-helpers.js';
import { createCategory, createTraining } from './training-helpers.js';

let t: TestApp;
let b: SecondNode;
let judge: FakeJudge;
let padm: string;
let tid: number;
const tok: Record<string, string> = {};
const pids: number[] = [];

/** Both nodes have heard of every change committed so far (notices arrive in commit order). */
const settled = () => Promise.all([b.settled(), sessionCacheOf(t.database).settled()]);
const rankOnB = async (token: string) => {
  await settled();
  return client({ app: b.app }, token).call('training.rank', { query: { tid } });
};
const rowsOnB = async (token = tok.ann!) =>
  (await rankOnB(token)).data.records.map((r) => [r.username, r.nickname, r.ac, Object.keys(r.submissionInfo).sort().join()]);

async function judged(token: string, pid: string, status: number) {
  const r = await client(t, token).call('submission.submit', { body: { pid, tid, language: 'C++', code: 'int main(){return 0;}' } });
  if (r.status !== 200) throw new Error(`submit: ${r.msg}`);
  await judge.result(await judge.take(), { ...acceptedResult(1), status, time: 10 });
}

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  b = await secondNode(t);
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  judge = await FakeJudge.start(t, 'rc');
  const root = await rootToken(t);
  await createUser(t, { username: 'padm', roles: [Role.PROBLEM_ADMIN] });
  padm = await login(t, 'padm');
  for (const name of ['ann', 'bob']) {
    await createUser(t, { username: name });
    tok[name] = await login(t, name);
  }
  pids.push(await createProblem(t, { problemId: 'RC1' }), await createProblem(t, { problemId: 'RC2' }));
  tid = await createTraining(t, padm, { title: 'Cached', auth: 'Public', categoryId: await createCategory(t, root, 'Cache') }, pids);
  await judged(tok.ann!, 'RC1', JudgeStatus.ACCEPTED);
  await judged(tok.bob!, 'RC1', JudgeStatus.WRONG_ANSWER);
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

describe('training rank pages kept per node', () => {
  it('are served from memory: a change that sends no notice is not seen', async () => {
    expect(await rowsOnB()).toEqual([
      ['ann', null, 1, 'RC1'],
      ['bob', null, 0, 'RC1'],
    ]);
    await t.database.db.update(users).set({ nickname: 'Silent' }).where(eq(users.username, 'ann'));
    // Only a kept page explains that B still shows no nickname.
    expect((await rowsOnB())[0]).toEqual(['ann', null, 1, 'RC1']);
  });

  it('follow a verdict judged through the other node', async () => {
    await judged(tok.bob!, 'RC2', JudgeStatus.ACCEPTED);
    await judged(tok.bob!, 'RC1', JudgeStatus.ACCEPTED);
    expect(await rowsOnB()).toEqual([
      ['bob', null, 2, 'RC1,RC2'],
      ['ann', 'Silent', 1, 'RC1'],
    ]);
  });

  it('follow a rejudge, a problem leaving the training and a new display ID', async () => {
    const last = await t.database.db.execute<{ id: number }>(sql`select max(submit_id) as id from judge where tid = ${tid}`);
    const root = await rootToken(t);
    expect((await client(t, root).call('submission.rejudge', { query: { submitId: last.rows[0]!.id } })).status).toBe(200);
    expect((await rowsOnB())[1]).toEqual(['bob', null, 1, 'RC1,RC2']);
    await judge.result(await judge.take(), { ...acceptedResult(1), status: JudgeStatus.ACCEPTED, time: 10 });
    expect((await client(t, padm).call('adminTraining.removeProblem', { query: { tid, pid: pids[1]! } })).status).toBe(200);
    expect(await rowsOnB()).toEqual([
      ['ann', 'Silent', 1, 'RC1'],
      ['bob', null, 1, 'RC1'],
    ]);
    await t.database.db.execute(sql`update problem set problem_id = 'RC1X' where id = ${pids[0]!}`);
    expect((await rowsOnB()).map((r) => r[3])).toEqual(['RC1X', 'RC1X']);
  });

  it('follow a renamed user', async () => {
    await t.database.db.update(users).set({ username: 'bobby' }).where(eq(users.username, 'bob'));
    expect((await rowsOnB()).map((r) => r[0])).toEqual(['ann', 'bobby']);
  });

  it('never skip the access check: a training made private closes a kept page to an unregistered user', async () => {
    await createUser(t, { username: 'cy' });
    const cy = await login(t, 'cy');
    expect((await rankOnB(cy)).status).toBe(200);
    await t.database.db.execute(sql`update training set auth = 'Private', private_pwd = 'pw' where id = ${tid}`);
    expect((await rankOnB(cy)).msg).toBe(MSG.trainingNotRegistered);
    expect((await rankOnB(padm)).status).toBe(200);
  });
});
