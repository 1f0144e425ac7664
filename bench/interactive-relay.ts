/**
 * Cost of the interactive relay: a ping-pong of N round trips of one short line each between a
 * boxed "contestant" and a boxed "interactor", through `sandbox/interact` (every byte relayed by the
 * broker, which notes who ended first) and through a baseline broker with two direct pipes between
 * the boxes (`lib/direct-pair.c`, the broker as it was before the relay). Both take the same runner
 * arguments; rounds alternate so both see the same machine state, and the median counts. A pair with
 * one round trip shows the fixed cost of starting two boxes.
 *
 *   npx tsx bench/interactive-relay.ts [N = 100000] [ROUNDS = 5]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureRunnerBuilt, INTERACT_PATH } from '../packages/judge/src/sandbox.js';

const N = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 5);
const runner = ensureRunnerBuilt();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-relay-'));
const progDir = path.join(dir, 'prog');
fs.mkdirSync(progDir);

function gcc(out: string, src: string, code?: string): void {
  if (code !== undefined) fs.writeFileSync(src, code);
  const r = spawnSync('gcc', ['-O2', '-o', out, src]);
  if (r.status !== 0) throw new Error(r.stderr.toString());
}
// One line out, one line back, with raw syscalls: the cost measured is the path between the boxes.
gcc(
  path.join(progDir, 'ping'),
  path.join(dir, 'ping.c'),
  '#include <stdlib.h>\n#include <unistd.h>\nint main(int c, char **v) { long n = atol(v[1]); char b[2];\n' +
    '  for (long i = 0; i < n; i++) { if (write(1, "x\\n", 2) != 2) return 1; if (read(0, b, 2) != 2) return 2; }\n  return 0; }\n',
);
gcc(
  path.join(progDir, 'pong'),
  path.join(dir, 'pong.c'),
  '#include <unistd.h>\nint main(void) { char b[64]; ssize_t n;\n' +
    '  while ((n = read(0, b, sizeof b)) > 0) if (write(1, b, (size_t)n) != n) return 1;\n  return 0; }\n',
);
const direct = path.join(dir, 'direct-pair');
gcc(direct, path.join(import.meta.dirname, 'lib', 'direct-pair.c'));

const box = (prog: string[]) => [
  '--uid',
  '61900',
  '--uid-pool',
  '61900:50',
  '--time',
  '60000',
  '--wall',
  '120000',
  '--memory',
  '65536',
  '--box',
  progDir,
  '--stdin-fd',
  '3',
  '--stdout-fd',
  '4',
  '--',
  ...prog,
];

/** Wall time of the whole pair, and the contestant's CPU time as its report charges it (ms). */
function pair(broker: string, n: number): { ms: number; cpu: number } {
  const a = box(['/box/ping', String(n)]);
  const b = box(['/box/pong']);
  const t0 = process.hrtime.bigint();
  const r = spawnSync(broker, [runner, String(a.length), ...a, ...b], { stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'], encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const reports = [r.output[1], r.output[3]].map((s) => JSON.parse(String(s).trim().split('\n').pop() || '{}') as { status?: string; time_ms?: number });
  if (r.status !== 0 || reports.some((x) => x.status !== 'OK')) {
    throw new Error(`${path.basename(broker)} failed (exit ${r.status}): ${r.stderr} ${r.output[1]} ${r.output[3]}`);
  }
  return { ms, cpu: reports[0].time_ms ?? 0 };
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const brokers = { relay: INTERACT_PATH, direct } as const;
const times: Record<string, number[]> = { 'relay 1': [], 'direct 1': [], [`relay ${N}`]: [], [`direct ${N}`]: [] };
const cpu: Record<string, number[]> = { relay: [], direct: [] };
try {
  pair(INTERACT_PATH, 100); // warm-up: page cache, cgroups
  pair(direct, 100);
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first so that neither always runs on a machine the other just warmed.
    const order = round % 2 ? (['direct', 'relay'] as const) : (['relay', 'direct'] as const);
    for (const name of order) {
      times[`${name} 1`].push(pair(brokers[name], 1).ms);
      const many = pair(brokers[name], N);
      times[`${name} ${N}`].push(many.ms);
      cpu[name].push(many.cpu);
    }
  }
  console.log(`ping-pong between two boxes, ${ROUNDS} rounds, median wall time (ms)`);
  console.log('| broker | 1 round trip | %d round trips | per round trip | contestant CPU (%d) |', N, N);
  console.log('|---|---|---|---|---|');
  const perRt: Record<string, number> = {};
  for (const name of ['relay', 'direct'] as const) {
    const one = median(times[`${name} 1`]);
    const many = median(times[`${name} ${N}`]);
    perRt[name] = ((many - one) * 1000) / (N - 1);
    console.log(`| ${name} | ${one.toFixed(1)} | ${many.toFixed(0)} | ${perRt[name].toFixed(2)} µs | ${median(cpu[name])} |`);
  }
  const r1 = median(times['relay 1']) / median(times['direct 1']);
  const rn = median(times[`relay ${N}`]) / median(times[`direct ${N}`]);
  console.log(
    `ratio relay/direct: start-up ${r1.toFixed(2)}×, ${N} round trips ${rn.toFixed(2)}×, per round trip ${(perRt.relay / perRt.direct).toFixed(2)}×, ` +
      `contestant CPU ${(median(cpu.relay) / median(cpu.direct)).toFixed(2)}×`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
