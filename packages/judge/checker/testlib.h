/*
 * testlib.h — the judge's own implementation of the testlib API (checkers, interactors, validators,
 * generators), written for this project and compatible with testlib 0.9.x
 * (https://github.com/MikeMirzayanov/testlib): the same names, signatures, stream modes, patterns,
 * random generator, messages and exit codes, so that checkers written against the real library
 * compile unchanged and give the same verdicts. It is placed next to every checker/interactor
 * source; a problem that ships the real testlib.h as a judge extra file gets that one instead.
 *
 * Behaviour kept from testlib 0.9.x on purpose (the judge and the tests rely on it):
 * - results go to stderr as "ok ...", "wrong answer ...", "wrong output format ...", "FAIL ...",
 *   "points N ...", "partially correct (N) ..." with exit codes ok 0, WA 1, PE 2, FAIL 3, dirt 4
 *   (reported as PE 2), points 7, _pc(N) N (+PC_BASE_EXIT_CODE);
 * - an unexpected end of file is reported as "wrong output format Unexpected end of file - ..."
 *   with exit code 2 unless ENABLE_UNEXPECTED_EOF is defined (then "unexpected eof", exit 8);
 * - a failure found while reading the input or the answer file is a FAIL (the jury's fault);
 * - "ok" and points results first check that the output has nothing left but blanks (else
 *   "wrong output format Extra information in the output file");
 * - a UTF-8 byte order mark is skipped where testlib skips it, at the start of a checker's output
 *   (registerTestlibCmd calls ouf.skipBom()); in the input, the answer, an interactor's or a
 *   validator's stream it is three ordinary bytes, as in testlib: "\xEF\xBB\xBF42" is no integer
 *   (a FAIL in the answer file), and a token or line compared with a clean one differs;
 * - a NUL byte is an ordinary character of a token or line, and a number containing one is
 *   "Expected integer/double, but ... found (it contains \0)", as in testlib;
 * - validators read strictly (exact spaces and line ends, messages end with "(stdin, line N)"); a
 *   name marked "~n" / "n~" is range-checked like any other, the mark only tells the overview log
 *   (--testOverviewLogFileName: bounds hit, features, constant bounds, variables) the bound need not
 *   be hit; --testMarkupFileName and --testCase/--testCaseFileName write what testlib writes;
 * - at exit, as testlib: a program that never called a register function, a checker that never
 *   quit, a validator that never read EOF, or a generator given an option it never read (once it
 *   used has_opt or opt with a default; suppressEnsureNoUnusedOpts() turns that off) is a FAIL;
 *   options are parsed as testlib does ("-n10", "3e6", the same messages);
 * - TESTLIB_THROW_EXIT_EXCEPTION_INSTEAD_OF_EXIT makes halt throw exit_exception (testlib's tests);
 * - packages/judge/test/testlib-suite.test.ts runs testlib's own test suite against this file;
 * - rnd is the same 48-bit linear congruential generator seeded from the command line, so a
 *   generator prints the same test for the same arguments.
 * The header defines no EPS or other short names of its own beyond what testlib itself defines.
 */
#ifndef _TESTLIB_H_
#define _TESTLIB_H_

#define VERSION "0.9.41-oj"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

#ifndef LLONG_MIN
#define LLONG_MIN (-9223372036854775807LL - 1)
#endif
#ifndef ULLONG_MAX
#define ULLONG_MAX (18446744073709551615ULL)
#endif

#define LF ((char)10)
#define CR ((char)13)
#define TAB ((char)9)
#define SPACE ((char)' ')
#define EOFC (255)

#ifndef OK_EXIT_CODE
#define OK_EXIT_CODE 0
#endif
#ifndef WA_EXIT_CODE
#define WA_EXIT_CODE 1
#endif
#ifndef PE_EXIT_CODE
#define PE_EXIT_CODE 2
#endif
#ifndef FAIL_EXIT_CODE
#define FAIL_EXIT_CODE 3
#endif
#ifndef DIRT_EXIT_CODE
#define DIRT_EXIT_CODE 4
#endif
#ifndef POINTS_EXIT_CODE
#define POINTS_EXIT_CODE 7
#endif
#ifndef UNEXPECTED_EOF_EXIT_CODE
#define UNEXPECTED_EOF_EXIT_CODE 8
#endif
#ifndef PC_BASE_EXIT_CODE
#ifdef TESTSYS
#define PC_BASE_EXIT_CODE 50
#else
#define PC_BASE_EXIT_CODE 0
#endif
#endif

#define __TESTLIB_STATIC_ASSERT(condition) \
  typedef void *__testlib_static_assert_type[(condition) ? 1 : -1] __attribute__((unused))

#define I64 "%lld"
#define U64 "%llu"

#ifndef NORETURN
#define NORETURN __attribute__((noreturn))
#endif

const long long __TESTLIB_LONGLONG_MAX = 9223372036854775807LL;
const int __TESTLIB_MAX_TEST_CASE = 1073741823;

enum TMode { _input, _output, _answer };

/* Outcomes 6-15 are reserved, as in testlib. */
enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3, _dirt = 4, _points = 5, _unexpected_eof = 8, _partially = 16 };

enum TTestlibMode { _unknown, _checker, _validator, _generator, _interactor, _scorer };

#define _pc(exitCode) (TResult(_partially + (exitCode)))

const std::string outcomes[] = {"accepted", "wrong-answer", "presentation-error", "fail", "fail", "points", "reserved",
                                "reserved", "unexpected-eof", "reserved", "reserved", "reserved", "reserved", "reserved",
                                "reserved", "reserved", "partially-correct"};

bool __testlib_hasTestCase = false;
int __testlib_testCase = -1;

NORETURN static void __testlib_fail(const std::string &message);

/* ---------------------------------------------------------------- small helpers */

template <typename T>
static inline T __testlib_abs(const T &x) { return x > 0 ? x : -x; }
template <typename T>
static inline T __testlib_min(const T &a, const T &b) { return a < b ? a : b; }
template <typename T>
static inline T __testlib_max(const T &a, const T &b) { return a > b ? a : b; }
template <typename T>
static inline T __testlib_crop(T value, T a, T b) { return __testlib_min(__testlib_max(value, a), --b); }
static inline double __testlib_crop(double value, double a, double b) {
  value = __testlib_min(__testlib_max(value, a), b);
  return value >= b ? std::nexttoward(b, a) : value;
}

static inline std::string __testlib_vformat(const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n < 0) return std::string(fmt);
  std::vector<char> buf((size_t)n + 1);
  vsnprintf(buf.data(), buf.size(), fmt, ap);
  return std::string(buf.data(), (size_t)n);
}

/* Formats the variadic arguments after `last` into the std::string `result`. */
#define __TESTLIB_VFORMAT(last, fmt, result) \
  std::string result;                        \
  {                                          \
    va_list __ap;                            \
    va_start(__ap, last);                    \
    result = __testlib_vformat(fmt, __ap);   \
    va_end(__ap);                            \
  }

__attribute__((format(printf, 1, 2))) inline std::string format(const char *fmt, ...) {
  __TESTLIB_VFORMAT(fmt, fmt, result);
  return result;
}

inline std::string format(const std::string fmt, ...) {
  __TESTLIB_VFORMAT(fmt, fmt.c_str(), result);
  return result;
}

/* Newer testlib's name for format(). */
__attribute__((format(printf, 1, 2))) inline std::string testlib_format_(const char *fmt, ...) {
  __TESTLIB_VFORMAT(fmt, fmt, result);
  return result;
}

/* Binary mode only matters on Windows. */
static inline void __testlib_set_binary(std::FILE *) {}

int __testlib_exitCode = 0;

static bool __testlib_isNaN(double r) {
  volatile double ra = r;
  return ra != ra;
}

static double __testlib_nan() { return std::numeric_limits<double>::quiet_NaN(); }

static bool __testlib_isInfinite(double r) {
  volatile double ra = r;
  return ra > 1E300 || ra < -1E300;
}

static std::string removeDoubleTrailingZeroes(std::string value) {
  while (!value.empty() && value[value.length() - 1] == '0' && value.find('.') != std::string::npos)
    value.erase(value.length() - 1);
  return !value.empty() && value[value.length() - 1] == '.' ? value + '0' : value;
}

/* True when `result` is within an absolute or relative error MAX_DOUBLE_ERROR of `expected`. */
inline bool doubleCompare(double expected, double result, double MAX_DOUBLE_ERROR) {
  if (__testlib_isNaN(expected)) return __testlib_isNaN(result);
  if (__testlib_isInfinite(expected))
    return expected > 0 ? result > 0 && __testlib_isInfinite(result) : result < 0 && __testlib_isInfinite(result);
  if (__testlib_isNaN(result) || __testlib_isInfinite(result)) return false;
  if (__testlib_abs(result - expected) <= MAX_DOUBLE_ERROR + 1E-15) return true;
  double lo = __testlib_min(expected * (1.0 - MAX_DOUBLE_ERROR), expected * (1.0 + MAX_DOUBLE_ERROR));
  double hi = __testlib_max(expected * (1.0 - MAX_DOUBLE_ERROR), expected * (1.0 + MAX_DOUBLE_ERROR));
  return result + 1E-15 >= lo && result <= hi + 1E-15;
}

/* The smaller of the absolute and the relative difference. */
inline double doubleDelta(double expected, double result) {
  double absolute = __testlib_abs(result - expected);
  if (__testlib_abs(expected) > 1E-9) return __testlib_min(absolute, __testlib_abs(absolute / expected));
  return absolute;
}

template <typename C>
inline bool isEof(C c) { return c == EOFC; }
template <typename C>
inline bool isEoln(C c) { return c == LF || c == CR; }
template <typename C>
inline bool isBlanks(C c) { return c == LF || c == CR || c == SPACE || c == TAB; }

inline std::string trim(const std::string &s) {
  size_t l = 0, r = s.length();
  while (l < r && isBlanks(s[l])) l++;
  while (r > l && isBlanks(s[r - 1])) r--;
  return s.substr(l, r - l);
}

static std::string __testlib_part(const std::string &s) {
  std::string t(s);
  for (size_t i = 0; i < t.length(); i++)
    if (t[i] == '\0') t[i] = '~';
  if (t.length() <= 64) return t;
  return t.substr(0, 30) + "..." + t.substr(t.length() - 31, 31);
}

inline std::string compress(const std::string &s) { return __testlib_part(s); }

inline std::string upperCase(std::string s) {
  for (size_t i = 0; i < s.length(); i++)
    if ('a' <= s[i] && s[i] <= 'z') s[i] = char(s[i] - 'a' + 'A');
  return s;
}

inline std::string lowerCase(std::string s) {
  for (size_t i = 0; i < s.length(); i++)
    if ('A' <= s[i] && s[i] <= 'Z') s[i] = char(s[i] - 'A' + 'a');
  return s;
}

inline std::string englishEnding(int x) {
  x %= 100;
  if (x / 10 == 1) return "th";
  if (x % 10 == 1) return "st";
  if (x % 10 == 2) return "nd";
  if (x % 10 == 3) return "rd";
  return "th";
}

template <typename T>
static std::string vtos(const T &t, std::true_type) {
  if (t == 0) return "0";
  T n(t);
  bool negative = n < 0;
  std::string s;
  while (n != 0) {
    T digit = n % 10;
    if (digit < 0) digit = -digit;
    s += char('0' + digit);
    n /= 10;
  }
  std::reverse(s.begin(), s.end());
  return negative ? "-" + s : s;
}

template <typename T>
static std::string vtos(const T &t, std::false_type) {
  std::stringstream ss;
  ss << t;
  std::string s;
  ss >> s;
  return s;
}

/* Like testlib: integers digit by digit, anything else through a stream (its first word). */
template <typename T>
static std::string vtos(const T &t) {
  return vtos(t, std::integral_constant<bool, std::is_integral<T>::value && !std::is_same<T, bool>::value>());
}

template <typename T>
static std::string toString(const T &t) { return vtos(t); }

/* 1000000000 → "10^9", 31400000000 → "314*10^8"; fewer than 7 trailing zeroes: plain digits. */
template <typename T>
static std::string toHumanReadableString(const T &n) {
  if (n == 0) return vtos(n);
  int zeroes = 0;
  T m = n;
  while (m % 10 == 0) m /= 10, zeroes++;
  if (zeroes < 7) return vtos(n);
  if (m == 1) return "10^" + vtos(zeroes);
  if (!(m > 0) && m + 1 == 0) return "-10^" + vtos(zeroes);
  return vtos(m) + "*10^" + vtos(zeroes);
}

template <typename _ForwardIterator, typename _Separator>
std::string join(_ForwardIterator first, _ForwardIterator last, _Separator separator) {
  std::stringstream ss;
  bool repeated = false;
  for (_ForwardIterator i = first; i != last; i++) {
    if (repeated) ss << separator;
    repeated = true;
    ss << *i;
  }
  return ss.str();
}

template <typename _ForwardIterator>
std::string join(_ForwardIterator first, _ForwardIterator last) { return join(first, last, ' '); }

template <typename _Collection, typename _Separator>
std::string join(const _Collection &collection, _Separator separator) {
  return join(collection.begin(), collection.end(), separator);
}

template <typename _Collection>
std::string join(const _Collection &collection) { return join(collection, ' '); }

/* Exactly k+1 items for k separators (empty items kept). */
inline std::vector<std::string> split(const std::string &s, const std::string &separators) {
  if (separators.empty()) return std::vector<std::string>(1, s);
  std::vector<std::string> result;
  std::string item;
  for (size_t i = 0; i < s.length(); i++)
    if (separators.find(s[i]) != std::string::npos) {
      result.push_back(item);
      item.clear();
    } else
      item += s[i];
  result.push_back(item);
  return result;
}

inline std::vector<std::string> split(const std::string &s, char separator) { return split(s, std::string(1, separator)); }

/* The non-empty items only. */
inline std::vector<std::string> tokenize(const std::string &s, const std::string &separators) {
  if (separators.empty()) return std::vector<std::string>(1, s);
  std::vector<std::string> result;
  std::string item;
  for (size_t i = 0; i < s.length(); i++)
    if (separators.find(s[i]) != std::string::npos) {
      if (!item.empty()) result.push_back(item);
      item.clear();
    } else
      item += s[i];
  if (!item.empty()) result.push_back(item);
  return result;
}

inline std::vector<std::string> tokenize(const std::string &s, char separator) {
  return tokenize(s, std::string(1, separator));
}

/* ---------------------------------------------------------------- patterns */

class random_t;

/*
 * testlib's small regex-like language, with its greedy matching (no backtracking inside a
 * sequence, alternatives tried one by one): "[a-z]{1,5}", "mike|john", "-?[1-9][0-9]{0,3}",
 * "id-([ac]|b{2})", "[^0-9]*". Unescaped spaces are ignored; "*" and "+" cannot be generated.
 */
class pattern {
 public:
  pattern(std::string s);
  std::string next(random_t &rnd) const;
  bool matches(const std::string &s) const { return matches(s, 0); }
  std::string src() const { return s; }

 private:
  bool matches(const std::string &s, size_t pos) const;
  std::string s;
  std::vector<pattern> children;
  std::vector<char> chars;
  int from;
  int to;
};

/* testlib's other name for pattern (checkers such as hcmp declare `pattern_t pnum("...")`). */
typedef pattern pattern_t;

/* ---------------------------------------------------------------- random */

/*
 * rnd: a 48-bit linear congruential generator (multiplier 0x5DEECE66D, addend 0xB) seeded by
 * registerGen from the command line, with testlib's derivations of every next() overload.
 */
class random_t {
 private:
  unsigned long long seed;
  static const unsigned long long multiplier = 0x5DEECE66DULL;
  static const unsigned long long addend = 0xBULL;
  static const unsigned long long mask = (1ULL << 48) - 1;
  static const int lim = 25;

