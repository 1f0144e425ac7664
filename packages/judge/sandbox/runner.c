// Sandbox runner of the online judge: runs ONE untrusted program (a compiler or a submission) in
// fresh namespaces, a fresh cgroup and a minimal read-only root, then prints one JSON report.
//
// Three processes (like isolate's keeper/inside split):
//   supervisor  root on the host: opens the stdio files, creates the cgroup, clones the init,
//               watches CPU (cgroup counter) and wall time, cleans up, prints the report.
//   init        PID 1 of the new pid namespace: builds the root filesystem, forks the worker,
//               reaps everything and kills every leftover process when the main program exits.
//   worker      joins the cgroup, sets rlimits, drops to the slot uid, installs seccomp, execs.
//
// It refuses to run anything (status "SE", exit code 2) when it cannot isolate: never runs bare.
// See ../README.md for the flags and the report. With --serve it is one slot of the pool of ready
// boxes instead (cgroup v1): long-lived, one report per request read from stdin (serve_main).
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <setjmp.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef CLONE_NEWCGROUP
#define CLONE_NEWCGROUP 0x02000000
#endif
#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif
#ifndef SECCOMP_RET_KILL_PROCESS
#define SECCOMP_RET_KILL_PROCESS 0x80000000U
#endif

#define BOX_PREFIX "ojbox-"
#define POOL_PREFIX "ojpool-" // a slot of the pool: named after the slot's uid (locked while it lives)
// Leaf that holds the judge's own processes on cgroup v2 (the "no internal processes" rule
// forbids enabling controllers for children of a cgroup that still has processes).
#define V2_LEAF "oj-supervisor"
#define MAX_LIST 64

/* ------------------------------------------------------------------ options */

static struct {
  long time_ms, wall_ms, mem_kb, stack_kb, out_kb, as_kb, box_kb, tmp_kb, pids, nofile;
  long uid, gid, pool_base, pool_count;
  long in_fd, out_fd; // inherited descriptors (pipes of an interactive run), -1 = use the files
  const char *in_f, *out_f, *err_f;
  int err_to_out, timing;
  const char *box[MAX_LIST];
  int n_box;
  const char *copy_out;
  char *ro_src[MAX_LIST], *ro_dst[MAX_LIST];
  int n_ro;
  char *env[MAX_LIST + 8];
  int n_env;
  const char *cg_mode, *cg_parent, *state_dir;
  char **argv;
} o = {
    .time_ms = 1000, .wall_ms = -1, .mem_kb = 262144, .stack_kb = 65536, .out_kb = 65536,
    .as_kb = 0, .box_kb = -1, .tmp_kb = 16384, .pids = 64, .nofile = 64, .uid = 60000,
    .gid = -1, .pool_base = -1, .pool_count = 0, .in_fd = -1, .out_fd = -1, .in_f = "/dev/null", .out_f = "/dev/null",
    .err_f = "/dev/null", .cg_mode = "auto", .state_dir = "/run/oj-sandbox",
};

/* ------------------------------------------------------------------ report */

static struct {
  const char *status;
  long long time_ms, wall_ms, memory_kb, cg_peak_kb;
  int exit_code, signal, oom_killed;
  char error[512];
  const char *cgroup;
  long uid;
} rep = {.status = "SE", .exit_code = -1, .cgroup = "none", .uid = -1};

static void json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(f, "\\%c", *p);
    else if (*p < 0x20) fprintf(f, "\\u%04x", *p);
    else fputc(*p, f);
  }
  fputc('"', f);
}

static void print_report(void) {
  printf("{\"status\":\"%s\",\"time_ms\":%lld,\"wall_ms\":%lld,\"memory_kb\":%lld,\"exit_code\":%d,"
         "\"signal\":%d,\"oom_killed\":%s,\"error\":",
         rep.status, rep.time_ms, rep.wall_ms, rep.memory_kb, rep.exit_code, rep.signal,
         rep.oom_killed ? "true" : "false");
  json_str(stdout, rep.error);
  printf(",\"cgroup\":\"%s\",\"cgroup_peak_kb\":%lld,\"uid\":%ld}\n", rep.cgroup, rep.cg_peak_kb, rep.uid);
  fflush(stdout);
}

static void cg_cleanup(void);
static pid_t init_pid; // set once the box exists

// Pool mode (--serve): one long-lived supervisor per slot runs box after box (see serve_main).
static int serve_mode;
static jmp_buf serve_jmp;
static int run_started; // the program of this run was started (exec'd)
static int retry_left;  // a run whose slot broke before its program started is run again, once
static int slot_dirty;  // rebuild the slot before the next run
static void pool_abort_box(void);

// Refuse: report SE and exit non-zero. Only called by the supervisor.
__attribute__((noreturn, format(printf, 1, 2))) static void refuse(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(rep.error, sizeof rep.error, fmt, ap);
  va_end(ap);
  if (serve_mode) {
    // This run fails, the slot lives on (rebuilt first when its state is in doubt).
    pool_abort_box();
    // The slot broke under a run whose program never started (its zygote was killed meanwhile):
    // nothing of the run happened yet, so it runs again on a new slot instead of reporting SE.
    if (retry_left && !run_started && slot_dirty) {
      retry_left = 0;
      longjmp(serve_jmp, 2);
    }
    rep.status = "SE";
    print_report();
    longjmp(serve_jmp, 1);
  }
  if (init_pid > 0) {
    // Its death takes every process of the box's pid namespace with it.
    kill(init_pid, SIGKILL);
    while (waitpid(init_pid, NULL, 0) < 0 && errno == EINTR) {}
    init_pid = 0;
  }
  cg_cleanup();
  rep.status = "SE";
  print_report();
  exit(2);
}

/* ------------------------------------------------------------------ small helpers */

static long long now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int write_str(const char *path, const char *val) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = write(fd, val, strlen(val));
  int e = errno;
  close(fd);
  errno = e;
  return n == (ssize_t)strlen(val) ? 0 : -1;
}

static int write_at(const char *dir, const char *file, const char *val) {
  char p[PATH_MAX];
  snprintf(p, sizeof p, "%s/%s", dir, file);
  return write_str(p, val);
}

static ssize_t read_small(const char *path, char *buf, size_t cap) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = read(fd, buf, cap - 1);
  close(fd);
  if (n < 0) return -1;
  buf[n] = 0;
  return n;
}

// Value of "key N" in a flat-keyed cgroup file (memory.events, cpu.stat, memory.oom_control).
static long long read_key(const char *dir, const char *file, const char *key) {
  char p[PATH_MAX], buf[16384];
  snprintf(p, sizeof p, "%s/%s", dir, file);
  if (read_small(p, buf, sizeof buf) < 0) return -1;
  size_t kl = strlen(key);
  for (char *line = buf; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
    if (!strncmp(line, key, kl) && line[kl] == ' ') return atoll(line + kl + 1);
  return -1;
}

static long long read_ll(const char *dir, const char *file) {
  char p[PATH_MAX], buf[64];
  snprintf(p, sizeof p, "%s/%s", dir, file);
  if (read_small(p, buf, sizeof buf) <= 0) return -1;
  return atoll(buf);
}

static int has_word(const char *list, const char *word) {
  size_t wl = strlen(word);
  for (const char *p = list; (p = strstr(p, word)); p += wl)
    if ((p == list || p[-1] == ' ' || p[-1] == ',' || p[-1] == '\n') &&
        (p[wl] == 0 || p[wl] == ' ' || p[wl] == ',' || p[wl] == '\n'))
      return 1;
  return 0;
}

static int mkdir_p(const char *path, mode_t mode) {
  char tmp[PATH_MAX];
  snprintf(tmp, sizeof tmp, "%s", path);
  for (char *p = tmp + 1; *p; p++)
    if (*p == '/') {
      *p = 0;
      if (mkdir(tmp, mode) && errno != EEXIST) return -1;
      *p = '/';
    }
  return mkdir(tmp, mode) && errno != EEXIST ? -1 : 0;
}

static long parse_num(const char *flag, const char *s, long min, long max) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end || v < min || v > max)
    refuse("invalid value for %s: '%s' (expected %ld..%ld)", flag, s, min, max);
  return v;
}

/* ------------------------------------------------------------------ cgroups (v1 and v2) */

static int cgv; // 0 none, 1 v1, 2 v2
static char cg_dirs[3][PATH_MAX]; // v1: distinct box dirs (memory, cpuacct, pids; may coincide)
static int n_cg_dirs;
static char cg_mem[PATH_MAX], cg_cpu[PATH_MAX], cg_pids[PATH_MAX]; // role -> dir (v2: all same)
static int cg_procs_fd[3] = {-1, -1, -1};
static int cg_cpu_fd = -1;
static int cg_dir_fd = -1; // v2: the worker is cloned straight into the box (CLONE_INTO_CGROUP)
static char cg_name[64];

struct cg_mount { char root[PATH_MAX], point[PATH_MAX], opts[256]; int v2; };
static struct cg_mount mounts[32];
static int n_mounts;

static void load_cgroup_mounts(void) {
  FILE *f = fopen("/proc/self/mountinfo", "re");
  if (!f) return;
  char line[4096];
  while (fgets(line, sizeof line, f) && n_mounts < 32) {
    // ID PARENT MAJ:MIN ROOT POINT OPTS [optional...] - FSTYPE SOURCE SUPEROPTS
    char *sep = strstr(line, " - ");
    if (!sep) continue;
    char fstype[32], src[256], sopts[256], root[PATH_MAX], point[PATH_MAX];
    if (sscanf(sep + 3, "%31s %255s %255s", fstype, src, sopts) != 3) continue;
    int v2 = !strcmp(fstype, "cgroup2");
    if (!v2 && strcmp(fstype, "cgroup")) continue;
    if (sscanf(line, "%*d %*d %*s %4095s %4095s", root, point) != 2) continue;
    struct cg_mount *m = &mounts[n_mounts++];
    snprintf(m->root, sizeof m->root, "%s", root);
    snprintf(m->point, sizeof m->point, "%s", point);
    snprintf(m->opts, sizeof m->opts, "%s", sopts);
    m->v2 = v2;
  }
  fclose(f);
}

// Host directory of our own cgroup in the hierarchy holding `ctrl` (NULL = the v2 hierarchy).
static int own_cgroup_dir(const char *ctrl, char *out, size_t cap) {
  FILE *f = fopen("/proc/self/cgroup", "re");
  if (!f) return -1;
  char line[PATH_MAX + 256], path[PATH_MAX] = "";
  int found = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    char *a = strchr(line, ':'), *b = a ? strchr(a + 1, ':') : NULL;
    if (!b) continue;
    *b = 0;
    const char *ctrls = a + 1;
    if (ctrl ? has_word(ctrls, ctrl) : (!strcmp(line, "0") && !*ctrls)) {
      snprintf(path, sizeof path, "%s", b + 1);
      found = 1;
      break;
    }
  }
  fclose(f);
  if (!found) return -1;
  for (int i = 0; i < n_mounts; i++) {
    struct cg_mount *m = &mounts[i];
    if (ctrl ? (m->v2 || !has_word(m->opts, ctrl)) : !m->v2) continue;
    const char *rel = o.cg_parent ? o.cg_parent : path;
    if (!o.cg_parent) {
      size_t rl = strlen(m->root);
      if (strcmp(m->root, "/")) {
        if (strncmp(path, m->root, rl) || (path[rl] && path[rl] != '/')) continue;
        rel = path + rl;
      }
    }
    while (*rel == '/') rel++;
    snprintf(out, cap, "%s%s%s", m->point, *rel ? "/" : "", rel);
    return 0;
  }
  return -1;
}

// Remove box cgroups left behind by runners that died (SIGKILL) before cleaning up. rmdir only
// succeeds on an empty cgroup, so a live box of another pid namespace is never disturbed.
static void sweep_stale(const char *parent) {
  DIR *d = opendir(parent);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (strncmp(e->d_name, BOX_PREFIX, strlen(BOX_PREFIX))) continue;
    long pid = atol(e->d_name + strlen(BOX_PREFIX));
    if (pid <= 0 || pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH) continue;
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/%s", parent, e->d_name);
    rmdir(p);
  }
  closedir(d);
}

