/**
 * List pages at scale: throughput and latency of the problem list and the status (submission) list
 * with 10 000 problems and 1 000 000 submissions in the database, against a hello-world route of the
 * same server in the same run — so the ratios, not the absolute figures, are what to compare between
 * machines and runs (each route's ratios are taken against a baseline run just before it).
 *
 *   npx tsx bench/list-throughput.ts [SECONDS per route = 4] [CONNECTIONS = 16] [ROUNDS = 1]
 *
 * Environment: BENCH_PROBLEMS (10000), BENCH_SUBMISSIONS (1000000), BENCH_USERS (3000);
 * BENCH_PG_DIR=dir keeps the filled database there and reuses it on the next run (filling takes two
 * or three minutes; without it a temporary directory is used and removed at the end);
 * BENCH_ONLY=substring runs only the routes whose name contains it; BENCH_EXPLAIN=1 prints the
 * EXPLAIN ANALYZE of the list queries after the run.
 *
 * How: an embedded PostgreSQL in a temporary directory, migrated and seeded like a fresh site, then
 * filled in SQL (generate_series) with a skewed, site-like distribution (a few users and problems get
 * most submissions; verdicts, languages, contest share and times as on a busy judge), then VACUUM
 * ANALYZE as autovacuum would have done on a live site. The API server runs in a child process (the
 * real `buildApp`, one extra route `GET /bench/hello` registered on the same Fastify instance before
 * listen); this process is the load generator: N keep-alive connections in a closed loop, each
 * request timed, every answer checked to be HTTP 200 with envelope status 200. Query parameters
 * rotate over many values (users, problems, pages, tags) so one hot row does not stand for a route.
 * Besides req/s and latency, each route reports the CPU time of the server and PostgreSQL per request
 * (from /proc): on a shared machine that is the figure that stays comparable between runs.
 */
import os from 'node:os';
import { encodeSubmissionCursor } from '@oj/shared';
import { AC_CPP } from '@oj/test-fixtures';
import { buildApp } from '../packages/server/src/app.js';
import { connect } from '../packages/server/src/db/client.js';
import { repairVerdictCounts } from '../packages/server/src/modules/problem/verdict-counts.js';
import {
  benchServerConfig as serverConfig,
  load as loadRequests,
  median,
  runBench,
  type BenchServer,
  type BenchSite,
  type LoadResult as Result,
} from './lib/server-load.js';

const SECONDS = Number(process.argv[2] ?? 4);
const CONNECTIONS = Number(process.argv[3] ?? 16);
const ROUNDS = Number(process.argv[4] ?? 1);
const N_PROBLEMS = Number(process.env.BENCH_PROBLEMS ?? 10_000);
const N_SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 1_000_000);
const N_USERS = Number(process.env.BENCH_USERS ?? 3000);
const N_TAGS = 60;

// ---------------------------------------------------------------------------------------------
// Filling the database

