/**
 * Contest scoreboard at scale: an ACM contest with 2 000 participants, 12 problems and 100 000
 * submissions, through the real server (POST /api/get-contest-rank), cold (the board read whole for the
 * request) and warm (the board cache), against a hello-world route of the same server in the same run;
 * and in process, the cold board and the cost of a refresh (only what changed read and folded) after
 * N new judgements.
 *
 *   npx tsx bench/scoreboard.ts [SECONDS per measurement = 4] [CONNECTIONS = 16]
 *
 * Environment: BENCH_USERS (2000), BENCH_PROBLEMS (12), BENCH_SUBMISSIONS (100000), BENCH_COLD (15: cold
 * requests, one at a time); BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of the board's submission reads (whole and delta);
 * BENCH_PROFILE_ONLY=1 stops after the in-process profile (no server, no load); BENCH_IOI=1 adds the
 * IOI board to the profile: 4 case rows in 2 subtasks per submission, and the cold board folded best
 * per subtask (its extra read of `judge_subtask` and `IOI_FOLD`) against OI's (Highest) on the same data,
 * and that read against aggregating the case rows (the read before migration 0031) in the same run;
 * BENCH_VIRTUAL=1 adds a virtual participation's ghost board (every row folded at his elapsed time from
 * the kept state, plus his run's submissions read) against the real board's refresh and cold board;
 * BENCH_CLICS=1 adds the CLICS event feed of the contest (server/modules/clics/feed.ts) read whole, for the
 * staff and the public, and what one live refresh of a feed reads, against the cold board in the same run.
 *
 * How (the approach of list-throughput.ts): an embedded PostgreSQL in a temporary directory, migrated and
 * seeded like a fresh site, filled in SQL (generate_series, repeatable random()); the API server is the
 * real `buildApp` in a child process with one extra route `GET /bench/hello`; this process is the load
 * generator (node:http keep-alive connections in a closed loop, every answer checked for envelope
 * status 200). Measured:
 *
 * - in this process (`boardNow`): the cold board (read whole and folded), then refreshes after nothing,
 *   1, 10, 100 and 1 000 new judged submissions and the pending ones judged (wall and node CPU);
 * - cold: the contest admin asks with forceRefresh, so every request computes the board (one at a time);
 * - warm: a participant asks for page 1 (own row and 3 followed users pinned), one at a time (latency)
 *   and with N connections (throughput); and the same with rotating pages and school searches;
 * - the baseline, one at a time and with N connections, just before.
 * Besides latency, the CPU time of the server and PostgreSQL per request (from /proc) is reported: on a
 * shared machine it is the figure that stays comparable between runs.
 */
import os from 'node:os';
import { acmBoard, type RankSubmission, type RankUserInfo } from '@oj/shared';
import type { AppContext } from '../packages/server/src/context.js';
import { connect } from '../packages/server/src/db/client.js';
import { hashPassword } from '../packages/server/src/lib/password.js';
import { eq } from 'drizzle-orm';
import { contestVirtuals } from '../packages/server/src/db/schema/index.js';
import { contestById } from '../packages/server/src/modules/contest/access.js';
import { ghostBoard } from '../packages/server/src/modules/contest/virtual-board.js';
import { boardNow, foldView } from '../packages/server/src/modules/contest/board.js';
import { BoardState, subtaskScores } from '../packages/server/src/modules/contest/board-state.js';
import { feedLines } from '../packages/server/src/modules/clics/feed.js';
import { contestData, judgingOf } from '../packages/server/src/modules/clics/contest-data.js';
import { viewOf } from '../packages/server/src/modules/clics/view.js';
import {
  BENCH_ROOT_PASSWORD as ROOT_PASSWORD,
  benchServerConfig as serverConfig,
  load as loadRequests,
  login,
  runBench,
  type BenchServer,
  type LoadResult as Result,
  postgresCpuMs,
  type Req,
} from './lib/server-load.js';

const SECONDS = Number(process.argv[2] ?? 4);
const CONNECTIONS = Number(process.argv[3] ?? 16);
const N_USERS = Number(process.env.BENCH_USERS ?? 2000);
const N_PROBLEMS = Number(process.env.BENCH_PROBLEMS ?? 12);
const N_SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 100_000);
const N_COLD = Number(process.env.BENCH_COLD ?? 15);
const USER_PASSWORD = 'bench-user-password';

