/**
 * Incremental contest boards (modules/contest/board-state.ts): after a random mix of new submissions,
 * verdicts, rejudges, manual verdicts, cancels, deleted users, renamed users, moved start and end times,
 * seals, star users and problems leaving the contest, every variant of every format's board equals the
 * board folded from scratch from the table, on two API nodes (two pools, two LISTEN connections) that
 * each keep their own state and hear the other's notices.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACM_FOLD, IOI_FOLD, JudgeStatus as S, foldBoard, oiFold, subtaskScore, type RankSubmission, type RankUserInfo, type RowFold } from '@oj/shared';
import type { AppContext } from '../src/context.js';
import { connect, type Database } from '../src/db/client.js';
import { sessionCacheOf } from '../src/lib/session-cache.js';
import { contestById, type ContestRow } from '../src/modules/contest/access.js';
import { boardNow, contestStaff, forgetBoards, type BoardVariant } from '../src/modules/contest/board.js';
import { rejudge, cancelSubmission } from '../src/modules/judge/queue.js';
import { noticeSubmissionChange } from '../src/lib/change-notices.js';
import { createContest, MIN } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, rootToken } from './helpers.js';
import { createProblem } from './judge-helpers.js';

let t: TestApp;
let bDb: Database;
let nodeA: AppContext;
let nodeB: AppContext;

beforeAll(async () => {
  t = await createTestApp();
  nodeA = t.app.appContext;
  bDb = connect(t.database.url, 2);
  nodeB = { ...nodeA, database: bDb } as AppContext;
});
afterAll(async () => {
  await bDb?.close();
  await t?.close();
});

/** A repeatable pseudo-random sequence (mulberry32), so a failure can be replayed. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** The board from scratch: every submission of the contest read now, folded by the format's rules. */
async function scratch(c: ContestRow, v: BoardVariant) {
  const db = t.database.db;
  const links = await db.execute<{ pid: number; display_id: string }>(sql`select pid, display_id from contest_problem where cid = ${c.id}`);
  const letter = new Map(links.rows.map((r) => [r.pid, r.display_id]));
  const subs = await db.execute<{ submit_id: number; uid: string; pid: number; status: number; score: number | null; time: number | null; ms: number }>(
    sql`select submit_id, uid, pid, status, score, time, (extract(epoch from submit_time) * 1000)::float8 as ms from judge where cid = ${c.id} order by submit_time, submit_id`,
  );
  const groups = await db.execute<{ submit_id: number; g: number; mode: string; min: number; sum: number; n: number }>(sql`
    select jc.submit_id, coalesce(jc.group_num, 1) as g, jc.mode, min(coalesce(jc.score, 0))::int as min, sum(coalesce(jc.score, 0))::int as sum, count(*)::int as n
    from judge_case jc join judge j on j.submit_id = jc.submit_id
    where j.cid = ${c.id} and jc.mode in ('subtask_lowest', 'subtask_average') group by 1, 2, 3`);
  const bySub = new Map<number, Record<number, number>>();
  for (const g of groups.rows) {
    const rec = bySub.get(g.submit_id) ?? {};
    rec[g.g] = subtaskScore(g.mode, g.min, g.sum, g.n);
    bySub.set(g.submit_id, rec);
  }
  const submissions: RankSubmission[] = [];
  for (const r of subs.rows) {
    const displayId = letter.get(r.pid);
    if (displayId === undefined) continue;
    const s: RankSubmission = { uid: r.uid, displayId, status: r.status, score: r.score, time: r.time, submitTime: r.ms };
    if (c.type === 2 && bySub.has(r.submit_id)) s.subtasks = bySub.get(r.submit_id);
    submissions.push(s);
  }
  const people = await db.execute<RankUserInfo & Record<string, unknown>>(sql`
    select u.uid, u.username, u.nickname, u.realname, u.school, u.avatar, u.gender from user_info u
    where u.uid in (select uid from judge where cid = ${c.id}) and not ${contestStaff(sql`u.uid`, c)}`);
  const stars = new Set(c.starAccount.map((s) => s.toLowerCase()));
  const users = new Map(people.rows.filter((u) => !(v.removeStar && stars.has(u.username.toLowerCase()))).map((u) => [u.uid, u as RankUserInfo]));
  const fold = (c.type === 0 ? ACM_FOLD : c.type === 2 ? IOI_FOLD : oiFold(c.oiRankScoreType as 'Recent' | 'Highest')) as RowFold<never>;
  return foldBoard(fold, {
    submissions,
    users,
    window: {
      startTime: c.startTime.getTime(),
      endTime: c.endTime.getTime(),
      sealFrom: v.sealed ? (c.sealRankTime?.getTime() ?? null) : null,
      includeAfterEnd: v.containsEnd && c.allowEndSubmit,
    },
    starUsers: stars,
    rankShowName: c.rankShowName as 'username',
    awardType: c.awardType,
    awards: c.awardConfig,
  });
}