static int make_box_dir(const char *parent, char *out) {
  sweep_stale(parent);
  snprintf(out, PATH_MAX, "%s/%s", parent, cg_name);
  if (mkdir(out, 0700) == 0) return 0;
  if (errno != EEXIST) return -1;
  // Our pid was reused after a crashed runner: the old dir is empty (its box died with its init).
  if (rmdir(out) || mkdir(out, 0700)) return -1;
  return 0;
}

static int v1_available(void) {
  const char *need[] = {"memory", "pids", "cpuacct"};
  for (int i = 0; i < 3; i++) {
    int ok = 0;
    for (int j = 0; j < n_mounts; j++)
      if (!mounts[j].v2 && has_word(mounts[j].opts, need[i])) ok = 1;
    if (!ok) return 0;
  }
  return 1;
}

static const char *v2_point(void) {
  for (int i = 0; i < n_mounts; i++)
    if (mounts[i].v2) return mounts[i].point;
  return NULL;
}

static int v2_available(void) {
  const char *p = v2_point();
  if (!p) return 0;
  char f[PATH_MAX], buf[512];
  snprintf(f, sizeof f, "%s/cgroup.controllers", p);
  if (read_small(f, buf, sizeof buf) < 0) return 0;
  return has_word(buf, "memory") && has_word(buf, "pids");
}

static void setup_v1(void) {
  const char *roles[3] = {"memory", "cpuacct", "pids"};
  char *dst[3] = {cg_mem, cg_cpu, cg_pids};
  for (int i = 0; i < 3; i++) {
    char own[PATH_MAX];
    if (own_cgroup_dir(roles[i], own, sizeof own))
      refuse("cgroup v1: cannot find our own '%s' cgroup", roles[i]);
    char box[PATH_MAX];
    snprintf(box, sizeof box, "%s/%s", own, cg_name);
    int seen = -1;
    for (int j = 0; j < n_cg_dirs; j++)
      if (!strcmp(cg_dirs[j], box)) seen = j;
    if (seen < 0) {
      if (make_box_dir(own, cg_dirs[n_cg_dirs]))
        refuse("cgroup v1: cannot create %s: %s", box, strerror(errno));
      seen = n_cg_dirs++;
    }
    snprintf(dst[i], PATH_MAX, "%s", cg_dirs[seen]);
  }
  char v[64];
  snprintf(v, sizeof v, "%lld", (long long)o.mem_kb * 1024);
  if (write_at(cg_mem, "memory.limit_in_bytes", v)) refuse("cgroup v1: memory.limit_in_bytes: %s", strerror(errno));
  // Without this a host with swap would let the box exceed its limit by swapping.
  if (write_at(cg_mem, "memory.memsw.limit_in_bytes", v) && errno != ENOENT)
    refuse("cgroup v1: memory.memsw.limit_in_bytes: %s", strerror(errno));
  snprintf(v, sizeof v, "%ld", o.pids);
  if (write_at(cg_pids, "pids.max", v)) refuse("cgroup v1: pids.max: %s", strerror(errno));
  cgv = 1;
}

// Enable memory/pids (and cpu, best effort) for the children of `base`. On v2 a cgroup that has
// processes cannot do that, so the judge's own processes are first moved into base/oj-supervisor.
static int v2_delegate(const char *base) {
  char sc[PATH_MAX], buf[512];
  snprintf(sc, sizeof sc, "%s/cgroup.subtree_control", base);
  for (int attempt = 0; attempt < 5; attempt++) {
    if (read_small(sc, buf, sizeof buf) < 0) return -1;
    if (has_word(buf, "memory") && has_word(buf, "pids")) {
      if (!has_word(buf, "cpu")) write_str(sc, "+cpu");
      return 0;
    }
    if (write_str(sc, "+memory +pids") == 0) continue;
    if (errno != EBUSY) return -1;
    char leaf[PATH_MAX], procs[PATH_MAX], lprocs[PATH_MAX];
    snprintf(leaf, sizeof leaf, "%s/%s", base, V2_LEAF);
    snprintf(procs, sizeof procs, "%s/cgroup.procs", base);
    snprintf(lprocs, sizeof lprocs, "%s/cgroup.procs", leaf);
    if (mkdir(leaf, 0755) && errno != EEXIST) return -1;
    FILE *f = fopen(procs, "re");
    if (!f) return -1;
    char pid[32];
    while (fgets(pid, sizeof pid, f)) write_str(lprocs, pid); // a pid may have exited: ignore
    fclose(f);
  }
  errno = EBUSY;
  return -1;
}

static void setup_v2(void) {
  char own[PATH_MAX], base[PATH_MAX];
  if (own_cgroup_dir(NULL, own, sizeof own)) refuse("cgroup v2: cannot find our own cgroup");
  snprintf(base, sizeof base, "%s", own);
  const char *slash = strrchr(own, '/');
  if (!o.cg_parent && slash && !strcmp(slash + 1, V2_LEAF)) base[slash - own] = 0;
  char f[PATH_MAX], buf[512];
  snprintf(f, sizeof f, "%s/cgroup.controllers", base);
  if (read_small(f, buf, sizeof buf) < 0 || !has_word(buf, "memory") || !has_word(buf, "pids"))
    refuse("cgroup v2: memory and pids controllers are not delegated to %s", base);
  if (v2_delegate(base)) refuse("cgroup v2: cannot enable memory/pids for children of %s: %s", base, strerror(errno));
  if (make_box_dir(base, cg_dirs[0])) refuse("cgroup v2: cannot create a box cgroup in %s: %s", base, strerror(errno));
  n_cg_dirs = 1;
  snprintf(cg_mem, PATH_MAX, "%s", cg_dirs[0]);
  snprintf(cg_cpu, PATH_MAX, "%s", cg_dirs[0]);
  snprintf(cg_pids, PATH_MAX, "%s", cg_dirs[0]);
  char v[64];
  snprintf(v, sizeof v, "%lld", (long long)o.mem_kb * 1024);
  if (write_at(cg_mem, "memory.max", v)) refuse("cgroup v2: memory.max: %s", strerror(errno));
  if (write_at(cg_mem, "memory.swap.max", "0") && errno != ENOENT) refuse("cgroup v2: memory.swap.max: %s", strerror(errno));
  write_at(cg_mem, "memory.oom.group", "1"); // an OOM kills the whole box, like a crash would
  snprintf(v, sizeof v, "%ld", o.pids);
  if (write_at(cg_pids, "pids.max", v)) refuse("cgroup v2: pids.max: %s", strerror(errno));
  cgv = 2;
}

static void cg_setup(void) {
  if (serve_mode) snprintf(cg_name, sizeof cg_name, POOL_PREFIX "%ld", o.uid);
  else snprintf(cg_name, sizeof cg_name, BOX_PREFIX "%d", (int)getpid());
  if (!n_mounts) load_cgroup_mounts();
  int want2 = !strcmp(o.cg_mode, "v2"), want1 = !strcmp(o.cg_mode, "v1");
  if (!want1 && !want2 && strcmp(o.cg_mode, "auto")) refuse("--cgroup must be auto, v1 or v2");
  // v2 clones every box straight into a fresh cgroup (CLONE_INTO_CGROUP): no migration to save.
  if (serve_mode && (want2 || (!want1 && v2_available()) || !v1_available()))
    refuse("the pool of ready boxes needs cgroup v1 (memory, cpuacct, pids)");
  if (want2 || (!want1 && v2_available())) {
    if (!v2_available()) refuse("cgroup v2 with the memory and pids controllers is not available");
    setup_v2();
  } else if (v1_available()) {
    setup_v1();
  } else {
    refuse("no usable cgroup: need v2 with memory+pids or v1 memory, pids and cpuacct hierarchies");
  }
  rep.cgroup = cgv == 1 ? "v1" : "v2";
  for (int i = 0; i < n_cg_dirs; i++) {
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/cgroup.procs", cg_dirs[i]);
    if ((cg_procs_fd[i] = open(p, O_WRONLY | O_CLOEXEC)) < 0) refuse("cannot open %s: %s", p, strerror(errno));
  }
  if (cgv == 2) cg_dir_fd = open(cg_dirs[0], O_PATH | O_DIRECTORY | O_CLOEXEC);
  char p[PATH_MAX];
  snprintf(p, sizeof p, "%s/%s", cg_cpu, cgv == 1 ? "cpuacct.usage" : "cpu.stat");
  if ((cg_cpu_fd = open(p, O_RDONLY | O_CLOEXEC)) < 0) refuse("cannot open %s: %s", p, strerror(errno));
}

// CPU time of everything that ever ran in the box cgroup, in ns; -1 when unreadable.
static long long cg_cpu_ns(void) {
  char buf[1024];
  ssize_t n = pread(cg_cpu_fd, buf, sizeof buf - 1, 0);
  if (n <= 0) return -1;
  buf[n] = 0;
  if (cgv == 1) return atoll(buf);
  char *p = strstr(buf, "usage_usec ");
  return p ? atoll(p + 11) * 1000 : -1;
}

// Was the box held at its memory limit when the clock ran out? A program whose memory sits at the
// cgroup limit is not always OOM-killed: while the kernel finds pages it can reclaim (page cache of
// the files it writes or reads, code of interpreters first read by the box) it keeps the program
// alive at the limit, crawling through reclaim, until the time limit. That is a memory verdict, not a
// time one. Two conditions, read while the box still lives:
//  - the limit was reached: v2 memory.events "max" moved; on v1 memory.failcnt stays 0 when
//    memory+swap is limited as well (the charge is refused and reclaimed without counting), so the
//    peak within one charge batch (64 pages) of the limit counts too;
//  - what cannot be reclaimed (usage minus the file LRU pages: anonymous memory, tmpfs files, kernel
//    memory) fills the limit but for a margin. This keeps a program that filled the rest of its
//    limit with page cache only (a large output file) and then looped a TLE.
static long long mem_base; // pool: bytes charged to the slot before the run (its helpers, /box files)

static int cg_held_at_limit(void) {
  if (!cgv) return 0;
  long long limit = (long long)o.mem_kb * 1024 + mem_base;
  long long hits = cgv == 1 ? read_ll(cg_mem, "memory.failcnt") + read_ll(cg_mem, "memory.memsw.failcnt")
                            : read_key(cg_mem, "memory.events", "max");
  long long peak = read_ll(cg_mem, cgv == 1 ? "memory.max_usage_in_bytes" : "memory.peak");
  if (hits <= 0 && peak < limit - 64 * 4096) return 0;
  long long usage = read_ll(cg_mem, cgv == 1 ? "memory.usage_in_bytes" : "memory.current");
  long long active = read_key(cg_mem, "memory.stat", "active_file");
  long long inactive = read_key(cg_mem, "memory.stat", "inactive_file");
  if (usage < 0 || active < 0 || inactive < 0) return 0;
  long long margin = limit / 16 > (4LL << 20) ? limit / 16 : (4LL << 20);
  return usage - active - inactive >= limit - margin;
}

static void cg_kill_all(void) {
  if (!cgv) return;
  if (cgv == 2 && write_at(cg_pids, "cgroup.kill", "1") == 0) return;
  for (int round = 0; round < 200; round++) {
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/cgroup.procs", cg_pids);
    FILE *f = fopen(p, "re");
    if (!f) return;
    int any = 0, pid;
    while (fscanf(f, "%d", &pid) == 1) { kill(pid, SIGKILL); any = 1; }
    fclose(f);
    if (!any) return;
    usleep(1000);
  }
}

static char cleanup_warning[256];

static void cg_cleanup(void) {
  for (int i = 0; i < 3; i++)
    if (cg_procs_fd[i] >= 0) { close(cg_procs_fd[i]); cg_procs_fd[i] = -1; }
  if (cg_cpu_fd >= 0) { close(cg_cpu_fd); cg_cpu_fd = -1; }
  if (cg_dir_fd >= 0) { close(cg_dir_fd); cg_dir_fd = -1; }
  for (int i = 0; i < n_cg_dirs; i++) {
    int t = 0;
    // Exiting tasks leave the cgroup a little after they are reaped.
    while (rmdir(cg_dirs[i]) && errno == EBUSY && t++ < 2000) {
      if (t % 50 == 0) cg_kill_all();
      usleep(500);
    }
    if (t >= 2000 || (access(cg_dirs[i], F_OK) == 0))
      snprintf(cleanup_warning, sizeof cleanup_warning, "could not remove cgroup %s", cg_dirs[i]);
  }
  n_cg_dirs = 0;
}

