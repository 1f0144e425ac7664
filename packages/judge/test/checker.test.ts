/** Special judge: both result conventions, partial scores, the shipped testlib subset, compile errors. */
import { JUDGE_ONLY_MARK, JudgeStatus } from '@oj/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { interpretChecker } from '../src/checker.js';
import { PROBLEM_TYPE } from '../src/modes.js';
import { ensureRunnerBuilt, type SandboxReport } from '../src/sandbox.js';
import { judgeSubmission } from '../src/submission.js';
import { testRun } from '../src/test-run.js';

const S = JudgeStatus;
beforeAll(() => {
  ensureRunnerBuilt();
});

/** Prints its input back; reports whether it can find the answer anywhere it knows of. */
const ECHO = `#include <stdio.h>
#include <unistd.h>
int main(void) {
  char buf[4096]; size_t n;
  while ((n = fread(buf, 1, sizeof buf, stdin)) > 0) fwrite(buf, 1, n, stdout);
  if (access("/judge/answer", F_OK) == 0 || access("/box/answer", F_OK) == 0) fprintf(stderr, "ANSWER VISIBLE");
  return 0;
}
`;

/** HOJ convention: 100 AC, 101 PE, 102 WA, 99 + percentage on stdout. Answer file lines: "<verdict> [pct]". */
const HOJ_CHECKER = `#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  FILE *in = fopen(argv[1], "r"), *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  char want[32] = "", got[64] = "", line[64] = "";
  int pct = 0;
  if (!in || !out || !ans) return 103;
  fscanf(in, "%63s", line);
  fscanf(ans, "%31s %d", want, &pct);
  if (fscanf(out, "%63s", got) != 1 || strcmp(got, line)) { fprintf(stderr, "echo mismatch"); return 102; }
  if (!strcmp(want, "AC")) return 100;
  if (!strcmp(want, "PE")) { fprintf(stderr, "spacing"); return 101; }
  if (!strcmp(want, "WA")) { fprintf(stderr, "not what I wanted"); return 102; }
  if (!strcmp(want, "PART")) { printf("%d\\n", pct); fprintf(stderr, "partly right"); return 99; }
  return 42;
}
`;

