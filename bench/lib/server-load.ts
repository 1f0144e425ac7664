/**
 * What the HTTP benches share: the lifecycle of a run (a temporary directory, an embedded PostgreSQL
 * migrated and seeded like a fresh site, the bench's own filling, the real API server in a child
 * process with a hello-world baseline route, cleanup), a closed-loop load generator over keep-alive
 * connections, and the CPU time the system under test (API server + every PostgreSQL process) spends
 * per request.
 *
 * A bench script ends with `runBench({ … })`: run as a script it is the bench; forked again with
 * `--serve` it becomes the server and never runs the bench's own steps.
 */
import { execSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig, type ServerConfig } from '../../packages/server/src/config.js';
import { connect, runMigrations } from '../../packages/server/src/db/client.js';
import { startEmbeddedPostgres } from '../../packages/server/src/db/embedded.js';
import { seed } from '../../packages/server/src/seed.js';

export const BENCH_ROOT_PASSWORD = 'bench-root-password';

export function benchServerConfig(dataDir: string, databaseUrl: string): ServerConfig {
  return { ...loadConfig({}), dataDir, databaseUrl, rootPassword: BENCH_ROOT_PASSWORD, webDist: undefined, logLevel: 'silent', host: '127.0.0.1', port: 0 };
}

/** Child side: the real app plus `GET /bench/hello` (an envelope, no database) on one Fastify instance. */
async function serve(databaseUrl: string, dataDir: string, webDist: string | undefined) {
  // The same pool size as `oj start` (connect's default), so the figures are those of a real node.
  const database = connect(databaseUrl);
  const app = await buildApp({ config: { ...benchServerConfig(dataDir, databaseUrl), webDist }, database });
  app.get('/bench/hello', async () => ({ status: 200, msg: 'success', data: 'hello' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  process.send!({ port: typeof addr === 'object' && addr ? addr.port : 0 });
  process.on('disconnect', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

/** In the forked child (argv `--serve URL DIR [WEB_DIST]`): serve and report true; in the bench itself: false. */
function runServerChildIfAsked(): boolean {
  if (process.argv[2] !== '--serve') return false;
  serve(process.argv[3]!, process.argv[4]!, process.argv[5]).catch((err) => {
    console.error(err);
    process.exit(1);
  });
  return true;
}

export interface BenchServer {
  port: number;
  /** the server process (e.g. for its peak RSS in /proc/<pid>/status) */
  pid: number;
  /** CPU ms used so far by the server and PostgreSQL */
  cpuNow(): number;
  /** the same, split: the API server process, and PostgreSQL's processes */
  cpuPartsNow(): { server: number; pg: number };
  stop(): Promise<void>;
}

/** Forks `script` as the server (see runServerChildIfAsked) and waits until it listens. */
async function startServerChild(script: string, databaseUrl: string, dataDir: string, pgDir: string, webDist?: string): Promise<BenchServer> {
  const server: ChildProcess = fork(script, ['--serve', databaseUrl, dataDir, ...(webDist ? [webDist] : [])], { stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('message', (m: { port: number }) => resolve(m.port));
    server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  const postmasterPid = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    port,
    pid: server.pid!,
    cpuNow: () => {
      const c = cpuMsOf(server.pid!, postmasterPid);
      return c.server + c.pg;
    },
    cpuPartsNow: () => cpuMsOf(server.pid!, postmasterPid),
    async stop() {
      if (!server.connected) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.disconnect();
      await exited;
    },
  };
}

const CLK_TCK = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

function statFields(pid: number): string[] | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' '); // [0] = field 3 (state)
  } catch {
    return undefined; // exited meanwhile
  }
}

/**
 * CPU time used so far by the system under test: the API server process and every PostgreSQL process
 * (the postmaster, its live children, and the children it has reaped, e.g. parallel workers), in ms,
 * from /proc. Unlike req/s this hardly depends on what else runs on the machine, so it is the figure
 * to trust on a shared box; the load generator (this process) is not counted.
 */
function cpuMsOf(serverPid: number, postmasterPid: number): { server: number; pg: number } {
  const ticksOf = (f: string[] | undefined, withChildren: boolean) => {
    if (!f) return 0;
    // utime, stime; with cutime, cstime of reaped children
    return Number(f[11]) + Number(f[12]) + (withChildren ? Number(f[13]) + Number(f[14]) : 0);
  };
  const server = ticksOf(statFields(serverPid), false);
  let pg = ticksOf(statFields(postmasterPid), true);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(Number(entry));
    if (f && Number(f[1]) === postmasterPid) pg += ticksOf(f, false);
  }
  return { server: (server * 1000) / CLK_TCK, pg: (pg * 1000) / CLK_TCK };
}

/** CPU ms used so far by the PostgreSQL of `pgDir` (postmaster, its reaped children and its live backends). */
export function postgresCpuMs(pgDir: string): number {
  const postmasterPid = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return cpuMsOf(-1, postmasterPid).pg;
}

export interface Req {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token?: string;
  /** e.g. X-Forwarded-For, to stand for another client behind the (trusted, loopback) proxy */
  headers?: Record<string, string>;
}

export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** CPU time of the API server and PostgreSQL per request, ms */
  cpuMs: number;
  /** of which the API server's (the rest is PostgreSQL's) */
  serverCpuMs: number;
  firstError?: string;
}

export interface Answer {
  /** latency, ms */
  ms: number;
  /** HTTP 200 with envelope status 200 */
  ok: boolean;
  /** the first 200 characters of the body (or the connection error) */
  head: string;
  /** HTTP status (0: no answer) */
  status: number;
  headers: http.IncomingHttpHeaders;
}

/** One request to the server on 127.0.0.1; never rejects (a connection error is an answer with status 0). */
export function request(port: number, r: Req, agent: http.Agent | false = false): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = r.body === undefined ? undefined : Buffer.from(JSON.stringify(r.body));
    const start = process.hrtime.bigint();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: r.path,
        method: r.method,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(r.token ? { authorization: r.token } : {}),
          ...r.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const head = Buffer.concat(chunks).subarray(0, 200).toString();
          // Fastify writes the envelope's keys in order: a good answer starts with {"status":200
          resolve({
            ms: Number(process.hrtime.bigint() - start) / 1e6,
            ok: res.statusCode === 200 && head.startsWith('{"status":200'),
            head,
            status: res.statusCode ?? 0,
            headers: res.headers,
          });
        });
      },
    );
    req.on('error', (e) => resolve({ ms: 0, ok: false, head: e.message, status: 0, headers: {} }));
    if (payload) req.write(payload);
    req.end();
  });
}

