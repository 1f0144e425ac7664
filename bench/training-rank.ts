/**
 * Training rank at scale: a training with 50 problems, 5 000 participants and 200 000 submissions made
 * inside it, through the real server (GET /api/get-training-rank): page 1 and a deep page, cold (the
 * first request of each page on a freshly started server) and warm, against a hello-world route of the
 * same server in the same run.
 *
 *   npx tsx bench/training-rank.ts [SECONDS per measurement = 4] [CONNECTIONS = 16]
 *
 * Environment: BENCH_USERS (5000), BENCH_PROBLEMS (50), BENCH_SUBMISSIONS (200000), BENCH_COLD (20: cold
 * pages, one request each); BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of the page query of the last page;
 * BENCH_PIECES=1 times each query of a page alone (where the time goes); BENCH_PROFILE_ONLY=1 stops
 * after the in-process figures (no server, no load).
 *
 * How (the approach of scoreboard.ts): an embedded PostgreSQL in a temporary directory, migrated and
 * seeded like a fresh site, filled in SQL; the submissions are inserted with triggers off and the rank
 * rows then built by `rebuildTrainingRank` (what a whole recount costs is printed). In this process
 * the per-verdict refresh of one (training, user) is timed too: that is what judging pays so that
 * reading the rank is one index range of training_rank. The API server is the real `buildApp` in a
 * child process with `GET /bench/hello`; this process is the load generator.
 */
import os from 'node:os';
import { connect } from '../packages/server/src/db/client.js';
import { hashPassword } from '../packages/server/src/lib/password.js';
import { sql } from 'drizzle-orm';
import { permissionsOf } from '@oj/shared';
import { enteredTraining } from '../packages/server/src/modules/training/access.js';
import { problemIdsOf } from '../packages/server/src/modules/training/problems.js';
import { rebuildTrainingRank, trainingRank } from '../packages/server/src/modules/training/rank.js';
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
const N_USERS = Number(process.env.BENCH_USERS ?? 5000);
const N_PROBLEMS = Number(process.env.BENCH_PROBLEMS ?? 50);
const N_SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 200_000);
const N_COLD = Number(process.env.BENCH_COLD ?? 20);
const PAGE = 30;
const USER_PASSWORD = 'bench-user-password';

interface Filled {
  tid: number;
  rebuildMs: number;
  refreshMs: number;
  rows: number;
}

