/**
 * The pool of ready boxes: runs of one slot share its long-lived runner, its cgroups and its
 * zygote, and yet a run finds nothing of the previous one (files, processes, SysV objects) and gets
 * the same limits and accounting as a box built from scratch.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureRunnerBuilt,
  runOnSlot,
  sandboxConfig,
  sandboxPoolPids,
  sandboxPoolUnavailable,
  stopSandboxPool,
  type SandboxReport,
  type SandboxRequest,
} from '../src/sandbox.js';
import { boxUidProcesses, ownCgroupDirs } from './helpers.js';

// A uid range of its own (other test files run boxes meanwhile).
sandboxConfig.uidBase = 63000;
sandboxConfig.uidPoolSize = 50;
const SLOT = 3;

// leave: a file in /box and /tmp, a process that outlives the program, a SysV shared memory segment,
//        semaphore set and message queue, a listening unix socket with an abstract name kept in flight.
// look:  prints what it finds of all that ("clean" when nothing).
// mem N: touches N MB. forks: forks until refused, prints how many it got. burn: loops forever.
// oom: prints its oom_score_adj. bomb: forks forever.
const PROBE = `#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#define KEY 0x6f6a7031
// A listening socket with an abstract name, sent in flight into a socket pair that is itself in
// flight (a cycle only the kernel's garbage collection frees, after the process is gone).
static int named(int leave) {
  struct sockaddr_un a = {.sun_family = AF_UNIX};
  memcpy(a.sun_path, "\0ojpool-left", 12);
  int s = socket(AF_UNIX, SOCK_STREAM, 0);
  if (bind(s, (struct sockaddr *)&a, sizeof(sa_family_t) + 12)) return 1;
  if (!leave) return 0;
  listen(s, 1);
  int sp[2];
  socketpair(AF_UNIX, SOCK_DGRAM, 0, sp);
  int fds[2] = {s, sp[1]};
  char c = 'x', cb[CMSG_SPACE(sizeof fds)];
  struct iovec iov = {&c, 1};
  struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = cb, .msg_controllen = sizeof cb};
  struct cmsghdr *h = CMSG_FIRSTHDR(&mh);
  h->cmsg_level = SOL_SOCKET; h->cmsg_type = SCM_RIGHTS; h->cmsg_len = CMSG_LEN(sizeof fds);
  memcpy(CMSG_DATA(h), fds, sizeof fds);
  sendmsg(sp[0], &mh, 0);
  return 0;
}
int main(int argc, char **argv) {
  const char *m = argv[1];
  if (!strcmp(m, "leave")) {
    FILE *f = fopen("/box/left", "w"); if (!f) return 10; fputs("x", f); fclose(f);
    f = fopen("/tmp/left", "w"); if (!f) return 11; fputs("x", f); fclose(f);
    if (shmget(KEY, 4096, IPC_CREAT | 0666) < 0) return 12;
    if (semget(KEY, 1, IPC_CREAT | 0666) < 0) return 13;
    if (msgget(KEY, IPC_CREAT | 0666) < 0) return 14;
    if (named(1)) return 15;
    if (fork() == 0) { setsid(); for (;;) pause(); }
    printf("left\\n");
    return 0;
  }
  if (!strcmp(m, "look")) {
    int found = 0;
    if (!access("/box/left", F_OK)) { printf("/box/left "); found = 1; }
    if (!access("/tmp/left", F_OK)) { printf("/tmp/left "); found = 1; }
    if (shmget(KEY, 0, 0) >= 0) { printf("shm "); found = 1; }
    if (semget(KEY, 0, 0) >= 0) { printf("sem "); found = 1; }
    if (msgget(KEY, 0) >= 0) { printf("msg "); found = 1; }
    if (named(0)) { printf("socket "); found = 1; }
    DIR *d = opendir("/proc");
    struct dirent *e;
    while (d && (e = readdir(d))) {
      int pid = atoi(e->d_name);
      if (pid > 0 && pid != getpid()) { printf("pid%d ", pid); found = 1; }
    }
    printf("%s\\n", found ? "" : "clean");
    return 0;
  }
  if (!strcmp(m, "mem")) {
    size_t n = (size_t)atol(argv[2]) << 20;
    char *p = malloc(n);
    for (size_t i = 0; i < n; i += 4096) p[i] = 1;
    printf("%d\\n", p[n / 2]);
    return 0;
  }
  if (!strcmp(m, "forks")) {
    int got = 0;
    for (int i = 0; i < 100; i++) { pid_t p = fork(); if (p == 0) { pause(); _exit(0); } if (p < 0) break; got++; }
    printf("%d\\n", got);
    return 0;
  }
  if (!strcmp(m, "burn")) for (volatile unsigned long i = 0;; i++) {}
  if (!strcmp(m, "oom")) {
    char b[16] = "";
    FILE *f = fopen("/proc/self/oom_score_adj", "r");
    if (!f || !fgets(b, sizeof b, f)) return 3;
    printf("%s", b);
    return 0;
  }
  if (!strcmp(m, "bomb")) for (;;) fork();
  return 2;
}
`;

let dir: string;
let bin: string;

beforeAll(() => {
  ensureRunnerBuilt();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-pool-'));
  fs.chmodSync(dir, 0o755);
  bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(dir, 'probe.c'), PROBE);
  const cc = spawnSync('gcc', ['-O1', '-o', path.join(bin, 'probe'), path.join(dir, 'probe.c')], { encoding: 'utf8' });
  if (cc.status !== 0) throw new Error(cc.stderr);
});

afterAll(async () => {
  sandboxConfig.pool = true;
  await stopSandboxPool();
  fs.rmSync(dir, { recursive: true, force: true });
});

let outN = 0;
async function probe(args: string[], extra: Partial<SandboxRequest> = {}): Promise<{ rep: SandboxReport; out: string }> {
  const stdout = path.join(dir, `out-${outN++}`);
  const rep = await runOnSlot({ argv: ['/box/probe', ...args], timeMs: 2000, memoryKb: 64 * 1024, boxDirs: [bin], stdout, ...extra }, SLOT);
  return { rep, out: fs.existsSync(stdout) ? fs.readFileSync(stdout, 'utf8').trim() : '' };
}

/** The same probe in the slot's ready box and in a box built from scratch. */
async function both(args: string[], extra: Partial<SandboxRequest> = {}) {
  sandboxConfig.pool = true;
  const pooled = await probe(args, extra);
  sandboxConfig.pool = false;
  try {
    return { pooled, fresh: await probe(args, extra) };
  } finally {
    sandboxConfig.pool = true;
  }
}

