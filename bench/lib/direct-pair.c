// Baseline for bench/interactive-relay.ts only: the interactive broker as it was before the relay.
// Same command line as packages/judge/sandbox/interact.c (runner A's report on stdout, B's on fd 3),
// but the two boxes share two direct pipes and nothing passes through this process.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t start(char *runner, char **args, int n, int report_fd, int in_fd, int out_fd) {
  pid_t p = fork();
  if (p) return p;
  int rep = fcntl(report_fd, F_DUPFD_CLOEXEC, 10), in = fcntl(in_fd, F_DUPFD_CLOEXEC, 10), out = fcntl(out_fd, F_DUPFD_CLOEXEC, 10);
  if (dup2(rep, 1) < 0 || dup2(in, 3) < 0 || dup2(out, 4) < 0) _exit(1);
  char **argv = calloc((size_t)n + 2, sizeof *argv);
  argv[0] = runner;
  for (int i = 0; i < n; i++) argv[i + 1] = args[i];
  execv(runner, argv);
  _exit(1);
}

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int na = atoi(argv[2]);
  int up[2], down[2];
  if (pipe2(up, O_CLOEXEC) || pipe2(down, O_CLOEXEC)) return 1;
  pid_t a = start(argv[1], argv + 3, na, 1, down[0], up[1]);
  pid_t b = start(argv[1], argv + 3 + na, argc - 3 - na, 3, up[0], down[1]);
  close(up[0]);
  close(up[1]);
  close(down[0]);
  close(down[1]);
  close(3);
  int st, ok = 1;
  if (waitpid(a, &st, 0) < 0 || !WIFEXITED(st)) ok = 0;
  if (waitpid(b, &st, 0) < 0 || !WIFEXITED(st)) ok = 0;
  return ok ? 0 : 1;
}