/** Deterministic pseudo-random numbers in SQL: setseed() makes random() repeatable per session. */
async function fill(url: string) {
  const database = connect(url, 1);
  const q = (text: string) => database.pool.query(text);
  const t0 = Date.now();
  const step = async (what: string, text: string) => {
    const s = Date.now();
    await q(text);
    console.log(`  ${what}: ${((Date.now() - s) / 1000).toFixed(1)} s`);
  };
  await q(`set synchronous_commit = off; set maintenance_work_mem = '256MB'; set work_mem = '64MB'`);
  await q(`select setseed(0.4242)`);

  await step(
    `${N_USERS} users`,
    `insert into user_info (uid, username, password, email, nickname, gmt_create, gmt_modified)
     select 'bench-' || i, 'user' || i, 'scrypt$16384$bench$bench', 'user' || i || '@bench.invalid', 'User ' || i,
            now() - interval '800 days' + i * interval '5 minutes', now()
     from generate_series(1, ${N_USERS}) i;
     insert into user_role (uid, role_id) select uid, 1002 from user_info where uid like 'bench-%';`,
  );

  const words = [
    'Sum',
    'Tree',
    'Graph',
    'Path',
    'String',
    'Matrix',
    'Prime',
    'Game',
    'Query',
    'Range',
    'Array',
    'Queue',
    'Stack',
    'Bit',
    'Circle',
    'Square',
    'Knight',
    'Robot',
    'Coins',
    'Bridge',
    'Island',
    'Palindrome',
    'Sequence',
    'Interval',
    'Maximum',
    'Minimum',
    'Shortest',
    'Longest',
    'Counting',
    'Magic',
    'Tower',
    'Garden',
    'Candy',
    'Number',
    'Digits',
    'Factory',
    'River',
    'Train',
  ];
  const wordArray = `array[${words.map((w) => `'${w}'`).join(',')}]`;
  const pick = (expr: string) => `(${wordArray})[1 + floor(${expr} * ${words.length})::int]`;
  const statement = 'Given the input described below, compute the answer and print it on one line. '.repeat(12);
  await step(
    `${N_PROBLEMS} problems`,
    `insert into problem (problem_id, title, author, type, difficulty, auth, description, input, output, examples, hint, source, gmt_create, gmt_modified)
     select 'P' || (999 + i), ${pick('random()')} || ' ' || ${pick('random()')} || ' ' || ${pick('random()')},
            'root', case when random() < 0.1 then 1 else 0 end,
            -- most problems are easy or normal, few very hard
            (array[0,1,1,2,2,2,3,3,4,5])[1 + floor(random() * 10)::int],
            -- 1 public, 2 hidden, 3 contest-only
            case when random() < 0.93 then 1 when random() < 0.7 then 2 else 3 end,
            '${statement}' || i, 'Two integers.', 'One integer.', '[{"input":"1 2","output":"3"}]'::jsonb, '', 'bench',
            now() - interval '800 days' + i * interval '1 hour', now()
     from generate_series(1, ${N_PROBLEMS}) i`,
  );

  await step(
    `${N_TAGS} tags, 1-4 per problem`,
    `insert into tag_classification (name, rank) select 'Class ' || c, c from generate_series(1, 6) c;
     insert into tag (name, color, oj, tcid)
       select 'tag-' || t, '#3f8600', 'ME', (select id from tag_classification order by id limit 1 offset (t % 6)) from generate_series(1, ${N_TAGS}) t;
     insert into problem_tag (pid, tid)
       select distinct p.id, tg.id from problem p
       cross join lateral generate_series(1, 1 + floor(random() * 4)::int + (p.id * 0)) k
       -- a few tags (greedy, dp, math…) are on many problems, most on few
       join lateral (select id from tag order by id offset floor(power(random(), 2) * ${N_TAGS})::int + (k * 0) limit 1) tg on true;`,
  );

  // Problems and users by rank of popularity; submissions pick them with a power law.
  const languages =
    `array['C++','C++','C++','C++','C++','C++','C++','C++','C++','C++','C++',` + `'C','C','Python3','Python3','Python3','Java','Java','Java','Python2']`;
  // a few KB of code a row, as real submissions carry
  const code = AC_CPP.repeat(40);
  // Loading is not what is measured: the secondary indexes of `judge` are dropped and built again after
  // the load (a sorted build is several times faster than a million inserts into each of them), and
  // foreign-key triggers are skipped (the rows reference existing users by construction).
  await q(`create temp table bench_idx as
             select indexname, indexdef from pg_indexes
             where schemaname = 'public' and tablename = 'judge'
               and indexname not in (select conname from pg_constraint where conrelid = 'judge'::regclass);
           do $$ declare r record; begin
             for r in select indexname from bench_idx loop execute 'drop index ' || quote_ident(r.indexname); end loop;
           end $$;
           set session_replication_role = replica;`);
  await step(
    `${N_SUBMISSIONS} submissions`,
    `create temp table bench_p as select row_number() over (order by id) as n, id, problem_id from problem;
     create temp table bench_u as select row_number() over (order by uid) as n, uid, username from user_info where uid like 'bench-%';
     create unique index on bench_p (n); create unique index on bench_u (n); analyze bench_p; analyze bench_u;
     insert into judge (pid, display_pid, uid, username, status, score, time, memory, length, language, code, submit_time,
                        cid, cpid, judger, version, gmt_modified)
     select p.id,
            case when g.contest then chr(65 + (g.i % 6)) else p.problem_id end,
            u.uid, u.username, g.status,
            case when g.status = 0 then 100 when g.status = 8 then 10 + (g.i % 80) when g.status in (-1, 1, 2, 3, -3) then 0 end,
            case when g.status in (-2, 5, 7) then null else (g.i::bigint * 7919) % 1000 end,
            case when g.status in (-2, 5, 7) then null else 1024 + (g.i::bigint * 104729) % 65536 end,
            g.len, g.lang, left('${code}', g.len),
            now() - (${N_SUBMISSIONS} - g.i) * interval '1 minute',
            case when g.contest then 1 + (g.i % 300) else 0 end,
            case when g.contest then 1 + (g.i % 1800) else 0 end,
            case when g.status in (5, 7) then null else 'judge-' || (1 + g.i % 2) end, 0, now()
     from (
       select i,
              1 + floor(power(random(), 1.6) * ${N_PROBLEMS})::int as pn,
              1 + floor(power(random(), 2) * ${N_USERS})::int as un,
              random() < 0.08 as contest,
              (${languages})[1 + floor(random() * 20)::int] as lang,
              120 + floor(random() * random() * 2800)::int as len,
              -- the newest few are still waiting or being judged
              case when i > ${N_SUBMISSIONS} - 20 then 5 when i > ${N_SUBMISSIONS} - 25 then 7 else
                (array[0,0,0,0,0,0,0,-1,-1,-1,-1,-1,1,1,2,3,3,-3,-2,-2,8,4])[1 + floor(random() * 22)::int] end as status
       from generate_series(1, ${N_SUBMISSIONS}) i
     ) g
     join bench_p p on p.n = g.pn
     join bench_u u on u.n = g.un
     order by g.i`,
  );
  await q(`set session_replication_role = origin`);
  await step('indexes of judge', `do $$ declare r record; begin for r in select indexdef from bench_idx loop execute r.indexdef; end loop; end $$`);
  await step('vacuum analyze', `vacuum analyze`);
  console.log(`  filled in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  await database.close();
}

/** A fixed pseudo-random sequence (mulberry32), so every run asks for the same things. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function routes(): Array<{ name: string; path: (i: number) => string }> {
  const r = rng(7);
  const many = <T>(n: number, f: () => T) => Array.from({ length: n }, f);
  const rot =
    <T>(xs: T[]) =>
    (i: number) =>
      xs[i % xs.length]!;
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  // Users and problems drawn like the data (popular ones more often), so some are big and some small.
  const user = rot(many(500, () => `user${1 + Math.floor(r() ** 2 * N_USERS)}`));
  const prob = rot(many(500, () => `P${999 + 1 + Math.floor(r() ** 1.6 * N_PROBLEMS)}`));
  const keyword = rot(['tree', 'Graph', 'path', 'magic', 'Palindrome', 'coins', 'P12', 'river tr', 'longest', 'xyz']);
  // More distinct filters than a node keeps pages (problem/list-cache.ts), asked in a cycle: every
  // request computes its page (two letters match many titles, so the total is counted too).
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const coldKeyword = (i: number) => letters[i % 26]! + letters[Math.floor(i / 26) % 26]!;
  const coldPage = (i: number) => 1 + (Math.floor(i / 676) % 3);
  const tag = rot(many(200, () => String(int(1, N_TAGS))));
  const tag2 = rot(many(200, () => `${int(1, 10)},${int(11, N_TAGS)}`));
  const status = rot([0, -1, 1, 3, -2, 8, 2, -3]);
  // Public problems are ~93 % of all: the last pages at 30 per page.
  const lastProblemPage = Math.max(1, Math.floor((N_PROBLEMS * 0.93) / 30));
  const deepProblemPage = rot(many(200, () => String(int(Math.floor(lastProblemPage * 0.8), lastProblemPage))));
  const lastSubmissionPage = Math.max(1, Math.floor((N_SUBMISSIONS * 0.92) / 50));
  const deepSubmissionPage = rot(many(200, () => String(int(Math.floor(lastSubmissionPage * 0.3), lastSubmissionPage))));
  // Deep pages by cursor: the page after a submission a third of the way down or deeper, as next/previous
  // from such a page asks for it (the same depths as the deep pages by number above).
  const deepCursor = rot(
    many(200, () =>
      encodeURIComponent(
        encodeSubmissionCursor({ dir: r() < 0.8 ? 'next' : 'prev', submitId: int(Math.floor(N_SUBMISSIONS * 0.08), Math.floor(N_SUBMISSIONS * 0.7)) }),
      ),
    ),
  );
  const P = '/api/get-problem-list?';
  const S = '/api/get-submission-list?';
  return [
    { name: 'problems: page 1', path: () => `${P}currentPage=1&limit=30` },
    { name: 'problems: keyword', path: (i) => `${P}keyword=${encodeURIComponent(keyword(i))}&limit=30` },
    { name: 'problems: keyword, not kept', path: (i) => `${P}keyword=${coldKeyword(i)}&currentPage=${coldPage(i)}&limit=30` },
    { name: 'problems: 1 tag', path: (i) => `${P}tagId=${tag(i)}&limit=30` },
    { name: 'problems: 2 tags', path: (i) => `${P}tagId=${encodeURIComponent(tag2(i))}&limit=30` },
    { name: 'problems: difficulty', path: (i) => `${P}difficulty=${i % 6}&limit=30` },
    { name: 'problems: deep page', path: (i) => `${P}currentPage=${deepProblemPage(i)}&limit=30` },
    { name: 'status: page 1', path: () => `${S}currentPage=1&limit=50` },
    { name: 'status: by problem', path: (i) => `${S}problemID=${prob(i)}&limit=50` },
    { name: 'status: by problem (exact)', path: (i) => `${S}problemID=${prob(i)}&completeProblemID=true&limit=50` },
    { name: 'status: by username', path: (i) => `${S}username=${user(i)}&limit=50` },
    { name: 'status: by status', path: (i) => `${S}status=${status(i)}&limit=50` },
    { name: 'status: by user + status', path: (i) => `${S}username=${user(i)}&status=${status(i)}&limit=50` },
    { name: 'status: deep page', path: (i) => `${S}currentPage=${deepSubmissionPage(i)}&limit=50` },
    { name: 'status: deep page (cursor)', path: (i) => `${S}cursor=${deepCursor(i)}&limit=50` },
    { name: 'status: by status (cursor)', path: (i) => `${S}status=${status(i)}&cursor=${deepCursor(i)}&limit=50` },
    { name: 'rank: ACM page 1', path: () => `/api/get-rank-list?type=0&currentPage=1&limit=30` },
    { name: 'rank: OI, search user', path: (i) => `/api/get-rank-list?type=1&searchUser=${user(i)}&limit=30` },
  ];
}

// ---------------------------------------------------------------------------------------------
// EXPLAIN ANALYZE of the list queries (BENCH_EXPLAIN=1): the SQL the services send, caught from the pool.

async function explain(url: string) {
  const config = serverConfig(os.tmpdir(), url);
  const database = connect(url, 1);
  const seen: Array<{ text: string; values: unknown[] }> = [];
  const orig = database.pool.query.bind(database.pool) as (...a: unknown[]) => Promise<unknown>;
  (database.pool as unknown as { query: unknown }).query = (...a: unknown[]) => {
    const c = a[0] as { text?: string; values?: unknown[] } | string;
    if (typeof c === 'object' && c?.text && /from "?(judge|problem)"?/.test(c.text)) seen.push({ text: c.text, values: c.values ?? (a[1] as unknown[]) ?? [] });
    return orig(...a);
  };
  const app = await buildApp({ config, database });
  await app.ready();
  const probes = [
    '/api/get-problem-list?currentPage=1&limit=30',
    '/api/get-problem-list?keyword=tree&limit=30',
    '/api/get-problem-list?tagId=3,17&limit=30',
    '/api/get-submission-list?currentPage=1&limit=50',
    '/api/get-submission-list?problemID=P1005&limit=50',
    '/api/get-submission-list?problemID=p9876&limit=50',
    '/api/get-submission-list?problemID=P3005&completeProblemID=true&limit=50',
    '/api/get-submission-list?username=user1500&limit=50',
    '/api/get-submission-list?status=3&limit=50',
    '/api/get-submission-list?username=user1500&status=-1&limit=50',
    `/api/get-submission-list?currentPage=${Math.floor(N_SUBMISSIONS / 100)}&limit=50`,
    `/api/get-submission-list?cursor=${encodeSubmissionCursor({ dir: 'next', submitId: Math.floor(N_SUBMISSIONS / 2) })}&limit=50`,
    `/api/get-submission-list?cursor=${encodeSubmissionCursor({ dir: 'prev', submitId: Math.floor(N_SUBMISSIONS / 2) })}&limit=50`,
  ];
  for (const url of probes) {
    seen.length = 0;
    await app.inject({ method: 'GET', url });
    console.log(`\n### ${url}`);
    for (const s of [...seen]) {
      const plan = await orig({ text: `explain (analyze, buffers) ${s.text}`, values: s.values });
      console.log(`-- ${s.text.replace(/\s+/g, ' ').slice(0, 300)}`);
      for (const row of (plan as { rows: Array<Record<string, string>> }).rows) console.log(`   ${row['QUERY PLAN']}`);
    }
  }
  await app.close();
  await database.close();
}

