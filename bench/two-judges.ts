/**
 * Two judge hosts against one: a site (the real API server over an embedded PostgreSQL, no embedded
 * judge) gets a burst of submissions, judged once by one `oj judge` daemon and once by two, each
 * daemon a separate process with its own workers, as separate hosts would run it. Rounds alternate
 * the two set-ups; the figure is the ratio of submissions per second (median rounds).
 *
 *   npx tsx bench/two-judges.ts [SUBMISSIONS per burst = 60] [CASES = 3] [ROUNDS = 2] [WORKERS per daemon = 1] [HOST CPUS = 0]
 *
 * On a 2-core machine both daemons share the same two cores: a daemon with 2 workers already fills
 * them, so by default each daemon has 1 worker (one host = 1 worker, two hosts = 2 workers in all).
 * HOST CPUS > 0 gives each daemon, with everything it starts (runners, boxes), a CPU cgroup of its
 * own capped at that many cores, as a host of that size would be: the site (server, PostgreSQL)
 * then keeps the rest of the machine's cores in both set-ups, as it would on a host of its own.
 * Every source differs (a comment), and each run has a program cache of its own, so nothing is
 * served from the judge's compile cache; each daemon starts with an empty test-data cache.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { JudgeStatus } from '@oj/shared';
import { countedAPlusBCases, taggedC } from '@oj/test-fixtures';
import { connect, type Database } from '../packages/server/src/db/client.js';
import { problems, submissions, users } from '../packages/server/src/db/schema/index.js';
import { judgeToken } from '../packages/server/src/lib/secrets.js';
import { saveCaseSet } from '../packages/server/src/lib/testdata.js';
import { enqueueSubmission } from '../packages/server/src/modules/judge/queue.js';
import { benchServerConfig, median, runBench, type BenchServer, type BenchSite } from './lib/server-load.js';

const N = Number(process.argv[2] ?? 60);
const CASES = Number(process.argv[3] ?? 3);
const ROUNDS = Number(process.argv[4] ?? 2);
const WORKERS = Number(process.argv[5] ?? 1);
const HOST_CPUS = Number(process.argv[6] ?? 0);
const DAEMON_MAIN = fileURLToPath(new URL('../packages/judge/src/main.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Prepared {
  pid: number;
  uid: string;
  username: string;
  token: string;
}

interface Daemon {
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** A CPU cgroup capped at HOST_CPUS cores (cgroup v1 `cpu` or v2); its `cgroup.procs` path. */
function hostCgroup(name: string): string {
  const v1 = '/sys/fs/cgroup/cpu';
  const period = 100_000;
  const quota = Math.round(HOST_CPUS * period);
  if (fs.existsSync(path.join(v1, 'cpu.cfs_quota_us'))) {
    const dir = path.join(v1, `ojbench-${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(period));
    fs.writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
    return path.join(dir, 'cgroup.procs');
  }
  const v2 = '/sys/fs/cgroup';
  if (!fs.readFileSync(path.join(v2, 'cgroup.subtree_control'), 'utf8').includes('cpu')) {
    throw new Error('HOST CPUS needs the cpu controller (cgroup v1 cpu, or v2 with cpu enabled at the root)');
  }
  const dir = path.join(v2, `ojbench-${name}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${period}`);
  return path.join(dir, 'cgroup.procs');
}

/** Removes a host's cgroup once its processes are gone (they leave it a moment after they are reaped). */
async function removeHostCgroup(procs: string) {
  for (let i = 0; i < 100; i++) {
    try {
      fs.rmdirSync(path.dirname(procs));
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

function startDaemon(port: number, token: string, name: string, dir: string): Daemon {
  const cache = fs.mkdtempSync(path.join(dir, `cache-${name}-`));
  const procs = HOST_CPUS > 0 ? hostCgroup(name) : null;
  // The daemon joins its host's cgroup before it starts (a shell moves itself, then becomes the daemon).
  const command = procs ? '/bin/sh' : process.execPath;
  const prefix = procs ? ['-c', `echo $$ > ${procs} && exec "$@"`, 'sh', process.execPath] : [];
  const child = spawn(
    command,
    [
      ...prefix,
      '--import',
      'tsx',
      DAEMON_MAIN,
      '--server',
      `http://127.0.0.1:${port}`,
      '--token',
      token,
      '--name',
      name,
      '--capacity',
      String(WORKERS),
      '--cache-dir',
      cache,
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_LEVEL: 'info', OJ_JUDGE_LANGUAGES: 'C', OJ_JUDGE_PROGRAM_CACHE: path.join(dir, 'programs') },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => void (out += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => void (out += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (procs) await removeHostCgroup(procs);
    },
  };
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 50): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

let seq = 0;

/** Queues N distinct submissions at once; resolves with the seconds until every one has its verdict. */
async function burst(db: Database, p: Prepared): Promise<{ seconds: number; byJudge: Record<string, number> }> {
  const ids: number[] = [];
  const started = Date.now();
  await db.db.transaction(async (tx) => {
    for (let i = 0; i < N; i++) {
      const code = taggedC.aPlusB(`two judges ${++seq} ${process.pid}`);
      const [row] = await tx
        .insert(submissions)
        .values({
          pid: p.pid,
          displayPid: `P${p.pid}`,
          uid: p.uid,
          username: p.username,
          language: 'C',
          code,
          length: code.length,
          status: JudgeStatus.PENDING,
        })
        .returning({ submitId: submissions.submitId });
      await enqueueSubmission(tx, row!.submitId, { contest: false });
      ids.push(row!.submitId);
    }
  });
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  await waitFor(
    'every verdict',
    async () => {
      const r = await db.db.execute<{ n: number }>(sql`select count(*)::int as n from judge where submit_id in (${list}) and status in (5, 6, 7)`);
      return r.rows[0]!.n === 0;
    },
    600_000,
    // Not finer: this count runs on the PostgreSQL whose CPU per submission is reported.
    50,
  );
  const seconds = (Date.now() - started) / 1000;
  const rows = await db.db.execute<{ judger: string; status: number; n: number }>(
    sql`select judger, status, count(*)::int as n from judge where submit_id in (${list}) group by judger, status`,
  );
  const byJudge: Record<string, number> = {};
  for (const r of rows.rows) {
    if (r.status !== JudgeStatus.ACCEPTED) throw new Error(`${r.n} submissions ended with status ${r.status} (judge ${r.judger})`);
    byJudge[r.judger] = (byJudge[r.judger] ?? 0) + r.n;
  }
  return { seconds, byJudge };
}

const CLK_TCK = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/**
 * CPU ms of a daemon and of its children so far: the runners it started and waited for are counted
 * when reaped (cutime, cstime), and every runner of a burst has ended by the time its verdict is in.
 */
function cpuMsWithChildren(pid: number): number {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** PostgreSQL's counters (transactions, scans and row changes per table), for BENCH_PG_STATS=1. */
async function pgStats(db: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const d = await db.db.execute<{ xact_commit: string }>(sql`select xact_commit from pg_stat_database where datname = current_database()`);
  out.commits = Number(d.rows[0]!.xact_commit);
  const t = await db.db.execute<{ relname: string; seq_scan: string; idx_scan: string | null; n_tup_ins: string; n_tup_upd: string; n_tup_del: string }>(
    sql`select relname, seq_scan, idx_scan, n_tup_ins, n_tup_upd, n_tup_del from pg_stat_user_tables`,
  );
  for (const r of t.rows) {
    out[`${r.relname}.seq`] = Number(r.seq_scan);
    out[`${r.relname}.idx`] = Number(r.idx_scan ?? 0);
    out[`${r.relname}.write`] = Number(r.n_tup_ins) + Number(r.n_tup_upd) + Number(r.n_tup_del);
  }
  return out;
}

async function round(server: BenchServer, site: BenchSite, db: Database, p: Prepared, hosts: 1 | 2, r: number) {
  const names = hosts === 1 ? [`one-r${r}`] : [`two-a-r${r}`, `two-b-r${r}`];
  const daemons = names.map((n) => startDaemon(server.port, p.token, n, site.dataDir));
  try {
    for (const d of daemons) {
      await waitFor(
        'a daemon to register',
        () => {
          if (d.child.exitCode !== null) throw new Error(`a daemon exited:\n${d.output()}`);
          return /registered with/.test(d.output());
        },
        120_000,
      );
    }
    const cpu0 = server.cpuNow();
    const judges0 = daemons.reduce((t, d) => t + cpuMsWithChildren(d.child.pid!), 0);
    const stats0 = process.env.BENCH_PG_STATS ? await pgStats(db) : null;
    const b = await burst(db, p);
    const serverCpuMs = (server.cpuNow() - cpu0) / N;
    const judgeCpuMs = (daemons.reduce((t, d) => t + cpuMsWithChildren(d.child.pid!), 0) - judges0) / N;
    if (stats0) {
      const stats1 = await pgStats(db);
      const per = Object.entries(stats1)
        .map(([k, v]) => [k, (v - (stats0[k] ?? 0)) / N] as const)
        .filter(([, v]) => v >= 0.05)
        .map(([k, v]) => `${k} ${v.toFixed(1)}`);
      console.log(`  per submission (${hosts} host(s)): ${per.join(', ')}`);
    }
    return { ...b, serverCpuMs, judgeCpuMs };
  } finally {
    await Promise.all(daemons.map((d) => d.stop()));
  }
}

runBench<Prepared>({
  scriptUrl: import.meta.url,
  prefix: 'oj-bench-two-judges-',
  header: () =>
    `two judges vs one: bursts of ${N} C A+B submissions × ${CASES} cases, ${WORKERS} worker(s) per daemon${HOST_CPUS > 0 ? `, each daemon capped at ${HOST_CPUS} core(s)` : ''}, ${ROUNDS} rounds (median); load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  async prepare(site) {
    const db = connect(site.url, 2);
    try {
      const [root] = await db.db.select({ uid: users.uid, username: users.username }).from(users).where(sql`${users.username} = 'root'`);
      const [row] = await db.db.insert(problems).values({ problemId: 'P1000', title: 'A + B', timeLimit: 1000 }).returning({ id: problems.id });
      await saveCaseSet(db, site.dataDir, row!.id, countedAPlusBCases(CASES, 'bench'));
      const token = await judgeToken({ config: benchServerConfig(site.dataDir, site.url), database: db });
      return { pid: row!.id, uid: root!.uid, username: root!.username, token };
    } finally {
      await db.close();
    }
  },
  async measure(server, site, prepared) {
    const db = connect(site.url, 4);
    try {
      const rates: Record<1 | 2, number[]> = { 1: [], 2: [] };
      console.log(
        `${'round'.padEnd(7)}${'hosts'.padEnd(7)}${'seconds'.padStart(9)}${'subs/s'.padStart(9)}${'judges CPU ms/sub'.padStart(19)}${'server+PG CPU ms/sub'.padStart(22)}  by judge`,
      );
      for (let r = 0; r < ROUNDS; r++) {
        // Alternating which set-up goes first, so a drift of the machine's load favours neither.
        for (const hosts of (r % 2 === 0 ? [1, 2] : [2, 1]) as Array<1 | 2>) {
          const b = await round(server, site, db, prepared, hosts, r);
          rates[hosts].push(N / b.seconds);
          console.log(
            `${String(r + 1).padEnd(7)}${String(hosts).padEnd(7)}${b.seconds.toFixed(2).padStart(9)}${(N / b.seconds).toFixed(1).padStart(9)}${b.judgeCpuMs.toFixed(1).padStart(19)}${b.serverCpuMs.toFixed(1).padStart(22)}  ${JSON.stringify(b.byJudge)}`,
          );
        }
      }
      const one = median(rates[1]);
      const two = median(rates[2]);
      console.log(`one daemon: ${one.toFixed(1)} subs/s; two daemons: ${two.toFixed(1)} subs/s; two / one = ${(two / one).toFixed(2)}×`);
    } finally {
      await db.close();
    }
  },
});