/* ------------------------------------------------------------------ seccomp (hand-written BPF) */

#if defined(__x86_64__)
#define AUDIT_ARCH_NATIVE AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define AUDIT_ARCH_NATIVE AUDIT_ARCH_AARCH64
#else
#error "seccomp filter: unsupported architecture"
#endif

static struct sock_filter filt[256];
static unsigned nfilt;

static void bpf_put(struct sock_filter s) {
  if (nfilt < sizeof filt / sizeof filt[0]) filt[nfilt++] = s;
}
static void deny(int nr, uint32_t action) {
  bpf_put((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)nr, 0, 1));
  bpf_put((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, action));
}
#define KILL SECCOMP_RET_KILL_PROCESS
#define ERR(e) (SECCOMP_RET_ERRNO | ((e) & SECCOMP_RET_DATA))

static int install_seccomp(void) {
  const uint32_t ns_flags = CLONE_NEWNS | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID |
                            CLONE_NEWNET | CLONE_NEWCGROUP;
  nfilt = 0;
  // Another ABI (i386 via int 0x80, x32) has other syscall numbers: refuse it outright.
  bpf_put((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)));
  bpf_put((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_NATIVE, 1, 0));
  bpf_put((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, KILL));
  bpf_put((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)));
#ifdef __x86_64__
  bpf_put((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1)); // x32
  bpf_put((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, KILL));
#endif
  // Escapes from the box and kernel attack surface: the process dies (the user sees a runtime error).
  static const int kill_list[] = {
      __NR_ptrace, __NR_process_vm_readv, __NR_process_vm_writev, __NR_mount, __NR_umount2,
      __NR_pivot_root, __NR_chroot, __NR_unshare, __NR_setns, __NR_kexec_load,
#ifdef __NR_kexec_file_load
      __NR_kexec_file_load,
#endif
      __NR_init_module, __NR_finit_module, __NR_delete_module, __NR_reboot, __NR_swapon,
      __NR_swapoff, __NR_acct, __NR_settimeofday, __NR_clock_settime, __NR_clock_adjtime,
      __NR_adjtimex, __NR_quotactl, __NR_syslog, __NR_sethostname, __NR_setdomainname,
      __NR_vhangup, __NR_open_by_handle_at, __NR_name_to_handle_at, __NR_kcmp,
#ifdef __x86_64__
      __NR_iopl, __NR_ioperm, __NR_lookup_dcookie, __NR_uselib,
#endif
#ifdef __NR_open_tree
      __NR_open_tree, __NR_move_mount, __NR_fsopen, __NR_fsconfig, __NR_fsmount, __NR_fspick,
#endif
#ifdef __NR_mount_setattr
      __NR_mount_setattr,
#endif
#ifdef __NR_quotactl_fd
      __NR_quotactl_fd,
#endif
#ifdef __NR_pidfd_getfd
      __NR_pidfd_getfd,
#endif
  };
  for (size_t i = 0; i < sizeof kill_list / sizeof kill_list[0]; i++) deny(kill_list[i], KILL);
  // Features that runtimes probe (libuv tries io_uring, glibc tries clone3): an error keeps them
  // working through their fallbacks. clone3's flags sit behind a pointer BPF cannot read.
#ifdef __NR_clone3
  deny(__NR_clone3, ERR(ENOSYS));
#endif
#ifdef __NR_io_uring_setup
  deny(__NR_io_uring_setup, ERR(ENOSYS));
  deny(__NR_io_uring_enter, ERR(ENOSYS));
  deny(__NR_io_uring_register, ERR(ENOSYS));
#endif
  deny(__NR_bpf, ERR(EPERM));
  deny(__NR_perf_event_open, ERR(EACCES));
  deny(__NR_userfaultfd, ERR(EPERM));
  deny(__NR_keyctl, ERR(ENOSYS));
  deny(__NR_add_key, ERR(ENOSYS));
  deny(__NR_request_key, ERR(ENOSYS));
  deny(__NR_fanotify_init, ERR(EPERM));
  // clone(2) creating namespaces (a user namespace would give the program root-like powers).
  bpf_put((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 4));
  bpf_put((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])));
  bpf_put((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, ns_flags, 0, 1));
  bpf_put((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, KILL));
  bpf_put((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
  // Sockets: AF_UNIX only (the empty network namespace already isolates; this also keeps netlink
  // and raw packet sockets away from the kernel).
  static const int sock_calls[] = {__NR_socket, __NR_socketpair};
  for (int i = 0; i < 2; i++) {
    bpf_put((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)sock_calls[i], 0, 4));
    bpf_put((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])));
    bpf_put((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 1 /* AF_UNIX */, 0, 1));
    bpf_put((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
    bpf_put((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, ERR(EACCES)));
  }
  bpf_put((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
  if (nfilt >= sizeof filt / sizeof filt[0]) { errno = E2BIG; return -1; }
  struct sock_fprog prog = {.len = (unsigned short)nfilt, .filter = filt};
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

/* ------------------------------------------------------------------ init <-> supervisor messages */

// READY (pool only): the root is built, the supervisor may take its baselines and answer 'G'.
// REAPED: every box process is gone; the CPU counter is read then, before copy-out.
// BASE (pool only): a ready box has built the shared part of its root and waits for its request.
enum { MSG_ERROR = 1, MSG_STARTED, MSG_DONE, MSG_READY, MSG_REAPED, MSG_BASE };
struct msg {
  int type, wstatus, err;
  long maxrss_kb;
  long long wall_ns;
  char text[300];
};

static int msg_fd = -1; // init -> supervisor
static int ctl_fd = -1; // supervisor -> init ('K' = kill the box; EOF = supervisor gone)

static void send_msg(struct msg *m) {
  ssize_t n;
  do n = write(msg_fd, m, sizeof *m);
  while (n < 0 && errno == EINTR);
}

__attribute__((noreturn, format(printf, 1, 2))) static void init_fail(const char *fmt, ...) {
  struct msg m = {.type = MSG_ERROR, .err = errno};
  va_list ap;
  va_start(ap, fmt);
  int l = vsnprintf(m.text, sizeof m.text, fmt, ap);
  va_end(ap);
  if (m.err && l >= 0 && (size_t)l < sizeof m.text)
    snprintf(m.text + l, sizeof m.text - l, ": %s", strerror(m.err));
  send_msg(&m);
  _exit(1);
}

/* ------------------------------------------------------------------ root filesystem (in init) */

static char root[PATH_MAX];
static int copy_out_fd = -1;

static void in_root(char *out, const char *path) { snprintf(out, PATH_MAX, "%s%s", root, path); }

static void bind_ro(const char *src, const char *dst, int optional) {
  struct stat st;
  if (stat(src, &st)) {
    if (optional) return;
    init_fail("read-only bind source %s", src);
  }
  char d[PATH_MAX];
  in_root(d, dst);
  if (S_ISDIR(st.st_mode)) {
    if (mkdir_p(d, 0755)) init_fail("mkdir %s", dst);
  } else {
    char parent[PATH_MAX];
    snprintf(parent, sizeof parent, "%s", d);
    *strrchr(parent, '/') = 0;
    if (mkdir_p(parent, 0755)) init_fail("mkdir %s", parent);
    int fd = open(d, O_CREAT | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0444);
    if (fd < 0 && errno != EEXIST) init_fail("mount point %s", dst);
    if (fd >= 0) close(fd);
  }
  if (mount(src, d, NULL, MS_BIND | MS_REC, NULL)) init_fail("bind %s", src);
  if (mount(NULL, d, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL))
    init_fail("read-only remount of %s", dst);
}

static void write_file(const char *path, const char *content, mode_t mode) {
  char p[PATH_MAX];
  in_root(p, path);
  int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode);
  if (fd < 0 || write(fd, content, strlen(content)) != (ssize_t)strlen(content)) init_fail("write %s", path);
  close(fd);
}

static void copy_fd(int in, int out, off_t size, const char *what) {
  for (off_t done = 0; done < size;) {
    ssize_t n = sendfile(out, in, NULL, size - done > (1 << 30) ? (1 << 30) : (size_t)(size - done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      init_fail("copy %s", what);
    }
    done += n;
  }
}

// Regular top-level files of a host directory become root-owned read-only files in /box: the
// program can read and execute them but neither change nor remove them (/box is sticky).
static void copy_in(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) init_fail("open --box directory %s", dir);
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2]))) continue;
    int in = openat(dirfd(d), e->d_name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (in < 0) {
      if (errno == ELOOP) continue; // symlink
      init_fail("open %s/%s", dir, e->d_name);
    }
    struct stat st;
    if (fstat(in, &st) || !S_ISREG(st.st_mode)) { close(in); continue; }
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/box/%s", root, e->d_name);
    int out = open(p, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, (st.st_mode & 0555) | 0444);
    if (out < 0) init_fail("create /box/%s", e->d_name);
    copy_fd(in, out, st.st_size, e->d_name);
    close(in);
    close(out);
  }
  closedir(d);
}