// ---------------------------------------------------------------------------------------------
// Filling the database: one running ACM contest, created by root

async function fill(url: string): Promise<number> {
  const database = connect(url, 1);
  const q = (text: string, values?: unknown[]) => database.pool.query(text, values);
  const t0 = Date.now();
  await q(`set synchronous_commit = off; select setseed(0.2024)`);
  await q(
    `insert into user_info (uid, username, password, email, nickname, realname, school, gmt_create, gmt_modified)
     select 'sb-' || i, 'team' || i, 'scrypt$16384$bench$bench', 'team' || i || '@bench.invalid', 'Team ' || i, 'Member ' || i,
            'School ' || (1 + i % 180), now(), now()
     from generate_series(1, ${N_USERS}) i;
     insert into user_role (uid, role_id) select uid, 1002 from user_info where uid like 'sb-%';`,
  );
  // One real password, for the participant who looks at the board.
  await q(`update user_info set password = $1 where username = 'team1'`, [await hashPassword(USER_PASSWORD)]);
  await q(
    `insert into problem (problem_id, title, author, type, difficulty, auth, description, input, output, examples, hint, source, gmt_create, gmt_modified)
     select 'SB' || i, 'Board problem ' || i, 'root', 0, 2, 1, 'Solve it.', 'In.', 'Out.', '[]'::jsonb, '', 'bench', now(), now()
     from generate_series(1, ${N_PROBLEMS}) i`,
  );
  const stars = JSON.stringify(Array.from({ length: 20 }, (_, i) => `team${N_USERS - i}`));
  const awards = JSON.stringify([
    { priority: 1, name: 'Gold', background: '#e6bf25', color: '#ffffff', num: 10 },
    { priority: 2, name: 'Silver', background: '#b4c0c7', color: '#ffffff', num: 20 },
    { priority: 3, name: 'Bronze', background: '#CD7F32', color: '#ffffff', num: 30 },
  ]);
  const contest = await q(
    `insert into contest (uid, author, title, description, type, auth, start_time, end_time, open_rank, star_account, award_type, award_config)
     select uid, 'root', 'Bench final', 'x', 0, 0, now() - interval '4 hours', now() + interval '1 hour', true, $1::jsonb, 1, $2::jsonb
     from user_info where username = 'root'
     returning id`,
    [stars, awards],
  );
  const cid = contest.rows[0].id as number;
  await q(
    `insert into contest_problem (cid, pid, display_id, display_title, color)
     select $1, p.id, chr(64 + row_number() over (order by p.id)::int), p.title, '#' || lpad(to_hex((p.id * 2654435761) % 16777216), 6, '0')
     from problem p where p.problem_id like 'SB%'`,
    [cid],
  );
  // Submissions over the 4 hours so far: users and problems drawn with some skew (strong teams and
  // easy problems get more), 30 % AC, the rest mostly rejected, a few compile errors and pending.
  const s = Date.now();
  await q(
    `create temp table sb_p as select row_number() over (order by cp.display_id) as n, cp.pid, cp.display_id from contest_problem cp where cp.cid = ${cid};
     create temp table sb_u as select row_number() over (order by uid) as n, uid, username from user_info where uid like 'sb-%';
     create unique index on sb_p (n); create unique index on sb_u (n); analyze sb_p; analyze sb_u;
     insert into judge (pid, display_pid, uid, username, status, score, time, memory, length, language, code,
        submit_time, cid, cpid, judger, version, gmt_modified)
     select p.pid, p.display_id, u.uid, u.username, g.status,
            case when g.status = 0 then 100 else 0 end, 10 + g.i % 900, 2048, 200, 'C++', 'x',
            now() - interval '4 hours' + (g.i::float8 / ${N_SUBMISSIONS}) * interval '4 hours' - interval '1 second',
            ${cid}, 0, 'judge-1', 0, now()
     from (
       select i,
              1 + floor(power(random(), 1.3) * ${N_PROBLEMS})::int as pn,
              1 + floor(power(random(), 1.2) * ${N_USERS})::int as un,
              case when i > ${N_SUBMISSIONS} - 30 then 5 else
                (array[0,0,0,-1,-1,-1,1,1,3,-2])[1 + floor(random() * 10)::int] end as status
       from generate_series(1, ${N_SUBMISSIONS}) i
     ) g
     join sb_p p on p.n = g.pn
     join sb_u u on u.n = g.un
     order by g.i`,
  );
  await q('vacuum analyze');
  console.log(
    `  ${N_USERS} users, ${N_PROBLEMS} problems, ` +
      `${N_SUBMISSIONS} submissions in ${((Date.now() - s) / 1000).toFixed(1)} s (all ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
  await database.close();
  return cid;
}

/**
 * The board in this process (same code as the server's, `boardNow`): cold = the contest read whole and
 * folded (best of 9 after 2 warm-ups, and the node's CPU of the best); refresh = what changed read and
 * folded, after N new judged submissions (inserted as the judge would leave them, submitted now), after N
 * pending ones judged, and after nothing.
 */
async function profile(url: string, dataDir: string, pgDir: string, cid: number) {
  const database = connect(url, 2);
  const ctx = { config: serverConfig(dataDir, url), database } as AppContext;
  let c = (await contestById(database.db, cid))!;
  const v = { sealed: false, containsEnd: false, removeStar: false };
  const timed = async (fn: () => Promise<unknown>) => {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    const d = process.cpuUsage(cpu);
    return { ms: performance.now() - t0, cpuMs: (d.user + d.system) / 1000 };
  };
  const best = (xs: { ms: number; cpuMs: number }[]) => xs.reduce((a, b) => (b.ms < a.ms ? b : a));
  await boardNow(ctx, c, v, true);
  await database.listener.ready();
  // Besides the best wall time, the mean CPU of this process and of PostgreSQL per board over the measured
  // runs (PostgreSQL's from /proc in 10 ms ticks: a mean over runs, not the best run's).
  const meanCpu = (runs: { cpuMs: number }[], pgMs: number) => ({
    node: runs.reduce((a, r) => a + r.cpuMs, 0) / runs.length,
    pg: pgMs / runs.length,
  });
  const coldRuns: { ms: number; cpuMs: number }[] = [];
  let rows = 0;
  let pg0 = 0;
  for (let i = 0; i < 11; i++) {
    if (i === 2) pg0 = postgresCpuMs(pgDir);
    const r = await timed(async () => {
      rows = (await boardNow(ctx, c, v, true)).rows.length;
    });
    if (i >= 2) coldRuns.push(r);
  }
  const coldCpu = meanCpu(coldRuns, postgresCpuMs(pgDir) - pg0);
  const cold = best(coldRuns);
  // Baseline in the same run: the board as it was computed before the state (every request read the
  // contest's rows as arrays in submit order, then folded them all).
  const baseRuns: { ms: number; cpuMs: number }[] = [];
  for (let i = 0; i < 7; i++) {
    if (i === 2) pg0 = postgresCpuMs(pgDir);
    const r = await timed(async () => {
      const [links, subs] = await Promise.all([
        database.pool.query<[number, string]>({ text: 'select pid, display_id from contest_problem where cid = $1', values: [cid], rowMode: 'array' }),
        database.pool.query<[string, number, number, number | null, number | null, number]>({
          text: `select uid, pid, status, score, time, (extract(epoch from submit_time) * 1000)::float8 from judge where cid = $1 order by submit_time, submit_id`,
          values: [cid],
          rowMode: 'array',
        }),
      ]);
      const letter = new Map(links.rows);
      const submissions: RankSubmission[] = [];
      const uids = new Set<string>();
      for (const x of subs.rows) {
        const displayId = letter.get(x[1]);
        if (displayId === undefined) continue;
        uids.add(x[0]);
        submissions.push({ uid: x[0], displayId, status: x[2], score: x[3], time: x[4], submitTime: x[5] });
      }
      const people = await database.pool.query<RankUserInfo>(
        'select uid, username, nickname, realname, school, avatar, gender from user_info where uid = any($1::text[])',
        [[...uids]],
      );
      acmBoard({
        submissions,
        users: new Map(people.rows.map((u) => [u.uid, u])),
        window: { startTime: c.startTime.getTime(), endTime: c.endTime.getTime(), sealFrom: null, includeAfterEnd: false },
        starUsers: new Set(c.starAccount.map((x) => x.toLowerCase())),
        rankShowName: 'username',
        awardType: c.awardType,
        awards: c.awardConfig,
      });
    });
    if (i >= 2) baseRuns.push(r);
  }
  const beforeCpu = meanCpu(baseRuns, postgresCpuMs(pgDir) - pg0);
  const before = best(baseRuns);
  // The cold board's halves: reading the state whole, and folding it (every row, then the ranks).
  const readRuns: { ms: number; cpuMs: number }[] = [];
  const foldRuns: { ms: number; cpuMs: number }[] = [];
  for (let i = 0; i < 7; i++) {
    let st: BoardState | null = null;
    const r = await timed(async () => {
      st = await BoardState.build(ctx, c, false);
    });
    const f = await timed(async () => foldView(new Map(), 'x', st!, c, v));
    if (i >= 2) {
      readRuns.push(r);
      foldRuns.push(f);
    }
  }
  const read = best(readRuns);
  const fold = best(foldRuns);
  const refresh: { label: string; ms: number; cpuMs: number }[] = [];
  // Each step 5 times (the change, then the refresh), the median: one refresh is a few ms, and a garbage
  // collection of the cold runs' boards landing in one of them would otherwise be the figure.
  const step = async (label: string, change: () => Promise<unknown>) => {
    const runs: { ms: number; cpuMs: number }[] = [];
    for (let i = 0; i < 5; i++) {
      await change();
      runs.push(await timed(() => boardNow(ctx, c, v)));
    }
    runs.sort((a, b) => a.ms - b.ms);
    refresh.push({ label, ...runs[2]! });
  };
  const judged = (n: number) =>
    database.pool.query(
      `insert into judge (pid, display_pid, uid, username, status, score, time, memory, length, language, code, submit_time, cid, cpid, judger, version, gmt_modified)
       select j.pid, j.display_pid, j.uid, j.username, case when j.submit_id % 3 = 0 then 0 else -1 end, 0, 50, 2048, 200, 'C++', 'x', now(), j.cid, 0, 'judge-1', 0, now()
       from (select * from judge where cid = $1 order by submit_id limit $2) j`,
      [cid, n],
    );
  const pendingJudged = (n: number) =>
    database.pool.query(
      `with p as (select submit_id from judge where cid = $1 and status = 5 limit $2)
       update judge set status = 0, time = 77 from p where judge.submit_id = p.submit_id`,
      [cid, n],
    );
  await step('nothing new', async () => {});
  for (const n of [1, 10, 100, 1000]) await step(`${n} new judged submissions`, () => judged(n));
  // The bench's pending submissions (30), 6 judged each time: read again by id on every refresh until then.
  await step('6 pending ones judged', () => pendingJudged(6));
  await step('nothing new (the 5 555 of the last minute read again)', async () => {});
  c = (await contestById(database.db, cid))!;
  if (process.env.BENCH_EXPLAIN) {
    // The reads of board-state.ts readAbove: the whole contest (a cold board) and a refresh's delta, 100
    // ids below the newest (the statement it copies out in the binary format).
    const top = (await database.pool.query('select max(submit_id) as m from judge')).rows[0].m as number;
    for (const [label, mark, where] of [
      ['whole', 0, 'true'],
      ['delta', top - 100, `submit_id > ${top - 100}`],
    ] as const) {
      const plan = await database.pool.query(
        `explain (analyze, buffers, serialize binary) select w.mark, a.* from (
           select coalesce(max(submit_id), ${mark}) as mark from judge where submit_id > ${mark} and submit_time < now() - interval '60000 milliseconds'
         ) w left join (
           select uid, array_agg(array[submit_id, pid, status, score, time]), array_agg(submit_time)
           from judge where cid = ${cid} and ${where} group by uid
         ) a on true`,
      );
      console.log(`  EXPLAIN ANALYZE of the ${label} read:`);
      for (const row of plan.rows as Array<Record<string, string>>) console.log(`   ${row['QUERY PLAN']}`);
    }
  }
  await database.close();
  return { cold, before, coldCpu, beforeCpu, read, fold, rows, refresh };
}

/**
 * IOI against OI on the same submissions (BENCH_IOI): each submission gets 4 case rows in 2 subtasks
 * (subtask_lowest; the triggers of migration 0031 fill `judge_subtask` from them), then the cold board
 * both ways, best of 9 after 2 warm-ups.
 */
async function profileIoi(url: string, dataDir: string, cid: number) {
  const database = connect(url, 2);
  const s = Date.now();
  await database.pool.query(
    `insert into judge_case (submit_id, uid, pid, status, time, memory, score, group_num, seq, mode)
     select j.submit_id, j.uid, j.pid, case when ok then 0 else -1 end, 10, 1000, case when ok then 20 + 30 * g else 0 end, g, c, 'subtask_lowest'
     from judge j cross join generate_series(1, 4) c cross join lateral (select (c + 1) / 2 as g) gg
     cross join lateral (select j.status = 0 or (hashint4(j.submit_id * 4 + c) % 3 = 0) as ok) o
     where j.cid = $1`,
    [cid],
  );
  await database.pool.query('vacuum analyze judge_case');
  console.log(`  IOI: case rows in ${((Date.now() - s) / 1000).toFixed(1)} s`);
  const ctx = { config: serverConfig(dataDir, url), database } as AppContext;
  const c = (await contestById(database.db, cid))!;
  const v = { sealed: false, containsEnd: false, removeStar: false };
  // The same contest folded as OI (Highest) and as IOI (its case rows read too), read whole each time.
  const run = async (subtasks: boolean) => {
    const as = { ...c, type: subtasks ? 2 : 1, oiRankScoreType: 'Highest' };
    const ms: number[] = [];
    for (let i = 0; i < 11; i++) {
      const t0 = performance.now();
      await boardNow(ctx, as, v, true);
      if (i >= 2) ms.push(performance.now() - t0);
    }
    return Math.min(...ms);
  };
  // The read before migration 0031, for the ratio in this run: the contest's case rows aggregated per
  // submission and subtask, sent as one text of `submit_id,group,score` lines (the parse was cheap).
  const caseRowsQuery = `select string_agg(concat_ws(',', submit_id, g, s), E'\\n') from (
             select jc.submit_id, coalesce(jc.group_num, 1) as g,
               case when jc.mode = 'subtask_average' then round(sum(coalesce(jc.score, 0))::numeric / count(*)) else min(coalesce(jc.score, 0)) end::int as s
             from judge_case jc join judge j on j.submit_id = jc.submit_id
             where j.cid = $1 and jc.mode in ('subtask_lowest', 'subtask_average')
             group by jc.submit_id, coalesce(jc.group_num, 1), jc.mode) x`;
  const best = async (f: () => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await f();
      ms.push(performance.now() - t0);
    }
    return Math.min(...ms);
  };
  const kept = await best(() => subtaskScores(ctx, { cid }));
  const fromCases = await best(() => database.pool.query(caseRowsQuery, [cid]));
  console.log(
    `  IOI: the subtask scores' read ${kept.toFixed(1)} ms (judge_subtask, binary), aggregated from the case rows ${fromCases.toFixed(1)} ms (÷ ${(fromCases / kept).toFixed(1)})`,
  );
  if (process.env.BENCH_EXPLAIN) {
    for (const text of [
      'explain (analyze, buffers) select submit_id, scores from judge_subtask where cid = $1',
      `explain (analyze, buffers) ${caseRowsQuery}`,
    ]) {
      const plan = await database.pool.query(text, [cid]);
      for (const row of plan.rows as Array<Record<string, string>>) console.log(`   ${row['QUERY PLAN']}`);
    }
  }
  const oiMs = await run(false);
  const ioiMs = await run(true);
  await database.close();
  console.log(`  cold board in process: OI ${oiMs.toFixed(1)} ms, IOI ${ioiMs.toFixed(1)} ms (IOI ÷ OI ${(ioiMs / oiMs).toFixed(2)})`);
}

