/**
 * A group's rank list kept per API node (modules/rank/group-rank-cache.ts): node A is the test app, node B
 * a second pool and LISTEN connection on the same database. Each keeps its own list; whatever changes the
 * list (a new submission, a verdict, a rejudge, a member leaving, a rename) shows on both at the next call.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupLevel, JudgeStatus } from '@oj/shared';
import type { AppContext } from '../src/context.js';
import { connect, type Database } from '../src/db/client.js';
import { sessionCacheOf } from '../src/lib/session-cache.js';
import { rejudge } from '../src/modules/judge/queue.js';
import { groupRankScope, rankList } from '../src/modules/rank/service.js';
import { insertGroup } from './group-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser } from './helpers.js';
import { createProblem } from './judge-helpers.js';

let t: TestApp;
let bDb: Database;
let nodes: [string, AppContext][];
let gid: number;
let pid: number;

beforeAll(async () => {
  t = await createTestApp();
  bDb = connect(t.database.url, 2);
  nodes = [
    ['A', t.app.appContext],
    ['B', { ...t.app.appContext, database: bDb } as AppContext],
  ];
  for (const name of ['gr-ann', 'gr-bob', 'gr-cat']) await createUser(t, { username: name });
  gid = await insertGroup(t, { members: { 'gr-ann': GroupLevel.MEMBER, 'gr-bob': GroupLevel.MEMBER, 'gr-cat': GroupLevel.MEMBER } });
  pid = await createProblem(t, { problemId: 'GRK', gid, isGroup: true });
});
afterAll(async () => {
  await bDb?.close();
  await t?.close();
});

const settled = () => Promise.all([sessionCacheOf(t.database).settled(), sessionCacheOf(bDb).settled()]);

/** Inserts a submission of `who` in the group, as submitting leaves it (the judge's verdict, if any, written after). */
async function submitAs(who: string, status: number): Promise<number> {
  const res = await t.database.db.execute<{ submit_id: number }>(sql`
    insert into judge (pid, display_pid, uid, username, status, oi_rank_score, language, code, gid)
    select ${pid}, 'GRK', uid, username, ${status}, ${status === JudgeStatus.ACCEPTED ? 100 : 0}, 'C', 'x', ${gid} from user_info where username = ${who}
    returning submit_id`);
  return res.rows[0]!.submit_id;
}

/** [username, ac, total] of the ACM list on each node. */
async function listOn() {
  await settled();
  const out: Record<string, [string, number, number][]> = {};
  for (const [name, ctx] of nodes) {
    const page = await rankList(ctx, groupRankScope(gid), { type: 0, currentPage: 1, limit: 50 });
    out[name] = page.records.map((r) => [r.username, r.ac, r.total]);
  }
  return out;
}

describe('group rank cache across API nodes', () => {
  it('serves the list from memory: a change that moves nothing it checks is not seen', async () => {
    await submitAs('gr-ann', JudgeStatus.ACCEPTED);
    const first = await listOn();
    expect(first.A).toEqual([['gr-ann', 1, 1]]);
    expect(first.B).toEqual(first.A);
    // A nickname sends no notice and is no part of the check: the kept list still has the old one.
    await t.database.db.execute(sql`update user_info set nickname = 'Annie' where username = 'gr-ann'`);
    for (const [, ctx] of nodes) {
      const page = await rankList(ctx, groupRankScope(gid), { type: 0, currentPage: 1, limit: 50 });
      expect(page.records[0]!.nickname).not.toBe('Annie');
    }
  });

  it('a new submission and a verdict count at once on both nodes', async () => {
    const id = await submitAs('gr-bob', JudgeStatus.PENDING);
    expect((await listOn()).B).toEqual([
      ['gr-ann', 1, 1],
      ['gr-bob', 0, 1],
    ]);
    // The judge's result: a plain update, no notice.
    await t.database.db.execute(sql`update judge set status = ${JudgeStatus.ACCEPTED}, oi_rank_score = 100 where submit_id = ${id}`);
    const both = await listOn();
    expect(both.A).toEqual([
      ['gr-ann', 1, 1],
      ['gr-bob', 1, 1],
    ]);
    expect(both.B).toEqual(both.A);
  });

  it("a rejudge made through node B's pool reaches node A's list, and the new verdict both", async () => {
    const id = await submitAs('gr-cat', JudgeStatus.ACCEPTED);
    expect((await listOn()).A).toContainEqual(['gr-cat', 1, 1]);
    await rejudge(bDb.db, id);
    let both = await listOn();
    expect(both.A).toContainEqual(['gr-cat', 0, 1]);
    expect(both.B).toContainEqual(['gr-cat', 0, 1]);
    await t.database.db.execute(sql`update judge set status = ${JudgeStatus.WRONG_ANSWER} where submit_id = ${id}`);
    both = await listOn();
    expect(both.A).toContainEqual(['gr-cat', 0, 1]);
    expect(both.B).toEqual(both.A);
  });

  it('a member who leaves, and a renamed one, show at once on both nodes', async () => {
    await t.database.db.execute(
      sql`update group_member set auth = ${GroupLevel.REFUSED} where gid = ${gid} and uid = (select uid from user_info where username = 'gr-bob')`,
    );
    let both = await listOn();
    expect(both.A.map((r) => r[0])).not.toContain('gr-bob');
    expect(both.B).toEqual(both.A);
    await t.database.db.execute(sql`update user_info set username = 'gr-anna' where username = 'gr-ann'`);
    both = await listOn();
    expect(both.A.map((r) => r[0])).toContain('gr-anna');
    expect(both.B).toEqual(both.A);
  });
});
