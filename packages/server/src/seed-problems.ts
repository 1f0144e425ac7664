/**
 * Demo problems for a fresh site: ten classic exercises with generated test data and reference
 * solutions (A + B first), then one of each special kind: a special judge (P1010), OI subtasks
 * (P1011) and file IO (P1012). `seedProblems` creates them only when the problem bank is empty, so
 * it is safe to call on every start (seed.ts does, when asked to seed demo content).
 */
import { and, count, eq } from 'drizzle-orm';
import { OWN_OJ, type UiLanguage } from '@oj/shared';
import type { AppContext } from './context.js';
import { problems, problemTags, tags } from './db/schema/index.js';
import { saveCaseSet } from './lib/testdata.js';
import { demoTexts, type DemoProblemId, type DemoProblemText } from './demo-texts/index.js';

/** A demo problem's data: the same on every site (its words come from demo-texts in OJ_DEMO_LANG). */
export interface DemoProblemData {
  problemId: DemoProblemId;
  difficulty: number;
  tags: string[];
  /** test cases as (input, answer); the first one is also the example */
  cases: { input: string; output: string; score?: number; groupNum?: number }[];
  /** reference solutions by language name */
  solutions: Record<string, string>;
  /** solutions that must NOT be accepted (wrong or too slow), by language name; the seed test judges them */
  wrongSolutions?: Record<string, string>;
  /** 0 ACM (default), 1 OI */
  type?: 0 | 1;
  judgeCaseMode?: 'default' | 'subtask_lowest' | 'subtask_average';
  timeLimit?: number;
  memoryLimit?: number;
  /** a special judge (C), which makes the problem judgeMode spj */
  spj?: { language: 'C' | 'C++'; code: string };
  /** file IO: the program reads `input` and writes `output` instead of stdin/stdout */
  fileIO?: { input: string; output: string };
}

