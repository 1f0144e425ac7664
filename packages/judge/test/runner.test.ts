/**
 * The C runner through its TypeScript wrapper: isolation properties, limits, the report, and
 * refusal to run when it cannot isolate.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRunnerBuilt, parseReport, RUNNER_PATH, runOnSlot, runSandboxed, type SandboxRequest } from '../src/sandbox.js';
import { boxCgroups, boxUidProcesses, collectReports, leftoverCgroupsOf } from './helpers.js';

let dir: string;
let bin: string;

const PROGRAMS: Record<string, string> = {
  burn: `#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
/* burns argv[1] ms of CPU in a child and as much in itself */
static void burn(long ms){ volatile unsigned long x=0; struct timespec a,b; clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&a);
  for(;;){ for(int i=0;i<100000;i++) x++; clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&b);
    if((b.tv_sec-a.tv_sec)*1000+(b.tv_nsec-a.tv_nsec)/1000000>=ms) break; } }
int main(int c,char**v){ long ms=atol(v[1]); pid_t p=fork(); if(p==0){burn(ms);_exit(0);} burn(ms); waitpid(p,0,0); return 0; }`,
  alloc: `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int c,char**v){ long mb=atol(v[1]); char*p=malloc(mb<<20); memset(p,1,mb<<20);
long s=0; for(long i=0;i<mb<<20;i+=4096) s+=p[i]; printf("%ld\\n",s); return 0; }`,
  // Touches argv[1] KB of its own memory, then spins rewriting a 16 MB output: the page cache of
  // that output fills whatever the limit leaves, so the box sits at its limit without an OOM kill.
  hold: `#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int c,char**v){ long n=atol(v[1])<<10; volatile char*p=malloc(n); memset((char*)p,1,n);
static char b[1<<16]; memset(b,'x',sizeof b); long s=0;
for(;;){ for(int k=0;k<256;k++) if(write(1,b,sizeof b)<0) return 1; lseek(1,0,SEEK_SET); for(long i=0;i<n;i+=4096) s+=p[i]; }
return (int)s; }`,
  crash: `#include <signal.h>
int main(){ raise(SIGSEGV); return 0; }`,
  echo: `#include <stdio.h>
