/**
 * Judging throughput: a batch of C++ and Python submissions judged by the engine (`judgeSubmission`:
 * compile and every case in the sandbox, output compared) against compiling and running the same
 * programs on the same cases without any sandbox (plain fork+exec of the same compiler and program
 * commands, same comparison) — both in one run, alternating rounds, on the same machine state.
 *
 *   npx tsx bench/judge-throughput.ts [SUBMISSIONS per language and workload = 12] [CASES = 5] [ROUNDS = 2]
 *
 * Workloads: "a+b" (tiny program: the cost is compile + start-up) and "sum" (each case does about
 * 50–100 ms of CPU work: the cost is the program itself). Submissions run `cores` at a time in both
 * modes, each with its cases in order (as a daemon worker judges). Every source differs (a comment)
 * so nothing is served from the judge's program cache; the overall ratio is taken over these rows.
 * One more row per language, "a+b same", submits one source SUBMISSIONS times per round (a rejudge,
 * or the same A+B by many users): the judge compiles it once and reuses the program, the bare side
 * compiles every time. Prints submissions per second and the ratio sandbox / bare of the median
 * round time, and the CPU per submission of both (this process and all it reaped): on a machine
 * shared with other work the wall ratio moves with their load, the CPU ratio much less.
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AC_CPP, AC_PY } from '@oj/test-fixtures';
import { compareOutput } from '../packages/judge/src/compare.js';
import { findLanguage, type LanguageSpec } from '../packages/judge/src/languages.js';
import { ensureRunnerBuilt } from '../packages/judge/src/sandbox.js';
import { judgeSubmission, type SubmissionCase } from '../packages/judge/src/submission.js';

const SUBS = Number(process.argv[2] ?? 12);
const CASES = Number(process.argv[3] ?? 5);
const ROUNDS = Number(process.argv[4] ?? 2);
const PARALLEL = os.availableParallelism();
const LIMITS = { timeLimitMs: 5000, memoryLimitMb: 256, stackLimitMb: 128 };

ensureRunnerBuilt();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-throughput-'));
// A program cache of this run only: the tags below repeat from run to run.
process.env.OJ_JUDGE_PROGRAM_CACHE = path.join(dir, 'programs');
let seq = 0;

type Workload = 'a+b' | 'sum';
type Row = Workload | 'a+b same';
const PROGRAMS: Record<string, Record<Workload, (tag: string) => string>> = {
  'C++': {
    'a+b': (tag) => `// ${tag}\n${AC_CPP}`,
    sum: (tag) => `#include <cstdio>\n// ${tag}\nint main() { long long n; if (scanf("%lld", &n) != 1) return 1; unsigned long long s = 0;
  for (long long i = 1; i <= n; i++) s += (unsigned long long)(i * i % 7);\n  printf("%llu\\n", s); }\n`,
  },
  Python3: {
    'a+b': (tag) => `# ${tag}\n${AC_PY}`,
    sum: (tag) => `# ${tag}\nn = int(input())\ns = 0\nfor i in range(1, n + 1):\n    s += i * i % 7\nprint(s)\n`,
  },
};
/** Loop length per case, so that a case costs roughly 50–100 ms of CPU in each language. */
const SUM_N: Record<string, number> = { 'C++': 60_000_000, Python3: 600_000 };

function cases(lang: string, workload: Workload): Array<{ input: string; output: string }> {
  return Array.from({ length: CASES }, (_, i) => {
    if (workload === 'a+b') return { input: `${i * 7 + 1} ${i * 13 + 2}\n`, output: `${i * 20 + 3}\n` };
    const n = SUM_N[lang] + i;
    // i*i % 7 only depends on i % 7: 1, 4, 2, 2, 4, 1, 0 (sum 14) for i = 1…7
    let s = BigInt(Math.floor(n / 7)) * 14n;
    for (let k = 1; k <= n % 7; k++) s += BigInt((k * k) % 7);
    return { input: `${n}\n`, output: `${s}\n` };
  });
}

/** Runs `tasks` with at most `n` in flight. */
async function pool<T>(tasks: Array<() => Promise<T>>, n: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]();
      }
    }),
  );
  return out;
}