/** A small deterministic generator, so the demo data is the same on every site. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (lo: number, hi: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return lo + (s % (hi - lo + 1));
  };
}

const lines = (...xs: (string | number | bigint)[]) => `${xs.join('\n')}\n`;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function cases(seed: number, sizes: number[], make: (r: ReturnType<typeof rng>, size: number) => { input: string; output: string }) {
  const r = rng(seed);
  return sizes.map((size) => make(r, size));
}

const isPrime = (n: number) => {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
};
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

function lis(a: number[]): number {
  const tails: number[] = [];
  for (const x of a) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = x;
  }
  return tails.length;
}

/** Built on first use: generating the cases costs a second or two, which every start and test file would pay on import. */
const classicProblems = (): DemoProblemData[] => [
  {
    problemId: 'P1000',
    difficulty: 0,
    tags: ['Beginner', 'Math'],
    cases: [
      { input: '1 2\n', output: '3\n' },
      ...cases(1000, [1, 2, 3, 4, 5, 6, 7, 8, 9], (r) => {
        const a = r(-1e9, 1e9);
        const b = r(-1e9, 1e9);
        return { input: `${a} ${b}\n`, output: lines(a + b) };
      }),
    ],
    solutions: {
      'C++': '#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a + b << std::endl;\n  return 0;\n}\n',
      C: '#include <stdio.h>\nint main(void) {\n  long long a, b;\n  scanf("%lld %lld", &a, &b);\n  printf("%lld\\n", a + b);\n  return 0;\n}\n',
      Python3: 'a, b = map(int, input().split())\nprint(a + b)\n',
    },
  },
  {
    problemId: 'P1001',
    difficulty: 0,
    tags: ['Beginner'],
    cases: [
      { input: '5\n3 -1 4 1 5\n', output: '5\n' },
      ...cases(1001, [1, 10, 1000, 100000], (r, n) => {
        const a = range(n).map(() => r(-1e9, 1e9));
        return { input: lines(n, a.join(' ')), output: lines(a.reduce((m, x) => (x > m ? x : m))) };
      }),
    ],
    solutions: { Python3: 'input()\nprint(max(map(int, input().split())))\n' },
  },
  {
    problemId: 'P1002',
    difficulty: 1,
    tags: ['Beginner', 'Math'],
    cases: [
      { input: '3\n1000000000 1000000000 1000000000\n', output: '3000000000\n' },
      ...cases(1002, [1, 100, 100000], (r, n) => {
        const a = range(n).map(() => r(0, 1e9));
        return { input: lines(n, a.join(' ')), output: lines(a.reduce((s, x) => s + BigInt(x), 0n)) };
      }),
    ],
    solutions: { Python3: 'input()\nprint(sum(map(int, input().split())))\n' },
  },
  {
    problemId: 'P1003',
    difficulty: 0,
    tags: ['String'],
    cases: [
      { input: 'hello\n', output: 'olleh\n' },
      ...cases(1003, [1, 7, 1000], (r, n) => {
        const w = range(n)
          .map(() => String.fromCharCode(97 + r(0, 25)))
          .join('');
        return { input: lines(w), output: lines([...w].reverse().join('')) };
      }),
    ],
    solutions: { Python3: 'print(input().strip()[::-1])\n' },
  },
  {
    problemId: 'P1004',
    difficulty: 1,
    tags: ['Math', 'Dynamic Programming'],
    cases: [1, 2, 10, 50, 1000, 1000000].map((n) => {
      let a = 1n;
      let b = 1n;
      for (let i = 3; i <= n; i++) [a, b] = [b, (a + b) % 1000000007n];
      return { input: lines(n), output: lines(n <= 2 ? 1 : b) };
    }),
    solutions: {
      Python3: 'n = int(input())\na, b = 1, 1\nfor _ in range(n - 2):\n    a, b = b, (a + b) % 1000000007\nprint(b if n > 2 else 1)\n',
    },
  },
  {
    problemId: 'P1005',
    difficulty: 1,
    tags: ['Math'],
    cases: [
      { input: '3\n1\n2\n9\n', output: 'No\nYes\nNo\n' },
      ...cases(1005, [10, 100], (r, q) => {
        const xs = range(q).map((i) => (i % 3 === 0 ? [999999937, 1000000007 - 2, 97, 1e9][i % 4]! : r(1, 1e9)));
        return { input: lines(q, ...xs), output: lines(...xs.map((x) => (isPrime(x) ? 'Yes' : 'No'))) };
      }),
    ],
    solutions: {
      Python3:
        'def prime(x):\n    if x < 2:\n        return False\n' +
        '    d = 2\n    while d * d <= x:\n        if x % d == 0:\n            return False\n        d += 1\n    return True\n\n' +
        'q = int(input())\nfor _ in range(q):\n    print("Yes" if prime(int(input())) else "No")\n',
    },
  },
  {
    problemId: 'P1006',
    difficulty: 1,
    tags: ['Math'],
    cases: [
      { input: '4 6\n', output: '2 12\n' },
      ...cases(1006, [1, 2, 3, 4, 5], (r) => {
        const a = BigInt(r(1, 1e9));
        const b = BigInt(r(1, 1e9));
        const g = gcd(a, b);
        return { input: `${a} ${b}\n`, output: `${g} ${(a / g) * b}\n` };
      }),
    ],
    solutions: { Python3: 'from math import gcd\na, b = map(int, input().split())\ng = gcd(a, b)\nprint(g, a // g * b)\n' },
  },
  {
    problemId: 'P1007',
    difficulty: 1,
    tags: ['Sorting'],
    cases: [
      { input: '5\n5 2 4 2 1\n', output: '1 2 2 4 5\n' },
      ...cases(1007, [1, 50, 100000], (r, n) => {
        const a = range(n).map(() => r(-1e9, 1e9));
        return { input: lines(n, a.join(' ')), output: lines([...a].sort((x, y) => x - y).join(' ')) };
      }),
    ],
    solutions: { Python3: 'input()\nprint(*sorted(map(int, input().split())))\n' },
  },
  {
    problemId: 'P1008',
    difficulty: 2,
    tags: ['Dynamic Programming'],
    cases: [1, 2, 3, 10, 45, 100000].map((n) => {
      let a = 1n;
      let b = 1n;
      for (let i = 2; i <= n; i++) [a, b] = [b, (a + b) % 998244353n];
      return { input: lines(n), output: lines(b) };
    }),
    solutions: { Python3: 'n = int(input())\na, b = 1, 1\nfor _ in range(n - 1):\n    a, b = b, (a + b) % 998244353\nprint(b)\n' },
  },
  {
    problemId: 'P1009',
    difficulty: 3,
    tags: ['Dynamic Programming', 'Binary Search'],
    cases: [
      { input: '6\n1 5 2 4 3 6\n', output: '4\n' },
      ...cases(1009, [1, 10, 1000, 100000], (r, n) => {
        const a = range(n).map(() => r(0, 1e9));
        return { input: lines(n, a.join(' ')), output: lines(lis(a)) };
      }),
    ],
    solutions: {
      Python3:
        'from bisect import bisect_left\ninput()\ntails = []\nfor x in map(int, input().split()):\n    i = bisect_left(tails, x)\n' +
        '    if i == len(tails):\n        tails.append(x)\n    else:\n        tails[i] = x\nprint(len(tails))\n',
    },
  },
];

