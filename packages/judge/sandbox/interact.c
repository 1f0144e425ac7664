// Pipe broker and relay for interactive judging: starts two sandbox runners and carries every
// byte between their boxes itself, through four pipes:
//
//   user box stdout  --pipe-->  relay  --pipe-->  interactor box stdin
//   user box stdin   <--pipe--  relay  <--pipe--  interactor box stdout
//
// usage: interact RUNNER N ARGS_A(N items)... ARGS_B...
//   Runner A (the user program) gets its pipe ends as fd 3 (stdin) and fd 4 (stdout) and writes its
//   report to our stdout; runner B (the interactor) gets its ends the same way and writes its report
//   to our fd 3. Both argument lists must contain "--stdin-fd 3 --stdout-fd 4" (the caller builds
//   them). When fd 4 is open, the relay's own report goes there as one JSON line:
//     {"first":"user"|"interactor"|"same"|"none","user_end_us":N,"interactor_end_us":N,
//      "bytes_up":N,"bytes_down":N}
//   Exit code 0 when both runners ran (their reports tell the rest), 1 otherwise.
//
// Why a relay: the verdict depends on which side ended first (an interactor that said WA before the
// program crashed keeps its WA; a program that crashed first is RE though the interactor then says WA
// on its EOF). Each box's end as stamped by its own init is taken by two processes that wake when the
// scheduler lets them: a program that exits at once could be stamped after the interactor that read
// its EOF. Here a side has ended when the relay sees it cut the conversation off (EOF on its stdout,
// or its stdin closed — exiting does both). The other side can learn of that only through the relay,
// after the relay has noted it, so the order noted is the causal order. Two ends seen in the same poll
// round happened without either causing the other ("same").
//
// The relay runs here, outside both boxes, as the broker (root, no privileges used after the forks);
// its pipe ends are close-on-exec, so no runner and no box inherits them. Each runner applies every
// limit to its own box; a deadlock (both sides waiting to read) ends at the wall-clock guard of each
// box. When one side ends, the relay passes the end on: EOF to the other's stdin once what it wrote is
// delivered, or a closed read end, so the other's next write gets SIGPIPE.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pid_t kids[2];

static void forward(int sig) {
  for (int i = 0; i < 2; i++)
    if (kids[i] > 0) kill(kids[i], sig);
}

// Moves fd above the stdio range (close-on-exec) so that the dup2 calls below cannot clobber it.
static int high(int fd) {
  int h = fcntl(fd, F_DUPFD_CLOEXEC, 10);
  if (h < 0) { perror("interact: fcntl"); _exit(1); }
  return h;
}

static pid_t start(char *runner, char **args, int n, int report_fd, int in_fd, int out_fd) {
  pid_t p = fork();
  if (p < 0) { perror("interact: fork"); return -1; }
  if (p) return p;
  int rep = high(report_fd), in = high(in_fd), out = high(out_fd);
  if (dup2(rep, 1) < 0 || dup2(in, 3) < 0 || dup2(out, 4) < 0) { perror("interact: dup2"); _exit(1); }
  char **argv = calloc((size_t)n + 2, sizeof *argv);
  if (!argv) _exit(1);
  argv[0] = runner;
  for (int i = 0; i < n; i++) argv[i + 1] = args[i];
  for (int s = 1; s < NSIG; s++) signal(s, SIG_DFL);
  execv(runner, argv);
  perror("interact: exec runner");
  _exit(1);
}

static long long now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

enum { USER = 0, INTERACTOR = 1 };
#define BUF 65536 // one pipe's worth: a writer blocks about as soon as with a direct pipe

// One direction of the conversation: from side `from`'s stdout (src) to the other side's stdin (dst).
struct dir {
  int from, src, dst;
  size_t off, len;
  long long bytes;
  char buf[BUF];
};

static long long end_round[2], end_us[2];
static long long round_no;

static void side_ended(int side) {
  if (end_round[side]) return;
  end_round[side] = round_no;
  end_us[side] = now_us();
}

static void close_fd(int *fd) {
  if (*fd >= 0) close(*fd);
  *fd = -1;
}

// The reader of d->dst is gone: the other side ended. Drop what was waiting for it and close our read
// end too, so the writer's next write gets SIGPIPE as with a direct pipe.
static void reader_gone(struct dir *d) {
  side_ended(1 - d->from);
  close_fd(&d->dst);
  close_fd(&d->src);
  d->len = d->off = 0;
}

static void flush(struct dir *d) {
  while (d->dst >= 0 && d->off < d->len) {
    ssize_t w = write(d->dst, d->buf + d->off, d->len - d->off);
    if (w > 0) { d->off += (size_t)w; continue; }
    if (w < 0 && errno == EINTR) continue;
    if (w < 0 && errno == EAGAIN) return;
    reader_gone(d); // EPIPE (SIGPIPE is ignored here)
    return;
  }
  if (d->off == d->len) d->off = d->len = 0;
  // Everything written before the end is delivered: now the reader sees EOF.
  if (d->src < 0 && d->len == 0) close_fd(&d->dst);
}

static void fill(struct dir *d) {
  for (;;) {
    if (d->len == BUF) return;
    size_t want = BUF - d->len;
    ssize_t r = read(d->src, d->buf + d->len, want);
    if (r > 0) {
      d->len += (size_t)r;
      d->bytes += r;
      // A short read emptied the pipe: asking again would only cost a syscall returning EAGAIN (poll
      // says when more comes, or the hang-up).
      if ((size_t)r < want) return;
      continue;
    }
    if (r < 0 && errno == EINTR) continue;
    if (r < 0 && errno == EAGAIN) return;
    side_ended(d->from); // EOF: every writer of the side's stdout is gone
    close_fd(&d->src);
    return;
  }
}