  long long nextBits(int bits) {
    if (bits <= 48) {
      seed = (seed * multiplier + addend) & mask;
      return (long long)(seed >> (48 - bits));
    }
    if (bits > 63) __testlib_fail("random_t::nextBits(int bits): n must be less than 64");
    int lowerBitCount = (random_t::version == 0 ? 31 : 32);
    long long left = (nextBits(31) << 32);
    long long right = nextBits(lowerBitCount);
    return left ^ right;
  }

 public:
  static int version;

  random_t() : seed(3905348978240129619LL) {}

  void setSeed(int argc, char *argv[]) {
    seed = 3905348978240129619LL;
    for (int i = 1; i < argc; i++) {
      std::size_t le = std::strlen(argv[i]);
      for (std::size_t j = 0; j < le; j++) seed = seed * multiplier + (unsigned int)(argv[i][j]) + addend;
      seed += multiplier / addend;
    }
    seed = seed & mask;
  }

  void setSeed(long long _seed) { seed = ((unsigned long long)_seed ^ multiplier) & mask; }

  std::string next(const std::string &ptrn) { return pattern(ptrn).next(*this); }
  std::string next(const pattern &p) { return p.next(*this); }

  int next(int n) {
    if (n <= 0) __testlib_fail("random_t::next(int n): n must be positive");
    if ((n & -n) == n) return (int)((n * (long long)nextBits(31)) >> 31);
    const long long limit = INT_MAX / n * n;
    long long bits;
    do bits = nextBits(31);
    while (bits >= limit);
    return int(bits % n);
  }

  unsigned int next(unsigned int n) {
    if (n >= INT_MAX) __testlib_fail("random_t::next(unsigned int n): n must be less INT_MAX");
    return (unsigned int)next(int(n));
  }

  long long next(long long n) {
    if (n <= 0) __testlib_fail("random_t::next(long long n): n must be positive");
    const long long limit = __TESTLIB_LONGLONG_MAX / n * n;
    long long bits;
    do bits = nextBits(63);
    while (bits >= limit);
    return bits % n;
  }

  unsigned long long next(unsigned long long n) {
    if (n >= (unsigned long long)(__TESTLIB_LONGLONG_MAX))
      __testlib_fail("random_t::next(unsigned long long n): n must be less LONGLONG_MAX");
    return (unsigned long long)next((long long)(n));
  }

  long next(long n) { return (long)next((long long)(n)); }

  unsigned long next(unsigned long n) {
    if (n >= (unsigned long)(LONG_MAX)) __testlib_fail("random_t::next(unsigned long n): n must be less LONG_MAX");
    return (unsigned long)next((unsigned long long)(n));
  }

  int next(int from, int to) { return int(next((long long)to - from + 1) + from); }
  unsigned int next(unsigned int from, unsigned int to) { return (unsigned int)(next((long long)to - from + 1) + from); }
  long long next(long long from, long long to) { return next(to - from + 1) + from; }
  unsigned long long next(unsigned long long from, unsigned long long to) {
    if (from > to) __testlib_fail("random_t::next(unsigned long long from, unsigned long long to): from can't not exceed to");
    return next(to - from + 1) + from;
  }
  long next(long from, long to) { return next(to - from + 1) + from; }
  unsigned long next(unsigned long from, unsigned long to) {
    if (from > to) __testlib_fail("random_t::next(unsigned long from, unsigned long to): from can't not exceed to");
    return next(to - from + 1) + from;
  }

  /* Uniform in [0, 1). */
  double next() {
    long long left = ((long long)(nextBits(26)) << 27);
    long long right = nextBits(27);
    return (double)(left + right) / (double)(1LL << 53);
  }

  double next(double n) { return n * next(); }

  double next(double from, double to) {
    if (from > to) __testlib_fail("random_t::next(double from, double to): from can't not exceed to");
    return next(to - from) + from;
  }

  template <typename Container>
  typename Container::value_type any(const Container &c) {
    int size = int(c.size());
    if (size <= 0) __testlib_fail("random_t::any(const Container& c): c.size() must be positive");
    typename Container::const_iterator it = c.begin();
    std::advance(it, next(size));
    return *it;
  }

  template <typename Iter>
  typename std::iterator_traits<Iter>::value_type any(const Iter &begin, const Iter &end) {
    int size = int(std::distance(begin, end));
    if (size <= 0) __testlib_fail("random_t::any(const Iter& begin, const Iter& end): range must have positive length");
    Iter it = begin;
    std::advance(it, next(size));
    return *it;
  }

  __attribute__((format(printf, 2, 3))) std::string next(const char *format, ...) {
    __TESTLIB_VFORMAT(format, format, ptrn);
    return next(ptrn);
  }

  /* Weighted: type > 0 → the max of type+1 tries, type < 0 → the min of -type+1 tries. */
  int wnext(int n, int type) {
    if (n <= 0) __testlib_fail("random_t::wnext(int n, int type): n must be positive");
    if (std::abs(type) < random_t::lim) {
      int result = next(n);
      for (int i = 0; i < +type; i++) result = __testlib_max(result, next(n));
      for (int i = 0; i < -type; i++) result = __testlib_min(result, next(n));
      return result;
    }
    double p;
    if (type > 0)
      p = std::pow(next() + 0.0, 1.0 / (type + 1));
    else
      p = 1 - std::pow(next() + 0.0, 1.0 / (-type + 1));
    return int(n * p);
  }

  long long wnext(long long n, int type) {
    if (n <= 0) __testlib_fail("random_t::wnext(long long n, int type): n must be positive");
    if (std::abs(type) < random_t::lim) {
      long long result = next(n);
      for (int i = 0; i < +type; i++) result = __testlib_max(result, next(n));
      for (int i = 0; i < -type; i++) result = __testlib_min(result, next(n));
      return result;
    }
    double p;
    if (type > 0)
      p = std::pow(next() + 0.0, 1.0 / (type + 1));
    else
      p = std::pow(next() + 0.0, -type + 1);
    return __testlib_min(__testlib_max((long long)(double(n) * p), 0LL), n - 1LL);
  }

  double wnext(double n, int type) {
    if (n <= 0) __testlib_fail("random_t::wnext(double n, int type): n must be positive");
    if (std::abs(type) < random_t::lim) {
      double result = next();
      for (int i = 0; i < +type; i++) result = __testlib_max(result, next());
      for (int i = 0; i < -type; i++) result = __testlib_min(result, next());
      return n * result;
    }
    double p;
    if (type > 0)
      p = std::pow(next() + 0.0, 1.0 / (type + 1));
    else
      p = std::pow(next() + 0.0, -type + 1);
    return n * p;
  }

  double wnext(int type) { return wnext(1.0, type); }

  unsigned int wnext(unsigned int n, int type) {
    if (n >= INT_MAX) __testlib_fail("random_t::wnext(unsigned int n, int type): n must be less INT_MAX");
    return (unsigned int)wnext(int(n), type);
  }
  unsigned long long wnext(unsigned long long n, int type) {
    if (n >= (unsigned long long)(__TESTLIB_LONGLONG_MAX))
      __testlib_fail("random_t::wnext(unsigned long long n, int type): n must be less LONGLONG_MAX");
    return (unsigned long long)wnext((long long)(n), type);
  }
  long wnext(long n, int type) { return (long)wnext((long long)(n), type); }
  unsigned long wnext(unsigned long n, int type) {
    if (n >= (unsigned long)(LONG_MAX)) __testlib_fail("random_t::wnext(unsigned long n, int type): n must be less LONG_MAX");
    return (unsigned long)wnext((unsigned long long)(n), type);
  }