int main(){ int c; while((c=getchar())!=EOF) putchar(c); fprintf(stderr,"to stderr\\n"); return 0; }`,
};

function gcc(name: string, src: string) {
  const s = path.join(dir, `${name}.c`);
  fs.writeFileSync(s, src);
  const r = spawnSync('gcc', ['-O2', '-o', path.join(bin, name), s]);
  if (r.status !== 0) throw new Error(r.stderr.toString());
}

async function waitFor(cond: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const base = (argv: string[], extra: Partial<SandboxRequest> = {}): SandboxRequest => ({ argv, timeMs: 2000, memoryKb: 256 * 1024, ...extra });

async function shell(script: string, extra: Partial<SandboxRequest> = {}) {
  const out = path.join(dir, `sh-${Math.random().toString(36).slice(2)}`);
  const rep = await runSandboxed(base(['/bin/sh', '-c', script], { stdout: out, stderrToStdout: true, ...extra }));
  return { rep, out: fs.readFileSync(out, 'utf8') };
}

beforeAll(() => {
  ensureRunnerBuilt();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-runner-test-'));
  bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  for (const [n, s] of Object.entries(PROGRAMS)) gcc(n, s);
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('runner refuses when it cannot isolate', () => {
  it('refuses to run when not root', () => {
    const r = spawnSync(RUNNER_PATH, ['--', '/bin/true'], { uid: 65534, gid: 65534, encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    const rep = parseReport(r.stdout, 0);
    expect(rep?.status).toBe('SE');
    expect(rep?.error).toMatch(/root/);
  });

  it('refuses when the requested cgroup version has no usable controllers', () => {
    const hasV1Memory = fs
      .readFileSync('/proc/self/mountinfo', 'utf8')
      .split('\n')
      .some((l) => / - cgroup cgroup .*\bmemory\b/.test(l));
    const r = spawnSync(RUNNER_PATH, ['--cgroup', hasV1Memory ? 'v2' : 'v1', '--', '/bin/true'], { encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(parseReport(r.stdout, 0)?.status).toBe('SE');
  });

  it('refuses when a mount cannot be set up or the program does not exist', async () => {
    const bad = await runSandboxed(base(['/bin/true'], { readOnlyBinds: [{ src: '/nonexistent-oj-path' }] }));
    expect(bad.status).toBe('SE');
    expect(bad.error).toMatch(/nonexistent-oj-path/);
    const missing = await runSandboxed(base(['/box/none']));
    expect(missing.status).toBe('SE');
    expect(missing.error).toMatch(/No such file/);
  });
});

describe('report', () => {
  it('reports a clean run', async () => {
    const rep = await runSandboxed(base(['/bin/true']));
    expect(rep).toMatchObject({ status: 'OK', exitCode: 0, signal: 0, oomKilled: false, error: '' });
    expect(['v1', 'v2']).toContain(rep.cgroup);
    expect(rep.memoryKb).toBeGreaterThan(0);
  });

  it('reports exit codes and signals as runtime errors', async () => {
    const exit = await runSandboxed(base(['/bin/sh', '-c', 'exit 7']));
    expect(exit).toMatchObject({ status: 'RE', exitCode: 7, signal: 0 });
    const sig = await runSandboxed(base(['/box/crash'], { boxDirs: [bin] }));
    expect(sig).toMatchObject({ status: 'RE', exitCode: null, signal: 11 });
  });

  it('counts the CPU time of child processes too', async () => {
    const rep = await runSandboxed(base(['/box/burn', '150'], { boxDirs: [bin] }));
    expect(rep.status).toBe('OK');
    expect(rep.timeMs).toBeGreaterThanOrEqual(290);
    expect(rep.timeMs).toBeLessThan(600);
  });

  it('kills at the CPU limit (TLE) and at the wall-clock limit for a sleeping program', async () => {
    const cpu = await runSandboxed(base(['/box/burn', '5000'], { boxDirs: [bin], timeMs: 300 }));
    expect(cpu.status).toBe('TLE');
    expect(cpu.timeMs).toBeGreaterThanOrEqual(300);
    expect(cpu.timeMs).toBeLessThan(700);
    const wall = await runSandboxed(base(['/bin/sleep', '60'], { timeMs: 300, wallMs: 800 }));
    expect(wall.status).toBe('TLE');
    expect(wall.error).toMatch(/wall/);
    expect(wall.wallMs).toBeGreaterThanOrEqual(790);
    expect(wall.timeMs).toBeLessThan(100);
  });

  it('reports the memory used (max RSS) and MLE on an OOM kill', async () => {
    const ok = await runSandboxed(base(['/box/alloc', '60'], { boxDirs: [bin], memoryKb: 128 * 1024 }));
    expect(ok.status).toBe('OK');
    expect(ok.memoryKb).toBeGreaterThan(60 * 1024);
    expect(ok.memoryKb).toBeLessThan(70 * 1024);
    const mle = await runSandboxed(base(['/box/alloc', '200'], { boxDirs: [bin], memoryKb: 64 * 1024 }));
    expect(mle).toMatchObject({ status: 'MLE', oomKilled: true });
  });

  it('reports MLE, not TLE, for a program held at its memory limit until the clock ran out', async () => {
    // 61 MB of its own under a 64 MB limit, the rest filled by page cache the kernel keeps
    // reclaiming: no OOM kill, the program crawls until the time limit. Before: TLE.
    const stdout = path.join(dir, 'hold-out');
    const held = await runSandboxed(base(['/box/hold', String(61 * 1024)], { boxDirs: [bin], memoryKb: 64 * 1024, timeMs: 500, stdout }));
    expect(held).toMatchObject({ status: 'MLE', oomKilled: false });
    expect(held.error).toMatch(/held at the limit/);
    // The same loop with 20 MB of its own reaches the limit with page cache only: its time is the problem.
    const cache = await runSandboxed(base(['/box/hold', String(20 * 1024)], { boxDirs: [bin], memoryKb: 32 * 1024, timeMs: 500, stdout }));
    expect(cache.status).toBe('TLE');
    expect(cache.cgroupPeakKb).toBeGreaterThan(31 * 1024);
    // A CPU-bound loop well under the limit stays TLE.
    const cpu = await runSandboxed(base(['/box/burn', '5000'], { boxDirs: [bin], timeMs: 300, memoryKb: 64 * 1024 }));
    expect(cpu.status).toBe('TLE');
  });

  it('stops output at the output limit', async () => {
    const { rep } = await shell('while :; do echo xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx; done', { outputKb: 256 });
    expect(rep.status).toBe('OLE');
  });
});

describe('the box', () => {
  it('redirects stdin/stdout/stderr to the files the caller named', async () => {
    const input = path.join(dir, 'in.txt');
    fs.writeFileSync(input, 'hello box\n');
    const out = path.join(dir, 'out.txt');
    const err = path.join(dir, 'err.txt');
    const rep = await runSandboxed(base(['/box/echo'], { boxDirs: [bin], stdin: input, stdout: out, stderr: err }));
    expect(rep.status).toBe('OK');
    expect(fs.readFileSync(out, 'utf8')).toBe('hello box\n');
    expect(fs.readFileSync(err, 'utf8')).toBe('to stderr\n');
    // programs that open /dev/stdout and /dev/stdin still work
    const { out: o2 } = await shell('cat /dev/stdin > /dev/stdout', { stdin: input });
    expect(o2).toBe('hello box\n');
  });

  it('gives a box the group of the uid it settled on when the first uid it tried was busy', async () => {
    // Another run holds the first uid of a pool of two: this run moves to the second, its group too.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-uid-busy-'));
    // The holder waits for the lock (no -n): the check below takes it for an instant, and a holder that
    // gave up then would never hold it (the test waited out its ten seconds, once in a loaded run).
    const holder = spawn('flock', [path.join(dir, 'uid-61000.lock'), 'sleep', '30'], { stdio: 'ignore' });
    try {
      await waitFor(() => spawnSync('flock', ['-n', path.join(dir, 'uid-61000.lock'), 'true']).status === 1);
      const out = path.join(dir, 'out');
      const r = spawnSync(
        RUNNER_PATH,
        ['--state-dir', dir, '--uid', '61000', '--uid-pool', '61000:2', '--stdout', out, '--', '/bin/sh', '-c', 'id -u; id -g'],
        { encoding: 'utf8' },
      );
      expect(parseReport(r.stdout, r.status ?? -1)).toMatchObject({ status: 'OK', uid: 61001 });
      expect(fs.readFileSync(out, 'utf8')).toBe('61001\n61001\n');
    } finally {
      holder.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs as an unprivileged user with a clean environment, its own hostname and pid namespace', async () => {
    const { rep, out } = await shell('id -u; id -g; hostname; env | sort; ls /proc | grep -E "^[0-9]+$" | wc -l', { env: { EXTRA: 'yes' } });
    expect(rep.status).toBe('OK');
    const [uid, gid, host, ...rest] = out.trim().split('\n');
    expect(Number(uid)).toBeGreaterThanOrEqual(60000);
    expect(gid).toBe(uid);
    expect(host).toBe('box');
    const env = rest.slice(0, -1);
    expect(env).toEqual(['EXTRA=yes', 'HOME=/tmp', 'LANG=C.UTF-8', 'PATH=/usr/local/bin:/usr/bin:/bin', 'PWD=/box', 'TMPDIR=/tmp']);
    // sh and the pipeline's processes only: nothing of the host, not even the box's init
    expect(Number(rest.at(-1))).toBeLessThanOrEqual(4);
  });

  it('has a read-only root, a small writable /tmp and no network but loopback', async () => {
    const { out } = await shell(
      'touch /x 2>/dev/null || echo ro-root; touch /usr/x 2>/dev/null || echo ro-usr; echo hi > /tmp/t && cat /tmp/t; ' +
        'dd if=/dev/zero of=/tmp/big bs=1M count=64 2>/dev/null || echo tmp-full; cat /proc/net/dev | tail -n +3 | cut -d: -f1 | tr -d " "',
      { tmpSizeKb: 8 * 1024 },
    );
    expect(out.trim().split('\n')).toEqual(['ro-root', 'ro-usr', 'hi', 'tmp-full', 'lo']);
  });

  it('copies --box files in read-only and copies out only what the program created', async () => {
    const inDir = path.join(dir, 'copy-in');
    const outDir = path.join(dir, 'copy-out');
    fs.mkdirSync(inDir);
    fs.mkdirSync(outDir);
    fs.writeFileSync(path.join(inDir, 'given.txt'), 'given');
    fs.symlinkSync('/etc/shadow', path.join(inDir, 'link'));
    const { rep, out } = await shell(
      'cat given.txt; echo; { echo x >> given.txt; } 2>/dev/null || echo cannot-write; rm -f given.txt 2>/dev/null; ' +
        'ls given.txt; test -e link || echo no-link; echo made > made.txt; ln -s /etc/passwd sneaky; mkdir sub',
      { boxDirs: [inDir], copyOutDir: outDir },
    );
    expect(rep.status).toBe('OK');
    expect(out.trim().split('\n')).toEqual(['given', 'cannot-write', 'given.txt', 'no-link']);
    expect(fs.readdirSync(outDir).sort()).toEqual(['made.txt']);
    expect(fs.readFileSync(path.join(outDir, 'made.txt'), 'utf8')).toBe('made\n');
    expect(fs.statSync(path.join(outDir, 'made.txt')).uid).toBe(0);
  });

  it('gives concurrent runs different uids, also across processes (uid locks)', async () => {
    const outs = [0, 1].map((i) => path.join(dir, `conc-${i}`));
    // the same slot on purpose: the runner's lock must move the second run to another uid
    const first = runOnSlot(base(['/bin/sh', '-c', 'sleep 1.5; id -u'], { stdout: outs[0] }), 0);
    await waitFor(() => boxUidProcesses().some((p) => p.cmd === 'sleep'));
    const second = runOnSlot(base(['/bin/sh', '-c', 'id -u'], { stdout: outs[1] }), 0);
    const reps = await Promise.all([first, second]);
    expect(reps.map((r) => r.status)).toEqual(['OK', 'OK']);
    expect(reps[0].uid).not.toBe(reps[1].uid);
    expect(outs.map((o) => Number(fs.readFileSync(o, 'utf8')))).toEqual(reps.map((r) => r.uid));
  });

  it('on SIGTERM kills the box, removes its cgroup and reports SE', async () => {
    const uid = 63000; // outside the pool other test files use at the same time
    const child = spawn(RUNNER_PATH, ['--time', '10000', '--uid', String(uid), '--', '/bin/sh', '-c', 'sleep 100 & sleep 100'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    const mine = () => boxUidProcesses([], { from: uid, count: 1 });
    await waitFor(() => mine().length >= 2);
    child.kill('SIGTERM');
    const code = await new Promise((r) => child.on('close', r));
    expect(code).not.toBe(0);
    expect(parseReport(out, 0)).toMatchObject({ status: 'SE' });
    expect(boxCgroups().filter((d) => d.endsWith(`ojbox-${child.pid}`))).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
    expect(mine()).toEqual([]);
  });

  it('leaves no cgroup behind', async () => {
    const { reports } = await collectReports(async () => {
      await runSandboxed(base(['/bin/true']));
      await runSandboxed(base(['/bin/sh', '-c', 'exit 3']));
      await runSandboxed(base(['/bin/sleep', '10'], { timeMs: 100, wallMs: 300 }));
    });
    expect(reports).toHaveLength(3);
    expect(leftoverCgroupsOf(reports)).toEqual([]);
  });
});