// The part of the root every run of a slot shares the shape of: read-only system directories,
// /etc, /dev and /proc. A pool's ready box builds it before its request arrives.
static void setup_fs_base(void) {
  char p[PATH_MAX];
  snprintf(root, sizeof root, "%s/root", o.state_dir);
  // Nothing we mount may leak back to the host (or receive host mounts).
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL)) init_fail("make / private");
  if (mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,nr_inodes=4096,mode=0755")) init_fail("tmpfs root");
  bind_ro("/usr", "/usr", 0);
  // Merged-/usr hosts have /bin -> usr/bin etc.; older layouts have real directories.
  static const char *top[] = {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"};
  for (size_t i = 0; i < sizeof top / sizeof top[0]; i++) {
    struct stat st;
    if (lstat(top[i], &st)) continue;
    if (S_ISLNK(st.st_mode)) {
      char target[PATH_MAX];
      ssize_t n = readlink(top[i], target, sizeof target - 1);
      if (n < 0) init_fail("readlink %s", top[i]);
      target[n] = 0;
      in_root(p, top[i]);
      if (symlink(target, p)) init_fail("symlink %s", top[i]);
    } else if (S_ISDIR(st.st_mode)) {
      bind_ro(top[i], top[i], 0);
    }
  }
  in_root(p, "/etc");
  if (mkdir(p, 0755)) init_fail("mkdir /etc");
  bind_ro("/etc/ld.so.cache", "/etc/ld.so.cache", 1);
  bind_ro("/etc/alternatives", "/etc/alternatives", 1);
  write_file("/etc/hosts", "127.0.0.1 localhost box\n::1 localhost\n", 0644);

  in_root(p, "/dev");
  if (mkdir(p, 0755)) init_fail("mkdir /dev");
  if (mount("tmpfs", p, "tmpfs", MS_NOSUID | MS_NOEXEC, "size=64k,nr_inodes=64,mode=0755")) init_fail("tmpfs /dev");
  static const struct { const char *name; unsigned minor; } devs[] = {
      {"/dev/null", 3}, {"/dev/zero", 5}, {"/dev/random", 8}, {"/dev/urandom", 9}};
  for (size_t i = 0; i < sizeof devs / sizeof devs[0]; i++) {
    in_root(p, devs[i].name);
    if (mknod(p, S_IFCHR | 0666, makedev(1, devs[i].minor))) init_fail("mknod %s", devs[i].name);
  }
  static const char *links[][2] = {{"/proc/self/fd", "/dev/fd"}, {"/proc/self/fd/0", "/dev/stdin"},
                                   {"/proc/self/fd/1", "/dev/stdout"}, {"/proc/self/fd/2", "/dev/stderr"}};
  for (size_t i = 0; i < sizeof links / sizeof links[0]; i++) {
    in_root(p, links[i][1]);
    if (symlink(links[i][0], p)) init_fail("symlink %s", links[i][1]);
  }
  in_root(p, "/proc");
  if (mkdir(p, 0555)) init_fail("mkdir /proc");
  if (mount("proc", p, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=2")) init_fail("mount /proc");
  in_root(p, "/box");
  if (mkdir(p, 0755)) init_fail("mkdir /box");
  in_root(p, "/tmp");
  if (mkdir(p, 0755)) init_fail("mkdir /tmp");
}

// The run's own part: its user, a fresh /box with its files, a fresh /tmp, its toolchain binds;
// then the box's root becomes the root, read-only.
static void setup_fs_run(void) {
  char p[PATH_MAX], opts[128];
  char pw[256];
  snprintf(pw, sizeof pw, "root:x:0:0:root:/root:/usr/sbin/nologin\nbox:x:%ld:%ld:box:/tmp:/usr/sbin/nologin\n", o.uid, o.gid);
  write_file("/etc/passwd", pw, 0644);
  snprintf(pw, sizeof pw, "root:x:0:\nbox:x:%ld:\n", o.gid);
  write_file("/etc/group", pw, 0644);

  // /box: a fresh tmpfs per run. Its pages are charged to the box's memory cgroup, so neither
  // the disk nor the next run ever sees what a program leaves there.
  in_root(p, "/box");
  snprintf(opts, sizeof opts, "size=%ldk,nr_inodes=16384,mode=1777", o.box_kb);
  if (mount("tmpfs", p, "tmpfs", MS_NOSUID | MS_NODEV, opts)) init_fail("tmpfs /box");
  for (int i = 0; i < o.n_box; i++) copy_in(o.box[i]);
  if (o.copy_out && (copy_out_fd = open(o.copy_out, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0)
    init_fail("open --copy-out directory %s", o.copy_out);

  in_root(p, "/tmp");
  snprintf(opts, sizeof opts, "size=%ldk,nr_inodes=16384,mode=1777", o.tmp_kb);
  if (mount("tmpfs", p, "tmpfs", MS_NOSUID | MS_NODEV, opts)) init_fail("tmpfs /tmp");

  // Extra toolchain binds last: their targets may lie inside /box.
  for (int i = 0; i < o.n_ro; i++) bind_ro(o.ro_src[i], o.ro_dst[i], 0);

  if (chdir(root)) init_fail("chdir new root");
  if (syscall(SYS_pivot_root, ".", ".")) init_fail("pivot_root");
  if (umount2(".", MNT_DETACH)) init_fail("detach old root");
  if (chdir("/")) init_fail("chdir /");
  if (mount(NULL, "/", NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL)) init_fail("read-only /");
}

static int base_built; // a pool's ready box built its base before the request
static long long t_request; // when a pool's ready box got its request (--timing)

static void setup_fs(void) {
  if (!base_built) setup_fs_base();
  setup_fs_run();
}

// After the run: files the program created in /box go back to the host (compiler output).
// Only regular files owned by the box user; the program is dead, so nothing can race with us.
static int copy_out(char *err, size_t cap) {
  DIR *d = opendir("/box");
  if (!d) { snprintf(err, cap, "copy-out: open /box: %s", strerror(errno)); return -1; }
  struct dirent *e;
  while ((e = readdir(d))) {
    int in = openat(dirfd(d), e->d_name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (in < 0) continue;
    struct stat st;
    if (fstat(in, &st) || !S_ISREG(st.st_mode) || st.st_uid != (uid_t)o.uid) { close(in); continue; }
    unlinkat(copy_out_fd, e->d_name, 0);
    int out = openat(copy_out_fd, e->d_name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, st.st_mode & 0755);
    if (out < 0) { snprintf(err, cap, "copy-out: create %s: %s", e->d_name, strerror(errno)); close(in); closedir(d); return -1; }
    for (off_t done = 0; done < st.st_size;) {
      ssize_t n = sendfile(out, in, NULL, (size_t)(st.st_size - done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) { snprintf(err, cap, "copy-out: write %s: %s", e->d_name, n ? strerror(errno) : "short"); close(in); close(out); closedir(d); return -1; }
      done += n;
    }
    close(in);
    close(out);
  }
  closedir(d);
  return 0;
}

/* ------------------------------------------------------------------ worker */

struct exec_err { int err; char stage[60]; };

static int worker_in_cgroup;
static int pool_mode; // this init runs in a slot of the pool (set in the slot's zygote)
static int pool_cg_ready(long long *base);

__attribute__((noreturn)) static void worker(int exec_pipe, int go_pipe, int in_fd, int out_fd, int err_fd) {
  const char *stage = "oom_score_adj";
  // The first victim of the box's memory limit and of a host-wide shortage alike.
  if (write_str("/proc/self/oom_score_adj", "1000")) goto fail;
  stage = "signals";
  sigset_t none;
  sigemptyset(&none);
  for (int s = 1; s < NSIG; s++) signal(s, SIG_DFL); // ignored signals would survive execve
  if (sigprocmask(SIG_SETMASK, &none, NULL)) goto fail;
  // A v1 migration takes cgroup_threadgroup_rwsem for writing, which waits for an RCU grace
  // period when the system was idle (~10 ms here; favordynmods avoids it). v2 clones in place.
  stage = "join cgroup";
  if (!worker_in_cgroup)
    for (int i = 0; i < 3; i++)
      if (cg_procs_fd[i] >= 0 && write(cg_procs_fd[i], "0", 1) != 1) goto fail;
  // Wait until init has built the root (pivot_root moves our root too). EOF: init failed.
  char go;
  ssize_t gn;
  do gn = read(go_pipe, &go, 1);
  while (gn < 0 && errno == EINTR);
  if (gn != 1) _exit(126);
  close(go_pipe);
  // The box sees its own cgroup as "/" and nothing above it.
  stage = "cgroup namespace";
  if (unshare(CLONE_NEWCGROUP)) goto fail;
  stage = "rlimits";
  struct rlimit r;
#define RL(res, v) do { r.rlim_cur = r.rlim_max = (v); if (setrlimit(res, &r)) goto fail; } while (0)
  // Backstop only: the supervisor kills at the exact limit from the cgroup counter.
  rlim_t cpu_s = (rlim_t)(o.time_ms + 999) / 1000 + 1;
  r.rlim_cur = cpu_s;
  r.rlim_max = cpu_s + 1;
  if (setrlimit(RLIMIT_CPU, &r)) goto fail;
  if (o.as_kb > 0) RL(RLIMIT_AS, (rlim_t)o.as_kb * 1024);
  RL(RLIMIT_FSIZE, (rlim_t)o.out_kb * 1024);
  RL(RLIMIT_STACK, (rlim_t)o.stack_kb * 1024);
  RL(RLIMIT_NOFILE, (rlim_t)o.nofile);
  RL(RLIMIT_CORE, 0);
  RL(RLIMIT_MEMLOCK, 0);
  RL(RLIMIT_MSGQUEUE, 0);
  // Counted per uid system-wide: the slot uid is ours alone for this run.
  RL(RLIMIT_NPROC, (rlim_t)o.pids);
  stage = "chdir /box";
  if (chdir("/box")) goto fail;
  stage = "stdio";
  if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(o.err_to_out ? out_fd : err_fd, 2) < 0) goto fail;
  stage = "drop privileges";
  gid_t g = (gid_t)o.gid;
  if (setgroups(1, &g) || setresgid(g, g, g) || setresuid((uid_t)o.uid, (uid_t)o.uid, (uid_t)o.uid)) goto fail;
  if (geteuid() == 0 || getegid() == 0) { errno = EPERM; goto fail; }
  umask(022);
  stage = "close fds";
  if (syscall(SYS_close_range, 3, ~0U, CLOSE_RANGE_CLOEXEC)) {
    for (int fd = 3; fd < 65536; fd++)
      if (fd != exec_pipe) close(fd);
  }
  stage = "no_new_privs";
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) goto fail;
  stage = "seccomp";
  if (install_seccomp()) goto fail;
  stage = "execve";
  execve(o.argv[0], o.argv, o.env);
fail:;
  struct exec_err ee = {.err = errno};
  snprintf(ee.stage, sizeof ee.stage, "%s", stage);
  if (write(exec_pipe, &ee, sizeof ee) < 0) {}
  _exit(127);
}

/* ------------------------------------------------------------------ init (PID 1 in the box) */

#ifndef CLONE_INTO_CGROUP
#define CLONE_INTO_CGROUP 0x200000000ULL
#endif
struct clone3_args {
  uint64_t flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls, set_tid, set_tid_size, cgroup;
};

static pid_t spawn_worker(void) {
#ifdef SYS_clone3
  if (cg_dir_fd >= 0) {
    struct clone3_args ca = {.flags = CLONE_INTO_CGROUP, .exit_signal = SIGCHLD, .cgroup = (uint64_t)cg_dir_fd};
    pid_t p = (pid_t)syscall(SYS_clone3, &ca, sizeof ca);
    if (p == 0) worker_in_cgroup = 1;
    if (p >= 0) return p;
    if (errno != ENOSYS && errno != E2BIG && errno != EINVAL) return -1; // older kernel: migrate instead
  }
#endif
  return fork();
}

__attribute__((noreturn)) static void init_main(int in_fd, int out_fd, int err_fd) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  // The OOM killer must pick the program, never the box's init: an init killed at the memory limit
  // would end the run as a sandbox failure instead of Memory Limit Exceeded. (A pool box would
  // otherwise inherit the zygote's -1000 down to the program, leaving the OOM killer no victim.)
  if (write_str("/proc/self/oom_score_adj", "-1000")) {}
  umask(0);
  if (sethostname("box", 3)) init_fail("sethostname");

  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  if (sigprocmask(SIG_BLOCK, &chld, NULL)) init_fail("sigprocmask");
  int sfd = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
  if (sfd < 0) init_fail("signalfd");
  int ep[2], gp[2];
  if (pipe2(ep, O_CLOEXEC) || pipe2(gp, O_CLOEXEC)) init_fail("pipe");
  // The worker is forked before the root is built so that its cgroup migration (which can wait
  // for an RCU grace period on v1) overlaps with the mounts below.
  pid_t w = spawn_worker();
  if (w < 0) init_fail("fork worker");
  if (w == 0) {
    close(ep[0]);
    close(gp[1]);
    worker(ep[1], gp[0], in_fd, out_fd, err_fd);
  }
  close(ep[1]);
  close(gp[0]);
  close(in_fd);
  close(out_fd);
  close(err_fd);
  for (int i = 0; i < 3; i++)
    if (cg_procs_fd[i] >= 0) close(cg_procs_fd[i]);
  if (cg_dir_fd >= 0) close(cg_dir_fd);
  long long t_fs0 = now_ns();
  setup_fs();
  long long t_fs = now_ns() - t_fs0;
  if (pool_mode) {
    // The slot's counters are reset now, so that what the run is charged starts with the worker.
    long long base = 0, t_cg = now_ns();
    if (pool_cg_ready(&base)) init_fail("reset the slot's cgroup counters");
    struct msg rdy = {.type = MSG_READY, .wall_ns = base, .maxrss_kb = (long)(t_fs / 1000),
                      .wstatus = (int)((t_fs0 - t_request) / 1000), .err = (int)((now_ns() - t_cg) / 1000)};
    send_msg(&rdy);
  }
  if (write(gp[1], "G", 1) != 1) init_fail("start worker");
  close(gp[1]);

  struct exec_err ee;
  ssize_t n;
  do n = read(ep[0], &ee, sizeof ee);
  while (n < 0 && errno == EINTR);
  long long t0 = now_ns();
  close(ep[0]);
  if (n > 0) {
    errno = ee.err;
    ee.stage[sizeof ee.stage - 1] = 0;
    kill(w, SIGKILL);
    init_fail("worker %s (%s)", ee.stage, o.argv[0]);
  }
  struct msg m = {.type = MSG_STARTED};
  send_msg(&m);

  int main_status = 0, main_done = 0;
  while (!main_done) {
    struct pollfd pf[2] = {{sfd, POLLIN, 0}, {ctl_fd, POLLIN, 0}};
    if (poll(pf, 2, -1) < 0 && errno != EINTR) init_fail("poll");
    if (pf[1].revents) {
      char c;
      ssize_t r = read(ctl_fd, &c, 1);
      if (r <= 0) { kill(-1, SIGKILL); _exit(1); } // supervisor is gone: take the box down
      if (c == 'K') kill(-1, SIGKILL);
    }
    struct signalfd_siginfo si;
    while (read(sfd, &si, sizeof si) > 0) {}
    int st;
    pid_t p;
    // Orphans are re-parented to us: reap them too, or zombies would eat the pids limit.
    while ((p = waitpid(-1, &st, WNOHANG | __WALL)) > 0)
      if (p == w) { main_status = st; main_done = 1; }
  }
  long long wall = now_ns() - t0;
  // The main program is done: nothing it started may live on (daemons, forgotten children).
  // kill(-1) from PID 1 hits every other process of the namespace and cannot race with fork.
  kill(-1, SIGKILL);
  for (;;) {
    pid_t p = waitpid(-1, NULL, __WALL);
    if (p < 0 && errno == ECHILD) break;
    if (p < 0 && errno != EINTR) break;
  }
  struct msg reaped = {.type = MSG_REAPED};
  send_msg(&reaped);
  struct rusage ru;
  getrusage(RUSAGE_CHILDREN, &ru); // max RSS over every reaped box process
  struct msg done = {.type = MSG_DONE, .wstatus = main_status, .maxrss_kb = ru.ru_maxrss, .wall_ns = wall};
  if (copy_out_fd >= 0 && copy_out(done.text, sizeof done.text)) done.err = EIO;
  send_msg(&done);
  _exit(0);
}

/* ------------------------------------------------------------------ supervisor */

static volatile sig_atomic_t interrupted;
static void on_signal(int s) { interrupted = s; }

// Without --gid the box's group is its uid's, including the uid lock_uid settles on.
static int gid_follows_uid;

static int lock_uid(void) {
  long base = o.pool_base >= 0 ? o.pool_base : o.uid, count = o.pool_base >= 0 ? o.pool_count : 1;
  if (o.uid < base || o.uid >= base + count) refuse("--uid %ld is outside --uid-pool %ld:%ld", o.uid, base, count);
  if (mkdir(o.state_dir, 0700) && errno != EEXIST) refuse("cannot create state dir %s: %s", o.state_dir, strerror(errno));
  for (long i = 0; i < count; i++) {
    long uid = base + (o.uid - base + i) % count;
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/uid-%ld.lock", o.state_dir, uid);
    int fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) refuse("cannot open %s: %s", p, strerror(errno));
    if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
      o.uid = uid;
      if (gid_follows_uid) o.gid = uid;
      return fd; // held until we exit: no other run uses this uid meanwhile
    }
    close(fd);
  }
  refuse("all %ld uids of the pool are busy", count);
}

static const char *sig_name(int s) {
  switch (s) {
    case SIGSEGV: return "SIGSEGV, segmentation fault";
    case SIGABRT: return "SIGABRT, aborted";
    case SIGFPE: return "SIGFPE, arithmetic exception";
    case SIGKILL: return "SIGKILL";
    case SIGBUS: return "SIGBUS, bus error";
    case SIGILL: return "SIGILL, illegal instruction";
    case SIGSYS: return "SIGSYS, forbidden system call";
    case SIGXCPU: return "SIGXCPU";
    case SIGXFSZ: return "SIGXFSZ";
    case SIGPIPE: return "SIGPIPE";
    case SIGTERM: return "SIGTERM";
    case SIGTRAP: return "SIGTRAP";
    default: return "signal";
  }
}

static void usage(void) {
  fprintf(stderr,
          "usage: runner [options] -- /absolute/program [args...]\n"
          "  --time MS --wall MS --memory KB --stack KB --output KB --as KB --pids N --nofile N\n"
          "  --stdin F --stdout F --stderr F --stderr-to-stdout --stdin-fd N --stdout-fd N\n"
          "  --box DIR (repeatable) --copy-out DIR --box-size KB --tmp-size KB\n"
          "  --ro SRC[:DST] (repeatable) --env K=V (repeatable)\n"
          "  --uid N --gid N --uid-pool BASE:COUNT --cgroup auto|v1|v2 --cgroup-parent PATH --state-dir DIR\n");
}

static void parse_args(int argc, char **argv) {
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--")) { i++; break; }
    if (!strcmp(a, "--stderr-to-stdout")) { o.err_to_out = 1; continue; }
    if (!strcmp(a, "--timing")) { o.timing = 1; continue; }
    if (!strcmp(a, "--help")) { usage(); exit(0); }
    if (strncmp(a, "--", 2) || i + 1 >= argc) { usage(); refuse("bad argument '%s'", a); }
    const char *v = argv[++i];
    if (!strcmp(a, "--time")) o.time_ms = parse_num(a, v, 1, 3600000);
    else if (!strcmp(a, "--wall")) o.wall_ms = parse_num(a, v, 1, 7200000);
    else if (!strcmp(a, "--memory")) o.mem_kb = parse_num(a, v, 4096, 1L << 40);
    else if (!strcmp(a, "--stack")) o.stack_kb = parse_num(a, v, 64, 1L << 40);
    else if (!strcmp(a, "--output")) o.out_kb = parse_num(a, v, 1, 1L << 40);
    else if (!strcmp(a, "--as")) o.as_kb = parse_num(a, v, 0, 1L << 40);
    else if (!strcmp(a, "--pids")) o.pids = parse_num(a, v, 1, 1 << 20);
    else if (!strcmp(a, "--nofile")) o.nofile = parse_num(a, v, 4, 1 << 20);
    else if (!strcmp(a, "--box-size")) o.box_kb = parse_num(a, v, 64, 1L << 40);
    else if (!strcmp(a, "--tmp-size")) o.tmp_kb = parse_num(a, v, 64, 1L << 40);
    else if (!strcmp(a, "--uid")) o.uid = parse_num(a, v, 1, 0x7fffffff);
    else if (!strcmp(a, "--gid")) o.gid = parse_num(a, v, 1, 0x7fffffff);
    else if (!strcmp(a, "--uid-pool")) {
      char *c = strchr(v, ':');
      if (!c) refuse("--uid-pool wants BASE:COUNT");
      char b[32];
      snprintf(b, sizeof b, "%.*s", (int)(c - v), v);
      o.pool_base = parse_num(a, b, 1, 0x7fffffff);
      o.pool_count = parse_num(a, c + 1, 1, 1 << 20);
    } else if (!strcmp(a, "--stdin")) o.in_f = v;
    else if (!strcmp(a, "--stdin-fd")) o.in_fd = parse_num(a, v, 3, 1 << 20);
    else if (!strcmp(a, "--stdout-fd")) o.out_fd = parse_num(a, v, 3, 1 << 20);
    else if (!strcmp(a, "--stdout")) o.out_f = v;
    else if (!strcmp(a, "--stderr")) o.err_f = v;
    else if (!strcmp(a, "--box")) { if (o.n_box >= MAX_LIST) refuse("too many --box"); o.box[o.n_box++] = v; }
    else if (!strcmp(a, "--copy-out")) o.copy_out = v;
    else if (!strcmp(a, "--ro")) {
      if (o.n_ro >= MAX_LIST) refuse("too many --ro");
      char *s = strdup(v), *c = strchr(s, ':');
      if (c) *c = 0;
      const char *dst = c ? c + 1 : s;
      if (s[0] != '/' || dst[0] != '/' || strstr(dst, "..") || !strcmp(dst, "/")) refuse("--ro wants absolute SRC[:DST] without '..'");
      o.ro_src[o.n_ro] = s;
      o.ro_dst[o.n_ro++] = (char *)dst;
    } else if (!strcmp(a, "--env")) {
      if (!strchr(v, '=') || o.n_env >= MAX_LIST) refuse("bad --env '%s'", v);
      o.env[o.n_env++] = (char *)v;
    } else if (!strcmp(a, "--cgroup")) o.cg_mode = v;
    else if (!strcmp(a, "--cgroup-parent")) o.cg_parent = v;
    else if (!strcmp(a, "--state-dir")) o.state_dir = v;
    else { usage(); refuse("unknown option %s", a); }
  }
  if (i >= argc && serve_mode) o.argv = NULL; // a slot's own flags name no program
  else if (i >= argc) { usage(); refuse("no program given"); }
  else o.argv = argv + i;
  if (o.argv && o.argv[0][0] != '/') refuse("the program must be an absolute path inside the box: %s", o.argv[0]);
  if (o.gid < 0) o.gid = o.uid, gid_follows_uid = 1;
  if (o.wall_ms < 0) o.wall_ms = o.time_ms * 3 + 1000;
  if (o.box_kb < 0) o.box_kb = o.mem_kb;
  // Defaults unless the caller set the same variable.
  static const char *defaults[] = {"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/tmp", "LANG=C.UTF-8", "TMPDIR=/tmp"};
  for (size_t d = 0; d < sizeof defaults / sizeof defaults[0]; d++) {
    size_t kl = strchr(defaults[d], '=') - defaults[d] + 1;
    int set = 0;
    for (int j = 0; j < o.n_env; j++)
      if (!strncmp(o.env[j], defaults[d], kl)) set = 1;
    if (!set) o.env[o.n_env++] = (char *)defaults[d];
  }
  o.env[o.n_env] = NULL;
}

// A descriptor the caller passed down (interactive judging connects two boxes with pipes). Only
// pipes and sockets: a regular file would bypass the output-limit accounting and O_NOFOLLOW.
static int inherited_pipe(int fd, const char *flag) {
  struct stat st;
  if (fstat(fd, &st)) refuse("%s %d: %s", flag, fd, strerror(errno));
  if (!S_ISFIFO(st.st_mode) && !S_ISSOCK(st.st_mode)) refuse("%s %d is not a pipe", flag, fd);
  int fl = fcntl(fd, F_GETFL);
  // The program expects blocking stdio; never leak the descriptor into anything else we start.
  if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) || fcntl(fd, F_SETFD, FD_CLOEXEC))
    refuse("%s %d: %s", flag, fd, strerror(errno));
  return fd;
}