  int wnext(int from, int to, int type) {
    if (from > to) __testlib_fail("random_t::wnext(int from, int to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  int wnext(unsigned int from, unsigned int to, int type) {
    if (from > to) __testlib_fail("random_t::wnext(unsigned int from, unsigned int to, int type): from can't not exceed to");
    return int(wnext(to - from + 1, type) + from);
  }
  long long wnext(long long from, long long to, int type) {
    if (from > to) __testlib_fail("random_t::wnext(long long from, long long to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  unsigned long long wnext(unsigned long long from, unsigned long long to, int type) {
    if (from > to)
      __testlib_fail("random_t::wnext(unsigned long long from, unsigned long long to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  long wnext(long from, long to, int type) {
    if (from > to) __testlib_fail("random_t::wnext(long from, long to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  unsigned long wnext(unsigned long from, unsigned long to, int type) {
    if (from > to) __testlib_fail("random_t::wnext(unsigned long from, unsigned long to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  double wnext(double from, double to, int type) {
    if (from > to) __testlib_fail("random_t::wnext(double from, double to, int type): from can't not exceed to");
    return wnext(to - from, type) + from;
  }

  template <typename Container>
  typename Container::value_type wany(const Container &c, int type) {
    int size = int(c.size());
    if (size <= 0) __testlib_fail("random_t::wany(const Container& c, int type): c.size() must be positive");
    typename Container::const_iterator it = c.begin();
    std::advance(it, wnext(size, type));
    return *it;
  }

  template <typename Iter>
  typename std::iterator_traits<Iter>::value_type wany(const Iter &begin, const Iter &end, int type) {
    int size = int(std::distance(begin, end));
    if (size <= 0) __testlib_fail("random_t::any(const Iter& begin, const Iter& end, int type): range must have positive length");
    Iter it = begin;
    std::advance(it, wnext(size, type));
    return *it;
  }

  /* A random permutation of first, first+1, ..., first+size-1. */
  template <typename T, typename E>
  std::vector<E> perm(T size, E first) {
    if (size < 0) __testlib_fail("random_t::perm(T size, E first = 0): size must non-negative");
    std::vector<E> p(size);
    E current = first;
    for (T i = 0; i < size; i++) p[i] = current++;
    if (size > 1)
      for (T i = 1; i < size; i++) std::swap(p[i], p[next(i + 1)]);
    return p;
  }

  template <typename T>
  std::vector<T> perm(T size) { return perm(size, T(0)); }

  /* `size` distinct values of [from, to], in random order. */
  template <typename T>
  std::vector<T> distinct(int size, T from, T to) {
    std::vector<T> result;
    if (size == 0) return result;
    if (from > to) __testlib_fail("random_t::distinct expected from <= to");
    if (size < 0) __testlib_fail("random_t::distinct expected size >= 0");
    unsigned long long n = (unsigned long long)to - (unsigned long long)from + 1ULL;
    if ((unsigned long long)size > n) __testlib_fail("random_t::distinct expected size <= to - from + 1");
    double expected = 0.0;
    for (int i = 1; i <= size; i++) expected += double(n) / double(n - i + 1);
    if (expected < double(n)) {
      // Few values out of many: draw until new.
      std::set<T> seen;
      while (int(result.size()) < size) {
        T x = T(next(from, to));
        if (seen.insert(x).second) result.push_back(x);
      }
    } else {
      // Most of the range: a partial shuffle of all of it.
      if (n > 1000000000ULL) __testlib_fail("random_t::distinct here expected to - from + 1 <= 1000000000");
      std::vector<T> p(perm(int(n), from));
      result.insert(result.end(), p.begin(), p.begin() + size);
    }
    return result;
  }

  template <typename T>
  std::vector<T> distinct(int size, T upper) {
    if (size < 0) __testlib_fail("random_t::distinct expected size >= 0");
    if (size == 0) return std::vector<T>();
    if (upper <= 0) __testlib_fail("random_t::distinct expected upper > 0");
    if (size > upper) __testlib_fail("random_t::distinct expected size <= upper");
    return distinct(size, T(0), T(upper - 1));
  }

  /* `size` integers, each at least min_part, summing to `sum`, in random order. */
  template <typename T>
  std::vector<T> partition(int size, T sum, T min_part) {
    if (size < 0) __testlib_fail("random_t::partition: size < 0");
    if (size == 0 && sum != 0) __testlib_fail("random_t::partition: size == 0 && sum != 0");
    if (min_part * size > sum) __testlib_fail("random_t::partition: min_part * size > sum");
    if (size == 0) return std::vector<T>();
    T free = sum - min_part * size;
    // Stars and bars: size-1 distinct cut positions among free+size-1 slots (drawn as T, like testlib).
    std::vector<T> cuts(1, T(0));
    std::vector<T> d = distinct(size - 1, T(1), T(free + size - 1));
    cuts.insert(cuts.end(), d.begin(), d.end());
    std::sort(cuts.begin(), cuts.end());
    std::vector<T> result(size);
    for (int i = 0; i + 1 < size; i++) result[i] = cuts[i + 1] - cuts[i] - 1 + min_part;
    result[size - 1] = free + size - 1 - cuts.back() + min_part;
    return result;
  }

  template <typename T>
  std::vector<T> partition(int size, T sum) { return partition(size, sum, T(1)); }
};

int random_t::version = -1;

/* ---------------------------------------------------------------- pattern implementation */

static bool __pattern_isCommandChar(const std::string &s, size_t pos, char value) {
  if (pos >= s.length()) return false;
  int slashes = 0;
  int before = int(pos) - 1;
  while (before >= 0 && s[before] == '\\') before--, slashes++;
  return slashes % 2 == 0 && s[pos] == value;
}

static char __pattern_getChar(const std::string &s, size_t &pos) {
  if (s[pos] == '\\' && pos + 1 < s.length()) pos++;
  return s[pos++];
}

static void __pattern_illegal(const std::string &s) { __testlib_fail("pattern: Illegal pattern (or part) \"" + s + "\""); }

static void __pattern_scanCounts(const std::string &s, size_t &pos, int &from, int &to) {
  from = to = 1;
  if (pos >= s.length()) return;
  if (__pattern_isCommandChar(s, pos, '{')) {
    std::vector<std::string> parts(1);
    pos++;
    while (pos < s.length() && !__pattern_isCommandChar(s, pos, '}')) {
      if (__pattern_isCommandChar(s, pos, ','))
        parts.push_back(""), pos++;
      else
        parts.back() += __pattern_getChar(s, pos);
    }
    if (!__pattern_isCommandChar(s, pos, '}')) __pattern_illegal(s);
    pos++;
    if (parts.size() > 2) __pattern_illegal(s);
    std::vector<int> numbers;
    for (size_t i = 0; i < parts.size(); i++) {
      int number;
      if (parts[i].empty() || std::sscanf(parts[i].c_str(), "%d", &number) != 1) __pattern_illegal(s);
      numbers.push_back(number);
    }
    from = numbers[0];
    to = numbers.size() == 2 ? numbers[1] : numbers[0];
    if (from > to) __pattern_illegal(s);
  } else if (__pattern_isCommandChar(s, pos, '?')) {
    from = 0, to = 1, pos++;
  } else if (__pattern_isCommandChar(s, pos, '*')) {
    from = 0, to = INT_MAX, pos++;
  } else if (__pattern_isCommandChar(s, pos, '+')) {
    from = 1, to = INT_MAX, pos++;
  }
}

static std::vector<char> __pattern_scanCharSet(const std::string &s, size_t &pos) {
  if (pos >= s.length()) __pattern_illegal(s);
  std::vector<char> result;
  if (!__pattern_isCommandChar(s, pos, '[')) {
    result.push_back(__pattern_getChar(s, pos));
    return result;
  }
  pos++;
  bool negative = __pattern_isCommandChar(s, pos, '^');
  if (negative) pos++;
  char prev = 0;
  while (pos < s.length() && !__pattern_isCommandChar(s, pos, ']')) {
    if (__pattern_isCommandChar(s, pos, '-') && prev != 0) {
      pos++;
      if (pos + 1 == s.length() || __pattern_isCommandChar(s, pos, ']')) {
        result.push_back(prev);
        prev = '-';
        continue;
      }
      char last = __pattern_getChar(s, pos);
      if (prev > last) __pattern_illegal(s);
      for (char c = prev; c != last; c++) result.push_back(c);
      result.push_back(last);
      prev = 0;
    } else {
      if (prev != 0) result.push_back(prev);
      prev = __pattern_getChar(s, pos);
    }
  }
  if (prev != 0) result.push_back(prev);
  if (!__pattern_isCommandChar(s, pos, ']')) __pattern_illegal(s);
  pos++;
  if (negative) {
    std::sort(result.begin(), result.end());
    std::vector<char> others;
    for (int code = 0; code < 255; code++)
      if (!std::binary_search(result.begin(), result.end(), char(code))) others.push_back(char(code));
    result = others;
  }
  std::sort(result.begin(), result.end());
  return result;
}

inline pattern::pattern(std::string src) : s(src), from(0), to(0) {
  std::string t;
  for (size_t i = 0; i < src.length(); i++)
    if (!__pattern_isCommandChar(src, i, ' ')) t += src[i];
  std::string &p = t;
  int opened = 0, firstClose = -1;
  std::vector<int> seps;
  for (size_t i = 0; i < p.length(); i++) {
    if (__pattern_isCommandChar(p, i, '(')) {
      opened++;
      continue;
    }
    if (__pattern_isCommandChar(p, i, ')')) {
      opened--;
      if (opened == 0 && firstClose == -1) firstClose = int(i);
      continue;
    }
    if (opened < 0) __pattern_illegal(p);
    if (__pattern_isCommandChar(p, i, '|') && opened == 0) seps.push_back(int(i));
  }
  if (opened != 0) __pattern_illegal(p);
  if (seps.empty() && firstClose + 1 == (int)p.length() && __pattern_isCommandChar(p, 0, '(') &&
      __pattern_isCommandChar(p, p.length() - 1, ')')) {
    children.push_back(pattern(p.substr(1, p.length() - 2)));
  } else if (!seps.empty()) {
    seps.push_back(int(p.length()));
    int last = 0;
    for (size_t i = 0; i < seps.size(); i++) {
      children.push_back(pattern(p.substr(last, seps[i] - last)));
      last = seps[i] + 1;
    }
  } else {
    size_t pos = 0;
    chars = __pattern_scanCharSet(p, pos);
    __pattern_scanCounts(p, pos, from, to);
    if (pos < p.length()) children.push_back(pattern(p.substr(pos)));
  }
}

inline bool pattern::matches(const std::string &str, size_t pos) const {
  if (to > 0) {
    int size = 0;
    while (pos + size < str.length() && std::binary_search(chars.begin(), chars.end(), str[pos + size])) size++;
    if (size < from) return false;
    if (size > to) size = to;
    pos += size;
  }
  if (children.empty()) return pos == str.length();
  for (size_t i = 0; i < children.size(); i++)
    if (children[i].matches(str, pos)) return true;
  return false;
}

inline std::string pattern::next(random_t &rnd) const {
  std::string result;
  if (to == INT_MAX) __testlib_fail("pattern::next(random_t& rnd): can't process character '*' for generation");
  if (to > 0) {
    int count = rnd.next(to - from + 1) + from;
    for (int i = 0; i < count; i++) result += chars[rnd.next(int(chars.size()))];
  }
  if (!children.empty()) result += children[rnd.next(int(children.size()))].next(rnd);
  return result;
}

/* ---------------------------------------------------------------- input streams */

/*
 * The characters of one stream. A file is read whole at open (checkers read files of up to
 * maxFileSize); the interactor's stdin is read as it comes (the other side waits for answers).
 * A UTF-8 byte order mark is not skipped here: InStream::skipBom() does it where testlib does.
 */
class InputStreamReader {
 public:
  InputStreamReader(std::FILE *file, const std::string &name, bool lazy)
      : file(file), name(name), lazy(lazy), pos(0), line(1), ended(false) {
    if (!lazy) {
      char buf[1 << 16];
      size_t n;
      while ((n = std::fread(buf, 1, sizeof buf, file)) > 0) data.append(buf, n);
      ended = true;
    }
  }

  InputStreamReader(const std::string &content, const std::string &name)
      : file(NULL), name(name), data(content), lazy(false), pos(0), line(1), ended(true) {}

  int curChar() {
    if (!available(1)) return EOFC;
    return data[pos];
  }

  int nextChar() {
    if (!available(1)) return EOFC;
    char c = data[pos++];
    if (c == LF) line++;
    return c;
  }

  void skipChar() { nextChar(); }

  void unreadChar(int c) {
    if (c == EOFC && pos >= data.size()) return;
    if (pos > 0) {
      data[--pos] = char(c);
    } else {
      data.insert(data.begin(), char(c));
    }
    if (c == LF) line--;
  }

  /* setTestCase() in a validator: test case `testCase` starts at the current position (whole-file readers only). */
  void markTestCase(int testCase) { marks.push_back(std::make_pair(pos, testCase)); }

  /* The characters read so far, split at the marks: pieces[0] precedes the first test case. */
  std::vector<std::pair<int, std::string> > readPieces() const {
    std::vector<std::pair<int, std::string> > pieces;
    size_t from = 0;
    int current = 0;
    for (size_t i = 0; i < marks.size(); i++) {
      size_t at = std::min(marks[i].first, pos);
      pieces.push_back(std::make_pair(current, data.substr(from, at - from)));
      from = at;
      current = marks[i].second;
    }
    pieces.push_back(std::make_pair(current, data.substr(from, pos - from)));
    return pieces;
  }

  bool eof() { return !available(1); }
  std::string getName() const { return name; }
  int getLine() const { return line; }

  void close() {
    if (file != NULL && file != stdin) std::fclose(file);
    file = NULL;
  }

 private:
  bool available(size_t n) { return fill(pos + n); }

  /* True when data holds at least `size` characters (reading more from a lazy stream). */
  bool fill(size_t size) {
    while (data.size() < size && !ended) {
      if (pos > (1u << 20) && pos * 2 > data.size()) {
        data.erase(0, pos);
        size -= pos;
        pos = 0;
      }
      int c = file == NULL ? EOF : std::getc(file);
      if (c == EOF)
        ended = true;
      else
        data.push_back(char(c));
    }
    return data.size() >= size;
  }

  std::FILE *file;
  std::string name;
  std::string data;
  std::vector<std::pair<size_t, int> > marks;
  bool lazy;
  size_t pos;
  int line;
  bool ended;
};

struct InStream {
  InStream();
  ~InStream();
  /* A stream over a string, with the mode and strictness of `baseStream`. */
  InStream(const InStream &baseStream, std::string content);

  InputStreamReader *reader;
  int lastLine;
  std::string name;
  TMode mode;
  bool opened;
  bool stdfile;
  bool strict;
  int wordReserveSize;
  std::string _tmpReadToken;
  int readManyIteration;
  size_t maxFileSize;
  size_t maxTokenLength;
  size_t maxMessageLength;

  void init(std::string fileName, TMode mode);
  void init(std::FILE *f, TMode mode);
  void reset(std::FILE *file = NULL);
  /* Skips a UTF-8 byte order mark at the current position (all three bytes, or none). */
  void skipBom() {
    if (reader == NULL) return;
    static const char bom[] = "\xEF\xBB\xBF";
    int k = 0;
    while (k < 3 && reader->curChar() != EOFC && char(reader->curChar()) == bom[k]) {
      reader->skipChar();
      k++;
    }
    if (k < 3)
      while (k > 0) reader->unreadChar(bom[--k]);
  }

  void skipBlanks();
  char curChar();
  void skipChar();
  char nextChar();
  char readChar();
  char readChar(char c);
  char readSpace();
  void unreadChar(char c);

  bool eof();
  bool seekEof();
  bool eoln();
  bool seekEoln();
  void nextLine();

  std::string readWord();
  std::string readToken();
  std::string readWord(const std::string &ptrn, const std::string &variableName = "");
  std::string readWord(const pattern &p, const std::string &variableName = "");
  std::vector<std::string> readWords(int size, const std::string &ptrn, const std::string &variablesName = "", int indexBase = 1);
  std::vector<std::string> readWords(int size, const pattern &p, const std::string &variablesName = "", int indexBase = 1);
  std::vector<std::string> readWords(int size, int indexBase = 1);
  std::string readToken(const std::string &ptrn, const std::string &variableName = "");
  std::string readToken(const pattern &p, const std::string &variableName = "");
  std::vector<std::string> readTokens(int size, const std::string &ptrn, const std::string &variablesName = "", int indexBase = 1);
  std::vector<std::string> readTokens(int size, const pattern &p, const std::string &variablesName = "", int indexBase = 1);
  std::vector<std::string> readTokens(int size, int indexBase = 1);
  void readWordTo(std::string &result);
  void readWordTo(std::string &result, const pattern &p, const std::string &variableName = "");
  void readWordTo(std::string &result, const std::string &ptrn, const std::string &variableName = "");
  void readTokenTo(std::string &result);
  void readTokenTo(std::string &result, const pattern &p, const std::string &variableName = "");
  void readTokenTo(std::string &result, const std::string &ptrn, const std::string &variableName = "");

  long long readLong();
  unsigned long long readUnsignedLong();
  int readInteger();
  int readInt();
  long long readLong(long long minv, long long maxv, const std::string &variableName = "");
  std::vector<long long> readLongs(int size, long long minv, long long maxv, const std::string &variablesName = "", int indexBase = 1);
  std::vector<long long> readLongs(int size, int indexBase = 1);
  unsigned long long readUnsignedLong(unsigned long long minv, unsigned long long maxv, const std::string &variableName = "");
  std::vector<unsigned long long> readUnsignedLongs(int size, unsigned long long minv, unsigned long long maxv,
                                                    const std::string &variablesName = "", int indexBase = 1);
  std::vector<unsigned long long> readUnsignedLongs(int size, int indexBase = 1);
  unsigned long long readLong(unsigned long long minv, unsigned long long maxv, const std::string &variableName = "");
  std::vector<unsigned long long> readLongs(int size, unsigned long long minv, unsigned long long maxv,
                                            const std::string &variablesName = "", int indexBase = 1);
  int readInteger(int minv, int maxv, const std::string &variableName = "");
  int readInt(int minv, int maxv, const std::string &variableName = "");
  std::vector<int> readIntegers(int size, int minv, int maxv, const std::string &variablesName = "", int indexBase = 1);
  std::vector<int> readIntegers(int size, int indexBase = 1);
  std::vector<int> readInts(int size, int minv, int maxv, const std::string &variablesName = "", int indexBase = 1);
  std::vector<int> readInts(int size, int indexBase = 1);

  double readReal();
  double readDouble();
  double readReal(double minv, double maxv, const std::string &variableName = "");
  std::vector<double> readReals(int size, double minv, double maxv, const std::string &variablesName = "", int indexBase = 1);
  std::vector<double> readReals(int size, int indexBase = 1);
  double readDouble(double minv, double maxv, const std::string &variableName = "");
  std::vector<double> readDoubles(int size, double minv, double maxv, const std::string &variablesName = "", int indexBase = 1);
  std::vector<double> readDoubles(int size, int indexBase = 1);
  double readStrictReal(double minv, double maxv, int minAfterPointDigitCount, int maxAfterPointDigitCount,
                        const std::string &variableName = "");
  std::vector<double> readStrictReals(int size, double minv, double maxv, int minAfterPointDigitCount,
                                      int maxAfterPointDigitCount, const std::string &variablesName = "", int indexBase = 1);
  double readStrictDouble(double minv, double maxv, int minAfterPointDigitCount, int maxAfterPointDigitCount,
                          const std::string &variableName = "");
  std::vector<double> readStrictDoubles(int size, double minv, double maxv, int minAfterPointDigitCount,
                                        int maxAfterPointDigitCount, const std::string &variablesName = "", int indexBase = 1);

  std::string readString();
  std::vector<std::string> readStrings(int size, int indexBase = 1);
  void readStringTo(std::string &result);
  std::string readString(const pattern &p, const std::string &variableName = "");
  std::string readString(const std::string &ptrn, const std::string &variableName = "");
  std::vector<std::string> readStrings(int size, const pattern &p, const std::string &variableName = "", int indexBase = 1);
  std::vector<std::string> readStrings(int size, const std::string &ptrn, const std::string &variableName = "", int indexBase = 1);
  void readStringTo(std::string &result, const pattern &p, const std::string &variableName = "");
  void readStringTo(std::string &result, const std::string &ptrn, const std::string &variableName = "");
  std::string readLine();
  std::vector<std::string> readLines(int size, int indexBase = 1);
  void readLineTo(std::string &result);
  std::string readLine(const pattern &p, const std::string &variableName = "");
  std::string readLine(const std::string &ptrn, const std::string &variableName = "");
  std::vector<std::string> readLines(int size, const pattern &p, const std::string &variableName = "", int indexBase = 1);
  std::vector<std::string> readLines(int size, const std::string &ptrn, const std::string &variableName = "", int indexBase = 1);
  void readLineTo(std::string &result, const pattern &p, const std::string &variableName = "");
  void readLineTo(std::string &result, const std::string &ptrn, const std::string &variableName = "");

  void readEoln();
  void readEof();

  /* Ends the program; on the input and answer streams any result but FAIL becomes FAIL. */
  NORETURN void quit(TResult result, const char *msg);
  NORETURN void quit(TResult result, const std::string &msg) { quit(result, msg.c_str()); }
  __attribute__((format(printf, 3, 4))) NORETURN void quitf(TResult result, const char *msg, ...);
  __attribute__((format(printf, 4, 5))) void quitif(bool condition, TResult result, const char *msg, ...);
  NORETURN void quits(TResult result, std::string msg);

  /* WA on the output stream, FAIL on the others (ensure(cond) goes here through the macro). */
  __attribute__((format(printf, 3, 4))) void ensuref(bool cond, const char *format, ...);
  void __testlib_ensure(bool cond, std::string message);

  void close();

  const static int NO_INDEX = INT_MAX;
  const static char OPEN_BRACKET = char(11);
  const static char CLOSE_BRACKET = char(17);

  static void quitscr(unsigned short color, const char *msg);
  static void quitscrS(unsigned short color, std::string msg);
  static void textColor(unsigned short) {}
  const static unsigned short LightGray = 0x07;
  const static unsigned short LightRed = 0x0c;
  const static unsigned short LightCyan = 0x0b;
  const static unsigned short LightGreen = 0x0a;
  const static unsigned short LightYellow = 0x0e;
  void xmlSafeWrite(std::FILE *file, const char *msg);

 private:
  InStream(const InStream &);
  InStream &operator=(const InStream &);
  template <typename T>
  void checkRange(const char *kind, T result, T minv, T maxv, const std::string &variableName, std::string (*show)(T));
  // How testlib names a value that failed a check: plain, a named parameter, or an element of readMany
  // (by index or by name), with the comma testlib puts after the named forms (and, for ranges only, after
  // the indexed one too).
  std::string describeRead(const char *kind, const std::string &variableName, const std::string &shown, bool commaAfterIndexed = false) const;
};

InStream inf;
InStream ouf;
InStream ans;
bool appesMode = false;
std::string appesModeEncoding = "windows-1251";
std::string resultName;
std::string checkerName = "untitled checker";
random_t rnd;
TTestlibMode testlibMode = _unknown;
double __testlib_points = std::numeric_limits<float>::infinity();
std::fstream tout;

/* ---------------------------------------------------------------- validator and checker state */

struct ValidatorBoundsHit {
  static const double EPS;
  bool minHit;
  bool maxHit;
  ValidatorBoundsHit(bool minHit = false, bool maxHit = false) : minHit(minHit), maxHit(maxHit) {}
  // A bound the name tells to ignore ("~n", "n~") counts as hit.
  ValidatorBoundsHit merge(const ValidatorBoundsHit &o, bool ignoreMin, bool ignoreMax) const {
    return ValidatorBoundsHit(minHit || o.minHit || ignoreMin, maxHit || o.maxHit || ignoreMax);
  }
};

const double ValidatorBoundsHit::EPS = 1E-12;

/* The overview log keeps at most this many variables of each kind, as testlib. */
const size_t VALIDATOR_MAX_VARIABLE_COUNT = 255;

/* One bound of a variable as written in the validator; "broken" once two reads used different values. */
struct ConstantBound {
  std::string value;
  bool broken;
  ConstantBound() : broken(false) {}
  template <typename T>
  void adjust(T t) {
    std::string s = std::to_string(t);  // a double bound as "%f" prints it, as testlib
    if (s.length() >= 32) {
      broken = true;
      value = "";
    } else if (!broken) {
      if (value.empty()) value = s;
      if (value != s) broken = true, value = "";
    }
  }
  bool has_value() const { return !value.empty() && !broken && value.length() < 32; }
};

struct ConstantBounds {
  ConstantBound lowerBound;
  ConstantBound upperBound;
};

class Validator {
 private:
  bool _initialized;
  std::string _testset;
  std::string _group;
  std::string _testOverviewLogFileName;
  std::string _testMarkupFileName;
  int _testCase;
  std::string _testCaseFileName;
  std::map<std::string, ValidatorBoundsHit> _boundsHitByVariableName;
  std::map<std::string, ConstantBounds> _constantBoundsByVariableName;
  std::set<std::string> _features;
  std::set<std::string> _hitFeatures;
  std::set<std::string> _variables;

  // Names with digits or control characters ("a1", "r[1]") are not analysed, as testlib.
  static bool isVariableNameBoundsAnalyzable(const std::string &name) {
    for (size_t i = 0; i < name.length(); i++)
      if ((name[i] >= '0' && name[i] <= '9') || name[i] < ' ') return false;
    return true;
  }

  static bool isFeatureNameAnalyzable(const std::string &name) {
    for (size_t i = 0; i < name.length(); i++)
      if (name[i] < ' ') return false;
    return true;
  }

  // "~n" / "n~" / "~n~": the value is still checked against both bounds; the overview log names it
  // "n" and counts the marked bound as hit (the setter says that bound cannot be reached).
  static bool tilded(const std::string &name) { return name.length() >= 2 && name != "~~"; }

 public:
  Validator() : _initialized(false), _testset("tests"), _group(), _testCase(-1) {}
  void initialize() { _initialized = true; }
  std::string testset() const {
    if (!_initialized)
      __testlib_fail("Validator should be initialized with registerValidation(argc, argv) instead of registerValidation() to support validator.testset()");
    return _testset;
  }
  std::string group() const {
    if (!_initialized)
      __testlib_fail("Validator should be initialized with registerValidation(argc, argv) instead of registerValidation() to support validator.group()");
    return _group;
  }
  std::string testOverviewLogFileName() const { return _testOverviewLogFileName; }
  void setTestset(const char *const testset) { _testset = testset; }
  void setGroup(const char *const group) { _group = group; }
  void setTestOverviewLogFileName(const char *const name) { _testOverviewLogFileName = name; }
  void setTestMarkupFileName(const char *const name) { _testMarkupFileName = name; }
  void setTestCase(int testCase) { _testCase = testCase; }
  void setTestCaseFileName(const char *const name) { _testCaseFileName = name; }
  std::string testMarkupFileName() const { return _testMarkupFileName; }
  int testCase() const { return _testCase; }
  std::string testCaseFileName() const { return _testCaseFileName; }
  void writeTestMarkup();
  void writeTestCase();

  static std::string prepVariableName(const std::string &name) {
    if (!tilded(name)) return name;
    size_t from = name[0] == '~' ? 1 : 0;
    size_t to = name[name.length() - 1] == '~' ? name.length() - 1 : name.length();
    return name.substr(from, to - from);
  }
  static bool ignoreMinBound(const std::string &name) { return tilded(name) && name[0] == '~'; }
  static bool ignoreMaxBound(const std::string &name) { return tilded(name) && name[name.length() - 1] == '~'; }

  void addBoundsHit(const std::string &variableName, ValidatorBoundsHit boundsHit) {
    if (!isVariableNameBoundsAnalyzable(variableName) || _boundsHitByVariableName.size() >= VALIDATOR_MAX_VARIABLE_COUNT) return;
    std::string name = prepVariableName(variableName);
    _boundsHitByVariableName[name] =
        boundsHit.merge(_boundsHitByVariableName[name], ignoreMinBound(variableName), ignoreMaxBound(variableName));
  }

  void addVariable(const std::string &variableName) {
    if (!isVariableNameBoundsAnalyzable(variableName) || _variables.size() >= VALIDATOR_MAX_VARIABLE_COUNT) return;
    _variables.insert(prepVariableName(variableName));
  }

  template <typename T>
  void adjustConstantBounds(const std::string &variableName, T lower, T upper) {
    if (!isVariableNameBoundsAnalyzable(variableName) || _constantBoundsByVariableName.size() >= VALIDATOR_MAX_VARIABLE_COUNT) return;
    ConstantBounds &b = _constantBoundsByVariableName[prepVariableName(variableName)];
    b.lowerBound.adjust(lower);
    b.upperBound.adjust(upper);
  }

  std::string getBoundsHitLog() {
    std::string result;
    for (std::map<std::string, ValidatorBoundsHit>::iterator i = _boundsHitByVariableName.begin();
         i != _boundsHitByVariableName.end(); i++) {
      result += "\"" + i->first + "\":";
      if (i->second.minHit) result += " min-value-hit";
      if (i->second.maxHit) result += " max-value-hit";
      result += "\n";
    }
    return result;
  }

  std::string getFeaturesLog() {
    std::string result;
    for (std::set<std::string>::iterator i = _features.begin(); i != _features.end(); i++) {
      result += "feature \"" + *i + "\":";
      if (_hitFeatures.count(*i)) result += " hit";
      result += "\n";
    }
    return result;
  }

  // "constant-bounds "n": 1 4" when every read of n used the same bounds ("?" for a bound that varied).
  std::string getConstantBoundsLog() {
    std::string result;
    for (std::map<std::string, ConstantBounds>::iterator i = _constantBoundsByVariableName.begin();
         i != _constantBoundsByVariableName.end(); i++) {
      if (!i->second.lowerBound.has_value() && !i->second.upperBound.has_value()) continue;
      result += "constant-bounds \"" + i->first + "\":";
      result += " " + (i->second.lowerBound.has_value() ? i->second.lowerBound.value : std::string("?"));
      result += " " + (i->second.upperBound.has_value() ? i->second.upperBound.value : std::string("?"));
      result += "\n";
    }
    return result;
  }

  std::string getVariablesLog() {
    std::string result;
    for (std::set<std::string>::iterator i = _variables.begin(); i != _variables.end(); i++) result += "variable \"" + *i + "\"\n";
    return result;
  }

  /* --testOverviewLogFileName: a file, or "stdout"/"stderr". */
  void writeTestOverviewLog() {
    if (_testOverviewLogFileName.empty()) return;
    std::string fileName(_testOverviewLogFileName);
    _testOverviewLogFileName = "";
    bool standard = fileName == "stdout" || fileName == "stderr";
    std::FILE *f = fileName == "stdout" ? stdout : fileName == "stderr" ? stderr : std::fopen(fileName.c_str(), "wb");
    if (f == NULL) __testlib_fail("Validator::writeTestOverviewLog: can't write test overview log to (" + fileName + ")");
    std::fprintf(f, "%s%s%s%s", getBoundsHitLog().c_str(), getFeaturesLog().c_str(), getConstantBoundsLog().c_str(),
                 getVariablesLog().c_str());
    std::fflush(f);
    if (!standard && std::fclose(f))
      __testlib_fail("Validator::writeTestOverviewLog: can't close test overview log file (" + fileName + ")");
  }

  void addFeature(const std::string &feature) {
    if (_features.count(feature)) __testlib_fail("Feature " + feature + " registered twice.");
    if (!isFeatureNameAnalyzable(feature)) __testlib_fail("Feature name '" + feature + "' contains restricted characters.");
    _features.insert(feature);
  }

  void feature(const std::string &feature) {
    if (!isFeatureNameAnalyzable(feature)) __testlib_fail("Feature name '" + feature + "' contains restricted characters.");
    if (!_features.count(feature)) __testlib_fail("Feature " + feature + " didn't registered via addFeature(feature).");
    _hitFeatures.insert(feature);
  }
} validator;

class Checker {
 private:
  std::string _testset;
  std::string _group;

 public:
  Checker() : _testset("tests"), _group() {}
  std::string testset() const { return _testset; }
  std::string group() const { return _group; }
  void setTestset(const char *const testset) { _testset = testset; }
  void setGroup(const char *const group) { _group = group; }
} checker;

inline void __testlib_autoEnsureNoUnusedOpts();

/*
 * At exit, as testlib: a checker that never called quit, a validator that never read EOF, a
 * generator given an option it never read (once it asked has_opt or opt with a default), or a
 * program that never called a register function is a FAIL; otherwise a validator writes its
 * overview log, test markup and test case.
 */
struct TestlibFinalizeGuard {
  static bool alive;
  static bool registered;
  int quitCount, readEofCount;
  TestlibFinalizeGuard() : quitCount(0), readEofCount(0) {}
  ~TestlibFinalizeGuard() {
    bool wasAlive = alive;
    alive = false;
    if (wasAlive) {
      if (testlibMode == _checker && quitCount == 0) finalFail("Checker must end with quit or quitf call.");
      if (testlibMode == _validator && readEofCount == 0 && quitCount == 0) finalFail("Validator must end with readEof call.");
      // Only a program that ended well so far: one that already quit with a verdict has said why.
      if (__testlib_exitCode == 0) __testlib_autoEnsureNoUnusedOpts();
      if (!registered) finalFail("Call register-function in the first line of the main (registerTestlibCmd or other similar)");
    }
    if (__testlib_exitCode == 0) {
      validator.writeTestOverviewLog();
      validator.writeTestMarkup();
      validator.writeTestCase();
    }
  }
  // Already inside exit(): report and leave without running exit() a second time. What the program
  // printed stays printed (std::cout is flushed here: its own flush at exit comes after this guard).
  NORETURN static void finalFail(const std::string &message) {
    std::cout.flush();
    std::fflush(stdout);
    std::fprintf(stderr, "FAIL %s\n", message.c_str());
    std::fflush(stderr);
    std::_Exit(FAIL_EXIT_CODE);
  }
};

bool TestlibFinalizeGuard::alive = true;
bool TestlibFinalizeGuard::registered = false;
// Defined at the end of the header: globals defined after it (the options) are destroyed before it runs.
extern TestlibFinalizeGuard testlibFinalizeGuard;

void disableFinalizeGuard() { TestlibFinalizeGuard::alive = false; }

inline void setTestCase(int testCase) {
  // Numbering that starts at 0 is shifted to start at 1, as testlib does (markup and --testCase count from 1).
  static bool firstCall = true;
  static bool zeroBased = false;
  if (firstCall && testCase == 0) zeroBased = true;
  firstCall = false;
  if (zeroBased) testCase++;
  if (testCase < 0 || testCase > __TESTLIB_MAX_TEST_CASE) __testlib_fail("testCase expected to be in range [0, 1073741823]");
  __testlib_hasTestCase = true;
  __testlib_testCase = testCase;
  if (testlibMode == _validator && inf.reader != NULL) inf.reader->markTestCase(testCase);
}

/* Opens "stdout", "stderr" or a file for the validator's markup/test case output. */
inline std::FILE *__testlib_openValidatorOutput(const std::string &name, bool &standard) {
  standard = name.empty() || name == "stdout" || name == "stderr";
  if (name == "stderr") return stderr;
  if (standard) return stdout;
  std::FILE *f = std::fopen(name.c_str(), "wb");
  if (f == NULL) __testlib_fail("Validator: can't write to (" + name + ")");
  return f;
}

/* --testMarkupFileName: the input as read, "\\" and "!" escaped by a backslash, "!c<i>;" where test case i starts. */
inline void Validator::writeTestMarkup() {
  if (_testMarkupFileName.empty() || inf.reader == NULL) return;
  std::vector<std::pair<int, std::string> > pieces = inf.reader->readPieces();
  std::string markup("MU\xF3\x01");
  bool any = false;
  for (size_t i = 0; i < pieces.size(); i++) {
    if (i > 0) markup += "!c" + vtos(pieces[i].first) + ";", any = true;
    for (size_t j = 0; j < pieces[i].second.size(); j++) {
      char c = pieces[i].second[j];
      if (c == '\\' || c == '!') markup += '\\';
      markup += c;
      any = true;
    }
  }
  if (!any) return;
  bool standard;
  std::FILE *f = __testlib_openValidatorOutput(_testMarkupFileName, standard);
  std::fprintf(f, "%s", markup.c_str());
  std::fflush(f);
  if (!standard) std::fclose(f);
}

/* --testCase i [--testCaseFileName f]: the text of test case i alone (nothing when there is no such case). */
inline void Validator::writeTestCase() {
  if (_testCase <= 0 || inf.reader == NULL) return;
  std::vector<std::pair<int, std::string> > pieces = inf.reader->readPieces();
  std::string text;
  for (size_t i = 1; i < pieces.size(); i++)
    if (pieces[i].first == _testCase) text = pieces[i].second;
  if (text.empty()) return;
  bool standard;
  std::FILE *f = __testlib_openValidatorOutput(_testCaseFileName, standard);
  std::fprintf(f, "%s", text.c_str());
  std::fflush(f);
  if (!standard) std::fclose(f);
}

inline void unsetTestCase() {
  __testlib_hasTestCase = false;
  __testlib_testCase = -1;
}

/* ---------------------------------------------------------------- results */

inline int resultExitCode(TResult r) {
  if (r == _ok) return OK_EXIT_CODE;
  if (r == _wa) return WA_EXIT_CODE;
  if (r == _pe) return PE_EXIT_CODE;
  if (r == _fail) return FAIL_EXIT_CODE;
  if (r == _dirt) return DIRT_EXIT_CODE;
  if (r == _points) return POINTS_EXIT_CODE;
#ifdef ENABLE_UNEXPECTED_EOF
  if (r == _unexpected_eof) return UNEXPECTED_EOF_EXIT_CODE;
#else
  if (r == _unexpected_eof) return PE_EXIT_CODE;
#endif
  if (r >= _partially) return PC_BASE_EXIT_CODE + (r - _partially);
  return FAIL_EXIT_CODE;
}

#ifdef TESTLIB_THROW_EXIT_EXCEPTION_INSTEAD_OF_EXIT
/* Thrown instead of exiting when the program defines TESTLIB_THROW_EXIT_EXCEPTION_INSTEAD_OF_EXIT (testlib's own tests). */
class exit_exception : public std::exception {
 private:
  int exitCode;

 public:
  exit_exception(int exitCode) : exitCode(exitCode) {}
  int getExitCode() { return exitCode; }
};
#endif

NORETURN inline void halt(int exitCode) {
  __testlib_exitCode = exitCode;
  std::fflush(stdout);
  std::fflush(stderr);
#ifdef TESTLIB_THROW_EXIT_EXCEPTION_INSTEAD_OF_EXIT
  throw exit_exception(exitCode);
#endif
  std::exit(exitCode);
}

static bool __testlib_shouldCheckDirt(TResult result) { return result == _ok || result == _points || result >= _partially; }

/* Adds `extra` inside the message's bracketed part ("msg (extra, more)"), opening one if needed. */
static std::string __testlib_appendMessage(const std::string &message, const std::string &extra) {
  size_t open = message.find(InStream::OPEN_BRACKET), close = message.find(InStream::CLOSE_BRACKET);
  bool single = open != std::string::npos && close != std::string::npos && open < close &&
                message.find(InStream::OPEN_BRACKET, open + 1) == std::string::npos &&
                message.find(InStream::CLOSE_BRACKET, close + 1) == std::string::npos;
  if (single) {
    size_t index = message.find(extra, open);
    if (index == std::string::npos || index >= close) {
      std::string result(message);
      result.insert(close, ", " + extra);
      return result;
    }
    return message;
  }
  return message + " " + InStream::OPEN_BRACKET + extra + InStream::CLOSE_BRACKET;
}

static std::string __testlib_toPrintableMessage(const std::string &message) {
  std::string result(message);
  for (size_t i = 0; i < result.length(); i++) {
    if (result[i] == InStream::OPEN_BRACKET) result[i] = '(';
    if (result[i] == InStream::CLOSE_BRACKET) result[i] = ')';
  }
  return result;
}

static std::string __testlib_toString(TResult result) {
  switch (result) {
    case _ok: return "ok";
    case _wa: return "wrong answer";
    case _pe: return "wrong output format";
    case _fail: return "FAIL";
    case _dirt: return "wrong output format";
    case _points: return "points";
    case _unexpected_eof: return "unexpected eof";
    default: return result >= _partially ? format("partially correct (%d)", int(result - _partially)) : "unknown";
  }
}

inline void InStream::quitscr(unsigned short, const char *msg) {
  if (resultName.empty()) std::fprintf(stderr, "%s", msg);
}

inline void InStream::quitscrS(unsigned short color, std::string msg) { quitscr(color, msg.c_str()); }

inline void InStream::xmlSafeWrite(std::FILE *file, const char *msg) {
  for (const char *p = msg; *p; p++) {
    if (*p == '&')
      std::fputs("&amp;", file);
    else if (*p == '<')
      std::fputs("&lt;", file);
    else if (*p == '>')
      std::fputs("&gt;", file);
    else if (*p == '"')
      std::fputs("&quot;", file);
    else if (0 <= *p && *p <= 31)
      std::fputc('.', file);
    else
      std::fputc(*p, file);
  }
}

NORETURN inline void InStream::quit(TResult result, const char *msg) {
  if (TestlibFinalizeGuard::alive) testlibFinalizeGuard.quitCount++;
  std::string message = trim(std::string(msg));

  if (__testlib_hasTestCase) {
    if (result != _ok)
      message = __testlib_appendMessage(message, "test case " + vtos(__testlib_testCase));
    else
      message = __testlib_appendMessage(message, vtos(__testlib_testCase) + (__testlib_testCase == 1 ? " test case" : " test cases"));
  }

  if (message.length() > maxMessageLength) {
    std::string warn = "message length exceeds " + vtos(maxMessageLength) + ", the message is truncated: ";
    message = warn + message.substr(0, maxMessageLength > warn.length() ? maxMessageLength - warn.length() : 0);
  }

#ifndef ENABLE_UNEXPECTED_EOF
  if (result == _unexpected_eof) result = _pe;
#endif

  if (mode != _output && result != _fail) {
    if (mode == _input && testlibMode == _validator && lastLine != -1)
      quits(_fail, __testlib_appendMessage(__testlib_appendMessage(message, name), "line " + vtos(lastLine)));
    else
      quits(_fail, __testlib_appendMessage(message, name));
  }

  if (__testlib_shouldCheckDirt(result) && testlibMode != _interactor && !ouf.seekEof())
    quit(_dirt, "Extra information in the output file");

  int pctype = result - _partially;
  bool isPartial = false;
  std::string errorName;
  switch (result) {
    case _ok: errorName = "ok "; break;
    case _wa: errorName = "wrong answer "; break;
    case _pe: errorName = "wrong output format "; break;
    case _fail: errorName = "FAIL "; break;
    case _dirt:
      errorName = "wrong output format ";
      result = _pe;
      break;
    case _points: errorName = "points "; break;
    case _unexpected_eof: errorName = "unexpected eof "; break;
    default:
      if (result >= _partially) {
        errorName = format("partially correct (%d) ", pctype);
        isPartial = true;
      } else
        quit(_fail, "What is the code ??? ");
  }
  quitscrS(0, errorName);

  if (!resultName.empty()) {
    std::FILE *resultFile = std::fopen(resultName.c_str(), "w");
    if (resultFile == NULL) {
      resultName = "";
      quit(_fail, "Can not write to the result file");
    }
    if (appesMode) {
      std::fprintf(resultFile, "<?xml version=\"1.0\" encoding=\"%s\"?>", appesModeEncoding.c_str());
      if (isPartial)
        std::fprintf(resultFile, "<result outcome = \"%s\" pctype = \"%d\">", outcomes[(int)_partially].c_str(), pctype);
      else if (result != _points)
        std::fprintf(resultFile, "<result outcome = \"%s\">", outcomes[(int)result].c_str());
      else
        std::fprintf(resultFile, "<result outcome = \"%s\" points = \"%s\">", outcomes[(int)result].c_str(),
                     removeDoubleTrailingZeroes(format("%.10f", __testlib_points)).c_str());
      xmlSafeWrite(resultFile, __testlib_toPrintableMessage(message).c_str());
      std::fprintf(resultFile, "</result>\n");
    } else
      std::fprintf(resultFile, "%s", __testlib_toPrintableMessage(message).c_str());
    if (std::fclose(resultFile) != 0) {
      resultName = "";
      quit(_fail, "Can not write to the result file");
    }
  }

  quitscr(0, __testlib_toPrintableMessage(message).c_str());
  std::fprintf(stderr, "\n");

  inf.close();
  ouf.close();
  ans.close();
  if (tout.is_open()) tout.close();

  if (!resultName.empty()) std::fprintf(stderr, "See file to check exit message\n");
  halt(resultExitCode(result));
}

NORETURN inline void InStream::quitf(TResult result, const char *msg, ...) {
  __TESTLIB_VFORMAT(msg, msg, message);
  quit(result, message.c_str());
}

inline void InStream::quitif(bool condition, TResult result, const char *msg, ...) {
  if (!condition) return;
  __TESTLIB_VFORMAT(msg, msg, message);
  quit(result, message.c_str());
}

NORETURN inline void InStream::quits(TResult result, std::string msg) { quit(result, msg.c_str()); }

inline void InStream::ensuref(bool cond, const char *format, ...) {
  if (cond) return;
  __TESTLIB_VFORMAT(format, format, message);
  __testlib_ensure(cond, message);
}

inline void InStream::__testlib_ensure(bool cond, std::string message) {
  if (!cond) quit(_wa, message.c_str());
}

/* ---------------------------------------------------------------- global quit functions */

NORETURN inline void quit(TResult result, const std::string &msg) { ouf.quit(result, msg.c_str()); }
NORETURN inline void quit(TResult result, const char *msg) { ouf.quit(result, msg); }

__attribute__((format(printf, 2, 3))) NORETURN inline void quitf(TResult result, const char *format, ...) {
  __TESTLIB_VFORMAT(format, format, message);
  quit(result, message);
}

__attribute__((format(printf, 3, 4))) inline void quitif(bool condition, TResult result, const char *format, ...) {
  if (!condition) return;
  __TESTLIB_VFORMAT(format, format, message);
  quit(result, message);
}

NORETURN inline void __testlib_quitp(double points, const char *message) {
  __testlib_points = points;
  std::string stringPoints = removeDoubleTrailingZeroes(format("%.10f", points));
  quit(_points, (message == NULL || *message == 0) ? stringPoints : stringPoints + " " + message);
}

NORETURN inline void __testlib_quitp(int points, const char *message) {
  __testlib_points = points;
  std::string stringPoints = format("%d", points);
  quit(_points, (message == NULL || *message == 0) ? stringPoints : stringPoints + " " + message);
}

NORETURN inline void quitp(float points, const std::string &message = "") { __testlib_quitp(double(points), message.c_str()); }
NORETURN inline void quitp(double points, const std::string &message = "") { __testlib_quitp(points, message.c_str()); }
NORETURN inline void quitp(long double points, const std::string &message = "") { __testlib_quitp(double(points), message.c_str()); }
NORETURN inline void quitp(int points, const std::string &message = "") { __testlib_quitp(points, message.c_str()); }
NORETURN inline void quitp(long long points, const std::string &message = "") { __testlib_quitp(double(points), message.c_str()); }

template <typename F>
__attribute__((format(printf, 2, 3))) NORETURN void quitp(F points, const char *format, ...) {
  __TESTLIB_VFORMAT(format, format, message);
  quitp(points, message);
}

/* Points given as an opaque "points_info" word (no spaces), exit code 7. */
NORETURN inline void quitpi(const std::string &points_info, const std::string &message = "") {
  if (points_info.find(' ') != std::string::npos) quit(_fail, "Parameter 'points_info' can't contain spaces");
  quit(_points, "points_info=" + points_info + (message.empty() ? "" : " " + message));
}

template <typename... Args>
NORETURN void quitpi(const std::string &points_info, const char *format, Args... args) {
  quitpi(points_info, std::string(sizeof...(Args) == 0 ? std::string(format) : ::format(format, args...)));
}

NORETURN inline void __testlib_expectedButFound(TResult result, std::string expected, std::string found, const char *prepend) {
  std::string message;
  if (std::strlen(prepend) != 0)
    message = format("%s: expected '%s', but found '%s'", compress(prepend).c_str(), compress(expected).c_str(),
                     compress(found).c_str());
  else
    message = format("expected '%s', but found '%s'", compress(expected).c_str(), compress(found).c_str());
  quit(result, message);
}

NORETURN inline void __testlib_expectedButFound(TResult result, double expected, double found, const char *prepend) {
  __testlib_expectedButFound(result, removeDoubleTrailingZeroes(format("%.12f", expected)),
                             removeDoubleTrailingZeroes(format("%.12f", found)), prepend);
}

template <typename T>
NORETURN void expectedButFound(TResult result, T expected, T found, const char *prependFormat = "", ...) {
  __TESTLIB_VFORMAT(prependFormat, prependFormat, prepend);
  __testlib_expectedButFound(result, vtos(expected), vtos(found), prepend.c_str());
}

template <>
NORETURN inline void expectedButFound<std::string>(TResult result, std::string expected, std::string found, const char *prependFormat, ...) {
  __TESTLIB_VFORMAT(prependFormat, prependFormat, prepend);
  __testlib_expectedButFound(result, expected, found, prepend.c_str());
}

template <>
NORETURN inline void expectedButFound<double>(TResult result, double expected, double found, const char *prependFormat, ...) {
  __TESTLIB_VFORMAT(prependFormat, prependFormat, prepend);
  __testlib_expectedButFound(result, expected, found, prepend.c_str());
}

template <>
NORETURN inline void expectedButFound<const char *>(TResult result, const char *expected, const char *found, const char *prependFormat, ...) {
  __TESTLIB_VFORMAT(prependFormat, prependFormat, prepend);
  __testlib_expectedButFound(result, std::string(expected), std::string(found), prepend.c_str());
}

template <>
NORETURN inline void expectedButFound<float>(TResult result, float expected, float found, const char *prependFormat, ...) {
  __TESTLIB_VFORMAT(prependFormat, prependFormat, prepend);
  __testlib_expectedButFound(result, double(expected), double(found), prepend.c_str());
}

template <>
NORETURN inline void expectedButFound<long double>(TResult result, long double expected, long double found, const char *prependFormat, ...) {
  __TESTLIB_VFORMAT(prependFormat, prependFormat, prepend);
  __testlib_expectedButFound(result, double(expected), double(found), prepend.c_str());
}

NORETURN static void __testlib_fail(const std::string &message) { quitf(_fail, "%s", message.c_str()); }

static inline void __testlib_ensure(bool cond, const std::string &msg) {
  if (!cond) quit(_fail, msg.c_str());
}

__attribute__((unused)) static inline void __testlib_ensure(bool cond, const char *msg) {
  if (!cond) quit(_fail, msg);
}

#define ensure(cond) __testlib_ensure(cond, "Condition failed: \"" #cond "\"")

__attribute__((format(printf, 2, 3))) inline void ensuref(bool cond, const char *format, ...) {
  if (cond) return;
  __TESTLIB_VFORMAT(format, format, message);
  __testlib_ensure(cond, message);
}

__attribute__((format(printf, 1, 2))) inline void setName(const char *format, ...) {
  __TESTLIB_VFORMAT(format, format, name);
  checkerName = name;
}

/* ---------------------------------------------------------------- number parsing */

static inline bool equals(long long integer, const char *s) {
  return std::strcmp(vtos(integer).c_str(), s) == 0;
}

static inline bool equals(unsigned long long integer, const char *s) {
  return std::strcmp(vtos(integer).c_str(), s) == 0;
}

static inline double stringToDouble(InStream &in, const char *buffer) {
  size_t length = std::strlen(buffer);
  int minusCount = 0, plusCount = 0, decimalPointCount = 0, digitCount = 0, eCount = 0;
  for (size_t i = 0; i < length; i++) {
    char c = buffer[i];
    if (('0' <= c && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+') {
      if ('0' <= c && c <= '9') digitCount++;
      if (c == 'e' || c == 'E') eCount++;
      if (c == '-') minusCount++;
      if (c == '+') plusCount++;
      if (c == '.') decimalPointCount++;
    } else
      in.quit(_pe, ("Expected double, but \"" + __testlib_part(buffer) + "\" found").c_str());
  }
  if (digitCount == 0 || minusCount > 2 || plusCount > 2 || decimalPointCount > 1 || eCount > 1)
    in.quit(_pe, ("Expected double, but \"" + __testlib_part(buffer) + "\" found").c_str());
  char *end = NULL;
  double retval = std::strtod(buffer, &end);
  if (end == buffer || *end != 0 || __testlib_isNaN(retval))
    in.quit(_pe, ("Expected double, but \"" + __testlib_part(buffer) + "\" found").c_str());
  return retval;
}

/* A token holding a NUL byte is no number (testlib checks it here: the C string would end there). */
static inline bool __testlib_hasNul(const std::string &s) { return s.find('\0') != std::string::npos; }

static inline double stringToDouble(InStream &in, const std::string &buffer) {
  if (__testlib_hasNul(buffer)) in.quit(_pe, ("Expected double, but \"" + __testlib_part(buffer) + "\" found (it contains \\0)").c_str());
  return stringToDouble(in, buffer.c_str());
}

static inline double stringToStrictDouble(InStream &in, const char *buffer, int minAfterPointDigitCount, int maxAfterPointDigitCount) {
  if (minAfterPointDigitCount < 0) in.quit(_fail, "stringToStrictDouble: minAfterPointDigitCount should be non-negative.");
  if (minAfterPointDigitCount > maxAfterPointDigitCount)
    in.quit(_fail, "stringToStrictDouble: minAfterPointDigitCount should be less or equal to maxAfterPointDigitCount.");
  std::string bad = "Expected strict double, but \"" + __testlib_part(buffer) + "\" found";
  size_t length = std::strlen(buffer);
  if (length == 0 || length > 1000) in.quit(_pe, bad.c_str());
  if (buffer[0] != '-' && (buffer[0] < '0' || buffer[0] > '9')) in.quit(_pe, bad.c_str());
  int pointPos = -1;
  for (size_t i = 1; i + 1 < length; i++) {
    if (buffer[i] == '.') {
      if (pointPos > -1) in.quit(_pe, bad.c_str());
      pointPos = int(i);
    }
    if (buffer[i] != '.' && (buffer[i] < '0' || buffer[i] > '9')) in.quit(_pe, bad.c_str());
  }
  if (buffer[length - 1] < '0' || buffer[length - 1] > '9') in.quit(_pe, bad.c_str());
  int afterDigitsCount = (pointPos == -1 ? 0 : int(length) - pointPos - 1);
  if (afterDigitsCount < minAfterPointDigitCount || afterDigitsCount > maxAfterPointDigitCount)
    in.quit(_pe, ("Expected strict double with number of digits after point in range [" + vtos(minAfterPointDigitCount) + "," +
                  vtos(maxAfterPointDigitCount) + "], but \"" + __testlib_part(buffer) + "\" found")
                     .c_str());
  int firstDigitPos = -1;
  for (size_t i = 0; i < length; i++)
    if (buffer[i] >= '0' && buffer[i] <= '9') {
      firstDigitPos = int(i);
      break;
    }
  if (firstDigitPos > 1 || firstDigitPos == -1) in.quit(_pe, bad.c_str());
  if (buffer[firstDigitPos] == '0' && firstDigitPos + 1 < int(length) && buffer[firstDigitPos + 1] >= '0' &&
      buffer[firstDigitPos + 1] <= '9')
    in.quit(_pe, bad.c_str());
  char *end = NULL;
  double retval = std::strtod(buffer, &end);
  if (end == buffer || *end != 0 || __testlib_isNaN(retval) || __testlib_isInfinite(retval))
    in.quit(_pe, ("Expected double, but \"" + __testlib_part(buffer) + "\" found").c_str());
  if (buffer[0] == '-' && retval >= 0) in.quit(_pe, ("Redundant minus in \"" + __testlib_part(buffer) + "\" found").c_str());
  return retval;
}

static inline double stringToStrictDouble(InStream &in, const std::string &buffer, int minAfter, int maxAfter) {
  if (__testlib_hasNul(buffer)) in.quit(_pe, ("Expected double, but \"" + __testlib_part(buffer) + "\" found (it contains \\0)").c_str());
  return stringToStrictDouble(in, buffer.c_str(), minAfter, maxAfter);
}

/* testlib's integer syntax: optional '-', digits, no leading zeroes, no "-0", within int64. */
static inline long long stringToLongLong(InStream &in, const char *buffer) {
  std::string bad = "Expected integer, but \"" + __testlib_part(buffer) + "\" found";
  size_t length = std::strlen(buffer);
  if (std::strcmp(buffer, "-9223372036854775808") == 0) return LLONG_MIN;
  bool minus = length > 1 && buffer[0] == '-';
  if (length == 0 || length > 20) in.quit(_pe, bad.c_str());
  size_t start = minus ? 1 : 0;
  for (size_t i = start; i < length; i++)
    if (buffer[i] < '0' || buffer[i] > '9') in.quit(_pe, bad.c_str());
  if (buffer[start] == '0' && (length - start > 1 || minus)) in.quit(_pe, bad.c_str());
  unsigned long long value = 0;
  for (size_t i = start; i < length; i++) {
    if (value > (9223372036854775807ULL - (buffer[i] - '0')) / 10)
      in.quit(_pe, bad.c_str());  // out of int64: the same message as any other bad integer, as testlib
    value = value * 10 + (buffer[i] - '0');
  }
  return minus ? -(long long)value : (long long)value;
}

static inline long long stringToLongLong(InStream &in, const std::string &buffer) {
  if (__testlib_hasNul(buffer)) in.quit(_pe, ("Expected integer, but \"" + __testlib_part(buffer) + "\" found (it contains \\0)").c_str());
  return stringToLongLong(in, buffer.c_str());
}

static inline unsigned long long stringToUnsignedLongLong(InStream &in, const char *buffer) {
  std::string bad = "Expected unsigned integer, but \"" + __testlib_part(buffer) + "\" found";
  size_t length = std::strlen(buffer);
  if (length == 0 || length > 20) in.quit(_pe, bad.c_str());
  if (length > 1 && buffer[0] == '0') in.quit(_pe, bad.c_str());
  unsigned long long value = 0;
  for (size_t i = 0; i < length; i++) {
    if (buffer[i] < '0' || buffer[i] > '9') in.quit(_pe, bad.c_str());
    unsigned d = unsigned(buffer[i] - '0');
    if (value > (ULLONG_MAX - d) / 10)
      in.quit(_pe, bad.c_str());
    value = value * 10 + d;
  }
  return value;
}

static inline unsigned long long stringToUnsignedLongLong(InStream &in, const std::string &buffer) {
  if (__testlib_hasNul(buffer))
    in.quit(_pe, ("Expected unsigned integer, but \"" + __testlib_part(buffer) + "\" found (it contains \\0)").c_str());
  return stringToUnsignedLongLong(in, buffer.c_str());
}

/* ---------------------------------------------------------------- InStream implementation */

inline InStream::InStream()
    : reader(NULL), lastLine(-1), name(""), mode(_input), opened(false), stdfile(false), strict(false), wordReserveSize(4),
      readManyIteration(NO_INDEX), maxFileSize(128 * 1024 * 1024), maxTokenLength(32 * 1024 * 1024), maxMessageLength(32000) {}

inline InStream::InStream(const InStream &baseStream, std::string content)
    : reader(NULL), lastLine(-1), name("based on " + baseStream.name), mode(baseStream.mode), opened(true), stdfile(false),
      strict(baseStream.strict), wordReserveSize(4), readManyIteration(NO_INDEX), maxFileSize(128 * 1024 * 1024),
      maxTokenLength(32 * 1024 * 1024), maxMessageLength(32000) {
  reader = new InputStreamReader(content, name);
}

inline InStream::~InStream() {
  if (reader != NULL) {
    reader->close();
    delete reader;
    reader = NULL;
  }
}

inline void InStream::reset(std::FILE *file) {
  if (opened && stdfile) quit(_fail, "Can't reset standard handle");
  if (opened) close();
  if (!stdfile && (file = std::fopen(name.c_str(), "rb")) == NULL) {
    if (mode == _output) quits(_pe, std::string("Output file not found: \"") + name + "\"");
    if (mode == _answer) quits(_fail, std::string("Answer file not found: \"") + name + "\"");
    quits(_fail, std::string("Input file not found: \"") + name + "\"");
  }
  opened = true;
  // stdin of an interactor is read as it arrives; files and a validator's stdin are read whole.
  reader = new InputStreamReader(file, name, stdfile && testlibMode == _interactor);
}

inline void InStream::init(std::string fileName, TMode mode) {
  opened = false;
  name = fileName;
  stdfile = false;
  this->mode = mode;
  std::ifstream stream(fileName.c_str(), std::ios::in | std::ios::binary);
  if (stream.is_open()) {
    stream.seekg(0, std::ios::end);
    std::streamoff fileSize = stream.tellg();
    stream.close();
    if (fileSize > 0 && size_t(fileSize) > maxFileSize)
      quitf(_pe, "File size exceeds %d bytes, size is %d", int(maxFileSize), int(fileSize));
  }
  reset();
}

inline void InStream::init(std::FILE *f, TMode mode) {
  opened = false;
  name = "untitled";
  this->mode = mode;
  if (f == stdin) name = "stdin", stdfile = true;
  if (f == stdout) name = "stdout", stdfile = true;
  if (f == stderr) name = "stderr", stdfile = true;
  reset(f);
}

inline char InStream::curChar() { return reader == NULL ? char(EOFC) : char(reader->curChar()); }
inline char InStream::nextChar() { return reader == NULL ? char(EOFC) : char(reader->nextChar()); }
inline char InStream::readChar() { return nextChar(); }

inline char InStream::readChar(char c) {
  lastLine = reader->getLine();
  char found = readChar();
  if (c != found) {
    if (!isEoln(found))
      quit(_pe, ("Unexpected character '" + std::string(1, found) + "', but '" + std::string(1, c) + "' expected").c_str());
    else
      quit(_pe, ("Unexpected character #" + vtos(int(found)) + ", but '" + std::string(1, c) + "' expected").c_str());
  }
  return found;
}

inline char InStream::readSpace() { return readChar(' '); }
inline void InStream::unreadChar(char c) { reader->unreadChar(c); }
inline void InStream::skipChar() { reader->skipChar(); }

inline void InStream::skipBlanks() {
  if (reader == NULL) return;
  while (isBlanks(reader->curChar())) reader->skipChar();
}

inline bool InStream::eof() {
  if (!strict && reader == NULL) return true;
  return reader->eof();
}

inline bool InStream::seekEof() {
  if (!strict && reader == NULL) return true;
  skipBlanks();
  return eof();
}

inline bool InStream::eoln() {
  if (!strict && reader == NULL) return true;
  int c = reader->nextChar();
  if (!strict) {
    if (c == EOFC) return true;
    if (c == CR) {
      c = reader->nextChar();
      if (c != LF) {
        reader->unreadChar(c);
        reader->unreadChar(CR);
        return false;
      }
      return true;
    }
    if (c == LF) return true;
    reader->unreadChar(c);
    return false;
  }
  if (c != LF) {
    reader->unreadChar(c);
    return false;
  }
  return true;
}

inline bool InStream::seekEoln() {
  if (!strict && reader == NULL) return true;
  int cur;
  do cur = reader->nextChar();
  while (cur == SPACE || cur == TAB);
  reader->unreadChar(cur);
  return eoln();
}

inline void InStream::nextLine() { readLine(); }

inline void InStream::readEoln() {
  lastLine = reader->getLine();
  if (!eoln()) quit(_pe, "Expected EOLN");
}

inline void InStream::readEof() {
  lastLine = reader->getLine();
  if (!eof()) quit(_pe, "Expected EOF");
  if (TestlibFinalizeGuard::alive && this == &inf) testlibFinalizeGuard.readEofCount++;
}

inline void InStream::readWordTo(std::string &result) {
  if (!strict) skipBlanks();
  if (reader == NULL) quit(_unexpected_eof, "Unexpected end of file - token expected");
  lastLine = reader->getLine();
  int cur = reader->nextChar();
  if (cur == EOFC) quit(_unexpected_eof, "Unexpected end of file - token expected");
  if (isBlanks(cur)) quit(_pe, "Unexpected white-space - token expected");
  result.clear();
  while (!(isBlanks(cur) || cur == EOFC)) {
    result += char(cur);
    if (result.length() > maxTokenLength)
      quitf(_pe, "Length of token exceeds %d, token is '%s...'", int(maxTokenLength), __testlib_part(result).c_str());
    cur = reader->nextChar();
  }
  reader->unreadChar(cur);
  if (result.length() == 0) quit(_unexpected_eof, "Unexpected end of file or white-space - token expected");
}

inline std::string InStream::readWord() {
  readWordTo(_tmpReadToken);
  return _tmpReadToken;
}

inline std::string InStream::readToken() { return readWord(); }
inline void InStream::readTokenTo(std::string &result) { readWordTo(result); }

static std::string __testlib_showInt(long long v) { return toHumanReadableString(v); }
static std::string __testlib_showUnsigned(unsigned long long v) { return toHumanReadableString(v); }
static std::string __testlib_showDouble(double v) { return vtos(v); }

inline std::string InStream::describeRead(const char *kind, const std::string &variableName, const std::string &shown, bool commaAfterIndexed) const {
  std::string k(kind);
  if (readManyIteration == NO_INDEX) {
    if (variableName.empty()) return k + " " + shown;
    // testlib says "Line [name=s]" but "Token parameter [name=s]", "Integer parameter [name=n]".
    return k + (k == "Line" ? "" : " parameter") + " [name=" + variableName + "] equals to " + shown + ",";
  }
  if (variableName.empty()) return k + " element [index=" + vtos(readManyIteration) + "] equals to " + shown + (commaAfterIndexed ? "," : "");
  return k + " element " + variableName + "[" + vtos(readManyIteration) + "] equals to " + shown + ",";
}

template <typename T>
inline void InStream::checkRange(const char *kind, T result, T minv, T maxv, const std::string &variableName, std::string (*show)(T)) {
  // A name marked with '~' ("~n", "n~") is checked against both bounds too: the mark only tells the
  // validator's overview log that the bound need not be hit.
  if (result < minv || result > maxv) {
    std::string range = "[" + show(minv) + ", " + show(maxv) + "]";
    quit(_wa, (describeRead(kind, variableName, vtos(result), true) + " violates the range " + range).c_str());
  }
  if (strict && !variableName.empty()) {
    bool lo, hi;
    if (std::is_floating_point<T>::value) {
      lo = doubleDelta(double(minv), double(result)) < ValidatorBoundsHit::EPS;
      hi = doubleDelta(double(maxv), double(result)) < ValidatorBoundsHit::EPS;
    } else {
      lo = minv == result;
      hi = maxv == result;
    }
    validator.addBoundsHit(variableName, ValidatorBoundsHit(lo, hi));
    validator.adjustConstantBounds(variableName, minv, maxv);
    validator.addVariable(variableName);
  }
}

/* Reads `size` values with `readOne`; validators need exactly one space between them. */
#define __testlib_readMany(readMany, readOne, typeName, space)             \
  if (size < 0) quit(_fail, #readMany ": size should be non-negative.");   \
  if (size > 100000000) quit(_fail, #readMany ": size should be at most 100000000."); \
  std::vector<typeName> result(size);                                       \
  readManyIteration = indexBase;                                            \
  for (int i = 0; i < size; i++) {                                          \
    result[i] = readOne;                                                    \
    readManyIteration++;                                                    \
    if (strict && space && i + 1 < size) readSpace();                       \
  }                                                                         \
  readManyIteration = NO_INDEX;                                             \
  return result;

inline std::string InStream::readWord(const pattern &p, const std::string &variableName) {
  readWordTo(_tmpReadToken);
  if (!p.matches(_tmpReadToken)) {
    quit(_wa, (describeRead("Token", variableName, "\"" + __testlib_part(_tmpReadToken) + "\"") + " doesn't correspond to pattern \"" + p.src() + "\"").c_str());
  }
  if (strict && !variableName.empty()) validator.addVariable(variableName);
  return _tmpReadToken;
}

inline std::string InStream::readWord(const std::string &ptrn, const std::string &variableName) { return readWord(pattern(ptrn), variableName); }
inline std::string InStream::readToken(const pattern &p, const std::string &variableName) { return readWord(p, variableName); }
inline std::string InStream::readToken(const std::string &ptrn, const std::string &variableName) { return readWord(ptrn, variableName); }

inline std::vector<std::string> InStream::readWords(int size, const pattern &p, const std::string &variablesName, int indexBase) {
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readWords, readWord(p, variablesName), std::string, true)
}
inline std::vector<std::string> InStream::readWords(int size, int indexBase) { __testlib_readMany(readWords, readWord(), std::string, true) }
inline std::vector<std::string> InStream::readWords(int size, const std::string &ptrn, const std::string &variablesName, int indexBase) {
  pattern p(ptrn);
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readWords, readWord(p, variablesName), std::string, true)
}
inline std::vector<std::string> InStream::readTokens(int size, const pattern &p, const std::string &variablesName, int indexBase) {
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readTokens, readToken(p, variablesName), std::string, true)
}
inline std::vector<std::string> InStream::readTokens(int size, int indexBase) { __testlib_readMany(readTokens, readToken(), std::string, true) }
inline std::vector<std::string> InStream::readTokens(int size, const std::string &ptrn, const std::string &variablesName, int indexBase) {
  pattern p(ptrn);
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readTokens, readWord(p, variablesName), std::string, true)
}

inline void InStream::readWordTo(std::string &result, const pattern &p, const std::string &variableName) {
  readWordTo(result);
  if (!p.matches(result)) {
    quit(_wa, (describeRead("Token", variableName, "\"" + __testlib_part(result) + "\"") + " doesn't correspond to pattern \"" + p.src() + "\"").c_str());
  }
  if (strict && !variableName.empty()) validator.addVariable(variableName);
}
inline void InStream::readWordTo(std::string &result, const std::string &ptrn, const std::string &variableName) {
  readWordTo(result, pattern(ptrn), variableName);
}
inline void InStream::readTokenTo(std::string &result, const pattern &p, const std::string &variableName) { readWordTo(result, p, variableName); }
inline void InStream::readTokenTo(std::string &result, const std::string &ptrn, const std::string &variableName) {
  readWordTo(result, ptrn, variableName);
}

inline int InStream::readInteger() {
  if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - int32 expected");
  readWordTo(_tmpReadToken);
  long long value = stringToLongLong(*this, _tmpReadToken);
  if (value < INT_MIN || value > INT_MAX) quit(_pe, ("Expected int32, but \"" + __testlib_part(_tmpReadToken) + "\" found").c_str());
  return int(value);
}

inline int InStream::readInt() { return readInteger(); }

inline long long InStream::readLong() {
  if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - int64 expected");
  readWordTo(_tmpReadToken);
  return stringToLongLong(*this, _tmpReadToken);
}

inline unsigned long long InStream::readUnsignedLong() {
  if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - int64 expected");
  readWordTo(_tmpReadToken);
  return stringToUnsignedLongLong(*this, _tmpReadToken);
}

inline long long InStream::readLong(long long minv, long long maxv, const std::string &variableName) {
  long long result = readLong();
  checkRange<long long>("Integer", result, minv, maxv, variableName, __testlib_showInt);
  return result;
}

inline std::vector<long long> InStream::readLongs(int size, long long minv, long long maxv, const std::string &variablesName, int indexBase) {
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readLongs, readLong(minv, maxv, variablesName), long long, true)
}
inline std::vector<long long> InStream::readLongs(int size, int indexBase) { __testlib_readMany(readLongs, readLong(), long long, true) }

inline unsigned long long InStream::readUnsignedLong(unsigned long long minv, unsigned long long maxv, const std::string &variableName) {
  unsigned long long result = readUnsignedLong();
  checkRange<unsigned long long>("Unsigned integer", result, minv, maxv, variableName, __testlib_showUnsigned);
  return result;
}

inline std::vector<unsigned long long> InStream::readUnsignedLongs(int size, unsigned long long minv, unsigned long long maxv,
                                                            const std::string &variablesName, int indexBase) {
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readUnsignedLongs, readUnsignedLong(minv, maxv, variablesName), unsigned long long, true)
}
inline std::vector<unsigned long long> InStream::readUnsignedLongs(int size, int indexBase) {
  __testlib_readMany(readUnsignedLongs, readUnsignedLong(), unsigned long long, true)
}
inline unsigned long long InStream::readLong(unsigned long long minv, unsigned long long maxv, const std::string &variableName) {
  return readUnsignedLong(minv, maxv, variableName);
}
inline std::vector<unsigned long long> InStream::readLongs(int size, unsigned long long minv, unsigned long long maxv,
                                                    const std::string &variablesName, int indexBase) {
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readLongs, readUnsignedLong(minv, maxv, variablesName), unsigned long long, true)
}

inline int InStream::readInt(int minv, int maxv, const std::string &variableName) {
  int result = readInt();
  checkRange<long long>("Integer", result, minv, maxv, variableName, __testlib_showInt);
  return result;
}

inline int InStream::readInteger(int minv, int maxv, const std::string &variableName) { return readInt(minv, maxv, variableName); }

inline std::vector<int> InStream::readInts(int size, int minv, int maxv, const std::string &variablesName, int indexBase) {
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readInts, readInt(minv, maxv, variablesName), int, true)
}
inline std::vector<int> InStream::readInts(int size, int indexBase) { __testlib_readMany(readInts, readInt(), int, true) }
inline std::vector<int> InStream::readIntegers(int size, int minv, int maxv, const std::string &variablesName, int indexBase) {
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readIntegers, readInt(minv, maxv, variablesName), int, true)
}
inline std::vector<int> InStream::readIntegers(int size, int indexBase) { __testlib_readMany(readIntegers, readInt(), int, true) }

