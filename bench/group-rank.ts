/**
 * Group rank and group problem list at scale: 1 000 groups × 50 members (50 000 users), each group with
 * 20 problems of its own and its members' submissions there (500 000 in all), plus 200 000 submissions
 * in the public bank, through the real server (GET /api/get-group-rank-list, ACM and OI) against a
 * hello-world route of the same server in the same run.
 *
 *   npx tsx bench/group-rank.ts [SECONDS per measurement = 4] [CONNECTIONS = 16]
 *
 * Environment: BENCH_GROUPS (1000), BENCH_MEMBERS (50), BENCH_GROUP_PROBLEMS (20),
 * BENCH_SUBMISSIONS (500000: inside groups), BENCH_BANK_SUBMISSIONS (200000); BENCH_EXPLAIN=1 prints
 * EXPLAIN ANALYZE of one group's rank query; BENCH_PROFILE_ONLY=1 stops after the in-process figures.
 *
 * The group problem list call belongs to another part of the group work; its query here is the one a group's
 * list needs, the problem table read by `gid` (problem_gid_idx): a page of 30 and the count, timed in
 * this process next to the group rank's service (no HTTP) so the two compare.
 */
import os from 'node:os';
import { connect } from '../packages/server/src/db/client.js';
import { hashPassword } from '../packages/server/src/lib/password.js';
import { groupRankScope, rankList } from '../packages/server/src/modules/rank/service.js';
import { forgetGroupRank } from '../packages/server/src/modules/rank/group-rank-cache.js';
import type { AppContext } from '../packages/server/src/context.js';
import {
  BENCH_ROOT_PASSWORD as ROOT_PASSWORD,
  load as loadRequests,
  login,
  median,
  runBench,
  type BenchServer,
  type LoadResult as Result,
  type Req,
} from './lib/server-load.js';

const SECONDS = Number(process.argv[2] ?? 4);
const CONNECTIONS = Number(process.argv[3] ?? 16);
const N_GROUPS = Number(process.env.BENCH_GROUPS ?? 1000);
const N_MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);
const N_GROUP_PROBLEMS = Number(process.env.BENCH_GROUP_PROBLEMS ?? 20);
const N_SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 500_000);
const N_BANK_SUBMISSIONS = Number(process.env.BENCH_BANK_SUBMISSIONS ?? 200_000);
const PAGE = 30;
const USER_PASSWORD = 'bench-user-password';

interface Filled {
  /** the group of `member1` (the first one) */
  gid: number;
  gids: number[];
}