static int open_out(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) refuse("cannot open output file %s: %s", path, strerror(errno));
  struct stat st;
  // The box user must be able to reopen its own output through /dev/stdout.
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && fchown(fd, (uid_t)o.uid, (gid_t)o.gid))
    refuse("cannot chown %s: %s", path, strerror(errno));
  return fd;
}

/* ------------------------------------------------------------------ the pool's slot (--serve) */

// A slot of the pool is this supervisor living on between runs, with:
//  - its cgroups (memory, cpuacct, pids) created once, limits rewritten and counters reset per run;
//  - a zygote: a tiny root process that was moved into those cgroups once, when the slot was built,
//    and holds the slot's network and UTS namespaces. It keeps the slot's next box ready: the init
//    of the next run, cloned with fresh pid, mount and IPC namespaces as soon as the last run ended,
//    with the shared part of its root built, waiting for its request. Every box process is thus born
//    inside the slot's cgroups: no cgroup migration per run (on v1 the first migration after an idle
//    spell waits for an RCU grace period), no cgroup to create or remove, and the namespaces and
//    system mounts are made while the slot waits, off the next request's path.
// Everything the program can reach is new per run: pid namespace (so no process survives), root,
// /box, /tmp and /proc, SysV IPC. The network namespace is the slot's: empty, unchangeable by the box
// user (no capability; only AF_UNIX sockets), and checked to hold no named socket before each run (a
// socket can outlive its processes while in flight, until the kernel collects it). A slot whose state
// is in doubt (a process left in its cgroups, a named socket, a zygote that died, memory still
// charged) is torn down and built again.

static int zsock = -1;      // supervisor <-> zygote (SOCK_SEQPACKET)
static int slot_lock_fd = -1; // the slot uid's lock: only the supervisor holds it (dies with it)
static int slot_mem_dfd = -1, slot_cpu_dfd = -1; // the slot's memory and cpuacct cgroup directories
static pid_t zygote = -1;
static int box_live;        // a box init exists (its 'E' is still due)
static long long slot_base; // memory charged to the slot with only the zygote in it
static long long oom_base;  // the slot's OOM-kill counter before the run
static int run_fds[8] = {-1, -1, -1, -1, -1, -1, -1, -1}; // this run's descriptors (closed on any exit)
static char req_buf[65536]; // the request: arguments separated by NUL bytes
static size_t req_len;