inline double InStream::readReal() {
  if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - double expected");
  return stringToDouble(*this, readWord());
}

inline double InStream::readDouble() { return readReal(); }

inline double InStream::readReal(double minv, double maxv, const std::string &variableName) {
  double result = readReal();
  checkRange<double>("Double", result, minv, maxv, variableName, __testlib_showDouble);
  return result;
}

inline std::vector<double> InStream::readReals(int size, double minv, double maxv, const std::string &variablesName, int indexBase) {
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readReals, readReal(minv, maxv, variablesName), double, true)
}
inline std::vector<double> InStream::readReals(int size, int indexBase) { __testlib_readMany(readReals, readReal(), double, true) }
inline double InStream::readDouble(double minv, double maxv, const std::string &variableName) { return readReal(minv, maxv, variableName); }
inline std::vector<double> InStream::readDoubles(int size, double minv, double maxv, const std::string &variablesName, int indexBase) {
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readDoubles, readDouble(minv, maxv, variablesName), double, true)
}
inline std::vector<double> InStream::readDoubles(int size, int indexBase) { __testlib_readMany(readDoubles, readDouble(), double, true) }

inline double InStream::readStrictReal(double minv, double maxv, int minAfterPointDigitCount, int maxAfterPointDigitCount,
                                const std::string &variableName) {
  if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - strict double expected");
  double result = stringToStrictDouble(*this, readWord(), minAfterPointDigitCount, maxAfterPointDigitCount);
  checkRange<double>("Strict double", result, minv, maxv, variableName, __testlib_showDouble);
  return result;
}

