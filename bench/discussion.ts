/**
 * Discussions at scale: 100 000 discussions, 2 000 000 comments, 5 000 users and 500 000 messages,
 * through the real server: get-discussion-list page 1, a deep page, a keyword search, the count of a
 * problem's discussions, get-discussion-detail (which counts a view, i.e. writes), and msg/unread (the
 * counters every open tab polls), against a hello-world route of the same server in the same run.
 *
 *   npx tsx bench/discussion.ts [SECONDS per measurement = 4] [CONNECTIONS = 16]
 *
 * Environment: BENCH_DISCUSSIONS (100000), BENCH_COMMENTS (2000000), BENCH_USERS (5000),
 * BENCH_REMINDS (500000); BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of each call's queries.
 *
 * How (the approach of training-rank.ts): an embedded PostgreSQL in a temporary directory, migrated and
 * seeded like a fresh site, filled in SQL (generate_series; foreign-key triggers off for the bulk
 * insert, counters then set from the rows), VACUUM ANALYZE; the API server is the real `buildApp` in a
 * child process with `GET /bench/hello`; this process is the load generator and reads the CPU time of
 * the server and every PostgreSQL process per request.
 */
import os from 'node:os';
import { connect } from '../packages/server/src/db/client.js';
import { hashPassword } from '../packages/server/src/lib/password.js';
import { load as loadRequests, login, runBench, type BenchServer, type LoadResult as Result, type Req } from './lib/server-load.js';

const SECONDS = Number(process.argv[2] ?? 4);
const CONNECTIONS = Number(process.argv[3] ?? 16);
const N_DISCUSSIONS = Number(process.env.BENCH_DISCUSSIONS ?? 100_000);
const N_COMMENTS = Number(process.env.BENCH_COMMENTS ?? 2_000_000);
const N_USERS = Number(process.env.BENCH_USERS ?? 5000);
const N_REMINDS = Number(process.env.BENCH_REMINDS ?? 500_000);
const N_PROBLEMS = 200;
const PAGE = 10;
const USER_PASSWORD = 'bench-user-password';

interface Filled {
  visible: number;
}

