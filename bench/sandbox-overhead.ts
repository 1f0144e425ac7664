/**
 * Sandbox overhead per run, measured in one process against its own baseline:
 * the runner executing /bin/true and a compiled C A+B, versus a bare fork+exec of the same
 * program, interleaved (N runs each) so both see the same machine state.
 *
 *   npx tsx bench/sandbox-overhead.ts [N]
 *
 * Then a short spaced series (runs 100 ms apart) shows the per-run cost when the machine is idle
 * between runs, and the runner's own phase timings (--timing).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { taggedC } from '@oj/test-fixtures';
import { ensureRunnerBuilt } from '../packages/judge/src/sandbox.js';

const N = Number(process.argv[2] ?? 200);
const runner = ensureRunnerBuilt();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'));
const progDir = path.join(dir, 'prog');
fs.mkdirSync(progDir);
fs.writeFileSync(path.join(dir, 'main.c'), taggedC.aPlusB('sandbox overhead'));
const cc = spawnSync('gcc', ['-O2', '-o', path.join(progDir, 'main'), path.join(dir, 'main.c')]);
if (cc.status !== 0) throw new Error(cc.stderr.toString());
const input = path.join(dir, 'in');
fs.writeFileSync(input, '1 2\n');
const output = path.join(dir, 'out');

const SLOT_ARGS = ['--uid', '61900', '--uid-pool', '61900:50'];
const cases = {
  'sandbox /bin/true': () => spawnSync(runner, [...SLOT_ARGS, '--', '/bin/true']),
  'bare /bin/true': () => spawnSync('/bin/true'),
  'sandbox A+B': () => spawnSync(runner, [...SLOT_ARGS, '--box', progDir, '--stdin', input, '--stdout', output, '--', '/box/main']),
  'bare A+B': () => {
    const i = fs.openSync(input, 'r');
    const o = fs.openSync(output, 'w');
    try {
      return spawnSync(path.join(progDir, 'main'), { stdio: [i, o, 'ignore'] });
    } finally {
      fs.closeSync(i);
      fs.closeSync(o);
    }
  },
};
type Name = keyof typeof cases;

function time(fn: () => ReturnType<typeof spawnSync>): number {
  const t0 = process.hrtime.bigint();
  const r = fn();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`run failed: ${r.stdout?.toString()} ${r.stderr?.toString()}`);
  return ms;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { mean: xs.reduce((a, b) => a + b, 0) / xs.length, median: q(0.5), p90: q(0.9), min: s[0] };
};
const f = (x: number) => x.toFixed(2).padStart(7);

// warm-up (page cache, runner binary)
for (const fn of Object.values(cases)) for (let i = 0; i < 5; i++) time(fn);

const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, [] as number[]])) as Record<Name, number[]>;
for (let i = 0; i < N; i++) for (const [k, fn] of Object.entries(cases) as Array<[Name, () => ReturnType<typeof spawnSync>]>) samples[k].push(time(fn));

console.log(`sandbox overhead, N=${N} interleaved runs each (ms per run, wall clock, spawned from Node)`);
console.log(`${'case'.padEnd(20)}   mean  median     p90     min`);
for (const [k, xs] of Object.entries(samples)) {
  const s = stats(xs);
  console.log(`${k.padEnd(20)}${f(s.mean)} ${f(s.median)} ${f(s.p90)} ${f(s.min)}`);
}
for (const prog of ['/bin/true', 'A+B'] as const) {
  const sb = stats(samples[`sandbox ${prog}` as Name]);
  const bare = stats(samples[`bare ${prog}` as Name]);
  console.log(
    `${prog}: sandbox/bare = ${(sb.median / bare.median).toFixed(2)}× (median), overhead ${(sb.median - bare.median).toFixed(2)} ms median, ` +
      `${(sb.mean - bare.mean).toFixed(2)} ms mean`,
  );
}

// Idle machine between runs: on cgroup v1 the first task migration after idle waits for an RCU
// grace period (cgroup_threadgroup_rwsem); favordynmods or cgroup v2 (CLONE_INTO_CGROUP) avoid it.
const spaced: number[] = [];
for (let i = 0; i < 20; i++) {
  spawnSync('/bin/sleep', ['0.1']);
  spaced.push(time(cases['sandbox /bin/true']));
}
const sp = stats(spaced);
console.log(`sandbox /bin/true, runs 100 ms apart (N=20): median ${sp.median.toFixed(2)} ms, p90 ${sp.p90.toFixed(2)} ms`);

const phases: Record<string, number[]> = {};
for (let i = 0; i < 50; i++) {
  const r = spawnSync(runner, [...SLOT_ARGS, '--timing', '--', '/bin/true'], { encoding: 'utf8' });
  for (const m of r.stderr.matchAll(/([\w>-]+)=(\d+)/g)) (phases[m[1]] ??= []).push(Number(m[2]));
}
console.log(
  `runner phases, back-to-back (median µs): ${Object.entries(phases)
    .map(([k, v]) => `${k} ${stats(v).median}`)
    .join(', ')}`,
);

fs.rmSync(dir, { recursive: true, force: true });