inline std::vector<double> InStream::readStrictReals(int size, double minv, double maxv, int minAfterPointDigitCount,
                                              int maxAfterPointDigitCount, const std::string &variablesName, int indexBase) {
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readStrictReals, readStrictReal(minv, maxv, minAfterPointDigitCount, maxAfterPointDigitCount, variablesName),
                     double, true)
}
inline double InStream::readStrictDouble(double minv, double maxv, int minAfterPointDigitCount, int maxAfterPointDigitCount,
                                  const std::string &variableName) {
  return readStrictReal(minv, maxv, minAfterPointDigitCount, maxAfterPointDigitCount, variableName);
}
inline std::vector<double> InStream::readStrictDoubles(int size, double minv, double maxv, int minAfterPointDigitCount,
                                                int maxAfterPointDigitCount, const std::string &variablesName, int indexBase) {
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readStrictDoubles, readStrictDouble(minv, maxv, minAfterPointDigitCount, maxAfterPointDigitCount, variablesName),
                     double, true)
}

inline void InStream::readStringTo(std::string &result) {
  if (reader == NULL) quit(_pe, "Expected line");
  result.clear();
  for (;;) {
    int cur = reader->curChar();
    if (cur == LF || cur == EOFC) break;
    if (cur == CR) {
      reader->nextChar();
      int after = reader->curChar();
      reader->unreadChar(CR);
      if (after == LF) break;
    }
    lastLine = reader->getLine();
    result += char(reader->nextChar());
  }
  if (strict)
    readEoln();
  else
    eoln();
}