/**
 * A ghost board (BENCH_VIRTUAL): one user's virtual run of 20 judged submissions, started an hour ago; the
 * ghost board at his elapsed time (the real state kept warm, as the server keeps it) against a refresh of
 * the real board after nothing and the cold real board, best of 9 after 2 warm-ups each.
 */
async function profileVirtual(url: string, dataDir: string, cid: number) {
  const database = connect(url, 2);
  const ctx = { config: serverConfig(dataDir, url), database } as AppContext;
  const c = (await contestById(database.db, cid))!;
  const v = { sealed: false, containsEnd: false, removeStar: false };
  const runStart = Date.now() - 60 * 60_000;
  const { rows: made } = await database.pool.query<{ id: number; uid: string }>(
    `insert into contest_virtual (cid, uid, start_time, end_time)
     select $1, uid, $2, $3 from user_info order by uid limit 1 returning id, uid`,
    [cid, new Date(runStart), new Date(runStart + (c.endTime.getTime() - c.startTime.getTime()))],
  );
  const run = (await database.db.select().from(contestVirtuals).where(eq(contestVirtuals.id, made[0]!.id)))[0]!;
  await database.pool.query(
    `insert into judge (pid, display_pid, uid, username, language, code, cid, vid, status, time, submit_time)
     select cp.pid, cp.display_id, u.uid, u.username, 'C', 'x', $1, $2, case when i % 3 = 0 then 0 else -1 end, 10, $3::timestamptz + i * interval '2 minutes'
     from generate_series(1, 20) i
     join lateral (select pid, display_id from contest_problem where cid = $1 order by display_id offset (i % 12) limit 1) cp on true
     join user_info u on u.uid = $4`,
    [cid, run.id, new Date(runStart), run.uid],
  );
  // Other runners (BENCH_VIRTUAL_RUNNERS, default 50): each with a run started at another time and 20
  // submissions, all on the board at the runner's elapsed time; measured after the board without them.
  const runners = Number(process.env.BENCH_VIRTUAL_RUNNERS ?? 50);
  const best = async (fn: () => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < 11; i++) {
      const t0 = performance.now();
      await fn();
      if (i >= 2) ms.push(performance.now() - t0);
    }
    return Math.min(...ms);
  };
  let elapsed = Date.now() - runStart;
  await database.listener.ready();
  // First: every real row folded (the state just read whole, no row kept for it yet); then the next reads
  // 30 s later each (a runner's poll), with the rows kept.
  const first: number[] = [];
  for (let i = 0; i < 11; i++) {
    await boardNow(ctx, c, v, true);
    const t0 = performance.now();
    await ghostBoard(ctx, c, run, elapsed, false);
    if (i >= 2) first.push(performance.now() - t0);
  }
  const firstMs = Math.min(...first);
  const ghostMs = await best(() => ghostBoard(ctx, c, run, (elapsed += 30_000), false));
  if (runners > 0) {
    // New users: a real participant has no run.
    await database.pool.query(
      `insert into user_info (uid, username, password, email, gmt_create, gmt_modified)
       select 'vr-' || i, 'runner' || i, 'scrypt$16384$bench$bench', 'runner' || i || '@bench.invalid', now(), now()
       from generate_series(1, $1::int) i on conflict do nothing`,
      [runners],
    );
    await database.pool.query(
      `with made as (
         insert into contest_virtual (cid, uid, start_time, end_time)
         select $1, uid, $2::timestamptz - n * interval '1 minute', $2::timestamptz - n * interval '1 minute' + $3 * interval '1 millisecond'
         from (select uid, row_number() over (order by uid) as n from user_info where uid like 'vr-%' order by uid limit $4) u
         returning id, uid, start_time)
       insert into judge (pid, display_pid, uid, username, language, code, cid, vid, status, time, submit_time)
       select cp.pid, cp.display_id, u.uid, u.username, 'C', 'x', $1, m.id, case when i % 3 = 0 then 0 else -1 end, 10,
         m.start_time + i * interval '2 minutes'
       from made m join user_info u on u.uid = m.uid
       cross join generate_series(1, 20) i
       join lateral (select pid, display_id from contest_problem where cid = $1 order by display_id offset (i % 12) limit 1) cp on true`,
      [cid, new Date(runStart), c.endTime.getTime() - c.startTime.getTime(), runners],
    );
  }
  const withRunnersMs = runners > 0 ? await best(() => ghostBoard(ctx, c, run, (elapsed += 30_000), false)) : ghostMs;
  const refreshMs = await best(() => boardNow(ctx, c, v));
  const coldMs = await best(() => boardNow(ctx, c, v, true));
  await database.close();
  console.log(
    `  virtual: ghost board first ${firstMs.toFixed(1)} ms, next (30 s later) ${ghostMs.toFixed(1)} ms, ` +
      `with ${runners} other runners ${withRunnersMs.toFixed(1)} ms (÷ ${(withRunnersMs / ghostMs).toFixed(2)}); ` +
      `real board refresh ${refreshMs.toFixed(1)} ms, cold ${coldMs.toFixed(1)} ms (first ÷ cold ${(firstMs / coldMs).toFixed(2)}, next ÷ cold ${(ghostMs / coldMs).toFixed(3)})`,
  );
}