/** testlib convention through the shipped subset: the answer says which verdict to give. */
const TESTLIB_CHECKER = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  std::string mode = ans.readToken();
  int x = ouf.readInt();
  int expect = inf.readInt();
  if (x != expect) quitf(_wa, "expected %d, found %d", expect, x);
  if (mode == "points") quitp(25, "a quarter");
  if (mode == "pc") quitf(_pc(60), "sixty");
  if (mode == "fail") quitf(_fail, "the answer file is broken");
  quitf(_ok, "%d is right", x);
}
`;

const rep = (p: Partial<SandboxReport>): SandboxReport => ({
  status: 'OK',
  timeMs: 1,
  wallMs: 1,
  memoryKb: 1,
  exitCode: 0,
  signal: 0,
  oomKilled: false,
  error: '',
  cgroup: 'v1',
  cgroupPeakKb: 0,
  uid: 1,
  runnerPid: 1,
  ...p,
});

describe('interpretChecker', () => {
  it("reads HOJ exit codes under the 'hoj' convention", () => {
    const hoj = (r: Partial<SandboxReport>, stdout: string, stderr: string) => interpretChecker(rep(r), stdout, stderr, 'hoj');
    expect(hoj({ exitCode: 100 }, '', '').status).toBe(S.ACCEPTED);
    expect(hoj({ exitCode: 0 }, '', '').status).toBe(S.ACCEPTED);
    expect(hoj({ status: 'RE', exitCode: 101 }, '', 'x').status).toBe(S.PRESENTATION_ERROR);
    expect(hoj({ status: 'RE', exitCode: 102 }, '', 'no').status).toBe(S.WRONG_ANSWER);
    expect(hoj({ status: 'RE', exitCode: 1 }, '', '').status).toBe(S.WRONG_ANSWER);
    expect(hoj({ status: 'RE', exitCode: 103 }, '', 'oops')).toMatchObject({ status: S.SYSTEM_ERROR, message: expect.stringMatching(/oops/) });
    expect(hoj({ status: 'RE', exitCode: 99 }, '40\n', '')).toMatchObject({ status: S.PARTIAL_ACCEPTED, percentage: 40 });
    expect(hoj({ status: 'RE', exitCode: 99 }, '100', '').status).toBe(S.ACCEPTED);
    expect(hoj({ status: 'RE', exitCode: 99 }, '', '40 partly')).toMatchObject({ status: S.PARTIAL_ACCEPTED, percentage: 40, message: 'partly' });
    expect(hoj({ status: 'RE', exitCode: 99 }, '', '').status).toBe(S.SYSTEM_ERROR);
    // HOJ's own codes decide: a testlib report does not turn exit 0 into WA.
    // testlib's report is the judges' reading (it may quote the answer): never the contestant's message.
    expect(hoj({ exitCode: 0 }, '', 'wrong answer 1st numbers differ')).toEqual({ status: S.ACCEPTED, judgeMessage: 'wrong answer 1st numbers differ' });
    // Any other code is read as testlib's report, as HOJ's judge does (testlib's PE is exit 2, points 7).
    expect(hoj({ status: 'RE', exitCode: 7 }, '', 'points 12.5')).toMatchObject({ status: S.PARTIAL_ACCEPTED, percentage: 12.5 });
    expect(hoj({ status: 'RE', exitCode: 2 }, '', 'wrong output format Expected integer')).toMatchObject({
      status: S.PRESENTATION_ERROR,
      judgeMessage: 'Expected integer',
    });
    expect(hoj({ status: 'RE', exitCode: 3 }, '', 'FAIL broken').status).toBe(S.SYSTEM_ERROR);
    expect(hoj({ status: 'RE', exitCode: 2 }, '', 'no report').status).toBe(S.SYSTEM_ERROR);
    expect(hoj({ status: 'RE', exitCode: 42 }, '', '').status).toBe(S.SYSTEM_ERROR);
    expect(hoj({ status: 'RE', exitCode: null, signal: 11 }, '', '').status).toBe(S.SYSTEM_ERROR);
    expect(hoj({ status: 'TLE', exitCode: null, signal: 9 }, '', '').status).toBe(S.SYSTEM_ERROR);
    // A hand-written checker's text is the contestant's; what follows the judge-only mark is not.
    expect(hoj({ status: 'RE', exitCode: 102 }, '', `too far${JUDGE_ONLY_MARK}judge answer = 2`)).toEqual({
      status: S.WRONG_ANSWER,
      message: 'too far',
      judgeMessage: 'judge answer = 2',
    });
    expect(hoj({ status: 'RE', exitCode: 102 }, '', `${JUDGE_ONLY_MARK.slice(1)}judge answer = 2`)).toEqual({
      status: S.WRONG_ANSWER,
      judgeMessage: 'judge answer = 2',
    });
    expect(hoj({ status: 'RE', exitCode: 99 }, '', `40\nhalf${JUDGE_ONLY_MARK}hidden 7`)).toEqual({
      status: S.PARTIAL_ACCEPTED,
      percentage: 40,
      message: 'half',
      judgeMessage: 'hidden 7',
    });
  });

  it("reads testlib reports and exit codes under the 'testlib' convention", () => {
    const tl = (r: Partial<SandboxReport>, stderr: string) => interpretChecker(rep(r), '', stderr, 'testlib');
    expect(tl({ status: 'RE', exitCode: 1 }, 'wrong answer judge answer = 2')).toEqual({ status: S.WRONG_ANSWER, judgeMessage: 'judge answer = 2' });
    expect(tl({ status: 'RE', exitCode: 7 }, 'points 12.5 ok-ish')).toMatchObject({ status: S.PARTIAL_ACCEPTED, percentage: 12.5 });
    expect(tl({ status: 'RE', exitCode: 7 }, 'partially correct (30) hmm')).toMatchObject({ status: S.PARTIAL_ACCEPTED, percentage: 30 });
    expect(tl({ status: 'RE', exitCode: 3 }, 'FAIL bad answer file').status).toBe(S.SYSTEM_ERROR);
    expect(tl({ status: 'RE', exitCode: 2 }, '').status).toBe(S.PRESENTATION_ERROR);
    expect(tl({ status: 'RE', exitCode: 4 }, '').status).toBe(S.PRESENTATION_ERROR);
    expect(tl({ status: 'RE', exitCode: 1 }, '').status).toBe(S.WRONG_ANSWER);
    expect(tl({ status: 'RE', exitCode: 8 }, '').status).toBe(S.WRONG_ANSWER);
    expect(tl({ exitCode: 0 }, 'ok 3 numbers').status).toBe(S.ACCEPTED);
    // HOJ's codes mean nothing to testlib: not guessed.
    expect(tl({ status: 'RE', exitCode: 100 }, '').status).toBe(S.SYSTEM_ERROR);
    expect(tl({ status: 'RE', exitCode: 102 }, '').status).toBe(S.SYSTEM_ERROR);
    expect(tl({ status: 'RE', exitCode: 42 }, '').status).toBe(S.SYSTEM_ERROR);
    expect(tl({ status: 'RE', exitCode: null, signal: 11 }, '').status).toBe(S.SYSTEM_ERROR);
  });

  it("reads QDUOJ's special judge codes under the 'qduoj' convention: 0 AC, 1 WA, anything else System Error", () => {
    const qd = (r: Partial<SandboxReport>, stdout: string) => interpretChecker(rep(r), stdout, '', 'qduoj');
    expect(qd({ exitCode: 0 }, '').status).toBe(S.ACCEPTED);
    expect(qd({ status: 'RE', exitCode: 1 }, 'off by one')).toEqual({ status: S.WRONG_ANSWER, judgeMessage: 'off by one' });
    // QDUOJ's ERROR is -1, i.e. 255; HOJ's and testlib's codes mean nothing there.
    for (const exitCode of [255, 2, 100, 101, 102]) expect(qd({ status: 'RE', exitCode }, '').status).toBe(S.SYSTEM_ERROR);
    expect(qd({ status: 'RE', exitCode: 255 }, 'Usage: spj x.in x.out')).toMatchObject({ message: expect.stringMatching(/exited with code 255: Usage/) });
  });

  it("reads HUSTOJ's special judge codes under the 'hustoj' convention: 0 AC, any other code WA, its words the judges'", () => {
    const hu = (r: Partial<SandboxReport>, stdout: string) => interpretChecker(rep(r), stdout, '', 'hustoj');
    expect(hu({ exitCode: 0 }, '').status).toBe(S.ACCEPTED);
    for (const exitCode of [1, 2, 3, 100, 101, 255]) expect(hu({ status: 'RE', exitCode }, '').status).toBe(S.WRONG_ANSWER);
    expect(hu({ status: 'RE', exitCode: 1 }, 'expected 3')).toEqual({ status: S.WRONG_ANSWER, judgeMessage: 'expected 3' });
    // A special judge that crashes or runs out of time is ours to report, not the contestant's WA.
    expect(hu({ status: 'RE', exitCode: null, signal: 11 }, '').status).toBe(S.SYSTEM_ERROR);
    expect(hu({ status: 'TLE', exitCode: null }, '').status).toBe(S.SYSTEM_ERROR);
  });
});

describe('special judge', () => {
  it('HOJ exit codes: AC, PE, WA and partial points, with the answer kept out of the program box', async () => {
    const cases = [['AC'], ['PE'], ['WA'], ['PART 50'], ['PART 100']].map(([ans], i) => ({ input: `line${i}\n`, output: `${ans}\n`, score: 20 }));
    const r = await judgeSubmission({
      language: 'C',
      code: ECHO,
      cases,
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      problemType: PROBLEM_TYPE.OI,
      judgeMode: 'spj',
      checker: { language: 'C', code: HOJ_CHECKER },
    });
    expect(r.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.PRESENTATION_ERROR, S.WRONG_ANSWER, S.PARTIAL_ACCEPTED, S.ACCEPTED]);
    expect(r.cases.map((c) => c.score)).toEqual([20, 0, 0, 10, 20]);
    expect(r.cases[3]).toMatchObject({ percentage: 50, message: 'partly right' });
    expect(r.cases[2].message).toBe('not what I wanted');
    expect(r.cases[0].userOutput).toBe('line0\n');
    expect(r.cases.map((c) => c.stderr).join('')).not.toMatch(/ANSWER VISIBLE/);
    expect(r.status).toBe(S.PARTIAL_ACCEPTED);
    expect(r.score).toBe(50);
  });

  it('testlib checkers compile against the shipped testlib.h: ok, wrong answer, extra output, points, FAIL', async () => {
    const cases = [
      { input: '7', output: 'ok' },
      { input: '8', output: 'ok' },
      { input: '9 extra', output: 'ok' },
      { input: '10', output: 'points' },
      { input: '11', output: 'pc' },
      { input: '12', output: 'fail' },
    ];
    // The program prints the first number +1 when it is 8, and echoes everything else.
    const code = `#include <stdio.h>