const VARIANTS: BoardVariant[] = [
  { sealed: false, containsEnd: false, removeStar: false },
  { sealed: true, containsEnd: false, removeStar: false },
  { sealed: false, containsEnd: true, removeStar: true },
];

const bothSettled = () => Promise.all([sessionCacheOf(t.database).settled(), sessionCacheOf(bDb).settled()]);

describe('incremental contest boards', () => {
  it('equal a from-scratch board after a random mix of changes, for every format and on two nodes', async () => {
    const root = await rootToken(t);
    const uids: string[] = [];
    for (let i = 0; i < 9; i++) uids.push(await createUser(t, { username: `inc${i}` }));
    const acmP = [await createProblem(t, { type: 0 }), await createProblem(t, { type: 0 }), await createProblem(t, { type: 0 })];
    const oiP = [await createProblem(t, { type: 1 }), await createProblem(t, { type: 1 }), await createProblem(t, { type: 1 })];
    const contests = [
      await createContest(
        t,
        root,
        { type: 0 },
        acmP.map((p, i) => [p, 'ABC'[i]!] as [number, string]),
      ),
      await createContest(
        t,
        root,
        { type: 1 },
        oiP.map((p, i) => [p, 'ABC'[i]!] as [number, string]),
      ),
      await createContest(
        t,
        root,
        { type: 1 },
        oiP.map((p, i) => [p, 'ABC'[i]!] as [number, string]),
      ),
      await createContest(
        t,
        root,
        { type: 2 },
        oiP.map((p, i) => [p, 'ABC'[i]!] as [number, string]),
      ),
    ];
    // Times fixed once: the contest ran from 3 h ago to 1 h ago, sealed for its last 40 minutes, open after the end.
    const now = Date.now();
    await t.database.db.execute(sql`update contest set start_time = ${new Date(now - 180 * MIN).toISOString()}, end_time = ${new Date(now - 60 * MIN).toISOString()},
      seal_rank = true, seal_rank_time = ${new Date(now - 100 * MIN).toISOString()}, auto_real_rank = false, allow_end_submit = true,
      star_account = '["inc8"]'::jsonb, award_type = 2, award_config = '[{"priority":1,"name":"Gold","background":"#000","color":"#fff","num":2}]'::jsonb
      where id = any(${sql.param(contests)}::int[])`);
    await t.database.db.execute(sql`update contest set oi_rank_score_type = 'Highest' where id = ${contests[2]!}`);
    const rand = rng(2026);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const ids = new Map<number, number[]>(contests.map((c) => [c, []]));
    const statuses = [S.ACCEPTED, S.ACCEPTED, S.WRONG_ANSWER, S.TIME_LIMIT_EXCEEDED, S.COMPILE_ERROR, S.PENDING, S.JUDGING, S.RUNTIME_ERROR];

    const insert = async (cid: number) => {
      const c = (await contestById(t.database.db, cid))!;
      const problemsOf = c.type === 0 ? acmP : oiP;
      const pi = Math.floor(rand() * problemsOf.length);
      const status = pick(statuses);
      const score = status === S.ACCEPTED ? 100 : Math.floor(rand() * 4) * 25;
      const uid = rand() < 0.05 ? (await contestById(t.database.db, cid))!.uid! : pick(uids.filter(Boolean));
      // From before the start to after the end, many in the seal.
      const at = c.startTime.getTime() - 10 * MIN + Math.floor(rand() * 160) * MIN + Math.floor(rand() * 60_000);
      const res = await t.database.db.execute<{ submit_id: number }>(sql`
        insert into judge (pid, display_pid, uid, username, status, score, time, memory, language, code, submit_time, cid)
        select ${problemsOf[pi]!}, ${'ABC'[pi]!}, u.uid, u.username, ${status}, ${score}, ${10 + Math.floor(rand() * 900)}, 100, 'C++', 'x', ${new Date(at).toISOString()}, ${cid}
        from user_info u where u.uid = ${uid} returning submit_id`);
      const id = res.rows[0]!.submit_id;
      ids.get(cid)!.push(id);
      if (c.type === 2 && status !== S.PENDING && status !== S.JUDGING) {
        // Two subtasks of two cases each, judged subtask_lowest or subtask_average.
        const mode = rand() < 0.5 ? 'subtask_lowest' : 'subtask_average';
        for (let seq = 1; seq <= 4; seq++) {
          const g = seq <= 2 ? 1 : 2;
          const caseScore = rand() < 0.5 ? 25 * g + seq : 0;
          await t.database.db.execute(sql`insert into judge_case (submit_id, uid, pid, status, score, group_num, seq, mode)
            values (${id}, ${uid}, ${problemsOf[pi]!}, 0, ${caseScore}, ${g}, ${seq}, ${mode})`);
        }
      }
    };

    /** The judge finishes a pending submission: a plain update, as the result path makes it (no notice). */
    const judgeOne = async (cid: number) => {
      const res = await t.database.db.execute<{ submit_id: number }>(
        sql`select submit_id from judge where cid = ${cid} and status in (${S.PENDING}, ${S.JUDGING}) order by random() limit 1`,
      );
      const id = res.rows[0]?.submit_id;
      if (id === undefined) return;
      const status = pick([S.ACCEPTED, S.WRONG_ANSWER, S.COMPILE_ERROR]);
      await t.database.db.execute(sql`update judge set status = ${status}, score = ${status === S.ACCEPTED ? 100 : 30}, time = 42 where submit_id = ${id}`);
    };

    // Half the rejudges and cancels are made through node B's pool: node A must hear of them too.
    const anyNode = () => (rand() < 0.5 ? t.database : bDb);
    const ops: Array<[string, (cid: number) => Promise<void>]> = [
      ['insert', insert],
      ['insert', insert],
      ['insert', insert],
      ['judge', judgeOne],
      ['judge', judgeOne],
      [
        'rejudge',
        async (cid) => {
          const id = pick(ids.get(cid)!.length ? ids.get(cid)! : [0]);
          if (id) await rejudge(anyNode().db, id);
        },
      ],
      [
        'cancel',
        async (cid) => {
          const id = pick(ids.get(cid)!.length ? ids.get(cid)! : [0]);
          if (id) await cancelSubmission(anyNode().db, id);
        },
      ],
      [
        'manual verdict',
        async (cid) => {
          const id = pick(ids.get(cid)!.length ? ids.get(cid)! : [0]);
          if (!id) return;
          // What manualJudge writes, with its notice (the service's own path is covered by its tests).
          await t.database.db.transaction(async (tx) => {
            await tx.execute(sql`update judge set status = ${S.ACCEPTED}, score = 100, is_manual = true where submit_id = ${id}`);
            await noticeSubmissionChange(tx, id);
          });
        },
      ],
      [
        'move times',
        async (cid) => {
          const shift = (Math.floor(rand() * 5) - 2) * 7 * MIN;
          await t.database.db.execute(sql`update contest set start_time = start_time + make_interval(secs => ${shift / 1000}::float8) where id = ${cid}`);
          if (rand() < 0.5)
            await t.database.db.execute(sql`update contest set end_time = end_time + make_interval(secs => ${-shift / 1000}::float8) where id = ${cid}`);
        },
      ],
      [
        'seal',
        async (cid) => {
          await t.database.db.execute(
            sql`update contest set seal_rank_time = seal_rank_time + make_interval(mins => ${Math.floor(rand() * 41) - 20}), seal_rank = ${rand() < 0.8} where id = ${cid}`,
          );
        },
      ],
      [
        'rename',
        async () => {
          // The trigger of migration 0011 tells every node.
          const uid = pick(uids.filter(Boolean));
          await t.database.db.execute(sql`update user_info set username = username || 'x' where uid = ${uid}`);
        },
      ],
      [
        'role',
        async () => {
          // A super admin is contest staff: he leaves the boards (the role's trigger tells every node). Two
          // users only, so the boards keep most of their rows.
          const uid = pick(uids.slice(0, 2));
          const has = await t.database.db.execute(sql`select 1 from user_role where uid = ${uid} and role_id = 1000`);
          if (has.rows.length) await t.database.db.execute(sql`delete from user_role where uid = ${uid} and role_id = 1000`);
          else await t.database.db.execute(sql`insert into user_role (uid, role_id) values (${uid}, 1000)`);
        },
      ],
    ];

    const check = async (step: string) => {
      await bothSettled();
      for (const cid of contests) {
        const c = (await contestById(t.database.db, cid))!;
        for (const v of VARIANTS) {
          const want = await scratch(c, v);
          for (const [node, ctx] of [
            ['A', nodeA],
            ['B', nodeB],
          ] as const) {
            const got = await boardNow(ctx, c, v);
            expect(got.rows, `${step}: contest type ${c.type} (${c.oiRankScoreType}), ${JSON.stringify(v)}, node ${node}`).toEqual(want);
          }
        }
      }
    };

    await check('empty');
    for (let step = 0; step < 240; step++) {
      const [name, op] = pick(ops);
      const cid = pick(contests);
      await op(cid);
      if (step % 6 === 5) await check(`step ${step} (${name})`);
    }
    // A user leaves the site: his submissions go with him (cascade), the delete's trigger tells every node.
    await t.database.db.execute(sql`delete from user_info where uid = ${uids[3]!}`);
    uids[3] = '';
    await check('user deleted');
    // A problem leaves a contest: the admin path forgets its boards on every node.
    await t.database.db.execute(sql`delete from contest_problem where cid = ${contests[0]!} and display_id = 'B'`);
    await forgetBoards(nodeB, contests[0]!);
    await check('problem removed');
    const boards = await Promise.all(contests.map(async (cid) => (await boardNow(nodeA, (await contestById(t.database.db, cid))!, VARIANTS[0]!)).rows.length));
    // The mix left real boards behind, not empty ones that would compare equal trivially.
    expect(Math.min(...boards), JSON.stringify(boards)).toBeGreaterThanOrEqual(3);
    // Many small statements: on a loaded machine this takes far longer than the suite's default.
  }, 180_000);

  it('a refresh reads only what changed: a row changed without a notice stays as folded until the board is read whole', async () => {
    const root = await rootToken(t);
    const uid = await createUser(t, { username: 'quiet-q' });
    const pid = await createProblem(t, { type: 0 });
    const cid = await createContest(t, root, { type: 0 }, [[pid, 'A']]);
    const c = (await contestById(t.database.db, cid))!;
    const v = VARIANTS[0]!;
    // The new user's notices (his role) heard first: a late one would have his submissions read again.
    await bothSettled();
    const res = await t.database.db.execute<{ submit_id: number }>(sql`
      insert into judge (pid, display_pid, uid, username, status, score, language, code, submit_time, cid)
      values (${pid}, 'A', ${uid}, 'quiet-q', ${S.WRONG_ANSWER}, 0, 'C++', 'x', ${new Date(c.startTime.getTime() + MIN).toISOString()}, ${cid}) returning submit_id`);
    expect((await boardNow(nodeA, c, v)).byUid.get(uid)).toMatchObject({ ac: 0 });
    // A final verdict changed with no notice (nothing in the code does this): the state does not read it again…
    await t.database.db.execute(sql`update judge set status = ${S.ACCEPTED} where submit_id = ${res.rows[0]!.submit_id}`);
    expect((await boardNow(nodeA, c, v)).byUid.get(uid)).toMatchObject({ ac: 0 });
    // …until it is read whole (an admin's forced refresh, or the age belt).
    expect((await boardNow(nodeA, c, v, true)).byUid.get(uid)).toMatchObject({ ac: 1 });
  });
});