/**
 * The CLICS event feed (BENCH_CLICS): read whole (what a client connecting without since_token gets) for
 * the staff and for the public, and a live refresh (the contest-wide objects and the judging changed in
 * the last minute: what a feed reads at each verdict), best of 5 after a warm-up, against the cold board.
 */
async function profileClics(url: string, dataDir: string, cid: number) {
  const database = connect(url, 2);
  const ctx = { config: serverConfig(dataDir, url), database } as AppContext;
  const c = (await contestById(database.db, cid))!;
  const v = { sealed: false, containsEnd: false, removeStar: false };
  const bestOf = async (fn: () => Promise<unknown>) => {
    await fn();
    let best = Infinity;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await fn();
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  };
  let lines = 0;
  const cold = await bestOf(() => boardNow(ctx, c, v, true));
  const staff = await bestOf(async () => {
    lines = (await feedLines(ctx, viewOf(c, true))).lines.length;
  });
  const pub = await bestOf(() => feedLines(ctx, viewOf(c, false)));
  const live = await bestOf(async () => {
    const view = viewOf(c, true);
    const d = await contestData(ctx, view);
    await judgingOf(ctx, view, d, Date.now() - 60_000);
  });
  console.log(
    `  CLICS feed read whole: staff ${staff.toFixed(1)} ms (${lines} lines), public ${pub.toFixed(1)} ms; a live refresh ${live.toFixed(1)} ms; ` +
      `cold board ${cold.toFixed(1)} ms (feed ÷ board ${(staff / cold).toFixed(2)}, live refresh ÷ board ${(live / cold).toFixed(2)})`,
  );
  await database.close();
}