/** The slot cgroups of our uid range that exist right now. */
function slotCgroups(): string[] {
  return ownCgroupDirs().flatMap((d) =>
    fs
      .readdirSync(d)
      .filter((n) => n.startsWith('ojpool-') && Number(n.slice(7)) >= sandboxConfig.uidBase && Number(n.slice(7)) < sandboxConfig.uidBase + 50)
      .map((n) => path.join(d, n)),
  );
}

describe('a slot of the pool', () => {
  it('runs box after box in one long-lived runner', async () => {
    const a = await probe(['look']);
    const b = await probe(['look']);
    expect(sandboxPoolUnavailable()).toBeNull();
    expect(a.rep).toMatchObject({ status: 'OK', cgroup: 'v1' });
    expect(b.rep.runnerPid).toBe(a.rep.runnerPid);
    expect(sandboxPoolPids()).toContain(a.rep.runnerPid);
    expect(slotCgroups().length).toBeGreaterThan(0);
  });

  it('leaves the next run nothing: files in /box and /tmp, processes, SysV shm, semaphores, message queues, named sockets', async () => {
    const left = await probe(['leave']);
    expect(left).toMatchObject({ rep: { status: 'OK' }, out: 'left' });
    // The process it left is gone on the host too.
    expect(boxUidProcesses().filter((p) => p.args.includes('/box/probe'))).toEqual([]);
    const next = await probe(['look']);
    expect(next.rep.runnerPid).toBe(left.rep.runnerPid); // the same slot runner
    expect(next.rep.uid).toBe(left.rep.uid);
    expect(next.out).toBe('clean');
    // The probe does see all that within the run that made it.
    const self = await probe([], { argv: ['/bin/sh', '-c', '/box/probe leave && /box/probe look'] });
    expect(self.out).toMatch(/^left\n\/box\/left \/tmp\/left shm sem msg socket pid\d+/);
  });

  it('gives the limits and accounting of a box built from scratch', async () => {
    // pids: forks until refused, the same count either way (the slot's own processes are not the box's).
    const forks = await both(['forks'], { pids: 8 });
    expect(forks.pooled.rep.status).toBe('OK');
    expect(forks.pooled.out).toBe(forks.fresh.out);
    expect(forks.pooled.out).toBe('7');
    // memory: the same peak RSS within a few hundred KB, the same verdicts at the limit.
    const mem = await both(['mem', '40']);
    expect(mem.pooled.rep.status).toBe('OK');
    expect(mem.fresh.rep.status).toBe('OK');
    expect(Math.abs(mem.pooled.rep.memoryKb - mem.fresh.rep.memoryKb)).toBeLessThan(512);
    // The cgroup peak too, within the kernel's charge batching (64 pages per CPU, either way) and the few
    // pages of kernel memory (page tables, stacks) charged with it: 1 088 KB apart was seen on a CI machine.
    expect(mem.pooled.rep.cgroupPeakKb).toBeGreaterThan(39 * 1024);
    expect(Math.abs(mem.pooled.rep.cgroupPeakKb - mem.fresh.rep.cgroupPeakKb)).toBeLessThan(2048);
    const mle = await both(['mem', '100']);
    expect(mle.pooled.rep).toMatchObject({ status: 'MLE', oomKilled: true });
    expect(mle.fresh.rep).toMatchObject({ status: 'MLE', oomKilled: true });
    // The OOM kill of the last run is not this run's.
    const after = await probe(['mem', '10']);
    expect(after.rep).toMatchObject({ status: 'OK', oomKilled: false });
    // CPU: the slot's counter starts at zero for every run.
    const burn = await both(['burn'], { timeMs: 200 });
    expect(burn.pooled.rep.status).toBe('TLE');
    expect(burn.fresh.rep.status).toBe('TLE');
    const quick = await probe(['look']);
    expect(quick.rep.timeMs).toBeLessThan(100);
    // output limit
    const ole = await both(['mem', '1'], { outputKb: 1, argv: ['/bin/sh', '-c', 'head -c 4096 /dev/zero'] });
    expect(ole.pooled.rep.status).toBe('OLE');
    expect(ole.fresh.rep.status).toBe('OLE');
  });

  it('makes the program, not the slot, the pick of the OOM killer: a fork bomb at the memory limit ends in a resource verdict', async () => {
    // The zygote shields itself with -1000; a box that inherited that left the OOM killer no victim.
    const adj = await both(['oom']);
    expect(adj.pooled.out).toBe('1000');
    expect(adj.fresh.out).toBe('1000');
    for (let i = 0; i < 3; i++) {
      const bomb = await both(['bomb'], { timeMs: 1000, memoryKb: 16 * 1024, pids: 64 });
      for (const r of [bomb.pooled.rep, bomb.fresh.rep]) expect(['TLE', 'MLE'], r.error).toContain(r.status);
    }
    expect(await probe(['look'])).toMatchObject({ rep: { status: 'OK' }, out: 'clean' });
  });

  /** Resolves once `pid` is a zombie or gone (it is the slot runner's child, reaped when it notices). */
  const diedOff = async (pid: number) => {
    for (let i = 0; i < 500; i++) {
      let stat = '';
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {}
      if (!stat || stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`process ${pid} did not die`);
  };

  it('builds the slot again when its zygote died, between runs or during one', async () => {
    const zygote = (runner: number) => Number(fs.readFileSync(`/proc/${runner}/task/${runner}/children`, 'utf8').trim().split(' ')[0]);
    const first = await probe(['look']);
    const z1 = zygote(first.rep.runnerPid);
    process.kill(z1, 'SIGKILL');
    // "Between runs" means the zygote is dead when the request comes: a signal is delivered
    // asynchronously, and a zygote still dying while the next box runs is the "during one" case below.
    await diedOff(z1);
    const next = await probe(['look']);
    expect(next).toMatchObject({ rep: { status: 'OK', runnerPid: first.rep.runnerPid }, out: 'clean' });
    const z2 = zygote(first.rep.runnerPid);
    expect(z2).not.toBe(z1);
    // During a run: that run is a system error, the next one is fine.
    const during = probe([], { argv: ['/bin/sleep', '5'], timeMs: 1000, wallMs: 8000 });
    await new Promise((r) => setTimeout(r, 300));
    process.kill(z2, 'SIGKILL');
    expect((await during).rep.status).toBe('SE');
    const after = await probe(['look']);
    expect(after).toMatchObject({ rep: { status: 'OK', runnerPid: first.rep.runnerPid }, out: 'clean' });
  });

  it('replaces a slot runner that died and leaves no slot cgroup once stopped', async () => {
    const before = await probe(['look']);
    process.kill(before.rep.runnerPid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 50));
    const after = await probe(['look']);
    expect(after.rep.status).toBe('OK');
    expect(after.out).toBe('clean');
    expect(after.rep.runnerPid).not.toBe(before.rep.runnerPid);
    await stopSandboxPool();
    expect(sandboxPoolPids()).toEqual([]);
    expect(slotCgroups()).toEqual([]);
  });
});
