/**
 * `judge_subtask` (migration 0031): the subtask scores an IOI board reads are kept by triggers on
 * `judge_case` in the writing transaction. Whatever writes the case rows — the judge's result (one
 * statement of every case), a rejudge clearing them, a case changed by hand, a submission deleted — the
 * table holds what the case rows give under `subtaskScore` of @oj/shared.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subtaskScore } from '@oj/shared';
import { rejudge } from '../src/modules/judge/queue.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The table as it is, submit_id → group → score. */
async function kept() {
  const res = await t.database.db.execute<{ submit_id: number; cid: number; scores: number[] }>(sql`select submit_id, cid, scores from judge_subtask`);
  return new Map(res.rows.map((r) => [r.submit_id, { cid: r.cid, groups: pairs(r.scores) }]));
}
const pairs = (xs: number[]) => Object.fromEntries(Array.from({ length: xs.length / 2 }, (_, i) => [xs[2 * i]!, xs[2 * i + 1]!]));

/** The same from the case rows, folded here as the submission's detail folds them. */
async function fromCases() {
  const res = await t.database.db.execute<{ submit_id: number; cid: number; g: number; mode: string; min: number; sum: number; n: number }>(sql`
    select jc.submit_id, j.cid, coalesce(jc.group_num, 1) as g, jc.mode, min(coalesce(jc.score, 0))::int as min,
      sum(coalesce(jc.score, 0))::int as sum, count(*)::int as n
    from judge_case jc join judge j on j.submit_id = jc.submit_id
    where jc.mode in ('subtask_lowest', 'subtask_average') group by 1, 2, 3, 4`);
  const out = new Map<number, { cid: number; groups: Record<number, number> }>();
  for (const r of res.rows) {
    const e = out.get(r.submit_id) ?? { cid: r.cid, groups: {} };
    e.groups[r.g] = subtaskScore(r.mode, r.min, r.sum, r.n);
    out.set(r.submit_id, e);
  }
  return out;
}

async function submission(cid: number) {
  const res = await t.database.db.execute<{ submit_id: number }>(sql`
    insert into judge (pid, display_pid, uid, username, status, score, language, code, cid)
    select 1, 'A', uid, username, 8, 50, 'C++', 'x', ${cid} from user_info where username = 'root' returning submit_id`);
  return res.rows[0]!.submit_id;
}

describe('subtask scores kept by the case rows’ triggers', () => {
  it('follows results written at once, cases changed, a rejudge and a deleted submission', async () => {
    const avg = await submission(7);
    const low = await submission(7);
    const plain = await submission(7);
    const other = await submission(0);
    // The judge's result path writes every case of a submission in one statement.
    await t.database.db.execute(sql`
      insert into judge_case (submit_id, status, score, group_num, seq, mode) values
        (${avg}, 0, 1, 1, 1, 'subtask_average'), (${avg}, 0, 2, 1, 2, 'subtask_average'),
        (${avg}, 0, 10, 2, 3, 'subtask_average'), (${avg}, 1, null, 2, 4, 'subtask_average'),
        (${low}, 0, 30, null, 1, 'subtask_lowest'), (${low}, 0, 20, null, 2, 'subtask_lowest'), (${low}, 0, 40, 3, 3, 'subtask_lowest'),
        (${plain}, 0, 50, 1, 1, 'default'),
        (${other}, 0, 5, 1, 1, 'subtask_lowest')`);
    const expected = await fromCases();
    // Half up (1.5 → 2), a case without a score counts 0 (10 and 0 → 5), no group is group 1.
    expect(expected.get(avg)).toEqual({ cid: 7, groups: { 1: 2, 2: 5 } });
    expect(expected.get(low)).toEqual({ cid: 7, groups: { 1: 20, 3: 40 } });
    expect(expected.has(plain)).toBe(false);
    expect(await kept()).toEqual(expected);

    // A case rescored by hand, one case at a time.
    await t.database.db.execute(sql`update judge_case set score = 35 where submit_id = ${low} and seq = 2`);
    await t.database.db.execute(sql`insert into judge_case (submit_id, status, score, group_num, seq, mode) values (${plain}, 0, 7, 2, 2, 'subtask_lowest')`);
    expect((await kept()).get(low)!.groups).toEqual({ 1: 30, 3: 40 });
    expect((await kept()).get(plain)!.groups).toEqual({ 2: 7 });
    expect(await kept()).toEqual(await fromCases());

    // A rejudge clears the cases: no subtask scores until the new result is written.
    await rejudge(t.database.db, avg);
    expect((await kept()).has(avg)).toBe(false);
    await t.database.db.execute(sql`insert into judge_case (submit_id, status, score, group_num, seq, mode) values (${avg}, 0, 9, 4, 1, 'subtask_lowest')`);
    expect((await kept()).get(avg)).toEqual({ cid: 7, groups: { 4: 9 } });

    await t.database.db.execute(sql`delete from judge where submit_id = ${low}`);
    expect((await kept()).has(low)).toBe(false);
    expect(await kept()).toEqual(await fromCases());
  });
});