// ---------------------------------------------------------------------------------------------

type Profile = Awaited<ReturnType<typeof profile>>;

function printProfile(prof: Profile) {
  console.log(`\nin process: cold board (read whole, best of 9) ${prof.cold.ms.toFixed(1)} ms, node CPU ${prof.cold.cpuMs.toFixed(1)} ms, ${prof.rows} rows`);
  console.log(
    `  before (every row read as an array, all folded): ${prof.before.ms.toFixed(1)} ms, node CPU ${prof.before.cpuMs.toFixed(1)} ms; cold ÷ before ${(prof.cold.ms / prof.before.ms).toFixed(2)} (CPU ${(prof.cold.cpuMs / prof.before.cpuMs).toFixed(2)})`,
  );
  const sum = (x: { node: number; pg: number }) => x.node + x.pg;
  console.log(
    `  CPU per board (mean), this process + PostgreSQL: cold ${prof.coldCpu.node.toFixed(1)} + ${prof.coldCpu.pg.toFixed(1)} = ${sum(prof.coldCpu).toFixed(1)} ms, ` +
      `before ${prof.beforeCpu.node.toFixed(1)} + ${prof.beforeCpu.pg.toFixed(1)} = ${sum(prof.beforeCpu).toFixed(1)} ms; cold ÷ before ${(sum(prof.coldCpu) / sum(prof.beforeCpu)).toFixed(2)}`,
  );
  console.log(`  of which: read whole ${prof.read.ms.toFixed(1)} ms (node CPU ${prof.read.cpuMs.toFixed(1)}), fold ${prof.fold.ms.toFixed(1)} ms`);
  console.log(`| refresh after | ms | node CPU ms | ÷ cold |`);
  console.log(`|---|---|---|---|`);
  for (const r of prof.refresh) console.log(`| ${r.label} | ${r.ms.toFixed(2)} | ${r.cpuMs.toFixed(2)} | ${(r.ms / prof.cold.ms).toFixed(3)} |`);
}