/** Prime counts for the subtask demo, from one sieve. */
function primeCounts(ns: number[]): Map<number, number> {
  const max = Math.max(...ns);
  const composite = new Uint8Array(max + 1);
  const out = new Map<number, number>();
  const wanted = new Set(ns);
  let count = 0;
  for (let i = 2; i <= max; i++) {
    if (!composite[i]) {
      count++;
      for (let j = i * i; j <= max; j += i) composite[j] = 1;
    }
    if (wanted.has(i)) out.set(i, count);
  }
  return out;
}

/** Special judge of P1010: accepts any number within 1e-6 (absolute or relative) of the answer. */
const SQRT_CHECKER = String.raw`#include <math.h>
#include <stdio.h>
/* argv[1] input, argv[2] the contestant's output, argv[3] the answer. Exit 0 Accepted, 1 Wrong Answer. */
int main(int argc, char *argv[]) {
  FILE *user = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  double expected, got;
  char extra;
  if (argc < 4 || !user || !ans || fscanf(ans, "%lf", &expected) != 1) { fprintf(stderr, "cannot read the answer\n"); return 3; }
  if (fscanf(user, "%lf", &got) != 1) { fprintf(stderr, "no number found\n"); return 1; }
  double tolerance = 1e-6 * (fabs(expected) > 1 ? fabs(expected) : 1);
  if (!(fabs(got - expected) <= tolerance)) { fprintf(stderr, "expected %.9f, found %.9f\n", expected, got); return 1; }
  if (fscanf(user, " %c", &extra) == 1) { fprintf(stderr, "extra output after the number\n"); return 1; }
  return 0;
}
`;

const PRIME_NS = [10, 1000, 50000, 100000, 10000000, 20000000];
const PRIME_GROUPS: Record<number, [number, number]> = { 10: [1, 30], 1000: [1, 30], 50000: [2, 30], 100000: [2, 30], 10000000: [3, 40], 20000000: [3, 40] };

const extraDemoProblems = (): DemoProblemData[] => [
  {
    problemId: 'P1010',
    difficulty: 1,
    tags: ['Math', 'Special Judge'],
    spj: { language: 'C', code: SQRT_CHECKER },
    cases: [2, 0, 1, 10, 99980001, 123456789, 1000000000000, 999999999999].map((x) => ({ input: lines(x), output: lines(Math.sqrt(x).toFixed(9)) })),
    solutions: {
      C: '#include <math.h>\n#include <stdio.h>\nint main(void) {\n  double x;\n  scanf("%lf", &x);\n  printf("%.6f\\n", sqrt(x));\n  return 0;\n}\n',
      Python3: 'import math\nprint(math.sqrt(int(input())))\n',
    },
    wrongSolutions: { Python3: 'import math\nprint(math.isqrt(int(input())))\n' },
  },
  {
    problemId: 'P1011',
    difficulty: 2,
    type: 1,
    judgeCaseMode: 'subtask_lowest',
    timeLimit: 2000,
    tags: ['Math', 'Number Theory'],
    cases: (() => {
      const counts = primeCounts(PRIME_NS);
      return PRIME_NS.map((n) => ({ input: lines(n), output: lines(counts.get(n)!), groupNum: PRIME_GROUPS[n]![0], score: PRIME_GROUPS[n]![1] }));
    })(),
    solutions: {
      C:
        '#include <stdio.h>\n#include <stdlib.h>\nint main(void) {\n  int n, count = 0;\n  scanf("%d", &n);\n  char *composite = calloc(n + 1, 1);\n' +
        '  for (long long i = 2; i <= n; i++) {\n    if (composite[i]) continue;\n' +
        '    count++;\n    for (long long j = i * i; j <= n; j += i) composite[j] = 1;\n  }\n' +
        '  printf("%d\\n", count);\n  return 0;\n}\n',
      'C++':
        '#include <iostream>\n#include <vector>\nint main() {\n  int n;\n  std::cin >> n;\n  std::vector<char> composite(n + 1);\n  int count = 0;\n' +
        '  for (long long i = 2; i <= n; i++) {\n    if (composite[i]) continue;\n' +
        '    count++;\n    for (long long j = i * i; j <= n; j += i) composite[j] = 1;\n  }\n' +
        '  std::cout << count << std::endl;\n}\n',
    },
    // Trial division: subtasks 1 and 2 only (60 points), the large tests exceed the time limit.
    wrongSolutions: {
      C:
        '#include <stdio.h>\nint main(void) {\n  int n, count = 0;\n  scanf("%d", &n);\n  for (int i = 2; i <= n; i++) {\n    int prime = 1;\n' +
        '    for (int d = 2; d * d <= i; d++) if (i % d == 0) { prime = 0; break; }\n    count += prime;\n  }\n  printf("%d\\n", count);\n  return 0;\n}\n',
    },
  },
  {
    problemId: 'P1012',
    difficulty: 0,
    fileIO: { input: 'reverse.in', output: 'reverse.out' },
    tags: ['Beginner', 'File IO'],
    cases: [
      { input: '5\n1 2 3 4 5\n', output: '5 4 3 2 1\n' },
      ...cases(1012, [1, 7, 1000, 100000], (r, n) => {
        const a = range(n).map(() => r(-1e9, 1e9));
        return { input: lines(n, a.join(' ')), output: lines([...a].reverse().join(' ')) };
      }),
    ],
    solutions: {
      C:
        '#include <stdio.h>\n#include <stdlib.h>\nint main(void) {\n  FILE *in = fopen("reverse.in", "r"), *out = fopen("reverse.out", "w");\n  int n;\n' +
        '  fscanf(in, "%d", &n);\n  long long *a = malloc(sizeof(long long) * n);\n  for (int i = 0; i < n; i++) fscanf(in, "%lld", &a[i]);\n' +
        '  for (int i = n - 1; i >= 0; i--) fprintf(out, i ? "%lld " : "%lld\\n", a[i]);\n  fclose(out);\n  return 0;\n}\n',
      Python3:
        "with open('reverse.in') as f:\n    n = int(f.readline())\n    a = f.readline().split()\n" +
        "with open('reverse.out', 'w') as f:\n    f.write(' '.join(reversed(a)) + '\\n')\n",
    },
    // Reads standard input and writes standard output, as in the other problems: no output file.
    wrongSolutions: { Python3: "input()\nprint(' '.join(reversed(input().split())))\n" },
  },
];