async function fill(url: string): Promise<Filled> {
  const database = connect(url, 1);
  const q = (text: string, values?: unknown[]) => database.pool.query(text, values);
  const t0 = Date.now();
  await q(`set synchronous_commit = off; select setseed(0.1212)`);
  await q(
    `insert into user_info (uid, username, password, email, nickname, realname, school, gmt_create, gmt_modified)
     select 'tr-' || i, 'learner' || i, 'scrypt$16384$bench$bench', 'learner' || i || '@bench.invalid', 'Learner ' || i, 'Name ' || i,
            'School ' || (1 + i % 180), now(), now()
     from generate_series(1, ${N_USERS}) i;
     insert into user_role (uid, role_id) select uid, 1002 from user_info where uid like 'tr-%';`,
  );
  await q(`update user_info set password = $1 where username = 'learner1'`, [await hashPassword(USER_PASSWORD)]);
  await q(
    `insert into problem (problem_id, title, author, type, difficulty, auth, description, input, output, examples, hint, source, gmt_create, gmt_modified)
     select 'TB' || i, 'Training problem ' || i, 'root', 0, 2, 1, 'Solve it.', 'In.', 'Out.', '[]'::jsonb, '', 'bench', now(), now()
     from generate_series(1, ${N_PROBLEMS}) i`,
  );
  const cat = await q(`insert into training_category (name, color) values ('Bench', '#2d8cf0') returning id`);
  const training = await q(
    `insert into training (title, description, author, uid, auth, rank, category_id)
     select 'Bench training', 'x', 'root', uid, 'Public', 1, $1 from user_info where username = 'root' returning id`,
    [cat.rows[0].id],
  );
  const tid = training.rows[0].id as number;
  await q(
    `insert into training_problem (tid, pid, rank, display_id)
     select $1, p.id, row_number() over (order by p.id), p.problem_id from problem p where p.problem_id like 'TB%'`,
    [tid],
  );
  // Submissions over 60 days: users and problems drawn with some skew (keen learners and early problems
  // get more), 35 % AC with run times of 1–900 ms, the rest mostly rejected. Triggers off for the bulk
  // insert (session_replication_role), then the rank rows are built in one pass below.
  const s = Date.now();
  await q(
    `create temp table tb_p as select row_number() over (order by tp.rank) as n, tp.pid, tp.display_id from training_problem tp where tp.tid = ${tid};
     create temp table tb_u as select row_number() over (order by uid) as n, uid, username from user_info where uid like 'tr-%';
     create unique index on tb_p (n); create unique index on tb_u (n); analyze tb_p; analyze tb_u;
     set session_replication_role = replica;
     insert into judge (pid, display_pid, uid, username, status, score, time, memory, length, language, code,
        submit_time, cid, cpid, tid, judger, version, gmt_modified)
     select p.pid, p.display_id, u.uid, u.username, g.status, null, 1 + (g.i * 7919) % 900, 2048, 200, 'C++', 'x',
            now() - interval '60 days' + (g.i::float8 / ${N_SUBMISSIONS}) * interval '60 days',
            0, 0, ${tid}, 'judge-1', 0, now()
     from (
       select i,
              1 + floor(power(random(), 1.5) * ${N_PROBLEMS})::int as pn,
              1 + floor(power(random(), 1.3) * ${N_USERS})::int as un,
              (array[0,0,0,0,0,0,0,-1,-1,-1,-1,-1,1,1,3,-2,2,-3,0,-1])[1 + floor(random() * 20)::int] as status
       from generate_series(1, ${N_SUBMISSIONS}) i
     ) g
     join tb_p p on p.n = g.pn
     join tb_u u on u.n = g.un
     order by g.i;
     set session_replication_role = origin;`,
  );
  const inserted = Date.now() - s;
  const r0 = performance.now();
  const rows = await rebuildTrainingRank(database.db, tid);
  const rebuildMs = performance.now() - r0;
  await q('vacuum analyze');
  // The price of a verdict: 300 users each get one submission's verdict flipped (AC <-> WA), which the
  // judge table's trigger turns into a refresh of their (training, user) row in the same statement.
  // This also leaves the rank table as an active training has it between two autovacuums.
  const sample = await q(`select uid, min(submit_id) as submit_id from judge where tid = $1 group by uid order by random() limit 300`, [tid]);
  const times: number[] = [];
  for (const { submit_id } of sample.rows as { submit_id: number }[]) {
    const a = performance.now();
    await q(`update judge set status = case when status = 0 then -1 else 0 end where submit_id = $1`, [submit_id]);
    times.push(performance.now() - a);
  }
  console.log(
    `  ${N_USERS} users, ${N_PROBLEMS} problems, ${N_SUBMISSIONS} submissions in ${(inserted / 1000).toFixed(1)} s; ` +
      `${rows} rank rows built in ${(rebuildMs / 1000).toFixed(2)} s (all ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
  if (process.env.BENCH_EXPLAIN) {
    const order = 'r.ac desc nulls last, r.total_run_time, r.last_ac_time, r.uid';
    const plan = await q(
      `explain (analyze, buffers) select p.rank, p.uid, u.*, r.ac, r.total_run_time, r.cells
       from (select row_number() over (order by ${order}) as rank, r.uid from training_rank r where r.tid = $1 order by ${order} limit 30 offset 4950) p
       cross join lateral (select u.username, u.realname, u.nickname, u.gender, u.school, u.avatar from user_info u where u.uid = p.uid limit 1) u
       cross join lateral (select r.ac, r.total_run_time, r.cells from training_rank r where r.tid = $1 and r.uid = p.uid limit 1) r
       order by p.rank`,
      [tid],
    );
    for (const row of plan.rows as Array<Record<string, string>>) console.log(`   ${row['QUERY PLAN']}`);
  }
  // The service itself, in this process (no HTTP, no auth): page 1 and the last page.
  const [learner] = (await q(`select uid from user_info where username = 'learner1'`)).rows as { uid: string }[];
  const viewer = { uid: learner!.uid, username: 'learner1', roles: [1002], permissions: permissionsOf([1002]), sessionId: 'bench' };
  const inProcess: Record<string, number> = {};
  for (const [name, currentPage] of [
    ['page 1', 1],
    ['last page', Math.ceil(rows / PAGE)],
  ] as const) {
    const ms: number[] = [];
    for (let i = 0; i < 40; i++) {
      const a = performance.now();
      await trainingRank(database.db, viewer, { tid, currentPage, limit: PAGE });
      ms.push(performance.now() - a);
    }
    inProcess[name] = median(ms.slice(5));
  }
  if (process.env.BENCH_PIECES) {
    // Where the time of one page goes (each piece alone, median of 30).
    const time = async (name: string, f: () => Promise<unknown>) => {
      const ms: number[] = [];
      for (let i = 0; i < 30; i++) {
        const a = performance.now();
        await f();
        ms.push(performance.now() - a);
      }
      console.log(`   ${name}: ${median(ms).toFixed(2)} ms`);
    };
    const order = 'r.ac desc nulls last, r.total_run_time, r.last_ac_time, r.uid';
    await time('select 1', () => q('select 1'));
    await time('count', () => q(`select count(*)::int as n from training_rank where tid = $1`, [tid]));
    await time('explain count', async () => {
      const plan = await q(`explain (analyze, buffers) select count(*)::int as n from training_rank where tid = $1`, [tid]);
      if (process.env.BENCH_PIECES === '2') for (const row of plan.rows as Array<Record<string, string>>) console.log(`   ${row['QUERY PLAN']}`);
    });
    await time('page 1 query', () =>
      q(
        `select p.rank, p.uid, u.*, r.ac, r.total_run_time, r.cells
         from (select row_number() over (order by ${order}) as rank, r.uid from training_rank r where r.tid = $1 order by ${order} limit 30 offset 0) p
         cross join lateral (select u.username, u.realname, u.nickname, u.gender, u.school, u.avatar from user_info u where u.uid = p.uid limit 1) u
         cross join lateral (select r.ac, r.total_run_time, r.cells from training_rank r where r.tid = $1 and r.uid = p.uid limit 1) r
         order by p.rank`,
        [tid],
      ),
    );
    await time('problem ids', () => q(`select tp.pid, p.problem_id from training_problem tp join problem p on p.id = tp.pid where tp.tid = $1`, [tid]));
    await time('service page 1', () => trainingRank(database.db, viewer, { tid, currentPage: 1, limit: PAGE }));
    await time('enteredTraining', () => enteredTraining(database.db, tid, viewer));
    await time('problemIdsOf', () => problemIdsOf(database.db, tid));
    await time('drizzle count', () => database.db.execute(sql`select count(*)::int as n from training_rank where tid = ${tid}`));
    await time('drizzle page', () =>
      database.db.execute(
        sql`select p.rank, p.uid, u.*, r.ac, r.total_run_time, r.cells
         from (select row_number() over (order by r.ac desc nulls last, r.total_run_time, r.last_ac_time, r.uid) as rank, r.uid from training_rank r where r.tid = ${tid} order by r.ac desc nulls last, r.total_run_time, r.last_ac_time, r.uid limit ${30} offset ${0}) p
         cross join lateral (select u.username, u.realname, u.nickname, u.gender, u.school, u.avatar from user_info u where u.uid = p.uid limit 1) u
         cross join lateral (select r.ac, r.total_run_time, r.cells from training_rank r where r.tid = ${tid} and r.uid = p.uid limit 1) r
         order by p.rank`,
      ),
    );
  }
  console.log(`  in process (median of 35): page 1 ${inProcess['page 1']!.toFixed(2)} ms, last page ${inProcess['last page']!.toFixed(2)} ms`);
  await database.close();
  return { tid, rebuildMs, refreshMs: median(times), rows };
}

async function measure(server: BenchServer, f: Filled) {
  const load = (name: string, reqOf: (i: number) => Req, o: Parameters<typeof loadRequests>[3]) => loadRequests(server, name, reqOf, o);
  const lastPage = Math.max(1, Math.ceil(f.rows / PAGE));
  const rank = (token: string, query: Record<string, string | number>): Req => ({
    method: 'GET',
    path: `/api/get-training-rank?${new URLSearchParams(Object.entries({ tid: f.tid, limit: PAGE, ...query }).map(([k, v]): [string, string] => [k, String(v)]))}`,
    token,
  });
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
  const user = await login(server, '/api/login', 'learner1', USER_PASSWORD);
  const root = await login(server, '/api/admin/login', 'root', ROOT_PASSWORD);
  // Cold first: this server has not read the training yet; each page once, one at a time.
  const coldPages = (i: number) => rank(user, { currentPage: i % 2 === 0 ? 1 + i : lastPage - i });
  const cold = record(await load('cold: first read of 20 pages (1 at a time)', coldPages, { count: N_COLD, connections: 1, warmup: false }));
  const hello1 = record(await load('hello, 1 connection', () => ({ method: 'GET', path: '/bench/hello' }), { seconds: SECONDS / 2, connections: 1 }));
  const page1 = record(await load('warm: page 1, 1 conn', () => rank(user, {}), { seconds: SECONDS, connections: 1 }));
  const deep = record(await load(`warm: page ${lastPage} (last), 1 conn`, () => rank(user, { currentPage: lastPage }), { seconds: SECONDS, connections: 1 }));
  const admin = record(await load('warm: page 1 as training admin, 1 conn', () => rank(root, {}), { seconds: SECONDS, connections: 1 }));
  const search = record(
    await load('warm: username search, 1 conn', (i) => rank(user, { keyword: `learner${1 + ((i * 37) % 500)}` }), { seconds: SECONDS, connections: 1 }),
  );
  const helloN = record(
    await load(`hello, ${CONNECTIONS} connections`, () => ({ method: 'GET', path: '/bench/hello' }), { seconds: SECONDS / 2, connections: CONNECTIONS }),
  );
  const pagesN = record(
    await load(`warm: pages 1-${lastPage}, ${CONNECTIONS} connections`, (i) => rank(user, { currentPage: 1 + ((i * 7) % lastPage) }), {
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
  const goal = Math.max(page1.p50, deep.p50, admin.p50);
  console.log(`\nwarm p50 (1 connection, worst of page 1 / last page / admin): ${goal.toFixed(2)} ms — goal ≤ 20 ms: ${goal <= 20 ? 'met' : 'NOT met'}`);
  console.log(`search p50 ${search.p50.toFixed(2)} ms; cold p50 ${cold.p50.toFixed(2)} ms, p99 ${cold.p99.toFixed(2)} ms`);
  console.log(
    `warm throughput over all pages: ${pagesN.rps.toFixed(0)} req/s at ${CONNECTIONS} connections (${(pagesN.rps / helloN.rps).toFixed(3)} of hello)`,
  );
  console.log(
    `per verdict: the verdict's update with the refresh of its (training, user) ${f.refreshMs.toFixed(2)} ms (median of 300); a whole recount of the training ` +
      `${(f.rebuildMs / 1000).toFixed(2)} s — ${(f.rebuildMs / f.refreshMs).toFixed(0)}× one refresh`,
  );
}

runBench({
  scriptUrl: import.meta.url,
  prefix: 'oj-bench-training-',
  header: () => `${os.cpus().length} CPUs, ${CONNECTIONS} connections, ${SECONDS} s per measurement`,
  async prepare(site) {
    console.log('Filling');
    return fill(site.url);
  },
  // BENCH_PROFILE_ONLY: stop after the in-process figures, no server
  measure: process.env.BENCH_PROFILE_ONLY ? undefined : (server, _site, filled) => measure(server, filled),
});