async function measure(server: BenchServer, { cid, prof }: { cid: number; prof: Profile }) {
  const load = (name: string, reqOf: (i: number) => Req, o: Parameters<typeof loadRequests>[3]) => loadRequests(server, name, reqOf, o);
  const root = await login(server, '/api/admin/login', 'root', ROOT_PASSWORD);
  const user = await login(server, '/api/login', 'team1', USER_PASSWORD);

  const hello: Req = { method: 'GET', path: '/bench/hello' };
  const rank = (body: Record<string, unknown>, token: string): Req => ({ method: 'POST', path: '/api/get-contest-rank', token, body: { cid, ...body } });
  const concerned = ['sb-17', 'sb-500', 'sb-1234'];
  const results: Result[] = [];
  const record = (r: Result) => {
    results.push(r);
    console.log(
      `  ${r.name.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2).padStart(8)} ms  ` +
        `p99 ${r.p99.toFixed(2).padStart(8)} ms  CPU ${r.cpuMs.toFixed(2).padStart(7)} ms/req` +
        (r.errors ? `  ${r.errors} ERRORS: ${r.firstError}` : ''),
    );
    return r;
  };

  const hello1 = record(await load('hello, 1 connection', () => hello, { seconds: SECONDS / 2, connections: 1 }));
  const cold = record(
    await load('cold: admin, forceRefresh (1 at a time)', () => rank({ forceRefresh: true }, root), { count: N_COLD, connections: 1, warmup: false }),
  );
  const warm1 = record(
    await load('warm: page 1, own row + 3 followed, 1 conn', () => rank({ concernedList: concerned }, user), { seconds: SECONDS, connections: 1 }),
  );
  const pages = (i: number) => rank({ currentPage: 1 + ((i * 7) % 40), limit: 50, concernedList: concerned }, user);
  const warmPages = record(await load('warm: pages 1-40, 1 conn', pages, { seconds: SECONDS, connections: 1 }));
  const search = (i: number) => rank({ keyword: `School ${1 + ((i * 13) % 180)}`, concernedList: concerned }, user);
  const warmSearch = record(await load('warm: school search, 1 conn', search, { seconds: SECONDS, connections: 1 }));
  const helloN = record(await load(`hello, ${CONNECTIONS} connections`, () => hello, { seconds: SECONDS / 2, connections: CONNECTIONS }));
  const warmN = record(
    await load(`warm: page 1, ${CONNECTIONS} connections`, () => rank({ concernedList: concerned }, user), { seconds: SECONDS, connections: CONNECTIONS }),
  );
  const warmPagesN = record(await load(`warm: pages 1-40, ${CONNECTIONS} connections`, pages, { seconds: SECONDS, connections: CONNECTIONS }));

  console.log(`\n| measurement | req/s | p50 ms | p99 ms | CPU ms/req | p50 ÷ hello | CPU/req ÷ hello |`);
  console.log(`|---|---|---|---|---|---|---|`);
  for (const r of results) {
    const base = r.name.includes(`${CONNECTIONS} connections`) ? helloN : hello1;
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.cpuMs.toFixed(2)} | ` +
        `${(r.p50 / base.p50).toFixed(1)}× | ${(r.cpuMs / base.cpuMs).toFixed(1)}× |` +
        (r.errors ? ` ${r.errors} errors` : ''),
    );
  }
  printProfile(prof);
  const goal = Math.max(warm1.p50, warmPages.p50, warmSearch.p50);
  console.log(`warm p50 (1 connection, worst of page 1 / pages / search): ${goal.toFixed(2)} ms — goal ≤ 20 ms: ${goal <= 20 ? 'met' : 'NOT met'}`);
  console.log(
    `cold p50 ${cold.p50.toFixed(1)} ms; ` +
      `warm throughput ${warmN.rps.toFixed(0)} req/s (${(warmN.rps / helloN.rps).toFixed(3)} of hello), pages ${warmPagesN.rps.toFixed(0)} req/s`,
  );
}

runBench({
  scriptUrl: import.meta.url,
  prefix: 'oj-bench-board-',
  header: () => `${os.cpus().length} CPUs, ${CONNECTIONS} connections, ${SECONDS} s per measurement`,
  async prepare(site) {
    console.log('Filling');
    const cid = await fill(site.url);
    const prof = await profile(site.url, site.dataDir, site.pgDir, cid);
    printProfile(prof);
    if (process.env.BENCH_VIRTUAL) await profileVirtual(site.url, site.dataDir, cid);
    if (process.env.BENCH_IOI) await profileIoi(site.url, site.dataDir, cid);
    if (process.env.BENCH_CLICS) await profileClics(site.url, site.dataDir, cid);
    return { cid, prof };
  },
  // BENCH_PROFILE_ONLY: stop after the in-process profile, no server
  measure: process.env.BENCH_PROFILE_ONLY ? undefined : (server, _site, prepared) => measure(server, prepared),
});