async function fill(url: string): Promise<Filled> {
  const database = connect(url, 1);
  const q = (text: string, values?: unknown[]) => database.pool.query(text, values);
  const t0 = Date.now();
  const users = N_GROUPS * N_MEMBERS;
  await q(`set synchronous_commit = off; select setseed(0.1515)`);
  // Member i belongs to group 1 + (i - 1) / N_MEMBERS; the first member of each group owns it.
  await q(
    `insert into user_info (uid, username, password, email, nickname, gmt_create, gmt_modified)
     select 'gm-' || i, 'member' || i, 'scrypt$16384$bench$bench', 'member' || i || '@bench.invalid', 'Member ' || i, now(), now()
     from generate_series(1, ${users}) i;
     insert into user_role (uid, role_id) select uid, 1002 from user_info where uid like 'gm-%';`,
  );
  await q(`update user_info set password = $1 where username = 'member1'`, [await hashPassword(USER_PASSWORD)]);
  await q(
    `insert into "group" (name, short_name, brief, description, owner_uid, owner, auth)
     select 'Bench group ' || g, 'bg' || g, 'A bench group', 'A group of the bench.', 'gm-' || (1 + (g - 1) * ${N_MEMBERS}), 'member' || (1 + (g - 1) * ${N_MEMBERS}), 1
     from generate_series(1, ${N_GROUPS}) g`,
  );
  const groups = (await q(`select id from "group" order by id`)).rows as { id: number }[];
  const gids = groups.map((g) => g.id);
  await q(
    `create temp table bg as select row_number() over (order by id) as n, id from "group";
     insert into group_member (gid, uid, auth)
     select bg.id, 'gm-' || i, case when (i - 1) % ${N_MEMBERS} = 0 then 5 when (i - 1) % ${N_MEMBERS} < 3 then 4 else 3 end
     from generate_series(1, ${users}) i join bg on bg.n = 1 + (i - 1) / ${N_MEMBERS}`,
  );
  await q(
    `insert into problem (problem_id, title, author, type, difficulty, auth, description, input, output, examples, hint, source, gid, is_group, gmt_create, gmt_modified)
     select 'bg' || bg.n || '-' || k, 'Group problem ' || k, 'member1', 0, 1 + k % 3, 1, 'Solve it.', 'In.', 'Out.', '[]'::jsonb, '', 'bench', bg.id, true, now(), now()
     from bg cross join generate_series(1, ${N_GROUP_PROBLEMS}) k;
     insert into problem (problem_id, title, author, type, difficulty, auth, description, input, output, examples, hint, source, gmt_create, gmt_modified)
     select 'BK' || k, 'Bank problem ' || k, 'root', 0, 2, 1, 'Solve it.', 'In.', 'Out.', '[]'::jsonb, '', 'bench', now(), now()
     from generate_series(1, 100) k;`,
  );
  const s = Date.now();
  // Each group's submissions by its own members on its own problems, 35 % AC; then the public bank's.
  await q(
    `create temp table gp as select bg.n as g, row_number() over (partition by p.gid order by p.id) as k, p.id as pid, p.problem_id
       from problem p join bg on bg.id = p.gid;
     create unique index on gp (g, k); analyze gp;
     create temp table bp as select row_number() over (order by id) as k, id as pid, problem_id from problem where problem_id like 'BK%';
     create unique index on bp (k); analyze bp;
     set session_replication_role = replica;
     insert into judge (pid, display_pid, uid, username, status, score, oi_rank_score, time, memory, length, language, code,
        submit_time, cid, cpid, gid, judger, version, gmt_modified)
     select gp.pid, gp.problem_id, 'gm-' || x.u, 'member' || x.u, x.status, case when x.status = 0 then 100 else 0 end,
            case when x.status = 0 then 10 + 2 * (1 + x.k % 3) else 0 end, 10, 2048, 200, 'C++', 'x',
            now() - interval '60 days' + (x.i::float8 / ${N_SUBMISSIONS}) * interval '60 days', 0, 0, bg.id, 'judge-1', 0, now()
     from (
       select i, 1 + floor(random() * ${N_GROUPS})::int as g, 1 + floor(power(random(), 1.5) * ${N_GROUP_PROBLEMS})::int as k,
              (array[0,0,0,0,0,0,0,-1,-1,-1,-1,-1,1,1,3,-2,2,-3,0,-1])[1 + floor(random() * 20)::int] as status,
              floor(random() * ${N_MEMBERS})::int as m
       from generate_series(1, ${N_SUBMISSIONS}) i
     ) x0
     cross join lateral (select x0.*, (x0.g - 1) * ${N_MEMBERS} + 1 + x0.m as u) x
     join bg on bg.n = x.g
     join gp on gp.g = x.g and gp.k = x.k;
     insert into judge (pid, display_pid, uid, username, status, score, oi_rank_score, time, memory, length, language, code,
        submit_time, cid, cpid, judger, version, gmt_modified)
     select bp.pid, bp.problem_id, 'gm-' || u, 'member' || u, case when i % 3 = 0 then 0 else -1 end, null, 0, 10, 2048, 200, 'C++', 'x',
            now() - interval '60 days' + (i::float8 / ${N_BANK_SUBMISSIONS}) * interval '60 days', 0, 0, 'judge-1', 0, now()
     from (select i, 1 + floor(random() * ${users})::int as u, 1 + floor(random() * 100)::int as k from generate_series(1, ${N_BANK_SUBMISSIONS}) i) x
     join bp on bp.k = x.k;
     set session_replication_role = origin;`,
  );
  const inserted = Date.now() - s;
  await q('vacuum analyze');
  const [{ gid }] = (await q(`select gid from group_member where uid = 'gm-1'`)).rows as { gid: number }[];
  console.log(
    `  ${N_GROUPS} groups × ${N_MEMBERS} members, ${N_GROUPS * N_GROUP_PROBLEMS} group problems, ${N_SUBMISSIONS} group submissions and ` +
      `${N_BANK_SUBMISSIONS} bank ones in ${(inserted / 1000).toFixed(1)} s (all ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
  if (process.env.BENCH_EXPLAIN) {
    const plan = await q(
      `explain (analyze, buffers)
       with per_problem as (
         select uid, pid, count(*) as n, bool_or(status = 0) as solved, max(oi_rank_score) as best
         from judge j where j.gid = $1 and j.pid in (select p.id from problem p where p.gid = $1)
           and (j.cid = 0 or exists (select 1 from contest c where c.id = j.cid and (not c.seal_rank or c.seal_rank_time is null
             or j.submit_time < c.seal_rank_time or (now() >= c.end_time and c.auto_real_rank))))
         group by uid, pid
       ), stats as (
         select uid, sum(n)::int as total, (count(*) filter (where solved))::int as ac, coalesce(sum(best), 0)::int as score from per_problem group by uid
       )
       select u.uid, u.username, s.ac, s.total, s.score from stats s
       join group_member m on m.gid = $1 and m.uid = s.uid and m.auth >= 3 join user_info u on u.uid = s.uid
       where u.status = 0 order by s.ac desc, s.total asc, u.username asc`,
      [gid],
    );
    for (const row of plan.rows as Array<Record<string, string>>) console.log(`   ${row['QUERY PLAN']}`);
  }
  // In this process (no HTTP, no auth, no membership check): the rank's service under the group's scope and the group problem list's query.
  const ctx = { database } as unknown as AppContext;
  const time = async (name: string, f: (i: number) => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < 60; i++) {
      const a = performance.now();
      await f(i);
      ms.push(performance.now() - a);
    }
    console.log(`  in process (median of 55): ${name.padEnd(46)} ${median(ms.slice(5)).toFixed(2)} ms`);
  };
  await time('select 1', () => q('select 1'));
  // Computed on every call (the list forgotten first), then kept (group-rank-cache.ts: one check a call).
  await rankList(ctx, groupRankScope(gid), { type: 0, currentPage: 1, limit: PAGE });
  await database.listener.ready();
  await time('group rank ACM, page 1, computed each call', () => {
    forgetGroupRank(ctx, gid);
    return rankList(ctx, groupRankScope(gid), { type: 0, currentPage: 1, limit: PAGE });
  });
  await time('group rank ACM, page 1 (member1), kept', () => rankList(ctx, groupRankScope(gid), { type: 0, currentPage: 1, limit: PAGE }));
  await time('group rank OI, page 1 (member1), kept', () => rankList(ctx, groupRankScope(gid), { type: 1, currentPage: 1, limit: PAGE }));
  // The problem list of a group: a page in id order and its count, by gid (problem_gid_idx).
  await time('group problem list: page 1 + count (a group)', (i) => {
    const g = gids[(i * 37) % gids.length]!;
    return Promise.all([
      q(`select id, problem_id, title, difficulty, type, auth from problem where gid = $1 order by id limit ${PAGE}`, [g]),
      q(`select count(*)::int as n from problem where gid = $1`, [g]),
    ]);
  });
  await database.close();
  return { gid, gids };
}

async function measure(server: BenchServer, f: Filled) {
  const load = (name: string, reqOf: (i: number) => Req, o: Parameters<typeof loadRequests>[3]) => loadRequests(server, name, reqOf, o);
  const rank = (token: string, query: Record<string, string | number>): Req => ({
    method: 'GET',
    path: `/api/get-group-rank-list?${new URLSearchParams(Object.entries({ limit: PAGE, type: 0, ...query }).map(([k, v]): [string, string] => [k, String(v)]))}`,
    token,
  });
  const results: Result[] = [];
  const record = (r: Result) => {
    results.push(r);
    console.log(
      `  ${r.name.padEnd(48)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2).padStart(8)} ms  ` +
        `p99 ${r.p99.toFixed(2).padStart(8)} ms  CPU ${r.cpuMs.toFixed(2).padStart(7)} ms/req` +
        (r.errors ? `  ${r.errors} ERRORS: ${r.firstError}` : ''),
    );
    return r;
  };
  const member = await login(server, '/api/login', 'member1', USER_PASSWORD);
  const root = await login(server, '/api/admin/login', 'root', ROOT_PASSWORD);
  const anyGroup = (i: number) => f.gids[(i * 7919) % f.gids.length]!;
  const hello1 = record(await load('hello, 1 connection', () => ({ method: 'GET', path: '/bench/hello' }), { seconds: SECONDS / 2, connections: 1 }));
  const acm = record(await load('group rank ACM, own group, 1 conn', () => rank(member, { gid: f.gid }), { seconds: SECONDS, connections: 1 }));
  const oi = record(await load('group rank OI, own group, 1 conn', () => rank(member, { gid: f.gid, type: 1 }), { seconds: SECONDS, connections: 1 }));
  const spread = record(
    await load('group rank, 1 000 groups (super admin), 1 conn', (i) => rank(root, { gid: anyGroup(i), type: i % 2 }), { seconds: SECONDS, connections: 1 }),
  );
  const helloN = record(
    await load(`hello, ${CONNECTIONS} connections`, () => ({ method: 'GET', path: '/bench/hello' }), { seconds: SECONDS / 2, connections: CONNECTIONS }),
  );
  const spreadN = record(
    await load(`group rank, 1 000 groups, ${CONNECTIONS} connections`, (i) => rank(root, { gid: anyGroup(i), type: i % 2 }), {
      seconds: SECONDS,
      connections: CONNECTIONS,
    }),
  );

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
  const worst = Math.max(acm.p50, oi.p50, spread.p50);
  console.log(`\nwarm p50 (1 connection, worst of ACM / OI / any group): ${worst.toFixed(2)} ms`);
  console.log(
    `throughput over 1 000 groups: ${spreadN.rps.toFixed(0)} req/s at ${CONNECTIONS} connections (${(spreadN.rps / helloN.rps).toFixed(3)} of hello)`,
  );
}

runBench({
  scriptUrl: import.meta.url,
  prefix: 'oj-bench-group-',
  header: () => `${os.cpus().length} CPUs, ${CONNECTIONS} connections, ${SECONDS} s per measurement`,
  async prepare(site) {
    console.log('Filling');
    return fill(site.url);
  },
  // BENCH_PROFILE_ONLY: stop after the in-process figures, no server
  measure: process.env.BENCH_PROFILE_ONLY ? undefined : (server, _site, filled) => measure(server, filled),
});
