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
 * arguments do. teammessage.txt becomes the case's message and judgemessage.txt its part for the
 * judges only (after JUDGE_ONLY_MARK); for scoring problems score.txt becomes a share of the case's
 * points (exit 99 with the percentage); the validator's stdout is not read.
 */
import { CHECKER_CONVENTIONS, type CheckerConvention, conventionOfCheckerCode, JUDGE_ONLY_MARK } from '@oj/shared';

/** Extra validator arguments and points of the cases whose input has this FNV-1a 64 hash (`kattisInputHash`). */
export interface KattisCaseEntry {
  hash: bigint;
  /** The group's `output_validator_args` (2023-07) / `output_validator_flags` (testdata.yaml). */
  args: string[];
  /** Points of the case on this site: what a score.txt is a share of. */
  full: number;
}

/**
 * FNV-1a 64 of a test input: the adapter knows which case it judges only by its input file (the judge
 * runs every checker the same way), so per-group arguments and points are looked up by this hash.
 */
export function kattisInputHash(data: Buffer): bigint {
  let h = 0xcbf29ce484222325n;
  for (const b of data) h = BigInt.asUintN(64, (h ^ BigInt(b)) * 0x100000001b3n);
  return h;
}

/** C++ source of the adapter around `source` (the validator's main file; its headers are extra files). */
export function kattisValidatorSource(source: string, o: { interactive: boolean; flags: string[]; scoring?: boolean; cases?: KattisCaseEntry[] }): string {
  const flags = o.flags.map((f) => JSON.stringify(f)).join(', ');
  const table = (o.cases ?? [])
    .map((c) => `  {0x${c.hash.toString(16)}ULL, ${Number.isFinite(c.full) ? c.full : 0}, {${c.args.map((a) => JSON.stringify(a)).join(', ')}}},`)
    .join('\n');
  return `// Kattis output validator, adapted to this judge by the importer (the validator below is unchanged).
#define main kattis_validator_main
${source}
#undef main
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

struct KattisCase {
  unsigned long long hash;
  double full;
  std::vector<std::string> args;
};
// Per case (by the FNV-1a 64 hash of its input): the group's validator arguments and the case's points.
static const std::vector<KattisCase> kattis_cases = {
${table}
};
static const bool kattis_scoring = ${o.scoring ? 'true' : 'false'};

static const KattisCase *kattis_case_of(const char *input) {
  if (kattis_cases.empty()) return nullptr;
  FILE *f = fopen(input, "rb");
  if (!f) return nullptr;
  unsigned long long h = 0xcbf29ce484222325ULL;
  int c;
  while ((c = getc(f)) != EOF) h = (h ^ (unsigned char)c) * 0x100000001b3ULL;
  fclose(f);
  for (const KattisCase &k : kattis_cases)
    if (k.hash == h) return &k;
  return nullptr;
}

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

static std::string kattis_read(const std::string &path, size_t max = 1 << 16) {
  std::string out;
  FILE *f = fopen(path.c_str(), "r");
  if (!f) return out;
  char buf[4096];
  size_t k;
  while (out.size() < max && (k = fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, k);
  fclose(f);
  return out;
}

// teammessage.txt is the contestant's; judgemessage.txt the judges' only (after the judge's mark line).
static void kattis_feedback(const std::string &dir, const std::string &note) {
  std::string team = kattis_read(dir + "teammessage.txt"), judge = kattis_read(dir + "judgemessage.txt") + note;
  fputs(team.c_str(), stderr);
  if (!judge.empty()) fprintf(stderr, "%s%s", ${JSON.stringify(JUDGE_ONLY_MARK)}, judge.c_str());
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
  const KattisCase *kc = kattis_case_of(argv[1]);
  if (kc) args.insert(args.end(), kc->args.begin(), kc->args.end());
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
    // A validator's stdout is not read (problemtools neither); here it would be taken for a score.
    if (!interactive && !freopen("/dev/null", "w", stdout)) _exit(103);
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
  if (WIFEXITED(status) && WEXITSTATUS(status) == 42) {
    // Scoring problems: score.txt holds the case's points; the judge takes a percentage of its own.
    std::string score = kattis_scoring ? kattis_read(feedback + "score.txt") : "";
    if (!score.empty() && kc && kc->full > 0) {
      double pct = 100.0 * strtod(score.c_str(), nullptr) / kc->full;
      if (pct < 100) {
        fprintf(stderr, "%.6f\\n", pct < 0 ? 0.0 : pct);
        kattis_feedback(feedback, "");
        return 99;
      }
    }
    kattis_feedback(feedback, "");
    return 100;
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 43) {
    kattis_feedback(feedback, "");
    return 102;
  }
  // A validator that wrote to a submission which had already exited dies of SIGPIPE: pass the signal on,
  // so the judge sees the interactor orphaned (the submission's fault), not a broken validator.
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE) {
    signal(SIGPIPE, SIG_DFL);
    raise(SIGPIPE);
  }
  char note[96];
  if (WIFEXITED(status)) snprintf(note, sizeof note, "\\nthe output validator exited with code %d", WEXITSTATUS(status));
  else snprintf(note, sizeof note, "\\nthe output validator was killed by signal %d", WTERMSIG(status));
  kattis_feedback(feedback, note);
  return 103;
}
`;
}

const IMPORT_HEAD = '#define main kattis_validator_main\n';
const IMPORT_TAIL = '\n#undef main\n#include <cstdio>\n';
const EXPORT_MARK =
  '// A checker of an online judge (checker input user_output answer; exit 0/100 accepted), adapted to the Kattis output validator convention.\n';