function exec(argv: string[], cwd: string, o: { stdin?: string; stdout?: string; env?: Record<string, string> } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const stdin = o.stdin ? fs.openSync(o.stdin, 'r') : 'ignore';
    const stdout = o.stdout ? fs.openSync(o.stdout, 'w') : 'ignore';
    const child = spawn(argv[0], argv.slice(1), { cwd, stdio: [stdin, stdout, 'ignore'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...o.env } });
    const close = () => {
      if (typeof stdin === 'number') fs.closeSync(stdin);
      if (typeof stdout === 'number') fs.closeSync(stdout);
    };
    child.on('error', (e) => {
      close();
      reject(e);
    });
    child.on('exit', (code) => {
      close();
      resolve(code ?? 1);
    });
  });
}

/** The same commands the sandbox runs, on the host: /box/… paths become the work directory. */
const onHost = (argv: string[], work: string) => argv.map((a) => (a.startsWith('/box/') ? path.join(work, a.slice(5)) : a));

/** Compile + run every case + compare, no sandbox. Returns true when every case was accepted. */
async function bare(lang: LanguageSpec, code: string, files: Array<{ input: string; output: string }>): Promise<boolean> {
  const work = await fsp.mkdtemp(path.join(dir, 'bare-'));
  try {
    await fsp.writeFile(path.join(work, lang.sourceName), code);
    if (lang.compile && (await exec(lang.compile.argv, work, { env: lang.compile.env })) !== 0) return false;
    const run = lang.run(LIMITS);
    let ok = true;
    for (const [i, c] of files.entries()) {
      const out = path.join(work, `out-${i}`);
      const code = await exec(onHost(run.argv, work), work, { stdin: c.input, stdout: out, env: run.env });
      if (code !== 0 || compareOutput(await fsp.readFile(c.output), await fsp.readFile(out)) !== 0) ok = false;
    }
    return ok;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

async function sandboxed(lang: LanguageSpec, code: string, files: Array<{ input: string; output: string }>): Promise<boolean> {
  const cs: SubmissionCase[] = files.map((f) => ({ input: { path: f.input }, output: { path: f.output } }));
  const r = await judgeSubmission({ language: lang.name, code, cases: cs, ...LIMITS });
  return r.status === 0;
}

const CLK_TCK = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/** utime + stime + cutime + cstime of a process, in ms (0 when it is gone). */
function treeCpuOf(pid: number | 'self'): number {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / CLK_TCK;
}

function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU ms used so far by this process and every child it has reaped (runners, compilers, programs, and
 * through the runners what ran in the boxes), plus the live processes under it: the pool's slot runners
 * and their zygotes live through the whole run, and the boxes they reaped count in theirs (a process
 * reaped in between moves its time into its parent's, so nothing counts twice). Unlike wall time it
 * hardly moves with other work on the machine; it misses kernel threads' work on the boxes' behalf
 * (cgroup and namespace teardown).
 */
function cpuMs(): number {
  let total = treeCpuOf('self');
  const todo = childrenOf(process.pid);
  while (todo.length) {
    const pid = todo.pop()!;
    total += treeCpuOf(pid);
    todo.push(...childrenOf(pid));
  }
  return total;
}

async function round(
  mode: 'sandbox' | 'bare',
  lang: LanguageSpec,
  row: Row,
  files: Array<{ input: string; output: string }>,
): Promise<{ ms: number; cpu: number }> {
  const judge = mode === 'sandbox' ? sandboxed : bare;
  const workload: Workload = row === 'a+b same' ? 'a+b' : row;
  // "a+b same": one new source per round, submitted SUBS times (its first judging compiles it).
  const shared = `same source ${++seq}`;
  const tasks = Array.from({ length: SUBS }, () => {
    const code = PROGRAMS[lang.name][workload](row === 'a+b same' ? shared : `submission ${++seq}`);
    return () => judge(lang, code, files);
  });
  const cpu0 = cpuMs();
  const t0 = process.hrtime.bigint();
  const results = await pool(tasks, PARALLEL);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = cpuMs() - cpu0;
  const failed = results.filter((ok) => !ok).length;
  if (failed) throw new Error(`${mode} ${lang.name} ${row}: ${failed} of ${SUBS} submissions were not accepted`);
  return { ms, cpu };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`judging throughput: ${SUBS} submissions × ${CASES} cases per language and workload, ${PARALLEL} at a time, ${ROUNDS} rounds (median)`);
console.log(
  `${'language'.padEnd(10)}${'workload'.padEnd(10)}${'sandbox ms'.padStart(12)}${'bare ms'.padStart(10)}` +
    `${'subs/s sandbox'.padStart(16)}${'subs/s bare'.padStart(13)}${'ratio'.padStart(8)}${'CPU ms/sub sandbox'.padStart(20)}${'bare'.padStart(7)}${'CPU ratio'.padStart(11)}`,
);
const summary: string[] = [];
const overall = { sandbox: 0, bare: 0, sandboxCpu: 0, bareCpu: 0 };
for (const name of ['C++', 'Python3']) {
  const lang = findLanguage(name);
  if (!lang) {
    console.log(`${name}: not available on this host, skipped`);
    continue;
  }
  for (const row of ['a+b', 'sum', 'a+b same'] as const) {
    const workload: Workload = row === 'a+b same' ? 'a+b' : row;
    const files = cases(name, workload).map((c, i) => {
      const input = path.join(dir, `${name}-${workload}-${i}.in`);
      const output = path.join(dir, `${name}-${workload}-${i}.out`);
      fs.writeFileSync(input, c.input, { mode: 0o644 });
      fs.writeFileSync(output, c.output, { mode: 0o644 });
      return { input, output };
    });
    // warm-up: compilers and the interpreter in the page cache, the runner binary, cgroup paths
    await sandboxed(lang, PROGRAMS[name][workload]('warm-up'), files);
    await bare(lang, PROGRAMS[name][workload]('warm-up'), files);
    const times = { sandbox: [] as number[], bare: [] as number[], sandboxCpu: [] as number[], bareCpu: [] as number[] };
    for (let r = 0; r < ROUNDS; r++) {
      const b = await round('bare', lang, row, files);
      const s = await round('sandbox', lang, row, files);
      times.bare.push(b.ms);
      times.bareCpu.push(b.cpu);
      times.sandbox.push(s.ms);
      times.sandboxCpu.push(s.cpu);
    }
    const sb = median(times.sandbox);
    const br = median(times.bare);
    const ratio = sb / br;
    const sbCpu = median(times.sandboxCpu) / SUBS;
    const brCpu = median(times.bareCpu) / SUBS;
    if (row !== 'a+b same') {
      overall.sandbox += sb;
      overall.bare += br;
      overall.sandboxCpu += sbCpu;
      overall.bareCpu += brCpu;
    }
    console.log(
      `${name.padEnd(10)}${row.padEnd(10)}${sb.toFixed(0).padStart(12)}${br.toFixed(0).padStart(10)}` +
        `${((SUBS * 1000) / sb).toFixed(1).padStart(16)}${((SUBS * 1000) / br).toFixed(1).padStart(13)}${`${ratio.toFixed(2)}×`.padStart(8)}` +
        `${sbCpu.toFixed(0).padStart(20)}${brCpu.toFixed(0).padStart(7)}${`${(sbCpu / brCpu).toFixed(2)}×`.padStart(11)}`,
    );
    summary.push(`${name} ${row}: sandbox/bare = ${ratio.toFixed(2)}× (${((sb - br) / SUBS).toFixed(0)} ms more per submission of ${CASES} cases)`);
  }
}
if (overall.bare) {
  summary.push(
    `overall (every source distinct): sandbox/bare = ${(overall.sandbox / overall.bare).toFixed(2)}× wall (sum of the median rounds), ` +
      `${(overall.sandboxCpu / overall.bareCpu).toFixed(2)}× CPU`,
  );
}
console.log(summary.join('\n'));
fs.rmSync(dir, { recursive: true, force: true });