async function fill(url: string): Promise<Filled> {
  const database = connect(url, 1);
  const q = (text: string, values?: unknown[]) => database.pool.query(text, values);
  const t0 = Date.now();
  await q(`set synchronous_commit = off; select setseed(0.1313)`);
  // Users: every 50th has a title tag, every 500th is an admin (the ADM badge).
  await q(
    `insert into user_info (uid, username, password, email, title_name, title_color, gmt_create, gmt_modified)
     select 'dx-' || i, 'talker' || i, 'scrypt$16384$bench$bench', 'talker' || i || '@bench.invalid',
            case when i % 50 = 0 then 'Expert' end, case when i % 50 = 0 then '#ff9900' end, now(), now()
     from generate_series(1, ${N_USERS}) i;
     insert into user_role (uid, role_id) select 'dx-' || i, case when i % 500 = 0 then 1001 else 1002 end from generate_series(1, ${N_USERS}) i;`,
  );
  await q(`update user_info set password = $1 where username = 'talker1'`, [await hashPassword(USER_PASSWORD)]);
  await q(
    `insert into problem (problem_id, title, author, type, difficulty, auth, description, input, output, examples, hint, source, gmt_create, gmt_modified)
     select 'DB' || i, 'Discussed problem ' || i, 'root', 0, 2, 1, 'Solve it.', 'In.', 'Out.', '[]'::jsonb, '', 'bench', now(), now()
     from generate_series(1, ${N_PROBLEMS}) i`,
  );
  // Discussions over two years, oldest first (ids grow with time): a fifth about a problem, 2 % hidden,
  // 20 pinned; authors spread over the users. Then comments, skewed towards some discussions (a few
  // get hundreds, most a handful), and the counters set from them.
  const s = Date.now();
  await q(
    `set session_replication_role = replica;
     insert into discussion (category_id, title, description, content, pid, uid, author, top_priority, status, view_num, like_num, gmt_create, gmt_modified)
     select c.ids[1 + i % array_length(c.ids, 1)],
            'Discussion ' || i || ' about ' || (array['graphs','dynamic programming','strings','number theory','greedy','sorting'])[1 + i % 6],
            'Question ' || i || ': how do I make it faster?',
            repeat('Some **Markdown** text with $x^2$ and code. ', 20),
            case when i % 5 = 0 then 'DB' || (1 + i % ${N_PROBLEMS}) end,
            'dx-' || u, 'talker' || u,
            i % ${Math.max(1, Math.floor(N_DISCUSSIONS / 20))} = 0,
            case when i % 50 = 0 then 1 else 0 end,
            (i * 7) % 1000, (i * 13) % 50,
            now() - interval '730 days' + (i::float8 / ${N_DISCUSSIONS}) * interval '730 days', now()
     from (select i, 1 + (i * 7919) % ${N_USERS} as u from generate_series(1, ${N_DISCUSSIONS}) i) g,
          (select array_agg(id order by id) as ids from discussion_category) c;
     insert into comment (did, uid, from_name, content, gmt_create)
     select 1 + floor(power(random(), 3) * ${N_DISCUSSIONS})::int, 'dx-' || u, 'talker' || u, 'A comment, number ' || i || '.', now()
     from (select i, 1 + (i::bigint * 104729) % ${N_USERS} as u from generate_series(1, ${N_COMMENTS}) i) g;
     set session_replication_role = origin;
     update discussion d set comment_num = c.n from (select did, count(*)::int as n from comment group by did) c where c.did = d.id;`,
  );
  const discussed = Date.now() - s;
  // Messages: reminders spread over the users (a tenth unread), system and mine notices; the bench
  // user has its share like anyone else.
  await q(
    `insert into msg_remind (action, source_id, source_type, source_content, url, state, sender_id, recipient_id, gmt_create)
     select (array['Discuss','Reply','Like_Discuss','Like_Post'])[1 + i % 4], 1 + i % ${N_DISCUSSIONS}, 'Discussion', 'A comment.',
            '/discussion-detail/' || (1 + i % ${N_DISCUSSIONS}), i % 10 <> 0, 'dx-' || (1 + (i::bigint * 31) % ${N_USERS}), 'dx-' || (1 + i % ${N_USERS}), now()
     from generate_series(1, ${N_REMINDS}) i;
     insert into user_sys_notice (recipient_id, type, title, content, state, gmt_create)
     select 'dx-' || (1 + i % ${N_USERS}), case when i % 3 = 0 then 'Mine' else 'Sys' end, 'Notice', 'Text', i % 7 <> 0, now()
     from generate_series(1, ${N_REMINDS / 5}) i;`,
  );
  await q('vacuum analyze');
  const [{ visible }] = (await q(`select count(*)::int as visible from discussion where status = 0`)).rows as { visible: number }[];
  console.log(
    `  ${N_USERS} users, ${N_DISCUSSIONS} discussions and ${N_COMMENTS} comments in ${(discussed / 1000).toFixed(1)} s, ` +
      `${N_REMINDS} reminders (all ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
  if (process.env.BENCH_EXPLAIN) await explain(q);
  await database.close();
  return { visible };
}

/** EXPLAIN ANALYZE of the queries behind each measured call, as the server sends them (drizzle's SQL, values inlined). */
async function explain(q: (text: string) => Promise<{ rows: unknown[] }>) {
  const row = `d.id, d.pid, d.title, d.description, d.category_id, c.name, d.top_priority, d.status, d.uid, d.author, u.avatar,
    (select case when bool_or(ur.role_id = 1000) then 'root' when bool_or(ur.role_id = 1001) then 'admin' end from user_role ur where ur.uid = d.uid),
    u.title_name, u.title_color, d.comment_num, d.like_num, d.view_num, d.gid, d.gmt_create
    from discussion d left join discussion_category c on c.id = d.category_id left join user_info u on u.uid = d.uid`;
  const visible = `d.gid is null and (d.status = 0 or d.uid = 'dx-1')`;
  const keyword = `(d.title ilike '%talker4321%' or d.description ilike '%talker4321%' or d.author ilike '%talker4321%')`;
  // the list as list.ts sends it: the page's ids in the index's order, then those rows
  const order = 'order by d.gid, d.top_priority desc nulls last, d.id desc nulls last';
  const page = (where: string, offset: number) =>
    `with ids as (select d.id from discussion d where ${where} ${order} limit 10 offset ${offset}) select ${row} where d.id in (select id from ids)`;
  const plans: [string, string][] = [
    ['list page 1', page(visible, 0)],
    ['list public count', `select count(*) from discussion d where d.gid is null and d.status = 0`],
    ['list page 4900', page(visible, 48990)],
    ['list keyword', page(`${visible} and ${keyword}`, 0)],
    ['list keyword count', `select count(*) from discussion d where d.gid is null and d.status = 0 and ${keyword}`],
    ['list of a problem', page(`${visible} and d.pid = coalesce((select p.problem_id from problem p where upper(p.problem_id) = upper('db6')), 'db6')`, 0)],
    ['detail', `select ${row} where d.id = 54321`],
    [
      'unread',
      `select r.*, n.* from (select count(*) filter (where action = 'Discuss') from msg_remind where recipient_id = 'dx-1' and state = false) r,
       (select count(*) filter (where type = 'Sys') from user_sys_notice where recipient_id = 'dx-1' and state = false) n`,
    ],
  ];
  for (const [name, text] of plans) {
    console.log(`  EXPLAIN ${name}`);
    const plan = await q(`explain (analyze, buffers) ${text}`);
    for (const r of plan.rows as Array<Record<string, string>>) console.log(`   ${r['QUERY PLAN']}`);
  }
}

async function measure(server: BenchServer, f: Filled) {
  const load = (name: string, reqOf: (i: number) => Req, o: Parameters<typeof loadRequests>[3]) => loadRequests(server, name, reqOf, o);
  const path = (p: string, query: Record<string, string | number>) =>
    `/api/${p}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
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
  const user = await login(server, '/api/login', 'talker1', USER_PASSWORD);
  const deepPage = Math.max(1, Math.floor(f.visible / PAGE / 2));
  const list = (query: Record<string, string | number>): Req => ({ method: 'GET', path: path('get-discussion-list', query), token: user });
  const hello = (): Req => ({ method: 'GET', path: '/bench/hello' });
  const one = { seconds: SECONDS, connections: 1 };
  // spread over the table; every 50th discussion is hidden (fill), the one before it is not
  const visibleId = (i: number) => {
    const id = 1 + ((i * 7919) % N_DISCUSSIONS);
    return id % 50 === 0 ? id - 1 : id;
  };

  const hello1 = record(await load('hello, 1 connection', hello, { seconds: SECONDS / 2, connections: 1 }));
  const page1 = record(await load('list page 1, 1 conn', () => list({}), one));
  const deep = record(await load(`list page ${deepPage}, 1 conn`, () => list({ currentPage: deepPage }), one));
  const keyword = record(await load('list keyword (a username), 1 conn', (i) => list({ keyword: `talker${1000 + ((i * 37) % 4000)}` }), one));
  const titleWord = record(await load('list keyword (a title), 1 conn', (i) => list({ keyword: `Question ${1 + ((i * 7919) % N_DISCUSSIONS)}:` }), one));
  const problem = record(await load('list of a problem, 1 conn', (i) => list({ pid: `DB${1 + (i % N_PROBLEMS)}` }), one));
  const detail = record(
    await load('detail (counts a view), 1 conn', (i) => ({ method: 'GET', path: path('get-discussion-detail', { did: visibleId(i) }), token: user }), one),
  );
  const unread1 = record(await load('msg/unread, 1 conn', () => ({ method: 'GET', path: '/api/msg/unread', token: user }), one));
  const helloN = record(await load(`hello, ${CONNECTIONS} connections`, hello, { seconds: SECONDS / 2, connections: CONNECTIONS }));
  const unreadN = record(
    await load(`msg/unread, ${CONNECTIONS} connections`, () => ({ method: 'GET', path: '/api/msg/unread', token: user }), {
      seconds: SECONDS,
      connections: CONNECTIONS,
    }),
  );
  const listN = record(
    await load(`list pages 1-100, ${CONNECTIONS} connections`, (i) => list({ currentPage: 1 + ((i * 7) % 100) }), {
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
  const ratio = Math.max(unread1.cpuMs / hello1.cpuMs, unreadN.cpuMs / helloN.cpuMs);
  console.log(
    `\nmsg/unread CPU per request: ${ratio.toFixed(2)}× hello (worst of 1 and ${CONNECTIONS} connections) — goal ≤ 3×: ${ratio <= 3 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `list p50: page 1 ${page1.p50.toFixed(2)} ms, page ${deepPage} ${deep.p50.toFixed(2)} ms, keyword ${keyword.p50.toFixed(2)} ms (title ${titleWord.p50.toFixed(2)} ms), ` +
      `problem ${problem.p50.toFixed(2)} ms; detail ${detail.p50.toFixed(2)} ms`,
  );
  console.log(
    `list throughput over pages 1-100: ${listN.rps.toFixed(0)} req/s at ${CONNECTIONS} connections (${(listN.rps / helloN.rps).toFixed(3)} of hello)`,
  );
}

runBench({
  scriptUrl: import.meta.url,
  prefix: 'oj-bench-discussion-',
  header: () => `${os.cpus().length} CPUs, ${CONNECTIONS} connections, ${SECONDS} s per measurement`,
  async prepare(site) {
    console.log('Filling');
    return fill(site.url);
  },
  measure: (server, _site, filled) => measure(server, filled),
});
