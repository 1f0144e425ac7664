// Pipe broker for interactive judging: starts two sandbox runners whose boxes talk to each other
// through two anonymous pipes, without the judge relaying any byte:
//
//   user box stdout  --pipe 1-->  interactor box stdin
//   user box stdin   <--pipe 2--  interactor box stdout
//
// usage: interact RUNNER N ARGS_A(N items)... ARGS_B...
//   Runner A (the user program) gets its pipe ends as fd 3 (stdin) and fd 4 (stdout) and writes its
//   report to our stdout; runner B (the interactor) gets its ends the same way and writes its report
//   to our fd 3. Both argument lists must contain "--stdin-fd 3 --stdout-fd 4" (the caller builds
//   them). Exit code 0 when both runners ran (their reports tell the rest), 1 otherwise.
//
// Each runner applies every limit to its own box; a deadlock (both sides waiting to read) ends at
// the wall-clock guard of each box. When one box ends, the runner closes its pipe ends, so the other
// side reads EOF or gets SIGPIPE at once.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
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

  int up[2], down[2]; // up: user -> interactor, down: interactor -> user
  if (pipe2(up, O_CLOEXEC) || pipe2(down, O_CLOEXEC)) { perror("interact: pipe"); return 1; }
  struct sigaction sa = {.sa_handler = forward};
  sigemptyset(&sa.sa_mask);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);

  kids[0] = start(runner, a, (int)na, 1, down[0], up[1]);
  kids[1] = kids[0] > 0 ? start(runner, b, nb, 3, up[0], down[1]) : -1;
  // Only the boxes may hold the pipe ends, or EOF would never come.
  close(up[0]);
  close(up[1]);
  close(down[0]);
  close(down[1]);
  close(3);
  int ok = kids[0] > 0 && kids[1] > 0;
  if (!ok) forward(SIGTERM);
  for (int i = 0; i < 2; i++) {
    if (kids[i] <= 0) continue;
    int st;
    while (waitpid(kids[i], &st, 0) < 0 && errno == EINTR) {}
    // The runner reports every verdict itself and exits 0 (2 when it refused: also a report).
    if (!WIFEXITED(st) || (WEXITSTATUS(st) != 0 && WEXITSTATUS(st) != 2)) ok = 0;
    kids[i] = 0;
  }
  return ok ? 0 : 1;
}
