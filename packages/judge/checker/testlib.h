/*
 * testlib.h — a small, self-written subset of the testlib checker/interactor API
 * (https://github.com/MikeMirzayanov/testlib), shipped with the judge so that common checkers and
 * interactors compile without uploading anything. A problem that needs the full library ships the
 * real testlib.h as a judge extra file: it sits next to the checker source and wins over this one.
 *
 * Supported: registerTestlibCmd, registerInteraction, registerChecker, setName; the streams inf, ouf,
 * ans (and tout for interactors) with readInt/readLong/readUnsignedLong/readDouble/readReal/
 * readToken/readWord/readString/readLine/readChar/readSpace/readEoln/readEof (with range and name
 * overloads), readInts/readLongs/readReals/readDoubles/readTokens/readWords/readLines, eof,
 * seekEof, eoln, seekEoln, skipBlanks, curChar, nextChar, skipChar, unreadChar, quit/quitf/quits,
 * ensure/ensuref, quitp, quitif, _pc(N), compareDoubles/doubleCompare/doubleDelta, englishEnding,
 * vtos/toString, format, upperCase/lowerCase, trim, __testlib_part/compress. Not supported:
 * patterns (readToken("[a-z]+")), strict validator mode, generators (rnd), readStrictReal.
 *
 * Results go to stderr like testlib's ("ok ...", "wrong answer ...", "wrong output format ...",
 * "FAIL ...", "points N ...", "partially correct (N) ...", "unexpected eof ...") with testlib's exit
 * codes: ok 0, wrong answer 1, presentation 2, fail 3, points/partially 7, unexpected eof 8.
 * The judge reads N of "points N" and "partially correct (N)" as a percentage of the case score.
 */
#ifndef OJ_TESTLIB_SUBSET_H
#define OJ_TESTLIB_SUBSET_H

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#ifndef NORETURN
#define NORETURN __attribute__((noreturn))
#endif

enum TResult {
  _ok = 0,
  _wa = 1,
  _pe = 2,
  _fail = 3,
  _dirt = 4,
  _points = 5,
  _unexpected_eof = 8,
  _partially = 16
};

enum TMode { _input, _output, _answer };
enum TTestlibMode { _unknown, _checker, _interactor };

#define _pc(exitCode) (TResult(_partially + (exitCode)))

#define OK_EXIT_CODE 0
#define WA_EXIT_CODE 1
#define PE_EXIT_CODE 2
#define FAIL_EXIT_CODE 3
#define POINTS_EXIT_CODE 7
#define UNEXPECTED_EOF_EXIT_CODE 8

static TTestlibMode testlibMode = _unknown;
static std::string checkerName = "untitled checker";

inline std::string __testlib_vformat(const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n < 0) return std::string(fmt);
  std::vector<char> buf((size_t)n + 1);
  vsnprintf(buf.data(), buf.size(), fmt, ap);
  return std::string(buf.data(), (size_t)n);
}

inline std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
inline std::string format(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string s = __testlib_vformat(fmt, ap);
  va_end(ap);
  return s;
}

inline std::string format(const std::string &s) { return s; }

template <typename T> std::string vtos(const T &t) {
  std::ostringstream ss;
  ss << t;
  return ss.str();
}

template <typename T> std::string toString(const T &t) { return vtos(t); }