/** A demo problem with its statement in one language. */
export type DemoProblem = DemoProblemData & DemoProblemText;

/** The demo problems' data, generated once on first use. */
let demoData: DemoProblemData[] | undefined;

/** Every demo problem in `lang`: the ten classics, then the special-judge, subtask and file-IO demos. */
export function demoProblems(lang: UiLanguage): DemoProblem[] {
  const words = demoTexts(lang).problems;
  demoData ??= [...classicProblems(), ...extraDemoProblems()];
  return demoData.map((p) => ({ ...p, ...words[p.problemId] }));
}

/** Creates the demo problems when the site has no problem at all; returns how many were created. */
export async function seedProblems({ config, database }: AppContext): Promise<number> {
  const { db } = database;
  const [existing] = await db.select({ n: count() }).from(problems);
  if ((existing?.n ?? 0) > 0) return 0;
  const demos = demoProblems(config.demoLang);
  for (const demo of demos) {
    const pid = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(problems)
        .values({
          problemId: demo.problemId,
          title: demo.title,
          author: 'root',
          description: demo.description,
          input: demo.input,
          output: demo.output,
          hint: demo.hint,
          source: 'Demo',
          difficulty: demo.difficulty,
          examples: [{ input: demo.cases[0]!.input, output: demo.cases[0]!.output }],
          isUploadCase: false,
          type: demo.type ?? 0,
          judgeCaseMode: demo.judgeCaseMode ?? 'default',
          timeLimit: demo.timeLimit ?? 1000,
          memoryLimit: demo.memoryLimit ?? 256,
          judgeMode: demo.spj ? 'spj' : 'default',
          spjCode: demo.spj?.code ?? null,
          spjLanguage: demo.spj?.language ?? null,
          isFileIo: !!demo.fileIO,
          ioReadFileName: demo.fileIO?.input ?? null,
          ioWriteFileName: demo.fileIO?.output ?? null,
        })
        .returning({ id: problems.id });
      for (const name of demo.tags) {
        await tx.insert(tags).values({ name, oj: OWN_OJ }).onConflictDoNothing();
        const [tag] = await tx.select({ id: tags.id }).from(tags).where(eqTag(name));
        await tx.insert(problemTags).values({ pid: row!.id, tid: tag!.id }).onConflictDoNothing();
      }
      return row!.id;
    });
    await saveCaseSet(database, config.dataDir, pid, demo.cases);
  }
  return demos.length;
}

const eqTag = (name: string) => and(eq(tags.oj, OWN_OJ), eq(tags.name, name));