static int track(int fd) {
  for (int i = 0; i < 8; i++)
    if (run_fds[i] < 0) { run_fds[i] = fd; break; }
  return fd;
}

static void untrack_close(int fd) {
  if (fd < 0) return;
  for (int i = 0; i < 8; i++)
    if (run_fds[i] == fd) run_fds[i] = -1;
  close(fd);
}

static void close_run_fds(void) {
  for (int i = 0; i < 8; i++)
    if (run_fds[i] >= 0) { close(run_fds[i]); run_fds[i] = -1; }
}

static int send_fds(int sock, const void *data, size_t len, const int *fds, int nfds) {
  struct iovec iov = {(void *)data, len};
  char cbuf[CMSG_SPACE(sizeof(int) * 8)];
  struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1};
  if (nfds) {
    memset(cbuf, 0, sizeof cbuf);
    mh.msg_control = cbuf;
    mh.msg_controllen = CMSG_SPACE(sizeof(int) * nfds);
    struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int) * nfds);
    memcpy(CMSG_DATA(c), fds, sizeof(int) * nfds);
  }
  ssize_t n;
  do n = sendmsg(sock, &mh, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  return n == (ssize_t)len ? 0 : -1;
}

// One message; received descriptors go to fds (up to 8), their count to *nfds.
static ssize_t recv_fds(int sock, void *data, size_t cap, int *fds, int *nfds) {
  struct iovec iov = {data, cap};
  char cbuf[CMSG_SPACE(sizeof(int) * 8)];
  struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf, .msg_controllen = sizeof cbuf};
  ssize_t n;
  do n = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  if (nfds) *nfds = 0;
  for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
      int k = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
      for (int i = 0; i < k; i++) {
        int fd;
        memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
        if (fds && nfds && *nfds < 8) fds[(*nfds)++] = fd;
        else close(fd);
      }
    }
  return n;
}

static struct {
  long uid, gid;
  const char *state_dir, *cg_mode, *cg_parent;
} slot;

static typeof(o) o_defaults;

// The run's options: the defaults, the request's flags, then the slot's own uid and directories.
static void apply_request(void) {
  static char *argv[MAX_LIST * 4 + 64];
  int argc = 0;
  argv[argc++] = "runner";
  for (size_t at = 0; at < req_len && argc < (int)(sizeof argv / sizeof argv[0]) - 1;) {
    argv[argc++] = req_buf + at;
    at += strlen(req_buf + at) + 1;
  }
  argv[argc] = NULL;
  for (int i = 0; i < o.n_ro; i++) free(o.ro_src[i]);
  o = o_defaults;
  gid_follows_uid = 0;
  parse_args(argc, argv);
  o.uid = slot.uid;
  if (gid_follows_uid) o.gid = slot.gid;
  o.state_dir = slot.state_dir;
  o.cg_mode = slot.cg_mode;
  o.cg_parent = slot.cg_parent;
}

// A ready box (the init of the slot's next run): builds the shared part of its root at once, then
// waits for its request on `bsock` (flags and descriptors, straight from the supervisor).
__attribute__((noreturn)) static void ready_box_main(int bsock) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  umask(0);
  msg_fd = bsock; // a failure to build is told on the box's own socket
  setup_fs_base();
  base_built = 1;
  struct msg b = {.type = MSG_BASE};
  send_msg(&b);
  int fds[8], nfds = 0;
  ssize_t n = recv_fds(bsock, req_buf, sizeof req_buf, fds, &nfds);
  t_request = now_ns();
  if (n <= 1 || req_buf[0] != 'R' || nfds != 5) _exit(0); // the slot is going away
  close(bsock);
  req_len = (size_t)n - 1;
  memmove(req_buf, req_buf + 1, req_len);
  msg_fd = fds[3];
  ctl_fd = fds[4];
  apply_request();
  init_main(fds[0], fds[1], fds[2]);
}

// Clones the slot's next box (fresh pid, mount and IPC namespaces, born in the slot's cgroups) and
// hands the supervisor its socket ('N'). The pid, or -1.
static pid_t clone_ready_box(int sock, int sfd) {
  int bp[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, bp)) return -1;
  // The network namespace is the slot's (an empty one: building and tearing one down per box costs
  // milliseconds, partly under the kernel's RTNL lock); serve_main checks it holds no named socket.
  pid_t p = (pid_t)syscall(SYS_clone, SIGCHLD | CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC, NULL, NULL, NULL, 0);
  if (p == 0) {
    close(sock);
    close(sfd);
    close(bp[0]);
    ready_box_main(bp[1]);
  }
  close(bp[1]);
  if (p < 0) { close(bp[0]); return -1; }
  char n[1 + sizeof(int)] = {'N'};
  memcpy(n + 1, &p, sizeof p);
  int r = send_fds(sock, n, sizeof n, bp, 1);
  close(bp[0]);
  return r ? -1 : p;
}

// The zygote: lives in the slot's cgroups and namespaces and keeps one ready box cloned: the next
// one as soon as the last one ended, so building it is off the next run's path.
__attribute__((noreturn)) static void zygote_main(int sock) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  serve_mode = 0; // a refusal in here (none is expected: the supervisor parsed the request) just exits
  close(slot_lock_fd);
  n_cg_dirs = 0;
  for (int s = 1; s < NSIG; s++) signal(s, SIG_DFL);
  int devnull = open("/dev/null", O_RDWR);
  if (devnull >= 0) { dup2(devnull, 0); dup2(devnull, 1); dup2(devnull, 2); if (devnull > 2) close(devnull); }
  char ok = 'O';
  // Never the OOM killer's pick: a box at its limit loses its own processes, not the slot. Best
  // effort (some kernels refuse it); the zygote is smaller than nearly anything a box runs anyway.
  if (write_str("/proc/self/oom_score_adj", "-1000")) {}
  for (int i = 0; i < 3; i++)
    if (cg_procs_fd[i] >= 0) {
      if (write(cg_procs_fd[i], "0", 1) != 1) ok = 'c';
      close(cg_procs_fd[i]);
      cg_procs_fd[i] = -1;
    }
  if (cg_cpu_fd >= 0) { close(cg_cpu_fd); cg_cpu_fd = -1; }
  if (unshare(CLONE_NEWNET | CLONE_NEWUTS) || sethostname("box", 3)) ok = 'n';
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, NULL);
  int sfd = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
  if (sfd < 0) ok = 's';
  if (send_fds(sock, &ok, 1, NULL, 0) || ok != 'O') _exit(1);
  pool_mode = 1;
  worker_in_cgroup = 1;
  pid_t cur = clone_ready_box(sock, sfd);
  if (cur < 0) _exit(1);
  for (;;) {
    struct pollfd pf[2] = {{sock, POLLIN, 0}, {sfd, POLLIN, 0}};
    if (poll(pf, 2, -1) < 0 && errno != EINTR) _exit(1);
    if (pf[1].revents) {
      struct signalfd_siginfo si;
      while (read(sfd, &si, sizeof si) > 0) {}
      int st;
      pid_t p;
      while ((p = waitpid(-1, &st, WNOHANG | __WALL)) > 0)
        if (p == cur) {
          char e[1 + sizeof(int)] = {'E'};
          memcpy(e + 1, &st, sizeof st);
          if (send_fds(sock, e, sizeof e, NULL, 0)) _exit(1);
          if ((cur = clone_ready_box(sock, sfd)) < 0) _exit(1);
        }
    }
    if (!pf[0].revents) continue;
    char c;
    ssize_t n = recv_fds(sock, &c, 1, NULL, NULL);
    if (n <= 0) { kill(cur, SIGKILL); _exit(0); } // the supervisor is gone
    if (c == 'K') kill(cur, SIGKILL);
  }
}

static int box_sock = -1; // the ready box's socket, from the zygote's 'N'
static int box_ready;     // its base is built (MSG_BASE read)
static pid_t ready_pid;   // its init's pid
static char box_why[300]; // why the ready box failed

// Reads the zygote's next message: 'N' (a ready box: its socket is kept) or 'E' (the box that ran
// ended; its wait status). 0, or -1 when the zygote is gone.
static int zrecv(char *type, int *val) {
  char b[16];
  int fds[8], nfds = 0;
  ssize_t n = recv_fds(zsock, b, sizeof b, fds, &nfds);
  if (n < 1 + (ssize_t)sizeof(int)) {
    for (int i = 0; i < nfds; i++) close(fds[i]);
    slot_dirty = 1;
    return -1;
  }
  *type = b[0];
  memcpy(val, b + 1, sizeof *val);
  if (*type == 'N' && nfds == 1) {
    if (box_sock >= 0) close(box_sock);
    box_sock = fds[0];
    box_ready = 0;
    ready_pid = *val;
  } else {
    for (int i = 0; i < nfds; i++) close(fds[i]);
  }
  return 0;
}

// The slot's ready box, its base built: 0, or -1 (the slot is dirty, box_why says why).
static int take_ready_box(void) {
  if (box_ready) return 0;
  char t;
  int v;
  while (box_sock < 0)
    if (zrecv(&t, &v)) { snprintf(box_why, sizeof box_why, "the slot's zygote is gone"); return -1; }
  struct msg m;
  ssize_t n;
  do n = read(box_sock, &m, sizeof m);
  while (n < 0 && errno == EINTR);
  if (n == (ssize_t)sizeof m && m.type == MSG_BASE) { box_ready = 1; return 0; }
  slot_dirty = 1;
  if (n == (ssize_t)sizeof m && m.type == MSG_ERROR) {
    m.text[sizeof m.text - 1] = 0;
    snprintf(box_why, sizeof box_why, "%s", m.text);
  } else {
    snprintf(box_why, sizeof box_why, "the slot's ready box died");
  }
  return -1;
}

// Named unix sockets (abstract or with a path) in the slot's network namespace: the last box's,
// kept by the kernel until its garbage collection ran. Our own socket pairs have no name.
static int slot_named_sockets(void) {
  char p[64];
  snprintf(p, sizeof p, "/proc/%d/net/unix", (int)zygote);
  FILE *f = fopen(p, "re");
  if (!f) return 1;
  char line[512];
  int named = 0;
  if (!fgets(line, sizeof line, f)) named = 1; // no header: cannot tell
  while (fgets(line, sizeof line, f)) {
    // Num RefCount Protocol Flags Type St Inode [Path]
    char path[256] = "";
    if (sscanf(line, "%*s %*s %*s %*s %*s %*s %*s %255s", path) == 1 && path[0]) named++;
  }
  fclose(f);
  return named;
}

// Whether the slot broke while it waited for this request: its zygote or its ready box died (a ready
// box says nothing more after MSG_BASE, so anything readable from it is its end).
static int slot_broken(void) {
  // Before MSG_BASE is read (take_ready_box) the box's socket is readable anyway.
  int watch_box = box_sock >= 0 && box_ready;
  struct pollfd pf[2] = {{zsock, POLLIN, 0}, {box_sock, POLLIN, 0}};
  if (poll(pf, watch_box ? 2 : 1, 0) <= 0) return 0;
  if (watch_box && pf[1].revents) return 1;
  if (pf[0].revents) {
    char t;
    int v;
    if (zrecv(&t, &v) || t == 'E') return 1;
  }
  return 0;
}

// Waits for the box init's end; its wait status, or -1 when the zygote is gone.
static int pool_wait_box(int *status) {
  char t;
  int v;
  while (box_live) {
    if (zrecv(&t, &v)) { box_live = 0; return -1; }
    if (t == 'E') { box_live = 0; *status = v; }
  }
  return 0;
}

static void pool_abort_box(void) {
  if (box_live) {
    if (send_fds(zsock, "K", 1, NULL, 0)) slot_dirty = 1, box_live = 0;
    int st;
    pool_wait_box(&st);
  }
  close_run_fds();
}

