/**
 * Sandbox overhead per run, measured in one process against its own baseline: `/bin/true` and a
 * compiled C A+B run through the engine (`runOnSlot`) — in the slot's ready box of the pool, and in a
 * box built from scratch by a one-shot runner (the path before the pool) — versus a bare fork+exec
 * of the same program, interleaved (N runs each) so all see the same machine state. Every run is
 * started from Node the same way (asynchronously, as the engine does).
 *
 *   npx tsx bench/sandbox-overhead.ts [N]
 *
 * Then a spaced series (runs 100 ms apart) shows the per-run cost when the machine is idle between
 * runs, and the one-shot runner's own phase timings (--timing).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { taggedC } from '@oj/test-fixtures';
import { ensureRunnerBuilt, runOnSlot, sandboxConfig, sandboxPoolUnavailable, stopSandboxPool } from '../packages/judge/src/sandbox.js';

const N = Number(process.argv[2] ?? 200);
const runner = ensureRunnerBuilt();
sandboxConfig.uidBase = 61900;
sandboxConfig.uidPoolSize = 50;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'));
fs.chmodSync(dir, 0o755);
const progDir = path.join(dir, 'prog');
fs.mkdirSync(progDir);
fs.writeFileSync(path.join(dir, 'main.c'), taggedC.aPlusB('sandbox overhead'));
const cc = spawnSync('gcc', ['-O2', '-o', path.join(progDir, 'main'), path.join(dir, 'main.c')]);
if (cc.status !== 0) throw new Error(cc.stderr.toString());
const input = path.join(dir, 'in');
fs.writeFileSync(input, '1 2\n');
const output = path.join(dir, 'out');

async function boxed(pool: boolean, argv: string[], ab: boolean): Promise<void> {
  sandboxConfig.pool = pool;
  const rep = await runOnSlot({ argv, timeMs: 1000, memoryKb: 256 * 1024, ...(ab ? { boxDirs: [progDir], stdin: input, stdout: output } : {}) }, 0);
  if (rep.status !== 'OK') throw new Error(`run failed: ${JSON.stringify(rep)}`);
}

function bare(file: string, ab: boolean): Promise<void> {
  const i = ab ? fs.openSync(input, 'r') : 'ignore';
  const o = ab ? fs.openSync(output, 'w') : 'ignore';
  return new Promise((resolve, reject) => {
    const child = spawn(file, { stdio: [i, o, 'ignore'] });
    child.on('error', reject);
    child.on('close', (code) => {
      if (typeof i === 'number') fs.closeSync(i);
      if (typeof o === 'number') fs.closeSync(o);
      if (code === 0) resolve();
      else reject(new Error(`exit ${code}`));
    });
  });
}

const cases = {
  'sandbox /bin/true': () => boxed(true, ['/bin/true'], false),
  'one-shot /bin/true': () => boxed(false, ['/bin/true'], false),
  'bare /bin/true': () => bare('/bin/true', false),
  'sandbox A+B': () => boxed(true, ['/box/main'], true),
  'one-shot A+B': () => boxed(false, ['/box/main'], true),
  'bare A+B': () => bare(path.join(progDir, 'main'), true),
};
type Name = keyof typeof cases;

async function time(fn: () => Promise<void>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { mean: xs.reduce((a, b) => a + b, 0) / xs.length, median: q(0.5), p90: q(0.9), min: s[0] };
};
const f = (x: number) => x.toFixed(2).padStart(7);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// warm-up (page cache, runner binary, the slot's runner)
for (const fn of Object.values(cases)) for (let i = 0; i < 5; i++) await time(fn);
sandboxConfig.pool = true;
if (sandboxPoolUnavailable()) throw new Error(`the pool is not in use: ${sandboxPoolUnavailable()}`);

const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, [] as number[]])) as Record<Name, number[]>;
for (let i = 0; i < N; i++) for (const [k, fn] of Object.entries(cases) as Array<[Name, () => Promise<void>]>) samples[k].push(await time(fn));

console.log(`sandbox overhead, N=${N} interleaved runs each (ms per run, wall clock, started from Node; load ${os.loadavg()[0].toFixed(2)})`);
console.log(`${'case'.padEnd(20)}   mean  median     p90     min`);
for (const [k, xs] of Object.entries(samples)) {
  const s = stats(xs);
  console.log(`${k.padEnd(20)}${f(s.mean)} ${f(s.median)} ${f(s.p90)} ${f(s.min)}`);
}
const overhead = (boxedName: Name, bareName: Name) => {
  const sb = stats(samples[boxedName]);
  const b = stats(samples[bareName]);
  return `sandbox/bare = ${(sb.median / b.median).toFixed(2)}× (median), overhead ${(sb.median - b.median).toFixed(2)} ms median, ${(sb.mean - b.mean).toFixed(2)} ms mean`;
};
for (const prog of ['/bin/true', 'A+B'] as const) {
  console.log(`${prog}: ${overhead(`sandbox ${prog}` as Name, `bare ${prog}` as Name)}  [pool of ready boxes]`);
  console.log(`${prog} one-shot runner: ${overhead(`one-shot ${prog}` as Name, `bare ${prog}` as Name)}  [a box from scratch per run]`);
}

// Idle machine between runs: on cgroup v1 the first task migration after idle waits for an RCU
// grace period (cgroup_threadgroup_rwsem); the pool's boxes are born in their cgroup instead.
const spaced: Record<string, number[]> = { 'sandbox /bin/true': [], 'one-shot /bin/true': [], 'bare /bin/true': [] };
const SPACED = 40;
for (let i = 0; i < SPACED; i++) {
  for (const k of Object.keys(spaced)) {
    await sleep(100);
    spaced[k].push(await time(cases[k as Name]));
  }
}
const sp = stats(spaced['sandbox /bin/true']);
const spBare = stats(spaced['bare /bin/true']);
const spOne = stats(spaced['one-shot /bin/true']);
console.log(`sandbox /bin/true, runs 100 ms apart (N=${SPACED}): median ${sp.median.toFixed(2)} ms, p90 ${sp.p90.toFixed(2)} ms`);
console.log(`one-shot /bin/true, runs 100 ms apart (N=${SPACED}): median ${spOne.median.toFixed(2)} ms, p90 ${spOne.p90.toFixed(2)} ms`);
console.log(`bare /bin/true, runs 100 ms apart (N=${SPACED}): median ${spBare.median.toFixed(2)} ms, p90 ${spBare.p90.toFixed(2)} ms`);
const b2b = stats(samples['sandbox /bin/true']).median - stats(samples['bare /bin/true']).median;
const b2bOne = stats(samples['one-shot /bin/true']).median - stats(samples['bare /bin/true']).median;
console.log(
  `overhead back-to-back vs 100 ms apart (median): pool ${b2b.toFixed(2)} → ${(sp.median - spBare.median).toFixed(2)} ms, ` +
    `one-shot ${b2bOne.toFixed(2)} → ${(spOne.median - spBare.median).toFixed(2)} ms`,
);

// After an idle second: a few runs, each the first after a quiet second.
const idle: Record<string, number[]> = { 'sandbox /bin/true': [], 'one-shot /bin/true': [], 'bare /bin/true': [] };
for (let i = 0; i < 8; i++) {
  for (const k of Object.keys(idle)) {
    await sleep(1000);
    idle[k].push(await time(cases[k as Name]));
  }
}
const idleBare = stats(idle['bare /bin/true']).median;
console.log(
  `after an idle second (N=8, median): ${Object.entries(idle)
    .map(([k, v]) => `${k} ${stats(v).median.toFixed(2)} ms`)
    .join(', ')}; overhead pool ${(stats(idle['sandbox /bin/true']).median - idleBare).toFixed(2)} ms, ` +
    `one-shot ${(stats(idle['one-shot /bin/true']).median - idleBare).toFixed(2)} ms`,
);

const SLOT_ARGS = ['--uid', '61950', '--uid-pool', '61950:50'];
const phases: Record<string, number[]> = {};
for (let i = 0; i < 50; i++) {
  const r = spawnSync(runner, [...SLOT_ARGS, '--timing', '--', '/bin/true'], { encoding: 'utf8' });
  for (const m of r.stderr.matchAll(/([\w>-]+)=(\d+)/g)) (phases[m[1]] ??= []).push(Number(m[2]));
}
console.log(
  `one-shot runner phases, back-to-back (median µs): ${Object.entries(phases)
    .map(([k, v]) => `${k} ${stats(v).median}`)
    .join(', ')}`,
);

await stopSandboxPool();
fs.rmSync(dir, { recursive: true, force: true });
