/**
 * Programs for the A + B problems of the tests: read two integers, print their sum (or not). The text
 * matters only as far as a test greps it (a tag, `std::cin`); the behaviour is the contract.
 */

/** A + B in C: accepted by the A + B problems the tests make (and the seeded demo). */
export const AC_C = '#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); return 0; }\n';
/** A - B in C: a wrong answer there. */
export const WA_C = '#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a - b); return 0; }\n';
/** A + B in C++ (accepted). */
export const AC_CPP = '#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a + b << std::endl;\n  return 0;\n}\n';
/** A - B in C++ (a wrong answer). */
export const WA_CPP = '#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a - b << std::endl;\n  return 0;\n}\n';
/** A + B in Python 3 (accepted). */
export const AC_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';

/**
 * C programs whose text carries a tag in a comment: two submissions with different tags are different
 * code, so neither a judge's compile cache nor a duplicate check merges them. A missing input line is a
 * runtime error (exit 1), not a guess.
 */
export const taggedC = {
  /** Accepted. */
  aPlusB: (tag = '') => `#include <stdio.h>\n/* ${tag} */\nint main(void) { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1;
  printf("%lld\\n", a + b); return 0; }\n`,
  /** Wrong answer (prints a - b). */
  aMinusB: (tag = '') => `#include <stdio.h>\n/* ${tag} */\nint main(void) { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1;
  printf("%lld\\n", a - b); return 0; }\n`,
  /** The right answer after `ms` of CPU time (per case): a time limit below that is exceeded. */
  slowAPlusB: (ms: number, tag = '') =>
    `#include <stdio.h>\n#include <time.h>\n/* ${tag} */\nint main(void) { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1;\n` +
    `  while (clock() < (clock_t)${ms} * (CLOCKS_PER_SEC / 1000)) {}\n  printf("%lld\\n", a + b); return 0; }\n`,
};

/** Spins until killed: time limit exceeded whatever the limit. */
export const SPIN_FOREVER_C = '#include <stdio.h>\nint main(void) { volatile unsigned long long x = 0; for (;;) x++; }\n';
/** Does not compile (the compiler's message names `undeclared_name`). */
export const COMPILE_ERROR_C = 'int main(void) { return undeclared_name; }\n';