int main(void){ int x; char rest[64] = ""; scanf("%d", &x); scanf("%63s", rest); printf("%d %s\\n", x == 8 ? 9 : x, rest); return 0; }`;
    const r = await judgeSubmission({
      language: 'C',
      code,
      cases: cases.map((c) => ({ ...c, score: 10 })),
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      problemType: PROBLEM_TYPE.OI,
      judgeMode: 'spj',
      checker: { language: 'C++', code: TESTLIB_CHECKER },
      checkerConvention: 'testlib',
    });
    expect(r.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.WRONG_ANSWER, S.PRESENTATION_ERROR, S.PARTIAL_ACCEPTED, S.PARTIAL_ACCEPTED, S.SYSTEM_ERROR]);
    // testlib's comments are for the judges: the contestant's message stays empty.
    expect(r.cases.slice(0, 3).map((c) => c.message)).toEqual([undefined, undefined, undefined]);
    expect(r.cases[0].judgeMessage).toBe('7 is right');
    expect(r.cases[1].judgeMessage).toBe('expected 8, found 9');
    expect(r.cases[2].judgeMessage).toMatch(/Extra information/);
    expect(r.errorMessage ?? '').not.toMatch(/expected 8/);
    expect(r.cases.slice(3, 5).map((c) => c.score)).toEqual([2, 6]);
    expect(r.cases[5].message).toMatch(/the answer file is broken/);
    expect(r.status).toBe(S.SYSTEM_ERROR); // a checker failure is never hidden in a score
  });

  it('a checker that does not compile is a System Error with the compiler message', async () => {
    const r = await judgeSubmission({
      language: 'C',
      code: ECHO,
      cases: [{ input: '1', output: '1' }],
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      judgeMode: 'spj',
      checker: { language: 'C', code: 'int main(void) { return undefined_thing; }' },
    });
    expect(r.status).toBe(S.SYSTEM_ERROR);
    expect(r.errorMessage).toMatch(/Special judge compile error/);
    expect(r.errorMessage).toMatch(/undefined_thing/);
    expect(r.cases).toEqual([]);
    const noChecker = await judgeSubmission({
      language: 'C',
      code: ECHO,
      cases: [{ input: '1', output: '1' }],
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      judgeMode: 'spj',
    });
    expect(noChecker).toMatchObject({ status: S.SYSTEM_ERROR, errorMessage: expect.stringMatching(/special judge/) });
  });
});

describe('checker convention (chosen per problem)', () => {
  // A testlib checker: PE (exit 2) for a non-integer, points (exit 7) for 1, WA (exit 1) for others.
  const TESTLIB_GRADER = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  std::string t = ouf.readToken();
  if (t == "1") quitp(50, "half");
  if (t != "0" && t != "2") quitf(_pe, "not a number: %s", t.c_str());
  if (t == "2") quitf(_wa, "two is wrong");
  quitf(_ok, "zero");
}
`;
  const judgeWith = (checkerConvention: 'hoj' | 'testlib') =>
    judgeSubmission({
      language: 'C',
      code: ECHO,
      cases: ['0', '1', '2', 'x'].map((input) => ({ input, output: '', score: 25 })),
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      problemType: PROBLEM_TYPE.OI,
      judgeMode: 'spj',
      checker: { language: 'C++', code: TESTLIB_GRADER },
      checkerConvention,
    });

  it("a testlib checker is read by testlib's rules under 'testlib'", async () => {
    const r = await judgeWith('testlib');
    expect(r.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.PARTIAL_ACCEPTED, S.WRONG_ANSWER, S.PRESENTATION_ERROR]);
    expect(r.cases.map((c) => c.score)).toEqual([25, 12, 0, 0]);
    expect(r.cases[3].judgeMessage).toMatch(/not a number: x/);
  });

  it("and the same under 'hoj', which reads testlib's report for the exit codes HOJ does not use (as HOJ's judge does)", async () => {
    const r = await judgeWith('hoj');
    expect(r.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.PARTIAL_ACCEPTED, S.WRONG_ANSWER, S.PRESENTATION_ERROR]);
    expect(r.cases[3].judgeMessage).toMatch(/not a number: x/);
  });

  it("a QDUOJ special judge gets two files (input, user output) and the input on stdin under 'qduoj'", async () => {
    // QDUOJ's template: argc must be 3, else "Usage" and ERROR (-1); AC 0, WA 1.
    const QDUOJ_SPJ = `#include <stdio.h>
#define AC 0
#define WA 1
#define ERROR -1
int main(int argc, char *args[]) {
  if (argc != 3) { printf("Usage: spj x.in x.out\\n"); return ERROR; }
  FILE *in = fopen(args[1], "r"), *out = fopen(args[2], "r");
  int a, b, c, d;
  if (!in || !out || fscanf(in, "%d %d", &a, &b) != 2 || scanf("%d", &d) != 1 || d != a) return ERROR;
  if (fscanf(out, "%d %d", &c, &d) != 2) return WA;
  return c == a && d == b ? AC : WA;
}
`;
    const cases = ['1 2', '3 4'].map((input) => ({ input, output: '' }));
    const judged = (code: string, checkerConvention: 'qduoj' | 'hoj') =>
      judgeSubmission({
        language: 'C',
        code,
        cases,
        timeLimitMs: 1000,
        memoryLimitMb: 64,
        judgeMode: 'spj',
        checker: { language: 'C', code: QDUOJ_SPJ },
        checkerConvention,
      });
    const ok = await judged(ECHO, 'qduoj');
    expect(ok.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.ACCEPTED]);
    const wrong = await judged('#include <stdio.h>\nint main(void){ puts("0 0"); return 0; }', 'qduoj');
    expect(wrong.cases.map((c) => c.status)).toEqual([S.WRONG_ANSWER, S.WRONG_ANSWER]);
    // Called HOJ's way (three files) the same program answers with its usage text and ERROR.
    const hojWay = await judged(ECHO, 'hoj');
    expect(hojWay.cases[0]).toMatchObject({ status: S.SYSTEM_ERROR, message: expect.stringMatching(/Usage: spj x.in x.out/) });
  });
});