const EXPORT_HEAD = '#define main oj_checker_main\n';
const EXPORT_TAIL = '\n#undef main\n// ---- Kattis adapter ----\n';

/** The validator inside an adapter this importer wrote (an exported package coming back), else null. */
export function unwrapKattisAdapter(code: string): string | null {
  const a = code.indexOf(IMPORT_HEAD);
  const b = code.lastIndexOf(IMPORT_TAIL);
  return code.startsWith('// Kattis output validator, adapted') && a >= 0 && b > a ? code.slice(a + IMPORT_HEAD.length, b) : null;
}

/**
 * validator_flags of a Kattis export whose problem uses this site's own comparison (judge mode
 * default): tokens compared minding case and the amount of white space, which is what it checks.
 */
export const SITE_COMPARISON_FLAGS = 'case_sensitive space_change_sensitive';

/** Written after the checker when it was a C checker here, so the import gives it back as C. */
const C_CHECKER_NOTE = '// checker language: C\n';

/** The language of the checker inside an export adapter: C when the export noted it, else C++. */
export const exportedCheckerLanguage = (code: string): 'C' | 'C++' => (code.includes(EXPORT_TAIL + C_CHECKER_NOTE) ? 'C' : 'C++');

/** Written after the checker when its convention is not the one its code shows (HUSTOJ's, QDUOJ's). */
const conventionNote = (c: CheckerConvention) => `// checker convention: ${c}\n`;

/** The convention of the checker inside an export adapter: the one the export noted, else the code's. */
export function exportedCheckerConvention(adapter: string, checker: string): CheckerConvention {
  const tail = adapter.slice(adapter.lastIndexOf(EXPORT_TAIL));
  return CHECKER_CONVENTIONS.find((c) => tail.includes(conventionNote(c))) ?? conventionOfCheckerCode(checker);
}

/**
 * How the adapter calls a checker of each convention: its argv (`in` input, `team` the team output,
 * `ans` the answer) and which exit codes are a verdict (the rest is the checker's failure: a judge error).
 */
const ADAPTER_CALL: Record<CheckerConvention, { args: string; accepted: string; wrong: string }> = {
  hoj: { args: 'argv[1], &team[0], argv[2]', accepted: 'code == 0 || code == 100', wrong: 'code != 3 && code != 103' },
  testlib: { args: 'argv[1], &team[0], argv[2]', accepted: 'code == 0', wrong: 'code != 3' },
  qduoj: { args: 'argv[1], &team[0]', accepted: 'code == 0', wrong: 'code == 1' },
  hustoj: { args: 'argv[1], argv[2], &team[0]', accepted: 'code == 0', wrong: 'true' },
};

/** The checker inside an export adapter (`checkerAsKattisValidator`), else null. */
export function unwrapExportAdapter(code: string): string | null {
  const b = code.lastIndexOf(EXPORT_TAIL);
  return code.startsWith(EXPORT_MARK + EXPORT_HEAD) && b > 0 ? code.slice((EXPORT_MARK + EXPORT_HEAD).length, b) : null;
}

/**
 * A checker or interactor of this judge as a Kattis output validator: the team output (stdin) is
 * saved to the feedback folder, the checker runs in a child called as its convention calls it
 * (`ADAPTER_CALL`: HOJ's and testlib's `checker input team_output answer`; an interactor keeps
 * stdin/stdout and writes its own output file there), its stderr becomes judgemessage.txt, its
 * accepting exit codes become 42, its rejecting ones 43, and the rest (the checker's own failure) a
 * judge error.
 */
export function checkerAsKattisValidator(code: string, o: { interactive: boolean; language?: string | null; convention?: CheckerConvention }): string {
  const convention = o.convention ?? conventionOfCheckerCode(code);
  const call = ADAPTER_CALL[convention];
  const note = convention !== conventionOfCheckerCode(code) ? conventionNote(convention) : '';
  return `${EXPORT_MARK}${EXPORT_HEAD}${code}${EXPORT_TAIL}${o.language === 'C' ? C_CHECKER_NOTE : ''}${note}#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  // _exit, not return: the checker's code is compiled in, and testlib's end-of-program checks must
  // run in the checker's process only, never in this one (which registered nothing).
  if (argc < 4) _exit(1);
  const bool interactive = ${o.interactive ? 'true' : 'false'};
  std::string dir = argv[3];
  if (!dir.empty() && dir.back() != '/') dir += '/';
  std::string team = dir + "team_output", message = dir + "judgemessage.txt";
  if (!interactive) {
    FILE *t = fopen(team.c_str(), "w");
    if (!t) _exit(1);
    char buf[65536];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, stdin)) > 0) fwrite(buf, 1, k, t);
    fclose(t);
  }
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) _exit(1);
  if (pid == 0) {
    if (!freopen(message.c_str(), "w", stderr)) _exit(3);${convention === 'qduoj' && !o.interactive ? '\n    if (!freopen(argv[1], "r", stdin)) _exit(3);' : ''}
    char *args[] = {argv[0], ${call.args}, nullptr};
    exit(oj_checker_main(sizeof args / sizeof *args - 1, args));
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  if (!WIFEXITED(status)) _exit(1);
  int code = WEXITSTATUS(status);
  if (${call.accepted}) _exit(42);
  if (${call.wrong}) _exit(43);
  _exit(1);
}
`;
}