static void relay(struct dir *d) {
  while (d[0].src >= 0 || d[0].dst >= 0 || d[1].src >= 0 || d[1].dst >= 0) {
    struct pollfd pf[4];
    for (int i = 0; i < 2; i++) {
      struct dir *x = &d[i];
      // A full buffer is not read from, but the source stays watched with no events (a hang-up is
      // reported even then) until its side is known to have ended; then it would only spin.
      int full = x->len == BUF;
      pf[2 * i] = (struct pollfd){full && end_round[x->from] ? -1 : x->src, full ? 0 : POLLIN, 0};
      // The destination is always watched: POLLERR tells that its reader is gone.
      pf[2 * i + 1] = (struct pollfd){x->dst, x->off < x->len ? POLLOUT : 0, 0};
    }
    if (poll(pf, 4, -1) < 0) {
      if (errno == EINTR) continue;
      perror("interact: poll");
      return;
    }
    round_no++;
    for (int i = 0; i < 2; i++) {
      struct dir *x = &d[i];
      short rs = pf[2 * i].revents, rd = pf[2 * i + 1].revents;
      if (rs & POLLHUP) side_ended(x->from);
      if (rd & (POLLERR | POLLHUP)) {
        reader_gone(x);
        continue;
      }
      if (rs && x->len < BUF) fill(x); // reads data, or the EOF that follows a hang-up
      flush(x);
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: interact RUNNER N ARGS_A(N items)... ARGS_B...\n");
    return 2;
  }
  char *runner = argv[1];
  char *end;
  long na = strtol(argv[2], &end, 10);
  if (*end || na < 1 || na > argc - 3) { fprintf(stderr, "interact: bad argument count %s\n", argv[2]); return 2; }
  char **a = argv + 3, **b = argv + 3 + na;
  int nb = argc - 3 - (int)na;
  if (nb < 1) { fprintf(stderr, "interact: no arguments for the second runner\n"); return 2; }
  // fd 3 must be open: the second report goes there.
  if (fcntl(3, F_GETFD) < 0) { fprintf(stderr, "interact: fd 3 (second report) is not open\n"); return 2; }
  // fd 4 (the relay's report) is optional; it must not reach a runner (start() replaces it anyway).
  int report = fcntl(4, F_GETFD) >= 0 ? high(4) : -1;
  if (report >= 0) close(4);

  // ui: relay -> user stdin, uo: user stdout -> relay, ii: relay -> interactor stdin, io: interactor
  // stdout -> relay. Close-on-exec: a runner gets only its two ends, as fd 3 and 4.
  int ui[2], uo[2], ii[2], io[2];
  if (pipe2(ui, O_CLOEXEC) || pipe2(uo, O_CLOEXEC) || pipe2(ii, O_CLOEXEC) || pipe2(io, O_CLOEXEC)) {
    perror("interact: pipe");
    return 1;
  }
  struct sigaction sa = {.sa_handler = forward};
  sigemptyset(&sa.sa_mask);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);

  kids[0] = start(runner, a, (int)na, 1, ui[0], uo[1]);
  kids[1] = kids[0] > 0 ? start(runner, b, nb, 3, ii[0], io[1]) : -1;
  // Only the boxes may hold their ends, or EOF would never come.
  close(ui[0]);
  close(uo[1]);
  close(ii[0]);
  close(io[1]);
  close(3);
  int ok = kids[0] > 0 && kids[1] > 0;
  if (!ok) forward(SIGTERM);

  static struct dir d[2];
  d[0] = (struct dir){.from = USER, .src = uo[0], .dst = ii[1]};
  d[1] = (struct dir){.from = INTERACTOR, .src = io[0], .dst = ui[1]};
  for (int i = 0; i < 2; i++) {
    fcntl(d[i].src, F_SETFL, O_NONBLOCK);
    fcntl(d[i].dst, F_SETFL, O_NONBLOCK);
  }
  // SCHED_BATCH: a message's writer is not preempted by the relay it wakes, so it reaches its next
  // read (and blocks) before the relay runs, instead of paying an extra switch on its own CPU time.
  struct sched_param sp = {0};
  if (sched_setscheduler(0, SCHED_BATCH, &sp)) {}
  relay(d);
  for (int i = 0; i < 2; i++) {
    close_fd(&d[i].src);
    close_fd(&d[i].dst);
  }

  for (int i = 0; i < 2; i++) {
    if (kids[i] <= 0) continue;
    int st;
    while (waitpid(kids[i], &st, 0) < 0 && errno == EINTR) {}
    // The runner reports every verdict itself and exits 0 (2 when it refused: also a report).
    if (!WIFEXITED(st) || (WEXITSTATUS(st) != 0 && WEXITSTATUS(st) != 2)) ok = 0;
    kids[i] = 0;
  }
  if (report >= 0) {
    long long u = end_round[USER], t = end_round[INTERACTOR];
    const char *first = !u && !t ? "none" : u && (!t || u < t) ? "user" : t && (!u || t < u) ? "interactor" : "same";
    dprintf(report, "{\"first\":\"%s\",\"user_end_us\":%lld,\"interactor_end_us\":%lld,\"bytes_up\":%lld,\"bytes_down\":%lld}\n", first,
            end_us[USER], end_us[INTERACTOR], d[0].bytes, d[1].bytes);
    close(report);
  }
  return ok ? 0 : 1;
}