// Kills whatever is in the slot's cgroups besides the zygote; 1 when there was anything.
static int pool_kill_strays(void) {
  int found = 0;
  for (int round = 0; round < 100; round++) {
    int any = 0;
    for (int i = 0; i < n_cg_dirs; i++) {
      char p[PATH_MAX];
      snprintf(p, sizeof p, "%s/cgroup.procs", cg_dirs[i]);
      FILE *f = fopen(p, "re");
      if (!f) continue;
      int pid;
      while (fscanf(f, "%d", &pid) == 1)
        if (pid != zygote && pid != ready_pid) { kill(pid, SIGKILL); any = 1; }
      fclose(f);
    }
    if (!any) return found;
    found = 1;
    usleep(1000);
  }
  return found;
}

static void slot_teardown(void) {
  if (zsock >= 0) { close(zsock); zsock = -1; }
  if (box_sock >= 0) { close(box_sock); box_sock = -1; }
  box_ready = 0;
  if (zygote > 0) {
    kill(zygote, SIGKILL);
    while (waitpid(zygote, NULL, 0) < 0 && errno == EINTR) {}
    zygote = -1;
  }
  box_live = 0;
  if (slot_mem_dfd >= 0) { close(slot_mem_dfd); slot_mem_dfd = -1; }
  if (slot_cpu_dfd >= 0) { close(slot_cpu_dfd); slot_cpu_dfd = -1; }
  if (n_cg_dirs) {
    cg_kill_all();
    cg_cleanup(); // closes the slot's descriptors, removes its cgroups
  }
}

// A slot dir left by a supervisor that died: empty it and remove it (make_box_dir recreates it).
static void clear_stale_slot(void) {
  const char *roles[3] = {"memory", "cpuacct", "pids"};
  for (int i = 0; i < 3; i++) {
    char own[PATH_MAX], p[PATH_MAX];
    if (own_cgroup_dir(roles[i], own, sizeof own)) continue;
    snprintf(p, sizeof p, "%s/%s", own, cg_name);
    for (int t = 0; t < 2000 && rmdir(p) && errno == EBUSY; t++) {
      if (t % 20 == 0) {
        char procs[PATH_MAX];
        snprintf(procs, sizeof procs, "%s/cgroup.procs", p);
        FILE *f = fopen(procs, "re");
        int pid;
        while (f && fscanf(f, "%d", &pid) == 1) kill(pid, SIGKILL);
        if (f) fclose(f);
      }
      usleep(500);
    }
  }
}

// Slots of other uids whose supervisor died and whose uid nobody took since: the uid's lock is free
// (we hold it while we look, so nobody can start using that uid meanwhile).
static void sweep_stale_slots(void) {
  const char *roles[3] = {"memory", "cpuacct", "pids"};
  for (int i = 0; i < 3; i++) {
    char own[PATH_MAX];
    if (own_cgroup_dir(roles[i], own, sizeof own)) continue;
    DIR *d = opendir(own);
    if (!d) continue;
    struct dirent *e;
    while ((e = readdir(d))) {
      if (strncmp(e->d_name, POOL_PREFIX, strlen(POOL_PREFIX))) continue;
      long uid = atol(e->d_name + strlen(POOL_PREFIX));
      if (uid <= 0 || uid == o.uid) continue;
      char lock[PATH_MAX], p[PATH_MAX];
      snprintf(lock, sizeof lock, "%s/uid-%ld.lock", o.state_dir, uid);
      int fd = open(lock, O_RDWR | O_CLOEXEC | O_NOFOLLOW);
      if (fd < 0) continue;
      if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
        snprintf(p, sizeof p, "%s/%s", own, e->d_name);
        for (int t = 0; t < 200 && rmdir(p) && errno == EBUSY; t++) {
          char procs[PATH_MAX];
          snprintf(procs, sizeof procs, "%s/cgroup.procs", p);
          FILE *f = fopen(procs, "re");
          int pid;
          while (f && fscanf(f, "%d", &pid) == 1) kill(pid, SIGKILL);
          if (f) fclose(f);
          usleep(500);
        }
      }
      close(fd);
    }
    closedir(d);
  }
}