inline std::string InStream::readString() {
  readStringTo(_tmpReadToken);
  return _tmpReadToken;
}

inline std::vector<std::string> InStream::readStrings(int size, int indexBase) { __testlib_readMany(readStrings, readString(), std::string, false) }

inline void InStream::readStringTo(std::string &result, const pattern &p, const std::string &variableName) {
  readStringTo(result);
  if (!p.matches(result)) {
    quit(_wa, (describeRead("Line", variableName, "\"" + __testlib_part(result) + "\"") + " doesn't correspond to pattern \"" + p.src() + "\"").c_str());
  }
  if (strict && !variableName.empty()) validator.addVariable(variableName);
}

inline void InStream::readStringTo(std::string &result, const std::string &ptrn, const std::string &variableName) {
  readStringTo(result, pattern(ptrn), variableName);
}
inline std::string InStream::readString(const pattern &p, const std::string &variableName) {
  readStringTo(_tmpReadToken, p, variableName);
  return _tmpReadToken;
}
inline std::string InStream::readString(const std::string &ptrn, const std::string &variableName) {
  readStringTo(_tmpReadToken, ptrn, variableName);
  return _tmpReadToken;
}
inline std::vector<std::string> InStream::readStrings(int size, const pattern &p, const std::string &variablesName, int indexBase) {
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readStrings, readString(p, variablesName), std::string, false)
}
inline std::vector<std::string> InStream::readStrings(int size, const std::string &ptrn, const std::string &variablesName, int indexBase) {
  pattern p(ptrn);
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readStrings, readString(p, variablesName), std::string, false)
}
inline void InStream::readLineTo(std::string &result) { readStringTo(result); }
inline std::string InStream::readLine() { return readString(); }
inline std::vector<std::string> InStream::readLines(int size, int indexBase) { __testlib_readMany(readLines, readString(), std::string, false) }
inline void InStream::readLineTo(std::string &result, const pattern &p, const std::string &variableName) { readStringTo(result, p, variableName); }
inline void InStream::readLineTo(std::string &result, const std::string &ptrn, const std::string &variableName) {
  readStringTo(result, ptrn, variableName);
}
inline std::string InStream::readLine(const pattern &p, const std::string &variableName) { return readString(p, variableName); }
inline std::string InStream::readLine(const std::string &ptrn, const std::string &variableName) { return readString(ptrn, variableName); }
inline std::vector<std::string> InStream::readLines(int size, const pattern &p, const std::string &variablesName, int indexBase) {
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readLines, readString(p, variablesName), std::string, false)
}
inline std::vector<std::string> InStream::readLines(int size, const std::string &ptrn, const std::string &variablesName, int indexBase) {
  pattern p(ptrn);
  if (strict && !variablesName.empty()) validator.addVariable(variablesName);
  __testlib_readMany(readLines, readString(p, variablesName), std::string, false)
}