// ---------------------------------------------------------------------------------------------

/** The database as the bench needs it: filled when new, analyzed again when kept from an earlier run. */
async function prepare(site: BenchSite) {
  const database = connect(site.url, 1);
  const [{ n }] = (await database.pool.query<{ n: number }>(`select count(*)::int as n from judge`)).rows;
  if (n === 0) {
    await database.close();
    console.log(`Filling: ${N_USERS} users, ${N_PROBLEMS} problems, ${N_SUBMISSIONS} submissions`);
    await fill(site.url);
  } else {
    console.log(`Database already holds ${n} submissions`);
    await database.close();
  }
  // The fill writes `judge` with its triggers off, and a database kept from before the verdict counters
  // has none: the counters are computed by the repair (`oj repair-counts`), timed here.
  const counted = connect(site.url, 1);
  const t0 = Date.now();
  const fixed = await repairVerdictCounts(counted.db);
  console.log(`  verdict counters repaired: ${fixed} written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // Indexes and tables added since the data was filled are new: make sure the planner knows them.
  await counted.pool.query('vacuum analyze');
  await counted.close();
}

async function measure(server: BenchServer, site: BenchSite) {
  const load = (name: string, pathOf: (i: number) => string, seconds: number, connections: number) =>
    loadRequests(server, name, (i) => ({ method: 'GET', path: pathOf(i) }), { seconds, connections });

  const only = process.env.BENCH_ONLY;
  const list = routes().filter((r) => !only || r.name.includes(only));
  const hello = { name: 'hello (baseline)', path: () => '/bench/hello' };
  const results = new Map<string, Result[]>();
  const record = (r: Result) => {
    results.set(r.name, [...(results.get(r.name) ?? []), r]);
    console.log(
      `  ${r.name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(7)} ms  ` +
        `p99 ${r.p99.toFixed(1).padStart(7)} ms  CPU ${r.cpuMs.toFixed(2).padStart(7)} ms/req (server ${r.serverCpuMs.toFixed(2)})` +
        (r.errors ? `  ${r.errors} ERRORS: ${r.firstError}` : ''),
    );
  };
  // Each route is measured right after a short run of the baseline, and its ratios are taken against
  // that run: other work on the machine (2 cores shared) changes from minute to minute, and a ratio
  // of two runs seconds apart is what stays comparable.
  const HELLO_SECONDS = Math.max(1, SECONDS / 2);
  const ratios = new Map<string, Array<{ rps: number; p99: number; cpu: number }>>();
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`Round ${round}`);
    for (const r of list) {
      const base = await load(hello.name, hello.path, HELLO_SECONDS, CONNECTIONS);
      record(base);
      const res = await load(r.name, r.path, SECONDS, CONNECTIONS);
      record(res);
      ratios.set(r.name, [...(ratios.get(r.name) ?? []), { rps: res.rps / base.rps, p99: res.p99 / base.p99, cpu: res.cpuMs / base.cpuMs }]);
    }
  }

  const summary = (name: string) => {
    const rs = results.get(name)!;
    return {
      rps: median(rs.map((r) => r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      cpuMs: median(rs.map((r) => r.cpuMs)),
      serverCpuMs: median(rs.map((r) => r.serverCpuMs)),
      errors: rs.reduce((a, r) => a + r.errors, 0),
    };
  };
  const helloRps = (results.get(hello.name) ?? []).map((r) => r.rps);
  console.log(`\nbaseline runs: ${Math.min(...helloRps).toFixed(0)}–${Math.max(...helloRps).toFixed(0)} req/s (the machine's load moved that much)`);
  console.log(`\n| route | req/s | p50 ms | p99 ms | CPU ms/req | of it server | req/s ÷ hello | p99 ÷ hello | CPU/req ÷ hello |`);
  console.log(`|---|---|---|---|---|---|---|---|---|`);
  for (const name of list.length ? [hello.name, ...list.map((r) => r.name)] : []) {
    const s = summary(name);
    const rs = ratios.get(name);
    const rr = rs ? median(rs.map((x) => x.rps)) : 1;
    const rp = rs ? median(rs.map((x) => x.p99)) : 1;
    const rc = rs ? median(rs.map((x) => x.cpu)) : 1;
    console.log(
      `| ${name} | ${s.rps.toFixed(0)} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.cpuMs.toFixed(2)} | ${s.serverCpuMs.toFixed(2)} | ` +
        `${rr.toFixed(3)} | ${rp.toFixed(1)}× | ${rc.toFixed(1)}× |` +
        (s.errors ? ` ${s.errors} errors` : ''),
    );
  }
  // The issue's targets, CPU of the server and PostgreSQL per request.
  const worst = (prefix: string) => Math.max(...list.filter((r) => r.name.startsWith(prefix)).map((r) => summary(r.name).cpuMs));
  if (list.some((r) => r.name.startsWith('problems:'))) console.log(`\nproblem list pages: worst ${worst('problems:').toFixed(2)} ms CPU/req (target ≤ 3 ms)`);
  if (list.some((r) => r.name.startsWith('status:'))) console.log(`status pages: worst ${worst('status:').toFixed(2)} ms CPU/req (target ≤ 2 ms)`);
  if (process.env.BENCH_EXPLAIN) await explain(site.url);
}

runBench({
  scriptUrl: import.meta.url,
  prefix: 'oj-bench-lists-',
  keepPgDir: process.env.BENCH_PG_DIR,
  header: ({ pgDir, reused }) =>
    `${os.cpus().length} CPUs, ${CONNECTIONS} connections, ${SECONDS} s per route, ${ROUNDS} round(s)\n` +
    `PostgreSQL data: ${pgDir}${reused ? ' (reused)' : ''}`,
  prepare,
  measure,
});