static void slot_build(void) {
  slot_dirty = 1; // until it is complete
  if (!n_mounts) load_cgroup_mounts();
  snprintf(cg_name, sizeof cg_name, POOL_PREFIX "%ld", o.uid);
  clear_stale_slot();
  sweep_stale_slots();
  cg_setup();
  char rootdir[PATH_MAX];
  snprintf(rootdir, sizeof rootdir, "%s/root", o.state_dir);
  if (mkdir(rootdir, 0700) && errno != EEXIST) refuse("cannot create %s: %s", rootdir, strerror(errno));
  if ((slot_mem_dfd = open(cg_mem, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0 ||
      (slot_cpu_dfd = open(cg_cpu, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0)
    refuse("cannot open the slot's cgroups: %s", strerror(errno));
  int sp[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sp)) refuse("socketpair: %s", strerror(errno));
  fflush(stdout);
  pid_t z = fork();
  if (z < 0) refuse("fork zygote: %s", strerror(errno));
  if (z == 0) {
    close(sp[0]);
    zygote_main(sp[1]);
  }
  close(sp[1]);
  zsock = sp[0];
  zygote = z;
  for (int i = 0; i < 3; i++)
    if (cg_procs_fd[i] >= 0) { close(cg_procs_fd[i]); cg_procs_fd[i] = -1; }
  char ok = 0;
  // 'O' or the step that failed: c (join the cgroups), n (namespaces), s (signalfd)
  if (recv_fds(zsock, &ok, 1, NULL, NULL) != 1 || ok != 'O') refuse("the slot's zygote failed to start (%c)", ok ? ok : '-');
  if (take_ready_box()) refuse("the slot's first box failed: %s", box_why);
  slot_base = read_ll(cg_mem, "memory.usage_in_bytes");
  slot_dirty = 0;
}

// Before the init is cloned: the run's pid limit; no memory limit while its root is built.
static void pool_cg_before(void) {
  char v[64];
  // The zygote and the box init are in the pids cgroup too; the program gets exactly --pids.
  snprintf(v, sizeof v, "%ld", o.pids + 2);
  if (write_at(cg_pids, "pids.max", v)) refuse("cgroup v1: pids.max: %s", strerror(errno));
  if (write_at(cg_mem, "memory.memsw.limit_in_bytes", "-1") && errno != ENOENT) refuse("cgroup v1: memory.memsw.limit_in_bytes: %s", strerror(errno));
  if (write_at(cg_mem, "memory.limit_in_bytes", "-1")) refuse("cgroup v1: memory.limit_in_bytes: %s", strerror(errno));
  oom_base = read_key(cg_mem, "memory.oom_control", "oom_kill");
  mem_base = 0;
}

static int put_at(int dfd, const char *file, const char *val) {
  int fd = openat(dfd, file, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = write(fd, val, strlen(val));
  int e = errno;
  close(fd);
  errno = e;
  return n == (ssize_t)strlen(val) ? 0 : -1;
}

// In the box's init, the root built and the worker waiting: counters start from here, the limit is
// on top of what the slot holds now (zygote, init, the files copied into /box), as a fresh box holds
// none of that. Done by the init itself (through the slot's directory descriptors, which reach the
// cgroups from inside the new root) to spare a round trip to the supervisor on every run.
static int pool_cg_ready(long long *base) {
  put_at(slot_mem_dfd, "memory.max_usage_in_bytes", "0"); // resets to the current usage
  put_at(slot_mem_dfd, "memory.memsw.max_usage_in_bytes", "0");
  put_at(slot_mem_dfd, "memory.failcnt", "0");
  put_at(slot_mem_dfd, "memory.memsw.failcnt", "0");
  char buf[64];
  int fd = openat(slot_mem_dfd, "memory.max_usage_in_bytes", O_RDONLY | O_CLOEXEC);
  ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
  if (fd >= 0) close(fd);
  if (n <= 0) return -1;
  buf[n] = 0;
  *base = atoll(buf);
  char v[64];
  snprintf(v, sizeof v, "%lld", (long long)o.mem_kb * 1024 + *base);
  if (put_at(slot_mem_dfd, "memory.limit_in_bytes", v)) return -1;
  if (put_at(slot_mem_dfd, "memory.memsw.limit_in_bytes", v) && errno != ENOENT) return -1;
  return put_at(slot_cpu_dfd, "cpuacct.usage", "0");
}

/* ------------------------------------------------------------------ one run */

static int run_box(void) {
  long long t_main = now_ns();
  if (serve_mode && (o.in_fd >= 0 || o.out_fd >= 0)) refuse("inherited descriptors are not served by the pool");
  // Checked before taking a uid: a bad descriptor is the caller's error whether or not the pool is busy.
  int in_pipe = o.in_fd >= 0 ? inherited_pipe((int)o.in_fd, "--stdin-fd") : -1;
  int out_pipe = o.out_fd >= 0 ? inherited_pipe((int)o.out_fd, "--stdout-fd") : -1;
  if (!serve_mode) {
    int lock_fd = lock_uid();
    (void)lock_fd;
  }
  rep.uid = o.uid;

  int in_fd = in_pipe >= 0 ? in_pipe : open(o.in_f, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (in_fd < 0) refuse("cannot open input file %s: %s", o.in_f, strerror(errno));
  track(in_fd);
  int out_fd = track(out_pipe >= 0 ? out_pipe : open_out(o.out_f));
  int err_fd = o.err_to_out ? out_fd : track(open_out(o.err_f));

  char rootdir[PATH_MAX];
  snprintf(rootdir, sizeof rootdir, "%s/root", o.state_dir);
  if (mkdir(rootdir, 0700) && errno != EEXIST) refuse("cannot create %s: %s", rootdir, strerror(errno));

  long long t_cg0 = now_ns();
  if (serve_mode && (slot_dirty || slot_broken() || take_ready_box())) {
    // The slot broke while it waited (its zygote or ready box was killed): a new one for this run.
    slot_teardown();
    slot_build();
  }
  if (serve_mode) pool_cg_before();
  else cg_setup();
  long long t_cg1 = now_ns();

  int mp[2], cp[2];
  if (pipe2(mp, O_CLOEXEC) || pipe2(cp, O_CLOEXEC)) refuse("pipe: %s", strerror(errno));
  track(mp[0]), track(mp[1]), track(cp[0]), track(cp[1]);
  fflush(stdout);
  long long t_clone = now_ns(), t_spawned = 0;
  if (serve_mode) {
    int fds[5] = {in_fd, out_fd, err_fd, mp[1], cp[0]};
    char msg[1 + sizeof req_buf];
    msg[0] = 'R';
    memcpy(msg + 1, req_buf, req_len);
    if (take_ready_box()) refuse("sandbox setup failed: %s", box_why);
    int sent = send_fds(box_sock, msg, req_len + 1, fds, 5);
    close(box_sock);
    box_sock = -1;
    box_ready = 0;
    if (sent) { slot_dirty = 1; refuse("the slot's ready box is gone"); }
    box_live = 1;
    t_spawned = now_ns();
  } else {
    pid_t init = (pid_t)syscall(SYS_clone, SIGCHLD | CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS,
                                NULL, NULL, NULL, 0);
    if (init < 0) refuse("cannot create namespaces (clone): %s", strerror(errno));
    if (init == 0) {
      close(mp[0]);
      close(cp[1]);
      msg_fd = mp[1];
      ctl_fd = cp[0];
      init_main(in_fd, out_fd, err_fd);
    }
    init_pid = init;
  }
  untrack_close(mp[1]);
  untrack_close(cp[0]);
  untrack_close(in_fd);
  if (err_fd != out_fd) untrack_close(err_fd);
  // A pipe's reader must see EOF as soon as the box is gone: only the box may hold the write end.
  if (o.out_fd >= 0) {
    untrack_close(out_fd);
    out_fd = -1;
  }
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  if (ncpu < 1) ncpu = 1;

  // Supervise: setup, then the run with the CPU and wall-clock watchdog.
  struct msg m, done;
  int started = 0, finished = 0, init_error = 0, kill_sent = 0, held_at_limit = 0;
  const char *killed_for = NULL;
  long long t_start = 0, t_kill = 0, cpu_reaped = -1, t_ready = 0, fs_ns = 0, pre_fs_us = 0, cg_us = 0;
  size_t have = 0;
  char *buf = (char *)&m;
  long long cpu_limit_ns = (long long)o.time_ms * 1000000LL;
  for (;;) {
    long long now = now_ns();
    int timeout = 200;
    if (interrupted) break;
    if (started && !kill_sent) {
      long long cpu = cg_cpu_ns();
      long long wall_left = o.wall_ms - (now - t_start) / 1000000;
      if (cpu > cpu_limit_ns) killed_for = "cpu";
      else if (wall_left <= 0) killed_for = "wall";
      if (killed_for) {
        held_at_limit = cg_held_at_limit(); // before the kill: afterwards the memory is gone
        if (write(cp[1], "K", 1) < 0) {}
        kill_sent = 1;
        t_kill = now;
      } else {
        // A multi-threaded program burns the budget up to ncpu times faster than the clock runs.
        long long cpu_left_ms = (cpu_limit_ns - (cpu < 0 ? 0 : cpu)) / 1000000 / ncpu;
        long long t = cpu_left_ms < wall_left ? cpu_left_ms : wall_left;
        timeout = t < 2 ? 2 : (t > 50 ? 50 : (int)t);
      }
    }
    if (kill_sent && now - t_kill > 2000000000LL) { init_error = 3; break; }
    if (!started && now - t_clone > 20000000000LL) { init_error = 2; break; }
    struct pollfd pf = {mp[0], POLLIN, 0};
    int r = poll(&pf, 1, timeout);
    if (r < 0 && errno != EINTR) refuse("poll: %s", strerror(errno));
    if (r <= 0) continue;
    ssize_t n = read(mp[0], buf + have, sizeof m - have);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break; // init exited
    have += (size_t)n;
    if (have < sizeof m) continue;
    have = 0;
    if (m.type == MSG_STARTED) { started = 1; run_started = 1; t_start = now_ns(); }
    else if (m.type == MSG_READY && serve_mode) {
      t_ready = now_ns();
      fs_ns = m.maxrss_kb * 1000LL;
      pre_fs_us = m.wstatus;
      cg_us = m.err;
      mem_base = m.wall_ns;
    }
    else if (m.type == MSG_REAPED) cpu_reaped = cg_cpu_ns();
    else if (m.type == MSG_ERROR) { init_error = 1; done = m; break; }
    else if (m.type == MSG_DONE) { finished = 1; done = m; break; }
  }
  long long t_msg = now_ns();
  int ist = 0;
  if (interrupted || init_error >= 2) {
    if (serve_mode) {
      if (send_fds(zsock, "K", 1, NULL, 0)) slot_dirty = 1;
    } else {
      kill(init_pid, SIGKILL);
    }
  }
  if (init_error == 3) init_error = 0; // the box ignored the kill for 2 s: it is dead now, report the verdict
  if (serve_mode) {
    if (pool_wait_box(&ist)) refuse("the slot's zygote died during the run");
  } else {
    while (waitpid(init_pid, &ist, 0) < 0 && errno == EINTR) {}
    init_pid = 0;
  }
  long long t_reaped = now_ns();
  // Backstop; the namespace is already empty once its init is gone. (A slot is checked before its
  // next request, once its next box is known.)
  if (!serve_mode) cg_kill_all();

  long long cpu = cpu_reaped >= 0 ? cpu_reaped : cg_cpu_ns();
  long long oom = read_key(cg_mem, cgv == 1 ? "memory.oom_control" : "memory.events", "oom_kill");
  if (serve_mode && oom >= 0 && oom_base >= 0) oom -= oom_base;
  long long peak = cgv == 1 ? read_ll(cg_mem, "memory.max_usage_in_bytes") : read_ll(cg_mem, "memory.peak");
  if (peak >= 0) peak -= mem_base;
  struct stat ost;
  long long out_size = out_fd >= 0 && fstat(out_fd, &ost) == 0 && S_ISREG(ost.st_mode) ? (long long)ost.st_size : 0;
  if (out_fd >= 0) untrack_close(out_fd);
  close_run_fds();
  long long t_cl0 = now_ns();
  if (!serve_mode) cg_cleanup();
  if (o.timing)
    fprintf(stderr, "timing_us: pre-cgroup=%lld cgroup-setup=%lld clone->exec=%lld exec->report=%lld init-reap=%lld "
            "cgroup-read=%lld cgroup-cleanup=%lld\n", (t_cg0 - t_main) / 1000, (t_cg1 - t_cg0) / 1000,
            ((started ? t_start : t_msg) - t_clone) / 1000, started ? (t_msg - t_start) / 1000 : 0, (t_reaped - t_msg) / 1000,
            (t_cl0 - t_reaped) / 1000, (now_ns() - t_cl0) / 1000);
  if (o.timing && serve_mode)
    fprintf(stderr, "timing_us: pool send=%lld request->root=%lld root=%lld counters=%lld ready->exec=%lld\n",
            (t_spawned - t_clone) / 1000, pre_fs_us, fs_ns / 1000, cg_us, started && t_ready ? (t_start - t_ready) / 1000 : 0);

  rep.cg_peak_kb = peak >= 0 ? peak / 1024 : -1;
  rep.time_ms = cpu >= 0 ? (cpu + 500000) / 1000000 : 0;
  rep.oom_killed = oom > 0;
  if (interrupted) refuse("runner interrupted by signal %d; the box was killed", (int)interrupted);
  if (init_error == 1) refuse("sandbox setup failed: %s", done.text);
  if (init_error == 2) refuse("sandbox setup timed out");
  if (!finished && !killed_for) refuse("sandbox init died unexpectedly (status 0x%x)", ist);
  if (finished && done.err) refuse("%s", done.text);

  rep.memory_kb = finished ? done.maxrss_kb : 0;
  rep.wall_ms = finished ? done.wall_ns / 1000000 : (now_ns() - t_start) / 1000000;
  if (finished) {
    if (WIFEXITED(done.wstatus)) rep.exit_code = WEXITSTATUS(done.wstatus);
    else if (WIFSIGNALED(done.wstatus)) rep.signal = WTERMSIG(done.wstatus);
  } else {
    rep.signal = SIGKILL;
  }
  rep.error[0] = 0;
  // An OOM kill decides first: a program that spent its time reclaiming before the kernel gave up
  // may also have crossed the CPU limit, but memory is what stopped it.
  if (rep.oom_killed) {
    rep.status = "MLE";
    snprintf(rep.error, sizeof rep.error, "memory limit exceeded (OOM kill in the box)");
  } else if (held_at_limit) {
    rep.status = "MLE";
    snprintf(rep.error, sizeof rep.error, "memory limit exceeded (held at the limit until the %s time limit)",
             !strcmp(killed_for, "wall") ? "wall-clock" : "CPU");
  } else if (killed_for || cpu > cpu_limit_ns || rep.signal == SIGXCPU) {
    rep.status = "TLE";
    snprintf(rep.error, sizeof rep.error, "%s",
             killed_for && !strcmp(killed_for, "wall") ? "wall-clock time limit exceeded" : "CPU time limit exceeded");
  } else if (rep.signal == SIGXFSZ || out_size >= (long long)o.out_kb * 1024) {
    rep.status = "OLE";
    snprintf(rep.error, sizeof rep.error, "output limit exceeded");
  } else if (rep.signal) {
    rep.status = "RE";
    snprintf(rep.error, sizeof rep.error, "killed by signal %d (%s)", rep.signal, sig_name(rep.signal));
  } else if (rep.exit_code != 0) {
    rep.status = "RE";
    snprintf(rep.error, sizeof rep.error, "exit code %d", rep.exit_code);
  } else {
    rep.status = "OK";
  }
  if (cleanup_warning[0]) {
    // A cgroup we cannot remove means something of the box may still run: never report success.
    refuse("%s", cleanup_warning);
  }
  print_report();
  return 0;
}

static void install_signals(void) {
  struct sigaction sa = {.sa_handler = on_signal};
  sigemptyset(&sa.sa_mask);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);
}

// Reads one request from stdin: "<length>\n" then the arguments, each ended by a NUL byte.
// 1 = a request, 0 = end of input.
static int read_request(void) {
  char line[32];
  for (;;) {
    errno = 0;
    if (fgets(line, sizeof line, stdin)) break;
    if (errno == EINTR && !interrupted) { clearerr(stdin); continue; }
    return 0;
  }
  long len = atol(line);
  if (len <= 0 || (size_t)len >= sizeof req_buf) return -1;
  if (fread(req_buf, 1, (size_t)len, stdin) != (size_t)len) return 0;
  req_len = (size_t)len;
  if (req_buf[req_len - 1] != 0) return -1;
  return 1;
}

// --serve: one slot of the pool. Prints {"pool":"ready",...} once the slot is built (or an SE
// report and exit code 2 when it cannot be), then one JSON report per request read from stdin,
// until stdin ends or a signal arrives; then the slot is removed.
static int serve_main(int argc, char **argv) {
  argv[1] = argv[0]; // drop "--serve"; the rest are the slot's flags (--uid, --uid-pool, --cgroup, ...)
  serve_mode = 1;
  if (setjmp(serve_jmp)) return 2; // bad flags (reported)
  parse_args(argc - 1, argv + 1);
  if (geteuid() != 0) { serve_mode = 0; refuse("the runner must run as root (it creates namespaces and cgroups); refusing to run unsandboxed"); }
  install_signals();
  if (setjmp(serve_jmp)) { slot_teardown(); return 2; } // the slot could not be built
  slot_lock_fd = lock_uid(); // held for the slot's life
  slot.uid = o.uid;
  slot.gid = o.gid;
  slot.state_dir = o.state_dir;
  slot.cg_mode = o.cg_mode;
  slot.cg_parent = o.cg_parent;
  slot_build();
  printf("{\"pool\":\"ready\",\"uid\":%ld,\"cgroup\":\"%s\"}\n", slot.uid, cg_name);
  fflush(stdout);
  volatile int served = 0, retry = 0;
  for (;;) {
    // A refused run comes back here, its report printed (1), or to be run again (2).
    if (setjmp(serve_jmp) == 2) retry = 1;
    close_run_fds();
    if (interrupted) break;
    if (slot_dirty) {
      slot_teardown();
      o.uid = slot.uid;
      if (setjmp(serve_jmp)) { slot_teardown(); return 2; }
      slot_build();
      continue;
    }
    if (served) {
      // Nothing but the zygote and the next box may be in the slot's cgroups.
      char t;
      int v;
      while (box_sock < 0 && !slot_dirty) zrecv(&t, &v);
      if (slot_dirty) continue;
      if (pool_kill_strays()) {
        fprintf(stderr, "runner: a process outlived its box in slot %s; the slot is built again\n", cg_name);
        slot_dirty = 1;
        continue;
      }
      // A named socket of the last box (in flight when it died) may take the kernel a moment to free.
      int named = slot_named_sockets();
      for (int t = 0; named && t < 20; t++) {
        usleep(500);
        named = slot_named_sockets();
      }
      if (named) { slot_dirty = 1; continue; }
      // Memory the last run left charged to the slot (page cache of files it read first) would
      // count in the next run's baseline: past a few MB the slot starts afresh.
      long long usage = read_ll(cg_mem, "memory.usage_in_bytes");
      if (usage < 0 || usage - slot_base > (8LL << 20)) { slot_dirty = 1; continue; }
    }
    int r = retry ? 1 : read_request();
    if (!retry) retry_left = 1;
    retry = 0;
    run_started = 0;
    if (r == 0) break;
    rep = (typeof(rep)){.status = "SE", .exit_code = -1, .cgroup = "v1", .uid = slot.uid};
    cleanup_warning[0] = 0;
    if (r < 0) { // the stream is lost: report and end the slot
      snprintf(rep.error, sizeof rep.error, "bad request framing");
      print_report();
      slot_teardown();
      return 2;
    }
    served = 1;
    apply_request();
    run_box();
  }
  slot_teardown();
  return 0;
}

int main(int argc, char **argv) {
  o_defaults = o;
  if (argc > 1 && !strcmp(argv[1], "--serve")) return serve_main(argc, argv);
  parse_args(argc, argv);
  if (geteuid() != 0) refuse("the runner must run as root (it creates namespaces and cgroups); refusing to run unsandboxed");
  install_signals();
  return run_box();
}