/** Logs in (`/api/login`, or `/api/admin/login` for an admin) and returns the session token. */
export async function login(server: BenchServer, loginPath: string, username: string, password: string): Promise<string> {
  const res = await request(server.port, { method: 'POST', path: loginPath, body: { username, password } });
  const token = res.headers.authorization;
  if (!token) throw new Error(`login of ${username} failed (HTTP ${res.status})`);
  return token;
}

/**
 * `connections` keep-alive clients in a closed loop for `seconds` (or `count` requests in all), each
 * sending `reqOf(i)` for the i-th request, after a short warm-up (connections opened, plans cached)
 * that is not counted. Every answer must be HTTP 200 with envelope status 200.
 */
export async function load(
  server: BenchServer,
  name: string,
  reqOf: (i: number) => Req,
  o: { seconds?: number; count?: number; connections: number; warmup?: boolean },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let seq = 0;
  const one = async () => {
    const r = reqOf(seq++);
    const res = await request(server.port, r, agent);
    latencies.push(res.ms);
    if (!res.ok) {
      errors++;
      firstError ??= `${r.path} → HTTP ${res.status} ${res.head}`;
    }
  };
  if (o.warmup !== false) {
    const until = Date.now() + 500;
    await Promise.all(
      Array.from({ length: o.connections }, async () => {
        while (Date.now() < until) await one();
      }),
    );
  }
  latencies.length = 0;
  errors = 0;
  const cpu0 = server.cpuPartsNow();
  const t0 = process.hrtime.bigint();
  const until = Date.now() + (o.seconds ?? 0) * 1000;
  let left = o.count ?? Infinity;
  await Promise.all(
    Array.from({ length: o.connections }, async () => {
      while (o.count !== undefined ? left-- > 0 : Date.now() < until) await one();
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu1 = server.cpuPartsNow();
  const served = Math.max(1, latencies.length);
  const serverCpuMs = (cpu1.server - cpu0.server) / served;
  const cpuMs = serverCpuMs + (cpu1.pg - cpu0.pg) / served;
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return {
    name,
    requests: latencies.length,
    errors,
    seconds: elapsed,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    cpuMs,
    serverCpuMs,
    firstError,
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = (s.length - 1) / 2;
  return (s[Math.floor(m)]! + s[Math.ceil(m)]!) / 2;
};

// ---------------------------------------------------------------------------------------------
// The lifecycle of a run

export interface BenchSite {
  /** PostgreSQL connection URL */
  url: string;
  /** the temporary directory of the run (the server's data directory), removed at the end */
  dataDir: string;
  /** PostgreSQL's data directory */
  pgDir: string;
  /** the database was kept from an earlier run (keepPgDir) */
  reused: boolean;
}

export interface BenchPlan<T> {
  /** the bench's `import.meta.url`: the script is forked again as the server */
  scriptUrl: string;
  /** name prefix of the temporary directory under the system's temp dir */
  prefix: string;
  /** keep PostgreSQL's data in this directory and reuse it next time; unset: in the temporary directory */
  keepPgDir?: string;
  /** the built web app the server also serves (as `oj start` does); unset: the API only */
  webDist?: string;
  /** printed first, before PostgreSQL starts */
  header(site: { pgDir: string; reused: boolean }): string;
  /** after migrations and seeding, before the server starts: fill the database (its result goes to measure) */
  prepare(site: BenchSite): Promise<T>;
  /** the measurements, with the server running; absent: no server is started */
  measure?(server: BenchServer, site: BenchSite, prepared: T): Promise<void>;
}

/**
 * Runs a bench (or, in the forked child, the server): a temporary directory (mode 755, so the
 * embedded PostgreSQL can use it when run as root), PostgreSQL in it or in `keepPgDir`, migrations,
 * the seed of a fresh site, `prepare`, the server child, `measure`; then the server and PostgreSQL
 * are stopped and the temporary directory removed, whatever happened. An error exits with status 1.
 */
export function runBench<T>(plan: BenchPlan<T>): void {
  if (runServerChildIfAsked()) return;
  benchMain(plan).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

async function benchMain<T>(plan: BenchPlan<T>) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), plan.prefix));
  fs.chmodSync(tmp, 0o755);
  const keep = plan.keepPgDir;
  const pgDir = keep ? path.resolve(keep) : path.join(tmp, 'pg');
  const reused = !!keep && fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  console.log(plan.header({ pgDir, reused }));
  const pg = await startEmbeddedPostgres(pgDir);
  let server: BenchServer | undefined;
  try {
    const site: BenchSite = { url: pg.url, dataDir: tmp, pgDir, reused };
    const database = connect(pg.url, 2);
    try {
      try {
        await runMigrations(database);
      } catch (err) {
        // The init migration is regenerated when the schema changes: a kept database cannot follow it.
        if (reused) throw new Error(`The database in ${pgDir} does not match the current migrations (${err}); delete it to fill a new one.`);
        throw err;
      }
      await seed({ config: benchServerConfig(tmp, pg.url), database });
    } finally {
      await database.close();
    }
    const prepared = await plan.prepare(site);
    if (!plan.measure) return;
    server = await startServerChild(fileURLToPath(plan.scriptUrl), pg.url, tmp, pgDir, plan.webDist);
    await plan.measure(server, site, prepared);
  } finally {
    await server?.stop();
    await pg.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