inline std::string vtos(const double &d) {
  std::string s = format("%.10f", d);
  if (s.find('.') != std::string::npos) {
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

inline std::string upperCase(std::string s) {
  for (char &c : s) c = (char)toupper((unsigned char)c);
  return s;
}

inline std::string lowerCase(std::string s) {
  for (char &c : s) c = (char)tolower((unsigned char)c);
  return s;
}

inline std::string trim(const std::string &s) {
  size_t b = 0, e = s.size();
  while (b < e && isspace((unsigned char)s[b])) b++;
  while (e > b && isspace((unsigned char)s[e - 1])) e--;
  return s.substr(b, e - b);
}

inline std::string __testlib_part(const std::string &s) {
  std::string t;
  for (char c : s) t += (c == '\0' ? '~' : c);
  if (t.length() <= 64) return t;
  return t.substr(0, 30) + "..." + t.substr(t.length() - 31, 31);
}

inline std::string compress(const std::string &s) { return __testlib_part(s); }

inline std::string englishEnding(int x) {
  x %= 100;
  if (x / 10 == 1) return "th";
  if (x % 10 == 1) return "st";
  if (x % 10 == 2) return "nd";
  if (x % 10 == 3) return "rd";
  return "th";
}

const double EPS = 1E-9;

inline bool doubleCompare(double expected, double result, double MAX_DOUBLE_ERROR) {
  if (std::isnan(expected)) return std::isnan(result);
  if (std::isinf(expected)) return expected > 0 ? (result > 0 && std::isinf(result)) : (result < 0 && std::isinf(result));
  if (std::isnan(result) || std::isinf(result)) return false;
  if (std::fabs(result - expected) <= MAX_DOUBLE_ERROR + 1E-15) return true;
  double lo = std::min(expected * (1.0 - MAX_DOUBLE_ERROR), expected * (1.0 + MAX_DOUBLE_ERROR));
  double hi = std::max(expected * (1.0 - MAX_DOUBLE_ERROR), expected * (1.0 + MAX_DOUBLE_ERROR));
  return result + 1E-15 >= lo && result <= hi + 1E-15;
}

inline bool compareDoubles(double expected, double result, double MAX_DOUBLE_ERROR) {
  return doubleCompare(expected, result, MAX_DOUBLE_ERROR);
}

inline double doubleDelta(double expected, double result) {
  double absolute = std::fabs(result - expected);
  if (std::fabs(expected) > 1E-9) return std::min(absolute, std::fabs(absolute / expected));
  return absolute;
}

struct InStream;
NORETURN void __testlib_quit(TResult result, const std::string &msg);

struct InStream {
  FILE *file = NULL;
  std::string name;
  TMode mode = _input;
  bool opened = false;

  InStream() {}

  void init(FILE *f, const std::string &n, TMode m) {
    file = f;
    name = n;
    mode = m;
    opened = f != NULL;
  }

  void init(const char *path, TMode m) {
    FILE *f = fopen(path, "rb");
    if (!f) {
      if (m == _output) {
        // A missing output file is an empty output.
        f = fopen("/dev/null", "rb");
      } else {
        __testlib_quit(_fail, std::string("cannot open file ") + path);
      }
    }
    init(f, path, m);
  }

  int curChar() {
    if (!file) return EOF;
    int c = getc_unlocked(file);
    if (c != EOF) ungetc(c, file);
    return c;
  }

  int nextChar() { return file ? getc_unlocked(file) : EOF; }
  char readChar() {
    int c = nextChar();
    if (c == EOF) quit(_unexpected_eof, "Unexpected end of file - char expected");
    return (char)c;
  }
  char readChar(char expected) {
    int c = nextChar();
    if (c == EOF) quit(_unexpected_eof, format("Unexpected end of file - '%c' expected", expected));
    if (c != (unsigned char)expected) quit(_pe, format("Unexpected character '%c', but '%c' expected", (char)c, expected));
    return (char)c;
  }
  void skipChar() { nextChar(); }
  void unreadChar(int c) {
    if (file && c != EOF) ungetc(c, file);
  }

  static bool isBlank(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

  void skipBlanks() {
    int c;
    while ((c = curChar()) != EOF && isBlank(c)) nextChar();
  }

  bool eof() { return curChar() == EOF; }
  bool seekEof() {
    skipBlanks();
    return eof();
  }
  bool eoln() {
    int c = curChar();
    if (c == '\r') {
      nextChar();
      int d = curChar();
      unreadChar('\r');
      return d == '\n';
    }
    return c == '\n';
  }
  bool seekEoln() {
    int c;
    while ((c = curChar()) == ' ' || c == '\t') nextChar();
    return eoln() || c == EOF;
  }

  void readSpace() { readChar(' '); }
  void readEoln() {
    int c = nextChar();
    if (c == '\r') c = nextChar();
    if (c != '\n') quit(c == EOF ? _unexpected_eof : _pe, "Expected EOLN");
  }
  void readEof() {
    if (!eof()) quit(_pe, "Expected EOF");
  }

  std::string readWord() {
    skipBlanks();
    if (eof()) quit(_unexpected_eof, "Unexpected end of file - token expected");
    std::string s;
    int c;
    while ((c = curChar()) != EOF && !isBlank(c)) s += (char)nextChar();
    return s;
  }
  std::string readToken() { return readWord(); }

  std::string readLine() {
    if (eof()) quit(_unexpected_eof, "Unexpected end of file - line expected");
    std::string s;
    int c;
    while ((c = nextChar()) != EOF && c != '\n') s += (char)c;
    if (!s.empty() && s.back() == '\r') s.pop_back();
    return s;
  }
  std::string readString() { return readLine(); }

  static bool parseLong(const std::string &s, long long &out) {
    if (s.empty() || s.length() > 20) return false;
    size_t i = 0;
    bool minus = false;
    if (s[0] == '-') {
      minus = true;
      i = 1;
    }
    if (i >= s.length()) return false;
    if (s[i] == '0' && (s.length() > i + 1 || minus)) return false; // leading zeros, "-0"
    unsigned long long v = 0;
    for (; i < s.length(); i++) {
      if (s[i] < '0' || s[i] > '9') return false;
      unsigned long long d = (unsigned long long)(s[i] - '0');
      if (v > (18446744073709551615ULL - d) / 10) return false;
      v = v * 10 + d;
    }
    if (minus) {
      if (v > 9223372036854775808ULL) return false;
      out = v == 9223372036854775808ULL ? std::numeric_limits<long long>::min() : -(long long)v;
    } else {
      if (v > 9223372036854775807ULL) return false;
      out = (long long)v;
    }
    return true;
  }

  long long readLong() {
    std::string t = readWord();
    long long v;
    if (!parseLong(t, v)) quit(_pe, "Expected integer, but \"" + __testlib_part(t) + "\" found");
    return v;
  }
  long long readLong(long long minv, long long maxv, const std::string &variableName = "") {
    long long v = readLong();
    if (v < minv || v > maxv) outOfRange("Integer", vtos(v), vtos(minv), vtos(maxv), variableName);
    return v;
  }
  unsigned long long readUnsignedLong() {
    std::string t = readWord();
    bool ok = !t.empty() && t.length() <= 20 && !(t[0] == '0' && t.length() > 1);
    unsigned long long v = 0;
    for (size_t i = 0; ok && i < t.length(); i++) {
      if (t[i] < '0' || t[i] > '9') ok = false;
      else {
        unsigned long long d = (unsigned long long)(t[i] - '0');
        if (v > (18446744073709551615ULL - d) / 10) ok = false;
        else v = v * 10 + d;
      }
    }
    if (!ok) quit(_pe, "Expected unsigned integer, but \"" + __testlib_part(t) + "\" found");
    return v;
  }
  unsigned long long readUnsignedLong(unsigned long long minv, unsigned long long maxv, const std::string &variableName = "") {
    unsigned long long v = readUnsignedLong();
    if (v < minv || v > maxv) outOfRange("Unsigned integer", vtos(v), vtos(minv), vtos(maxv), variableName);
    return v;
  }
  int readInt() {
    std::string t = readWord();
    long long v;
    if (!parseLong(t, v) || v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
      quit(_pe, "Expected int32, but \"" + __testlib_part(t) + "\" found");
    return (int)v;
  }
  int readInt(int minv, int maxv, const std::string &variableName = "") {
    int v = readInt();
    if (v < minv || v > maxv) outOfRange("Integer", vtos(v), vtos(minv), vtos(maxv), variableName);
    return v;
  }
  int readInteger() { return readInt(); }

  static bool parseDouble(const std::string &s, double &out) {
    // [-+]?(digits[.digits*]|.digits)([eE][-+]?digits)? — no nan, inf or hex.
    size_t i = 0, n = s.length();
    if (i < n && (s[i] == '-' || s[i] == '+')) i++;
    size_t digits = 0;
    while (i < n && isdigit((unsigned char)s[i])) i++, digits++;
    if (i < n && s[i] == '.') {
      i++;
      while (i < n && isdigit((unsigned char)s[i])) i++, digits++;
    }
    if (!digits) return false;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
      i++;
      if (i < n && (s[i] == '-' || s[i] == '+')) i++;
      size_t e = 0;
      while (i < n && isdigit((unsigned char)s[i])) i++, e++;
      if (!e) return false;
    }
    if (i != n) return false;
    char *end;
    out = strtod(s.c_str(), &end);
    return *end == 0 && !std::isnan(out) && !std::isinf(out);
  }

  double readDouble() {
    std::string t = readWord();
    double v;
    if (!parseDouble(t, v)) quit(_pe, "Expected double, but \"" + __testlib_part(t) + "\" found");
    return v;
  }
  double readDouble(double minv, double maxv, const std::string &variableName = "") {
    double v = readDouble();
    if (v < minv || v > maxv) outOfRange("Double", vtos(v), vtos(minv), vtos(maxv), variableName);
    return v;
  }
  double readReal() { return readDouble(); }
  double readReal(double minv, double maxv, const std::string &variableName = "") { return readDouble(minv, maxv, variableName); }

  std::vector<int> readInts(int size, int minv, int maxv, const std::string &variablesName = "", int = 1) {
    std::vector<int> v;
    for (int i = 0; i < size; i++) v.push_back(readInt(minv, maxv, variablesName));
    return v;
  }
  std::vector<int> readInts(int size) {
    std::vector<int> v;
    for (int i = 0; i < size; i++) v.push_back(readInt());
    return v;
  }
  std::vector<long long> readLongs(int size, long long minv, long long maxv, const std::string &variablesName = "", int = 1) {
    std::vector<long long> v;
    for (int i = 0; i < size; i++) v.push_back(readLong(minv, maxv, variablesName));
    return v;
  }
  std::vector<long long> readLongs(int size) {
    std::vector<long long> v;
    for (int i = 0; i < size; i++) v.push_back(readLong());
    return v;
  }
  std::vector<double> readDoubles(int size, double minv, double maxv, const std::string &variablesName = "", int = 1) {
    std::vector<double> v;
    for (int i = 0; i < size; i++) v.push_back(readDouble(minv, maxv, variablesName));
    return v;
  }
  std::vector<double> readDoubles(int size) {
    std::vector<double> v;
    for (int i = 0; i < size; i++) v.push_back(readDouble());
    return v;
  }
  std::vector<double> readReals(int size, double minv, double maxv, const std::string &variablesName = "", int = 1) {
    return readDoubles(size, minv, maxv, variablesName);
  }
  std::vector<double> readReals(int size) { return readDoubles(size); }
  std::vector<std::string> readTokens(int size) {
    std::vector<std::string> v;
    for (int i = 0; i < size; i++) v.push_back(readToken());
    return v;
  }
  std::vector<std::string> readWords(int size) { return readTokens(size); }
  std::vector<std::string> readLines(int size) {
    std::vector<std::string> v;
    for (int i = 0; i < size; i++) v.push_back(readLine());
    return v;
  }

  NORETURN void quit(TResult result, const std::string &msg) {
    // A broken input or answer file is the problem setter's fault, never the contestant's.
    if (mode != _output && result != _fail) __testlib_quit(_fail, msg + " (in " + (mode == _input ? "input" : "answer") + " file)");
    __testlib_quit(result, msg);
  }
  NORETURN void quit(TResult result, const char *msg) { quit(result, std::string(msg)); }
  __attribute__((format(printf, 3, 4))) NORETURN void quitf(TResult result, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    std::string s = __testlib_vformat(fmt, ap);
    va_end(ap);
    quit(result, s);
  }
  NORETURN void quits(TResult result, const std::string &msg) { quit(result, msg); }

  __attribute__((format(printf, 3, 4))) void ensuref(bool cond, const char *fmt, ...) {
    if (cond) return;
    va_list ap;
    va_start(ap, fmt);
    std::string s = __testlib_vformat(fmt, ap);
    va_end(ap);
    quit(_wa, s);
  }
  void close() {
    if (file && file != stdin) fclose(file);
    file = NULL;
  }

 private:
  NORETURN void outOfRange(const char *kind, const std::string &v, const std::string &lo, const std::string &hi, const std::string &name) {
    if (name.empty()) quit(_wa, std::string(kind) + " " + v + " violates the range [" + lo + ", " + hi + "]");
    quit(_wa, std::string(kind) + " parameter [name=" + name + "] equals to " + v + ", violates the range [" + lo + ", " + hi + "]");
  }
};

static InStream inf, ouf, ans;
static std::ofstream tout;

inline void setName(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  checkerName = __testlib_vformat(fmt, ap);
  va_end(ap);
}

NORETURN void __testlib_quit(TResult result, const std::string &msg) {
  // A checker that accepts must have consumed the whole output: trailing data is a format error.
  std::string text = msg;
  if (result == _ok && testlibMode == _checker && ouf.file && !ouf.seekEof()) {
    result = _dirt;
    text = "Extra information in the output file";
  }
  std::string head;
  int code;
  if (result == _ok) head = "ok", code = OK_EXIT_CODE;
  else if (result == _wa) head = "wrong answer", code = WA_EXIT_CODE;
  else if (result == _pe || result == _dirt) head = "wrong output format", code = PE_EXIT_CODE;
  else if (result == _fail) head = "FAIL", code = FAIL_EXIT_CODE;
  else if (result == _unexpected_eof) head = "unexpected eof", code = UNEXPECTED_EOF_EXIT_CODE;
  else if (result == _points) head = "points", code = POINTS_EXIT_CODE;
  else if (result >= _partially) head = format("partially correct (%d)", (int)result - (int)_partially), code = POINTS_EXIT_CODE;
  else head = "FAIL", text = format("unknown result %d: ", (int)result) + msg, code = FAIL_EXIT_CODE;
  if (tout.is_open()) tout.close();
  fflush(stdout);
  std::string line = text.empty() ? head : head + " " + text;
  fprintf(stderr, "%s\n", line.c_str());
  fflush(stderr);
  exit(code);
}

NORETURN inline void quit(TResult result, const std::string &msg) { ouf.quit(result, msg); }
NORETURN inline void quit(TResult result, const char *msg) { ouf.quit(result, std::string(msg)); }
NORETURN inline void quits(TResult result, const std::string &msg) { ouf.quit(result, msg); }
NORETURN inline void quitf(TResult result, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
NORETURN inline void quitf(TResult result, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string s = __testlib_vformat(fmt, ap);
  va_end(ap);
  ouf.quit(result, s);
}
inline void quitif(bool condition, TResult result, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
inline void quitif(bool condition, TResult result, const char *fmt, ...) {
  if (!condition) return;
  va_list ap;
  va_start(ap, fmt);
  std::string s = __testlib_vformat(fmt, ap);
  va_end(ap);
  ouf.quit(result, s);
}

/** Points as a percentage of the case score (the judge's reading of "points N"). */
template <typename F> NORETURN void quitp(F points, const std::string &message = "") {
  std::string p = vtos((double)points);
  __testlib_quit(_points, message.empty() ? p : p + " " + message);
}
template <typename F> NORETURN void quitp(F points, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string s = __testlib_vformat(fmt, ap);
  va_end(ap);
  quitp(points, s);
}

NORETURN inline void __testlib_ensure_fail(const std::string &msg) { __testlib_quit(_fail, msg); }
inline void ensuref(bool cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
inline void ensuref(bool cond, const char *fmt, ...) {
  if (cond) return;
  va_list ap;
  va_start(ap, fmt);
  std::string s = __testlib_vformat(fmt, ap);
  va_end(ap);
  __testlib_ensure_fail(s);
}
#define ensure(cond) ((cond) ? (void)0 : __testlib_ensure_fail("Condition failed: \"" #cond "\""))

/** checker <input> <output> <answer> [<report>]: the judge passes the first three. */
inline void registerTestlibCmd(int argc, char *argv[]) {
  testlibMode = _checker;
  if (argc < 4) __testlib_quit(_fail, "usage: checker <input-file> <output-file> <answer-file>");
  inf.init(argv[1], _input);
  ouf.init(argv[2], _output);
  ans.init(argv[3], _answer);
}

inline void registerChecker(const std::string &name, int argc, char *argv[]) {
  checkerName = name;
  registerTestlibCmd(argc, argv);
}

/** interactor <input> <output> [<answer>]: talks to the contestant on stdin/stdout. */
inline void registerInteraction(int argc, char *argv[]) {
  testlibMode = _interactor;
  if (argc < 3) __testlib_quit(_fail, "usage: interactor <input-file> <output-file> [<answer-file>]");
  inf.init(argv[1], _input);
  tout.open(argv[2], std::ios_base::out);
  if (!tout.is_open()) __testlib_quit(_fail, std::string("cannot write ") + argv[2]);
  ouf.init(stdin, "stdin", _output);
  if (argc > 3) ans.init(argv[3], _answer);
}

#endif