describe('HUSTOJ special judge', () => {
  it("gets the input, the answer and the user's output in that order under 'hustoj', and any non-zero exit is WA", async () => {
    // After HUSTOJ's wiki example: the answer (args[2]) reads "= sum", the user's output (args[3]) the sum.
    const HUSTOJ_SPJ = `#include <stdio.h>
int main(int argc, char *args[]) {
  FILE *f_in = fopen(args[1], "r"), *f_out = fopen(args[2], "r"), *f_user = fopen(args[3], "r");
  int a, b, want, got;
  if (fscanf(f_in, "%d %d", &a, &b) != 2 || fscanf(f_out, " = %d", &want) != 1) return 9;
  if (fscanf(f_user, "%d", &got) != 1) return 5;
  return got == want && want == a + b ? 0 : 5;
}
`;
    const cases = [
      { input: '1 2', output: '= 3\n' },
      { input: '3 4', output: '= 7\n' },
    ];
    const judged = (code: string, checkerConvention: 'hustoj' | 'hoj') =>
      judgeSubmission({
        language: 'C',
        code,
        cases,
        timeLimitMs: 1000,
        memoryLimitMb: 64,
        judgeMode: 'spj',
        checker: { language: 'C', code: HUSTOJ_SPJ },
        checkerConvention,
      });
    const SUM = '#include <stdio.h>\nint main(void){ int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); return 0; }';
    const ok = await judged(SUM, 'hustoj');
    expect(ok.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.ACCEPTED]);
    const wrong = await judged('#include <stdio.h>\nint main(void){ puts("0"); return 0; }', 'hustoj');
    expect(wrong.cases.map((c) => c.status)).toEqual([S.WRONG_ANSWER, S.WRONG_ANSWER]);
    // Called HOJ's way the answer and the output trade places: the right sum is not accepted.
    const hojWay = await judged(SUM, 'hoj');
    expect(hojWay.cases[0]!.status).toBe(S.SYSTEM_ERROR);
  });
});

