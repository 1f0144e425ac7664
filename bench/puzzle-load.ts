/**
 * Verification images against the rest of the site: the latency of a cheap call (GET
 * /api/get-website-config, one at a time) alone, then while 8 clients fetch slide puzzles in a closed
 * loop, with the ratio. Two loads: clients that each keep their address (the per-client limit answers
 * them 429 once their minute's allowance is spent, as it would a script), and clients that change
 * address on every call (the limit never applies, so every call draws a puzzle: what the worker
 * thread alone takes off the event loop).
 *
 *   npx tsx bench/puzzle-load.ts [SECONDS per phase = 6] [CLIENTS = 8]
 *
 * How: the shared lifecycle of lib/server-load.ts (embedded PostgreSQL, the real server forked as a
 * child); the clients stand behind the loopback proxy the server trusts (X-Forwarded-For).
 */
import http from 'node:http';
import os from 'node:os';
import { median, request, runBench, type BenchServer } from './lib/server-load.js';

const SECONDS = Number(process.argv[2] ?? 6);
const CLIENTS = Number(process.argv[3] ?? 8);
const cheap = { method: 'GET' as const, path: '/api/get-website-config' };

/** The cheap call one after the other (keep-alive) until `stop`; latencies in ms. */
async function cheapLoop(server: BenchServer, stop: () => boolean): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ms: number[] = [];
  while (!stop()) {
    const r = await request(server.port, cheap, agent);
    if (!r.ok) throw new Error(`cheap call failed: ${r.status} ${r.head}`);
    ms.push(r.ms);
  }
  agent.destroy();
  return ms;
}

let addressSeq = 0;
/** One puzzle client in a closed loop; counts drawn puzzles and refusals. */
async function puzzleClient(server: BenchServer, i: number, rotate: boolean, stop: () => boolean) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let drawn = 0;
  let limited = 0;
  while (!stop()) {
    const seq = rotate ? ++addressSeq : i;
    const ip = `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`;
    const r = await request(server.port, { method: 'GET', path: '/api/get-login-puzzle', headers: { 'x-forwarded-for': ip } }, agent);
    if (r.ok) drawn++;
    else if (r.status === 429) limited++;
    else throw new Error(`puzzle call failed: ${r.status} ${r.head}`);
  }
  agent.destroy();
  return { drawn, limited };
}

async function phase(server: BenchServer, rotate: boolean | null) {
  let stopped = false;
  const stop = () => stopped;
  const clients = rotate === null ? [] : Array.from({ length: CLIENTS }, (_, i) => puzzleClient(server, i + 1, rotate, stop));
  // The load settles first (the worker starts, the pool fills).
  await new Promise((r) => setTimeout(r, 1000));
  const until = Date.now() + SECONDS * 1000;
  const ms = await cheapLoop(server, () => Date.now() > until);
  stopped = true;
  const counts = await Promise.all(clients);
  return {
    ms,
    drawn: counts.reduce((s, c) => s + c.drawn, 0),
    limited: counts.reduce((s, c) => s + c.limited, 0),
  };
}

const p = (xs: number[], q: number) => Float64Array.from(xs).sort()[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN;

async function measure(server: BenchServer) {
  await phase(server, null); // warm-up
  const alone = await phase(server, null);
  const kept = await phase(server, false);
  const rotating = await phase(server, true);
  const base = median(alone.ms);
  console.log(`\n| load | cheap calls | p50 ms | p99 ms | p50 ÷ alone | puzzles drawn | answered 429 |`);
  console.log(`|---|---|---|---|---|---|---|`);
  const row = (name: string, r: typeof alone) =>
    console.log(
      `| ${name} | ${r.ms.length} | ${median(r.ms).toFixed(2)} | ${p(r.ms, 0.99).toFixed(2)} | ${(median(r.ms) / base).toFixed(1)}× | ${r.drawn} | ${r.limited} |`,
    );
  row('alone', alone);
  row(`${CLIENTS} clients fetching puzzles, one address each`, kept);
  row(`${CLIENTS} clients fetching puzzles, a new address per call`, rotating);
}

runBench({
  scriptUrl: import.meta.url,
  prefix: 'oj-bench-puzzle-load-',
  header: () => `${os.availableParallelism()} CPUs, ${CLIENTS} puzzle clients, ${SECONDS} s per phase, load average ${os.loadavg()[0]!.toFixed(1)}`,
  prepare: async () => undefined,
  measure: (server) => measure(server),
});
