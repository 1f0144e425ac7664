/**
 * Kattis' default output validator as a small self-contained C++ checker (HOJ exit codes: 100
 * accepted, 102 wrong answer, message on stderr): outputs are compared token by token, letters
 * case-insensitively unless `case_sensitive`, white space freely unless `space_change_sensitive`,
 * and where the judge's token is a number, within `float_tolerance ε` (absolute or relative),
 * `float_absolute_tolerance ε`, `float_relative_tolerance ε`.
 */

/** The checker for `flags` (problem.yaml validator_flags); `ignored(flag)` hears of flags it does not know. */
export function tokenCheckerSource(flags: string[], ignored: (flag: string) => void): string {
  let caseSensitive = false;
  let spaceSensitive = false;
  let abs = -1;
  let rel = -1;
  for (let i = 0; i < flags.length; i++) {
    const f = flags[i]!;
    const num = () => {
      const v = Number(flags[i + 1]);
      if (!Number.isFinite(v) || v < 0) {
        ignored(f);
        return -1;
      }
      i++;
      return v;
    };
    if (f === 'case_sensitive') caseSensitive = true;
    else if (f === 'space_change_sensitive') spaceSensitive = true;
    else if (f === 'float_tolerance') {
      const v = num();
      if (v >= 0) abs = rel = v;
    } else if (f === 'float_absolute_tolerance') abs = num();
    else if (f === 'float_relative_tolerance') rel = num();
    else ignored(f);
  }
  return `// Kattis default output validator (flags: ${flags.join(' ') || 'none'}), written by the importer.
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

static const bool CASE_SENSITIVE = ${caseSensitive};
static const bool SPACE_SENSITIVE = ${spaceSensitive};
static const double ABS_TOL = ${abs}, REL_TOL = ${rel};

static std::string slurp(const char *path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

static bool number(const std::string &t, double &v) {
  if (t.empty()) return false;
  char *end = nullptr;
  v = strtod(t.c_str(), &end);
  return end && *end == 0 && std::isfinite(v);
}

static int wrong(const char *what, int n, const std::string &a, const std::string &b) {
  fprintf(stderr, "%s %d: expected \\"%.60s\\", got \\"%.60s\\"\\n", what, n, a.c_str(), b.c_str());
  return 102;
}

int main(int argc, char **argv) {
  if (argc < 4) return 103;
  const std::string out = slurp(argv[2]), ans = slurp(argv[3]);
  size_t i = 0, j = 0;
  for (int n = 1;; n++) {
    size_t i0 = i, j0 = j;
    while (i < ans.size() && isspace((unsigned char)ans[i])) i++;
    while (j < out.size() && isspace((unsigned char)out[j])) j++;
    if (SPACE_SENSITIVE && ans.compare(i0, i - i0, out, j0, j - j0) != 0) return wrong("white space before token", n, ans.substr(i0, i - i0), out.substr(j0, j - j0));
    if (i == ans.size() || j == out.size()) {
      if (i == ans.size() && j == out.size()) return 100;
      return i == ans.size() ? wrong("extra output at token", n, "", out.substr(j, 20)) : wrong("output ends early at token", n, ans.substr(i, 20), "");
    }
    size_t a = i, b = j;
    while (i < ans.size() && !isspace((unsigned char)ans[i])) i++;
    while (j < out.size() && !isspace((unsigned char)out[j])) j++;
    std::string ta = ans.substr(a, i - a), tb = out.substr(b, j - b);
    if (ta == tb) continue;
    double va, vb;
    if ((ABS_TOL >= 0 || REL_TOL >= 0) && number(ta, va)) {
      if (!number(tb, vb)) return wrong("token", n, ta, tb);
      double d = std::fabs(va - vb);
      if ((ABS_TOL >= 0 && d <= ABS_TOL) || (REL_TOL >= 0 && d <= REL_TOL * std::fabs(va))) continue;
      return wrong("number", n, ta, tb);
    }
    if (!CASE_SENSITIVE && ta.size() == tb.size()) {
      bool same = true;
      for (size_t k = 0; k < ta.size() && same; k++) same = tolower((unsigned char)ta[k]) == tolower((unsigned char)tb[k]);
      if (same) continue;
    }
    return wrong("token", n, ta, tb);
  }
}
`;
}