describe('built-in checkers in a submission', () => {
  const PRINT = `#include <stdio.h>
int main(void){ char s[256]; while (scanf("%255s", s) == 1) printf("%s\\n", s); return 0; }`;
  it("judges with the problem's comparator and keeps the note on the case, not in the submission's message", async () => {
    const r = await judgeSubmission({
      language: 'C',
      code: PRINT,
      cases: [
        { input: '1.0000001', output: '1.0\n' },
        { input: '1.1', output: '1.0\n' },
        { input: 'one', output: '1.0\n' },
      ],
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      builtinChecker: 'floats',
      checkerPrecision: 6,
    });
    expect(r.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.WRONG_ANSWER, S.PRESENTATION_ERROR]);
    expect(r.cases[1].message).toBe('expected 1.0, found 1.1, error 0.100 > 1e-6 on token 1');
    expect(r.cases[2].message).toBe('expected a number, found "one" on token 1');
    expect(r.errorMessage).toBeUndefined();
    const strict = await judgeSubmission({
      language: 'C',
      code: PRINT,
      cases: [{ input: '1.0000001', output: '1.0\n' }],
      timeLimitMs: 1000,
      memoryLimitMb: 64,
    });
    expect(strict.status).toBe(S.WRONG_ANSWER); // 'lines' by default
  });

  it('the online test run compares with the same checker', async () => {
    const limits = { timeLimitMs: 1000, memoryLimitMb: 64 };
    const run = (builtinChecker: 'lines' | 'floats' | 'integers', expectedOutput: string) =>
      testRun({ language: 'C', code: PRINT, input: '1.0000001', expectedOutput, limits, builtinChecker, checkerPrecision: 6 });
    expect((await run('floats', '1.0')).status).toBe(S.ACCEPTED);
    expect((await run('floats', '1.1')).status).toBe(S.WRONG_ANSWER);
    expect((await run('lines', '1.0')).status).toBe(S.WRONG_ANSWER);
    // An expected output the checker cannot read was typed by the user: WA, not a System Error.
    expect((await run('integers', 'abc')).status).toBe(S.WRONG_ANSWER);
  });
});
