/**
 * Kattis/ICPC output validators follow a third checker convention: `validator input judge_answer
 * feedback_dir [flags]`, the team's output on stdin, exit 42 = accepted, 43 = wrong answer, the
 * message in `feedback_dir/judgemessage.txt`. The judge runs checkers as `checker input
 * user_output answer` (interactors: `input output answer`, the contestant on stdin/stdout) and reads
 * HOJ's exit codes (100 AC, 102 WA, 103 system error). Rather than teach the judge a third
 * convention, the importer compiles the validator unchanged behind this adapter: its `main` is
 * renamed, and the adapter's `main` forks, runs it with the Kattis arguments (stdin = the user's
 * output for a checker; left as is for an interactor), and turns its exit code and feedback into
 * HOJ's. The validator must declare `main(int argc, char **argv)`, as validators reading their
 * arguments do.
 */

/** C++ source of the adapter around `source` (the validator's main file; its headers are extra files). */
export function kattisValidatorSource(source: string, o: { interactive: boolean; flags: string[] }): string {
  const flags = o.flags.map((f) => JSON.stringify(f)).join(', ');
  return `// Kattis output validator, adapted to this judge by the importer (the validator below is unchanged).
#define main kattis_validator_main
${source}
#undef main
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static std::string kattis_feedback_dir() {
  const char *bases[] = {"/tmp", "/box", "."};
  for (const char *base : bases) {
    std::string t = std::string(base) + "/feedback-XXXXXX";
    std::vector<char> buf(t.begin(), t.end());
    buf.push_back('\\0');
    if (mkdtemp(buf.data())) return std::string(buf.data());
  }
  return ".";
}

static void kattis_copy_feedback(const std::string &dir) {
  const char *names[] = {"judgemessage.txt", "teammessage.txt"};
  for (const char *n : names) {
    FILE *f = fopen((dir + "/" + n).c_str(), "r");
    if (!f) continue;
    char buf[4096];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, f)) > 0) fwrite(buf, 1, k, stderr);
    fclose(f);
    return;
  }
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s input user_output answer\\n", argv[0]);
    return 103;
  }
  const bool interactive = ${o.interactive ? 'true' : 'false'};
  std::string feedback = kattis_feedback_dir() + "/";
  std::vector<std::string> args = {argv[0], argv[1], argv[3], feedback};
  const char *extra[] = {${flags}${flags ? ', ' : ''}nullptr};
  for (const char **f = extra; *f; f++) args.push_back(*f);
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    perror("fork");
    return 103;
  }
  if (pid == 0) {
    if (!interactive && !freopen(argv[2], "r", stdin)) {
      perror("cannot open the user output");
      _exit(103);
    }
    std::vector<char *> av;
    for (auto &a : args) av.push_back(&a[0]);
    av.push_back(nullptr);
    int r = kattis_validator_main((int)args.size(), av.data());
    fflush(stdout);
    exit(r);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  kattis_copy_feedback(feedback);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 42) return 100;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 43) return 102;
  if (WIFEXITED(status)) fprintf(stderr, "\\nthe output validator exited with code %d", WEXITSTATUS(status));
  else fprintf(stderr, "\\nthe output validator was killed by signal %d", WTERMSIG(status));
  return 103;
}
`;
}