inline void InStream::close() {
  if (reader != NULL) {
    reader->close();
    delete reader;
    reader = NULL;
  }
  opened = false;
}

/* ---------------------------------------------------------------- generator options */

std::vector<std::string> __testlib_argv;
std::map<std::string, std::string> __testlib_opts;
std::set<std::string> __testlib_usedOpts;

/* Set by has_opt and opt(key, default): from then on an option never read is a FAIL at exit. */
bool __testlib_ensureNoUnusedOptsFlag = false;
bool __testlib_ensureNoUnusedOptsSuppressed = false;

/* 1 for "-key", 2 for "--key", 0 for a value: a key starts with a letter ("-5", "-.5", "---x" are values). */
inline size_t __testlib_optType(const char *s) {
  if (s == NULL || std::strlen(s) <= 1 || s[0] != '-') return 0;
  if (std::isalpha((unsigned char)s[1])) return 1;
  if (s[1] == '-' && std::isalpha((unsigned char)s[2])) return 2;
  return 0;
}

/*
 * Options as testlib reads them: "-key=value", "-key value" (the next argument is not a key),
 * "-k10" (a one-letter key and its number) and a bare "-flag" (= "true"); "--" works as "-".
 */
inline void prepareOpts(int argc, char *argv[]) {
  if (argc <= 0) __testlib_fail("Opts: expected argc>=0 but found " + toString(argc));
  __testlib_opts.clear();
  __testlib_usedOpts.clear();
  for (int i = 1; i < argc; i++) {
    size_t type = __testlib_optType(argv[i]);
    if (type == 0) continue;
    std::string key(argv[i] + type), value;
    size_t eq = key.find('=');
    if (eq != std::string::npos) {
      value = key.substr(eq + 1);
      key = key.substr(0, eq);
    } else if (i + 1 < argc && __testlib_optType(argv[i + 1]) == 0) {
      value = argv[++i];
    } else if (key.length() > 1 && std::isdigit((unsigned char)key[1])) {
      value = key.substr(1);
      key = key.substr(0, 1);
    } else {
      value = "true";
    }
    __testlib_opts[key] = value;
  }
  __testlib_argv.assign(argv, argv + argc);
}

inline std::string __testlib_indexToArgv(int index) {
  if (index < 0 || index >= int(__testlib_argv.size()))
    __testlib_fail("Opts: index '" + toString(index) + "' is out of range [0," + toString(__testlib_argv.size()) + ")");
  return __testlib_argv[size_t(index)];
}

/* The value of an option, which now counts as read. */
inline std::string __testlib_keyToOpts(const std::string &key) {
  std::map<std::string, std::string>::iterator it = __testlib_opts.find(key);
  if (it == __testlib_opts.end()) __testlib_fail("Opts: unknown key '" + compress(key) + "'");
  __testlib_usedOpts.insert(key);
  return it->second;
}

inline long double __testlib_optValueToLongDouble(const std::string &s);

/* "3e6" -> "3000000", "-1.5e-2" -> "-0.015": exponential notation written out by moving the point. */
inline std::string __testlib_parseExponentialOptValue(const std::string &s) {
  const std::string bad = "Opts: expected typical exponential notation but '" + compress(s) + "' found";
  size_t pos = std::string::npos;
  for (size_t i = 0; i < s.length(); i++)
    if (s[i] == 'e' || s[i] == 'E') {
      if (pos != std::string::npos) __testlib_fail(bad);
      pos = i;
    }
  if (pos == std::string::npos) return s;
  std::string e = s.substr(pos + 1);
  if (!e.empty() && e[0] == '+') e = e.substr(1);
  if (e.empty() || e.length() > 20) __testlib_fail(bad);
  std::string num = s.substr(0, pos);
  if (num.length() > 20) __testlib_fail(bad);
  // The exponent as an int (same checks as any integer option).
  int ne = 0;
  {
    bool minus = e[0] == '-';
    long double about = 0;
    for (size_t i = minus ? 1 : 0; i < e.length(); i++) {
      if (e[i] < '0' || e[i] > '9') __testlib_fail("Opts: expected integer but '" + compress(e) + "' found");
      ne = ne * 10 + (e[i] - '0');
      about = about * 10 + (e[i] - '0');
      if (about > 1e9) __testlib_fail("Opts: integer overflow: expected integer but '" + compress(e) + "' found");
    }
    if (minus) ne = -ne;
  }
  if (!num.empty() && num[0] == '+') num = num.substr(1);
  __testlib_optValueToLongDouble(num);  // the mantissa must be a number
  bool minus = false;
  if (num[0] == '-') minus = true, num = num.substr(1);
  for (int i = 0; i < ne; i++) {
    size_t sep = num.find('.');
    if (sep == std::string::npos)
      num += '0';
    else if (sep + 1 == num.length())
      num[sep] = '0';
    else
      std::swap(num[sep], num[sep + 1]);
  }
  for (int i = 0; i < -ne; i++) {
    size_t sep = num.find('.');
    if (sep == std::string::npos)
      num.insert(num.begin() + int(num.length()) - 1, '.');
    else if (sep == 0)
      num.insert(num.begin() + 1, '0');
    else
      std::swap(num[sep - 1], num[sep]);
  }
  while (!num.empty() && num[0] == '0') num = num.substr(1);
  while (num.find('.') != std::string::npos && num[num.length() - 1] == '0') num = num.substr(0, num.length() - 1);
  if (!num.empty() && num[num.length() - 1] == '.') num = num.substr(0, num.length() - 1);
  if (num.empty() || num[0] == '.') num.insert(num.begin(), '0');
  return (minus ? "-" : "") + num;
}

