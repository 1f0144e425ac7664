/**
 * Hostile submissions through the real judge and sandbox: each one must be contained, get the
 * verdict a user would expect, and leave the host as it was (files, processes, cgroups, mounts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeOne, workRoot, type JudgeRequest } from '../src/judge.js';
import { ensureRunnerBuilt, sandboxConfig, sandboxEvents, type SandboxReport } from '../src/sandbox.js';
import { boxUidProcesses, leftoverCgroupsOf, mountTable } from './helpers.js';

// A uid range of its own: boxes of test files running in parallel must not look like leftovers.
sandboxConfig.uidBase = 62000;
sandboxConfig.uidPoolSize = 100;

const S = JudgeStatus;
const tag = crypto.randomBytes(4).toString('hex');
const marker = (name: string) => `/tmp/oj-hostile-${tag}-${name}`;

let hostDir: string; // stands for test data and other runs' directories on the host
const reports: SandboxReport[] = [];
const onReport = (r: SandboxReport) => reports.push(r);
let mountsBefore: string[];
let shadowBefore: fs.Stats;
const hostSleepers: ChildProcess[] = [];

function judgeC(source: string, cases: JudgeRequest['cases'], extra: Partial<JudgeRequest> = {}) {
  return judgeOne({ language: 'C With O2', source, cases, timeLimitMs: 1000, memoryLimitMb: 128, stackLimitMb: 64, ...extra });
}

const HEAD = `#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <dirent.h>
`;

beforeAll(() => {
  ensureRunnerBuilt();
  hostDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-hostile-data-'));
  fs.chmodSync(hostDir, 0o755);
  fs.writeFileSync(path.join(hostDir, '1.out'), 'the secret answer\n', { mode: 0o644 });
  mountsBefore = mountTable();
  shadowBefore = fs.statSync('/etc/shadow');
  sandboxEvents.on('report', onReport);
  // Host processes running as the uids the boxes will most likely get: `kill -9 -1` in a box
  // must not reach them (pid namespace), even though the uid is the same.
  for (const uid of [sandboxConfig.uidBase, sandboxConfig.uidBase + 1]) {
    hostSleepers.push(spawn('/bin/sleep', ['300'], { uid, gid: uid, stdio: 'ignore' }));
  }
});

afterAll(() => {
  sandboxEvents.off('report', onReport);
  for (const p of hostSleepers) p.kill('SIGKILL');
  fs.rmSync(hostDir, { recursive: true, force: true });
});

describe('resource attacks', () => {
  it('fork bomb → a resource verdict, every process gone', async () => {
    const r = await judgeC(`${HEAD}int main(void){ for(;;) fork(); }`, [{ input: '', expected: '' }]);
    // The pids limit caps the processes, but each failing fork() still allocates kernel memory that
    // is charged to the box and freed later (RCU): a 1 s bomb peaks at ~42 MB on an idle machine and
    // can reach the 128 MB limit on a loaded one, so the OOM killer may end it before the CPU limit.
    expect([S.TIME_LIMIT_EXCEEDED, S.MEMORY_LIMIT_EXCEEDED], `${r.status}: ${r.errorMessage ?? ''}`).toContain(r.status);
    expect(boxUidProcesses(hostSleepers.map((p) => p.pid!))).toEqual([]);
  });

  it('thread bomb is capped by the pids limit', async () => {
    const src = `${HEAD}static void *idle(void *a){ for(;;) pause(); return a; }
int main(void){ int n = 0; pthread_t t; while (n < 100000 && pthread_create(&t, 0, idle, 0) == 0) n++;
  printf("%s\\n", n < 1000 ? "capped" : "unlimited"); return 0; }`;
    const r = await judgeC(src, [{ input: '', expected: 'capped\n' }]);
    expect(r.status).toBe(S.ACCEPTED);
  });

  it('memory bomb that touches its memory → Memory Limit Exceeded', async () => {
    const src = `${HEAD}char *volatile keep[100000];
int main(void){ for (int i = 0;; i++) { char *p = malloc(1 << 22); if (!p) return 1; memset(p, 7, 1 << 22); keep[i] = p; } }`;
    const r = await judgeC(src, [{ input: '', expected: '' }], { memoryLimitMb: 64 });
    expect(r.status).toBe(S.MEMORY_LIMIT_EXCEEDED);
  });

  it('stack overflow → Runtime Error (SIGSEGV)', async () => {
    const src = `${HEAD}int f(int n){ volatile char buf[4096]; buf[0] = (char)n; return f(n + 1) + buf[0]; }
int main(void){ printf("%d\\n", f(0)); return 0; }`;
    const r = await judgeC(src, [{ input: '', expected: '' }], { memoryLimitMb: 256, stackLimitMb: 16 });
    expect(r.status).toBe(S.RUNTIME_ERROR);
    expect(r.errorMessage).toMatch(/SIGSEGV/);
  });

  it('infinite loop and sleeping forever → Time Limit Exceeded', async () => {
    const r = await judgeC(
      `${HEAD}int main(void){ char c[8]; if (scanf("%7s", c) == 1 && c[0] == 's') sleep(100000); for(;;); }`,
      [
        { input: 'loop', expected: '' },
        { input: 'sleep', expected: '' },
      ],
      { timeLimitMs: 300 },
    );
    expect(r.cases.map((c) => c.status)).toEqual([S.TIME_LIMIT_EXCEEDED, S.TIME_LIMIT_EXCEEDED]);
    // The sleeper is stopped by the wall-clock guard having used next to no CPU: its time reads as the limit.
    expect(r.cases[1].time).toBe(300);
  });

  it('huge stdout and a huge file → Runtime Error "Output limit exceeded"; nothing reaches the host disk', async () => {
    const src = `${HEAD}int main(void){ char c[8]; static char buf[1 << 20]; memset(buf, 'x', sizeof buf); scanf("%7s", c);
  if (c[0] == 'o') for(;;) fwrite(buf, 1, sizeof buf, stdout);
  FILE *f = fopen(c[0] == 'f' ? "big.bin" : "/tmp/big.bin", "w"); if (!f) return 4;
  for (int i = 0; i < 2048; i++) fwrite(buf, 1, sizeof buf, f); fclose(f); return 0; }`;
    const r = await judgeC(
      src,
      [
        { input: 'out', expected: '' },
        { input: 'file', expected: '' },
        { input: 'tmp', expected: '' },
      ],
      { outputLimitKb: 4096, memoryLimitMb: 256 },
    );
    expect(r.cases.map((c) => c.status)).toEqual([S.RUNTIME_ERROR, S.RUNTIME_ERROR, S.RUNTIME_ERROR]);
    for (const c of r.cases) expect(c.message).toBe('Output limit exceeded');
    expect(fs.existsSync('/tmp/big.bin')).toBe(false);
  });
});

describe('escape attempts', () => {
  it('network: no connection to loopback or outside, only a lonely lo interface', async () => {
    let connections = 0;
    const server = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    const src = `${HEAD}static const char *try_tcp(const char *ip, int port){
  int s = socket(AF_INET, SOCK_STREAM, 0); if (s < 0) return "blocked";
  struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(port) }; inet_pton(AF_INET, ip, &a.sin_addr);
  return connect(s, (struct sockaddr *)&a, sizeof a) == 0 ? "CONNECTED" : "failed"; }
int main(void){ int port; scanf("%d", &port);
  printf("%s %s\\n", try_tcp("127.0.0.1", port), try_tcp("1.1.1.1", 80));
  int u = socket(AF_INET, SOCK_DGRAM, 0); printf("%s\\n", u < 0 ? "udp-blocked" : "udp-open");
  int nl = socket(AF_NETLINK, SOCK_RAW, 0); printf("%s\\n", nl < 0 ? "netlink-blocked" : "netlink-open");
  FILE *f = fopen("/proc/net/dev", "r"); char line[256]; int n = 0;
  while (f && fgets(line, sizeof line, f)) if (++n > 2) { char *c = strchr(line, ':'); if (c) *c = 0; printf("%s\\n", line + strspn(line, " ")); }
  return 0; }`;
    const r = await judgeC(src, [{ input: String(port), expected: 'blocked blocked\nudp-blocked\nnetlink-blocked\nlo\n' }]);
    server.close();
    expect(r.cases[0].stdout).toBe('blocked blocked\nudp-blocked\nnetlink-blocked\nlo\n');
    expect(r.status).toBe(S.ACCEPTED);
    expect(connections).toBe(0);
  });

  it('cannot read /etc/shadow, the test data, the judge work dir or other runs', async () => {
    const secretFile = path.join(hostDir, '1.out');
    const src = `${HEAD}int main(void){ char p[4096]; int opened = 0;
  while (scanf("%4095s", p) == 1) { int fd = open(p, O_RDONLY); DIR *d = opendir(p); if (fd >= 0 || d) { opened++; printf("OPENED %s\\n", p); } }
  printf("opened %d\\n", opened); return 0; }`;
    const paths = ['/etc/shadow', '/etc/gshadow', hostDir, secretFile, workRoot(), os.homedir(), '/root', '/work', '/proc/1/root/etc/shadow', '/sys/fs/cgroup'];
    for (const p of paths.slice(0, 6)) expect(fs.existsSync(p)).toBe(true);
    const r = await judgeC(src, [{ input: paths.join('\n'), expectedFile: secretFile }]);
    expect(r.cases[0].stdout).toBe('opened 0\n');
    expect(r.cases[0].status).toBe(S.WRONG_ANSWER);
  });

  it('cannot write outside its work dir; /box and /tmp writes stay in the box', async () => {
    const targets = [
      '/x',
      '/usr/x',
      '/etc/x',
      '/../x',
      '/box/../x',
      '/dev/x',
      '/proc/x',
      marker('etc'),
      path.join(hostDir, 'pwned'),
      path.join(workRoot(), 'pwned'),
    ];
    const src = `${HEAD}int main(void){ char p[4096]; int made = 0;
  while (scanf("%4095s", p) == 1) { int fd = open(p, O_WRONLY | O_CREAT, 0666); if (fd >= 0) { made++; printf("MADE %s\\n", p); close(fd); } }
  printf("made %d\\n", made); return 0; }`;
    const r = await judgeC(src, [{ input: targets.join('\n'), expected: 'made 1\n' }]);
    // only the marker under /tmp can be created: in the box's own /tmp
    expect(r.cases[0].stdout).toBe(`MADE ${marker('etc')}\nmade 1\n`);
    for (const t of [marker('etc'), path.join(hostDir, 'pwned'), path.join(workRoot(), 'pwned'), '/x']) expect(fs.existsSync(t)).toBe(false);
  });

  it('cannot overwrite, remove or replace its own binary', async () => {
    const src = `${HEAD}int main(int argc, char **argv){ int ok = 0;
  if (open("/box/main", O_WRONLY) >= 0) ok++;
  if (open("/proc/self/exe", O_WRONLY) >= 0) ok++;
  if (unlink("/box/main") == 0) ok++;
  if (rename("/box/main", "/box/other") == 0) ok++;
  if (chmod("/box/main", 0777) == 0) ok++;
  int fd = open("/box/evil", O_WRONLY | O_CREAT, 0755); if (fd >= 0 && rename("/box/evil", "/box/main") == 0) ok++;
  printf("%d\\n", ok); return 0; }`;
    const r = await judgeC(src, [
      { input: '', expected: '0\n' },
      { input: '', expected: '0\n' },
    ]);
    expect(r.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.ACCEPTED]);
  });

  it('cannot leave a file for the next case', async () => {
    const src = `${HEAD}int main(void){ char c[8]; scanf("%7s", c);
  if (c[0] == 'w') { FILE *a = fopen("/box/flag", "w"), *b = fopen("/tmp/flag", "w"); puts(a && b ? "wrote" : "failed"); return 0; }
  puts(access("/box/flag", F_OK) == 0 || access("/tmp/flag", F_OK) == 0 ? "found" : "clean"); return 0; }`;
    const r = await judgeC(src, [
      { input: 'write', expected: 'wrote\n' },
      { input: 'check', expected: 'clean\n' },
    ]);
    expect(r.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.ACCEPTED]);
  });

  it('kill -9 -1 only hits the box itself', async () => {
    const r = await judgeC(`${HEAD}int main(void){ kill(-1, SIGKILL); kill(1, SIGKILL); puts("alive"); return 0; }`, [{ input: '', expected: 'alive\n' }]);
    expect(r.status).toBe(S.ACCEPTED);
    for (const p of hostSleepers) expect(p.exitCode === null && p.signalCode === null).toBe(true);
    expect(process.kill(hostSleepers[0].pid!, 0)).toBe(true);
  });

  it('ptrace, mount, unshare and user namespaces are forbidden system calls (Runtime Error)', async () => {
    const src = `${HEAD}int main(void){ char c[16]; scanf("%15s", c);
  if (!strcmp(c, "ptrace")) ptrace(PTRACE_TRACEME, 0, 0, 0);
  if (!strcmp(c, "mount")) mount("none", "/tmp", "tmpfs", 0, 0);
  if (!strcmp(c, "unshare")) unshare(CLONE_NEWUSER | CLONE_NEWNS);
  if (!strcmp(c, "clone")) syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0);
  puts("allowed"); return 0; }`;
    const names = ['ptrace', 'mount', 'unshare', 'clone'];
    const r = await judgeC(
      src,
      names.map((n) => ({ input: n, expected: 'allowed\n' })),
    );
    for (const c of r.cases) {
      expect(c.status).toBe(S.RUNTIME_ERROR);
      expect(c.message).toMatch(/forbidden system call/);
    }
  });

  it('a background daemon dies with the main program', async () => {
    const src = `${HEAD}int main(void){ if (fork() == 0) { setsid();
  if (fork() == 0) { for (;;) { FILE *f = fopen("/tmp/alive", "w"); if (f) fclose(f); usleep(1000); } } _exit(0); }
  usleep(50000); puts("done"); return 0; }`;
    const t0 = Date.now();
    const r = await judgeC(src, [{ input: '', expected: 'done\n' }], { timeLimitMs: 2000 });
    expect(r.status).toBe(S.ACCEPTED);
    expect(Date.now() - t0).toBeLessThan(5000); // not held until a time limit
    expect(boxUidProcesses(hostSleepers.map((p) => p.pid!))).toEqual([]);
  });
});

describe('compile-time attacks', () => {
  it('#include "/etc/shadow" is a Compile Error that leaks nothing', async () => {
    const shadow = fs.readFileSync('/etc/shadow', 'utf8');
    const r = await judgeC('#include "/etc/shadow"\nint main(void){ return 0; }\n', [{ input: '', expected: '' }]);
    expect(r.status).toBe(S.COMPILE_ERROR);
    expect(r.errorMessage).toMatch(/No such file/);
    for (const line of shadow.split('\n').filter((l) => l.length > 4)) expect(r.errorMessage).not.toContain(line);
  });

  it('#include "/dev/zero" and a huge template instantiation end as Compile Error within the limits', async () => {
    const zero = await judgeC('#include "/dev/zero"\nint main(void){ return 0; }\n', [{ input: '', expected: '' }], { compileTimeMs: 2000 });
    expect(zero.status).toBe(S.COMPILE_ERROR);
    const bomb = `#include <utility>
#include <cstddef>
template <std::size_t... I> constexpr std::size_t sum(std::index_sequence<I...>) { return (I + ... + 0); }
int main() { return sum(std::make_index_sequence<5000000>{}) & 1; }
`;
    const r = await judgeOne({
      language: 'C++ 17',
      source: bomb,
      cases: [{ input: '', expected: '' }],
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      compileTimeMs: 2000,
    });
    expect(r.status).toBe(S.COMPILE_ERROR);
    expect(r.errorMessage).toMatch(/Compilation (time|memory) limit exceeded/);
  });
});

describe('the host afterwards', () => {
  it('has no box processes, cgroups, mounts or files left', async () => {
    await new Promise((r) => setTimeout(r, 50));
    expect(reports.length).toBeGreaterThan(20);
    expect(reports.filter((r) => r.status === 'SE').map((r) => r.error)).toEqual([]);
    expect(boxUidProcesses(hostSleepers.map((p) => p.pid!))).toEqual([]);
    expect(leftoverCgroupsOf(reports)).toEqual([]);
    expect(mountTable()).toEqual(mountsBefore);
    expect(fs.statSync('/etc/shadow').mtimeMs).toBe(shadowBefore.mtimeMs);
    expect(fs.readdirSync('/tmp').filter((f) => f.includes(tag))).toEqual([]);
    expect(fs.readdirSync(hostDir)).toEqual(['1.out']);
  });
});
