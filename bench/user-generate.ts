/**
 * Generating users in bulk (admin/user/generate-user) against the event loop: the latency of the
 * hello route alone, then while a batch of 1 000 users is generated (1 000 scrypt hashes and one
 * insert transaction), one request at a time in a closed loop, as a user clicking around meanwhile.
 *
 *   npx tsx bench/user-generate.ts [USERS = 1000] [SECONDS alone = 4]
 *
 * Environment: OJ_BULK_HASH_THREADS (the server's parallel hashes; default cores − 1) to compare widths.
 * How: the shared lifecycle of lib/server-load.ts (embedded PostgreSQL, the real server forked as a
 * child with `GET /bench/hello`); this process logs in as root and drives both.
 */
import http from 'node:http';
import os from 'node:os';
import { BENCH_ROOT_PASSWORD, login, median, request, runBench, type Answer, type BenchServer } from './lib/server-load.js';

const USERS = Number(process.argv[2] ?? 1000);
const SECONDS = Number(process.argv[3] ?? 4);
const hello = { method: 'GET' as const, path: '/bench/hello' };

interface Latencies {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

const summary = (xs: number[]): Latencies => {
  const s = Float64Array.from(xs).sort();
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { n: s.length, p50: at(0.5), p99: at(0.99), max: s[s.length - 1] ?? NaN };
};

/** Hello requests one after the other (keep-alive) until `stop` says so. */
async function helloLoop(server: BenchServer, stop: () => boolean): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ms: number[] = [];
  while (!stop()) {
    const r = await request(server.port, hello, agent);
    if (!r.ok) throw new Error(`hello failed: ${r.status} ${r.head}`);
    ms.push(r.ms);
  }
  agent.destroy();
  return ms;
}

async function measure(server: BenchServer) {
  const token = await login(server, '/api/admin/login', 'root', BENCH_ROOT_PASSWORD);
  // warm-up, not counted
  const warm = Date.now() + 500;
  await helloLoop(server, () => Date.now() > warm);

  const aloneUntil = Date.now() + SECONDS * 1000;
  const alone = summary(await helloLoop(server, () => Date.now() > aloneUntil));

  const rounds: { ms: number; during: Latencies }[] = [];
  for (let round = 0; round < 3; round++) {
    let done: Answer | undefined;
    const t0 = Date.now();
    const gen = request(server.port, {
      method: 'POST',
      path: '/api/admin/user/generate-user',
      token,
      body: { prefix: `b${round}u`, number_from: 1, number_to: USERS, password_length: 10 },
    }).then((a) => {
      done = a;
    });
    const during = summary(await helloLoop(server, () => done !== undefined));
    await gen;
    if (!done!.ok) throw new Error(`generate failed: ${done!.status} ${done!.head}`);
    rounds.push({ ms: Date.now() - t0, during });
  }
  const mid = rounds.map((r) => r.ms);
  const during = rounds.sort((a, b) => a.during.p99 - b.during.p99)[1]!.during;

  console.log(`\n| measurement | requests | p50 ms | p99 ms | max ms |`);
  console.log(`|---|---|---|---|---|`);
  console.log(`| hello alone | ${alone.n} | ${alone.p50.toFixed(2)} | ${alone.p99.toFixed(2)} | ${alone.max.toFixed(2)} |`);
  console.log(`| hello during generate (median round by p99) | ${during.n} | ${during.p50.toFixed(2)} | ${during.p99.toFixed(2)} | ${during.max.toFixed(2)} |`);
  console.log(`\ngenerate ${USERS} users: ${mid.map((m) => `${(m / 1000).toFixed(1)} s`).join(', ')} (median ${(median(mid) / 1000).toFixed(1)} s)`);
  console.log(`hello during ÷ alone: p50 ${(during.p50 / alone.p50).toFixed(1)}×, p99 ${(during.p99 / alone.p99).toFixed(1)}×`);
}

runBench({
  scriptUrl: import.meta.url,
  prefix: 'oj-bench-user-generate-',
  header: () =>
    `${os.availableParallelism()} CPUs, ${USERS} users per batch, hello alone ${SECONDS} s; parallel hashes: ${process.env.OJ_BULK_HASH_THREADS ?? `default (${Math.max(1, os.availableParallelism() - 1)})`}`,
  prepare: async () => undefined,
  measure: (server) => measure(server),
});