/* An integer option: digits only (after exponent notation is written out), fitting T. */
template <typename T>
T __testlib_optValueToIntegral(const std::string &original, bool nonnegative) {
  std::string s(__testlib_parseExponentialOptValue(original));
  if (s.empty()) __testlib_fail("Opts: expected integer but '" + compress(original) + "' found");
  T value = 0;
  long double about = 0.0;
  int sign = +1;
  size_t pos = 0;
  if (s[0] == '-') {
    if (nonnegative) __testlib_fail("Opts: expected non-negative integer but '" + compress(original) + "' found");
    sign = -1;
    pos++;
  }
  for (size_t i = pos; i < s.length(); i++) {
    if (s[i] < '0' || s[i] > '9') __testlib_fail("Opts: expected integer but '" + compress(original) + "' found");
    value = T(value * 10 + s[i] - '0');
    about = about * 10 + s[i] - '0';
  }
  value = T(value * sign);
  about *= sign;
  // The digits read into T and into a long double part ways when T overflows.
  if (std::fabs((long double)value - about) > 0.1)
    __testlib_fail("Opts: integer overflow: expected integer but '" + compress(original) + "' found");
  return value;
}

inline long double __testlib_optValueToLongDouble(const std::string &original) {
  std::string s(__testlib_parseExponentialOptValue(original));
  const std::string bad = "Opts: expected float number but '" + compress(original) + "' found";
  if (s.empty()) __testlib_fail(bad);
  long double value = 0.0, mul = 1.0;
  int sign = +1;
  size_t pos = 0;
  if (s[0] == '-') sign = -1, pos++;
  bool period = false;
  for (size_t i = pos; i < s.length(); i++) {
    if (s[i] == '.') {
      if (period) __testlib_fail(bad);
      period = true;
      continue;
    }
    if (s[i] < '0' || s[i] > '9') __testlib_fail(bad);
    if (period) {
      mul *= 10.0;
      value += (s[i] - '0') / mul;
    } else {
      value = value * 10 + s[i] - '0';
    }
  }
  return value * sign;
}

/* The option's text as T: bool from true/false/1/0, integers and floating point as testlib parses them, else the text. */
template <typename T>
T __testlib_optValue(const std::string &value, const std::string &, std::true_type /* integral */) {
  return __testlib_optValueToIntegral<T>(value, std::is_unsigned<T>::value);
}

template <typename T>
T __testlib_optValue(const std::string &value, const std::string &, std::false_type) {
  return T(__testlib_optValueToLongDouble(value));
}

template <typename T>
T __testlib_parseOpt(const std::string &value, const std::string &what) {
  return __testlib_optValue<T>(value, what, std::integral_constant<bool, std::is_integral<T>::value>());
}

template <>
inline std::string __testlib_parseOpt<std::string>(const std::string &value, const std::string &) { return value; }

template <>
inline bool __testlib_parseOpt<bool>(const std::string &value, const std::string &what) {
  if (value == "true" || value == "1") return true;
  if (value == "false" || value == "0") return false;
  __testlib_fail("Opts: " + what + ": expected bool true/false or 0/1 but '" + compress(value) + "' found");
}

/* Whether the option was given; asking does not count as reading it. */
inline bool has_opt(const std::string &key) {
  __testlib_ensureNoUnusedOptsFlag = true;
  return __testlib_opts.count(key) != 0;
}

template <typename T>
T opt(const std::string &key) {
  // An absent flag is false (and asking turns on the check at exit), as testlib.
  if (std::is_same<T, bool>::value && !has_opt(key)) return __testlib_parseOpt<T>("false", key);
  return __testlib_parseOpt<T>(__testlib_keyToOpts(key), "key '" + compress(key) + "'");
}

template <typename T>
T opt(const std::string &key, const T &defaultValue) {
  return has_opt(key) ? opt<T>(key) : defaultValue;
}

template <typename T>
T opt(int index) {
  return __testlib_parseOpt<T>(__testlib_indexToArgv(index), "opt by index '" + toString(index) + "'");
}

template <typename T>
T opt(int index, const T &defaultValue) {
  return index >= int(__testlib_argv.size()) ? defaultValue : opt<T>(index);
}

inline std::string opt(const std::string &key) { return opt<std::string>(key); }
inline std::string opt(int index) { return opt<std::string>(index); }
inline std::string opt(const char *key) { return opt<std::string>(std::string(key)); }
inline std::string opt(const std::string &key, const std::string &defaultValue) { return opt<std::string>(key, defaultValue); }
inline std::string opt(int index, const std::string &defaultValue) { return opt<std::string>(index, defaultValue); }

/* Turns off the check at exit (an explicit ensureNoUnusedOpts() still checks). */
inline void suppressEnsureNoUnusedOpts() { __testlib_ensureNoUnusedOptsSuppressed = true; }
inline void suppressEnsureNoUnusedOpt() { suppressEnsureNoUnusedOpts(); }  // the name of testlib 0.9.40

/* FAIL "Opts: unused key 'k'" for an option given on the command line that the generator never read. */
inline void ensureNoUnusedOpts() {
  for (std::map<std::string, std::string>::iterator i = __testlib_opts.begin(); i != __testlib_opts.end(); i++)
    if (!__testlib_usedOpts.count(i->first)) __testlib_fail("Opts: unused key '" + compress(i->first) + "'");
}

inline void __testlib_autoEnsureNoUnusedOpts() {
  if (!__testlib_ensureNoUnusedOptsFlag || __testlib_ensureNoUnusedOptsSuppressed) return;
  for (std::map<std::string, std::string>::iterator i = __testlib_opts.begin(); i != __testlib_opts.end(); i++)
    if (!__testlib_usedOpts.count(i->first)) TestlibFinalizeGuard::finalFail("Opts: unused key '" + compress(i->first) + "'");
}

inline void check_unused_opt() { ensureNoUnusedOpts(); }

/* ---------------------------------------------------------------- register functions */

NORETURN inline void __testlib_help() {
  std::fprintf(stderr, "TESTLIB %s (the online judge's implementation of the testlib API)\n", VERSION);
  std::fprintf(stderr, "Checker name: \"%s\"\n", checkerName.c_str());
  std::fprintf(stderr, "Program must be run with the following arguments: \n");
  std::fprintf(stderr, "    <input-file> <output-file> <answer-file> [<report-file> [<-appes>]]\n\n");
  std::exit(FAIL_EXIT_CODE);
}

static void __testlib_ensuresPreconditions() {
  __TESTLIB_STATIC_ASSERT(sizeof(int) == 4);
  __TESTLIB_STATIC_ASSERT(INT_MAX == 2147483647);
  __TESTLIB_STATIC_ASSERT(sizeof(long long) == 8);
  __TESTLIB_STATIC_ASSERT(sizeof(double) == 8);
  if (!__testlib_isNaN(+__testlib_nan()) || !__testlib_isNaN(-__testlib_nan()))
    quit(_fail, "Function __testlib_isNaN is not working correctly: possible reason is '-ffast-math'");
}

inline void registerGen(int argc, char *argv[], int randomGeneratorVersion) {
  if (randomGeneratorVersion < 0 || randomGeneratorVersion > 1) quitf(_fail, "Random generator version is expected to be 0 or 1.");
  random_t::version = randomGeneratorVersion;
  __testlib_ensuresPreconditions();
  TestlibFinalizeGuard::registered = true;
  testlibMode = _generator;
  prepareOpts(argc, argv);
  rnd.setSeed(argc, argv);
}

inline void registerGen(int argc, char *argv[]) {
  std::fprintf(stderr,
               "Use registerGen(argc, argv, 0) or registerGen(argc, argv, 1). The third parameter stands for the random "
               "generator version.\n\n");
  registerGen(argc, argv, 0);
}

inline void registerInteraction(int argc, char *argv[]) {
  __testlib_ensuresPreconditions();
  TestlibFinalizeGuard::registered = true;
  testlibMode = _interactor;
  if (argc > 1 && !std::strcmp("--help", argv[1])) __testlib_help();
  if (argc < 3 || argc > 6)
    quit(_fail, std::string("Program must be run with the following arguments: ") +
                    "<input-file> <output-file> [<answer-file> [<report-file> [<-appes>]]]" + "\nUse \"--help\" to get help information");
  resultName = "";
  appesMode = false;
  if (argc == 5) resultName = argv[4];
  if (argc == 6) {
    if (std::strcmp("-APPES", argv[5]) && std::strcmp("-appes", argv[5]))
      quit(_fail, std::string("Program must be run with the following arguments: ") +
                      "<input-file> <output-file> <answer-file> [<report-file> [<-appes>]]");
    resultName = argv[4];
    appesMode = true;
  }
  inf.init(argv[1], _input);
  tout.open(argv[2], std::ios_base::out);
  if (tout.fail() || !tout.is_open()) quit(_fail, std::string("Can not write to the test-output-file '") + argv[2] + "'");
  ouf.init(stdin, _output);
  if (argc >= 4)
    ans.init(argv[3], _answer);
  else
    ans.name = "unopened answer stream";
}

inline void registerValidation() {
  __testlib_ensuresPreconditions();
  TestlibFinalizeGuard::registered = true;
  testlibMode = _validator;
  inf.init(stdin, _input);
  inf.strict = true;
}

inline void registerValidation(int argc, char *argv[]) {
  registerValidation();
  validator.initialize();
  prepareOpts(argc, argv);
  for (int i = 1; i < argc; i++) {
    std::string a(argv[i]);
    bool known = a == "--testset" || a == "--group" || a == "--testOverviewLogFileName" || a == "--testMarkupFileName" ||
                 a == "--testCase" || a == "--testCaseFileName";
    if (!known) continue;
    if (i + 1 >= argc)
      quit(_fail, std::string("Validator must be run with the following arguments: ") +
                      "[--testset testset] [--group group] [--testOverviewLogFileName fileName]");
    const char *value = argv[++i];
    if (a == "--testset") validator.setTestset(value);
    if (a == "--group") validator.setGroup(value);
    if (a == "--testOverviewLogFileName") validator.setTestOverviewLogFileName(value);
    if (a == "--testMarkupFileName") validator.setTestMarkupFileName(value);
    if (a == "--testCaseFileName") validator.setTestCaseFileName(value);
    if (a == "--testCase") {
      int tc = std::atoi(value);
      if (tc < 1 || tc > __TESTLIB_MAX_TEST_CASE) __testlib_fail(std::string("Argument testCase should be between 1 and 1073741823, but ") + value + " found");
      validator.setTestCase(tc);
    }
  }
}

inline void addFeature(const std::string &feature) {
  if (testlibMode != _validator) quit(_fail, "Features are supported in validators only.");
  validator.addFeature(feature);
}

inline void feature(const std::string &feature) {
  if (testlibMode != _validator) quit(_fail, "Features are supported in validators only.");
  validator.feature(feature);
}

inline void registerTestlibCmd(int argc, char *argv[]) {
  __testlib_ensuresPreconditions();
  TestlibFinalizeGuard::registered = true;
  testlibMode = _checker;
  if (argc > 1 && !std::strcmp("--help", argv[1])) __testlib_help();
  // "--testset T" and "--group G" may follow the files (testlib 0.9.38+): checker.testset()/group().
  std::vector<char *> args;
  for (int i = 0; i < argc; i++) {
    if ((!std::strcmp(argv[i], "--testset") || !std::strcmp(argv[i], "--group")) && i + 1 < argc) {
      if (!std::strcmp(argv[i], "--testset"))
        checker.setTestset(argv[i + 1]);
      else
        checker.setGroup(argv[i + 1]);
      i++;
      continue;
    }
    args.push_back(argv[i]);
  }
  int n = int(args.size());
  if (n < 4 || n > 6)
    quit(_fail, std::string("Program must be run with the following arguments: ") +
                    "<input-file> <output-file> <answer-file> [<report-file> [<-appes>]]" + "\nUse \"--help\" to get help information");
  resultName = "";
  appesMode = false;
  if (n == 5) resultName = args[4];
  if (n == 6) {
    if (std::strcmp("-APPES", args[5]) && std::strcmp("-appes", args[5]))
      quit(_fail, std::string("Program must be run with the following arguments: ") +
                      "<input-file> <output-file> <answer-file> [<report-file> [<-appes>]]");
    resultName = args[4];
    appesMode = true;
  }
  inf.init(args[1], _input);
  ouf.init(args[2], _output);
  ouf.skipBom(); // the contestant's output only, as testlib
  ans.init(args[3], _answer);
}

inline void registerTestlib(int argc, ...) {
  if (argc < 3 || argc > 5)
    quit(_fail, std::string("Program must be run with the following arguments: ") +
                    "<input-file> <output-file> <answer-file> [<report-file> [<-appes>]]");
  std::vector<char *> argv(argc + 1);
  va_list ap;
  va_start(ap, argc);
  argv[0] = NULL;
  for (int i = 0; i < argc; i++) argv[i + 1] = va_arg(ap, char *);
  va_end(ap);
  registerTestlibCmd(argc + 1, argv.data());
}

/* Same order as testlib's shuffle, so generators print the same tests. */
template <typename _RandomAccessIter>
void shuffle(_RandomAccessIter __first, _RandomAccessIter __last) {
  if (__first == __last) return;
  for (_RandomAccessIter __i = __first + 1; __i != __last; ++__i) std::iter_swap(__i, __first + rnd.next(int(__i - __first) + 1));
}

inline void startTest(int test) {
  const std::string testFileName = vtos(test);
  if (std::freopen(testFileName.c_str(), "wt", stdout) == NULL) __testlib_fail("Unable to write file '" + testFileName + "'");
}

/* ---------------------------------------------------------------- println */

template <typename T>
struct __testlib_is_iterable {
  template <typename U>
  static char test(typename U::iterator *);
  template <typename U>
  static long test(...);
  static const bool value = sizeof(test<T>(0)) == 1;
};

template <typename T>
typename std::enable_if<!__testlib_is_iterable<T>::value || std::is_same<T, std::string>::value, void>::type __testlib_print_one(const T &t) {
  std::cout << t;
}

template <typename T>
typename std::enable_if<__testlib_is_iterable<T>::value && !std::is_same<T, std::string>::value, void>::type __testlib_print_one(const T &t) {
  bool first = true;
  for (typename T::const_iterator i = t.begin(); i != t.end(); i++) {
    if (!first) std::cout << " ";
    first = false;
    std::cout << *i;
  }
}

template <typename T>
struct __testlib_is_iterator {
  template <typename U>
  static char test(typename std::iterator_traits<U>::iterator_category *);
  template <typename U>
  static long test(...);
  static const bool value = sizeof(test<T>(0)) == 1 && !std::is_same<typename std::decay<T>::type, char *>::value &&
                            !std::is_same<typename std::decay<T>::type, const char *>::value;
};

template <typename A, typename B>
void __println_range(A begin, B end) {
  bool first = true;
  for (A i = begin; i != end; i++) {
    if (!first) std::cout << " ";
    first = false;
    __testlib_print_one(*i);
  }
  std::cout << std::endl;
}

inline void println() { std::cout << std::endl; }

template <typename T>
void println(const T &x) {
  __testlib_print_one(x);
  std::cout << std::endl;
}

template <typename A, typename B>
typename std::enable_if<__testlib_is_iterator<B>::value && std::is_same<A, B>::value, void>::type println(const A &a, const B &b) {
  __println_range(a, b);
}

template <typename A, typename B>
typename std::enable_if<!(__testlib_is_iterator<B>::value && std::is_same<A, B>::value), void>::type println(const A &a, const B &b) {
  __testlib_print_one(a);
  std::cout << " ";
  __testlib_print_one(b);
  std::cout << std::endl;
}

template <typename A, typename B, typename C, typename... Rest>
void println(const A &a, const B &b, const C &c, const Rest &...rest) {
  __testlib_print_one(a);
  std::cout << " ";
  println(b, c, rest...);
}

/* Last of the header's globals, so its checks at exit still see every other one. */
TestlibFinalizeGuard testlibFinalizeGuard;

#endif
