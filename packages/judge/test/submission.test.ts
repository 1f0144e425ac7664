/** judgeSubmission: file IO, extra files, case modes with scores, and the online test run. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AC_C } from '@oj/test-fixtures';
import { PROBLEM_TYPE, SKIPPED_MESSAGE } from '../src/modes.js';
import { ensureRunnerBuilt } from '../src/sandbox.js';
import { judgeSubmission } from '../src/submission.js';
import { testRun } from '../src/test-run.js';

const S = JudgeStatus;
let dir: string;

beforeAll(() => {
  ensureRunnerBuilt();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-submission-test-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('test files that are symbolic links', () => {
  it('a linked input and answer are judged as the files they name (stdin and file IO), not System Error', async () => {
    const secret = path.join(dir, 'secret');
    const sample = path.join(dir, 'sample');
    fs.mkdirSync(secret);
    fs.mkdirSync(sample);
    fs.writeFileSync(path.join(secret, '1.in'), '20 22\n', { mode: 0o644 });
    fs.writeFileSync(path.join(secret, '1.ans'), '42\n', { mode: 0o644 });
    // Relative links, as Kattis packages carry them (data/sample/1.in -> ../secret/1.in).
    fs.symlinkSync('../secret/1.in', path.join(sample, '1.in'));
    fs.symlinkSync('../secret/1.ans', path.join(sample, '1.ans'));
    const linked = { input: { path: path.join(sample, '1.in') }, output: { path: path.join(sample, '1.ans') } };
    const r = await judgeSubmission({ language: 'C', code: AC_C, timeLimitMs: 1000, memoryLimitMb: 64, cases: [linked] });
    expect(r.cases.map((c) => [c.status, c.message ?? ''])).toEqual([[S.ACCEPTED, '']]);
    const FILE_APLUSB =
      '#include <stdio.h>\nint main(void){ long long a, b; FILE *f = fopen("x.in", "r"), *o = fopen("x.out", "w"); fscanf(f, "%lld %lld", &a, &b); fprintf(o, "%lld\\n", a + b); return 0; }\n';
    const io = await judgeSubmission({
      language: 'C',
      code: FILE_APLUSB,
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      fileIO: { readFileName: 'x.in', writeFileName: 'x.out' },
      cases: [linked],
    });
    expect(io.cases.map((c) => c.status)).toEqual([S.ACCEPTED]);
  });
});

describe('file IO', () => {
  const FILE_APLUSB = `#include <stdio.h>
int main(void) {
  long long a = 0, b = 0, c = -1;
  FILE *in = fopen("sum.in", "r"), *out = fopen("sum.out", "w");
  if (!in || !out) { fprintf(stderr, "cannot open files"); return 1; }
  fscanf(in, "%lld %lld", &a, &b);
  printf("stdout is ignored\\n");
  fprintf(out, "%lld\\n", a + b);
  /* the input is read-only */
  if (fopen("sum.in", "w") == NULL) fprintf(out, "ro\\n");
  if (scanf("%lld", &c) == 1) fprintf(out, "stdin %lld\\n", c);
  return 0;
}
`;
  it('the program reads and writes files in its work directory, not stdin/stdout', async () => {
    fs.writeFileSync(path.join(dir, 'big.in'), '40 2\n', { mode: 0o600 }); // not world-readable: copied for the box
    const r = await judgeSubmission({
      language: 'C',
      code: FILE_APLUSB,
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      fileIO: { readFileName: 'sum.in', writeFileName: 'sum.out' },
      cases: [
        { input: '1 2\n', output: '3\nro\n' },
        { input: { path: path.join(dir, 'big.in') }, output: '42\nro\n' },
        { input: '5 5\n', output: '11\nro\n' },
      ],
    });
    expect(r.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.ACCEPTED, S.WRONG_ANSWER]);
    expect(r.cases[0].userOutput).toBe('3\nro\n');
    const stdoutOnly = await judgeSubmission({
      language: 'C',
      code: AC_C,
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      fileIO: { readFileName: 'sum.in', writeFileName: 'sum.out' },
      cases: [{ input: '1 2\n', output: '3\n' }],
    });
    expect(stdoutOnly.status).toBe(S.WRONG_ANSWER); // no output file: empty output
    expect(stdoutOnly.cases[0].userOutput).toBe('');
  });

  it('rejects file names that could escape the work directory', async () => {
    const r = await judgeSubmission({
      language: 'C',
      code: AC_C,
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      fileIO: { readFileName: '../etc/passwd', writeFileName: 'x' },
      cases: [{ input: '', output: '' }],
    });
    expect(r).toMatchObject({ status: S.SYSTEM_ERROR, errorMessage: expect.stringMatching(/file IO/) });
  });
});

describe('extra files', () => {
  it('user extra files are next to the source when compiling and readable (not writable) when running; judge extra files reach the checker only', async () => {
    const code = `#include <stdio.h>
#include "add.h"
int main(void) {
  long long a, b; char word[32] = "";
  scanf("%lld %lld", &a, &b);
  FILE *f = fopen("word.txt", "r");
  if (f) fscanf(f, "%31s", word);
  printf("%lld %s %s %s\\n", add(a, b), word, fopen("word.txt", "w") ? "rw" : "ro", fopen("secret.txt", "r") ? "SEEN" : "hidden");
  return 0;
}
`;
    const checker = `#include <stdio.h>
#include <string.h>
#include "judge.h"
int main(int argc, char **argv) {
  FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r"), *s = fopen("secret.txt", "r");
  char got[256] = "", want[256] = "", secret[32] = "";
  fgets(got, sizeof got, out); fgets(want, sizeof want, ans);
  if (!s || fscanf(s, "%31s", secret) != 1 || strcmp(secret, "s3cr3t")) { fprintf(stderr, "no secret"); return 103; }
  return strcmp(got, want) == 0 ? VERDICT_OK : 102;
}
`;
    const r = await judgeSubmission({
      language: 'C',
      code,
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      cases: [{ input: '2 3\n', output: '5 hello ro hidden\n' }],
      userExtraFiles: { 'add.h': 'static long long add(long long a, long long b) { return a + b; }\n', 'word.txt': 'hello\n' },
      judgeExtraFiles: { 'judge.h': '#define VERDICT_OK 100\n', 'secret.txt': 's3cr3t\n' },
      judgeMode: 'spj',
      checker: { language: 'C', code: checker },
    });
    expect(r.cases[0].userOutput).toBe('5 hello ro hidden\n');
    expect(r.status).toBe(S.ACCEPTED);
  });
});

describe('case modes', () => {
  const c = (a: number, b: number, ok: boolean, groupNum: number, score?: number) => ({
    input: `${a} ${b}\n`,
    output: `${ok ? a + b : a + b + 1}\n`,
    groupNum,
    score,
  });

  it('OI without case scores splits 100 points evenly; time and memory are the max over cases', async () => {
    const events: string[] = [];
    const r = await judgeSubmission({
      language: 'C',
      code: AC_C,
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      problemType: PROBLEM_TYPE.OI,
      cases: [c(1, 1, true, 1), c(1, 2, false, 1), c(1, 3, true, 1)],
      onProgress: (e) => events.push(e.type === 'status' ? `status ${e.status}` : `case ${e.case.index}`),
    });
    expect(events).toEqual([`status ${S.COMPILING}`, `status ${S.JUDGING}`, 'case 0', 'case 1', 'case 2']);
    expect(r.cases.map((x) => x.score)).toEqual([34, 0, 33]);
    expect(r).toMatchObject({ status: S.PARTIAL_ACCEPTED, score: 67, judgeCaseMode: 'default' });
    expect(r.time).toBe(Math.max(...r.cases.map((x) => x.time)));
    expect(r.memory).toBe(Math.max(...r.cases.map((x) => x.memory)));
    expect(r.subtasks).toBeUndefined();
  });

  it('subtask_average: every case runs, each group scores the rounded mean', async () => {
    const r = await judgeSubmission({
      language: 'C',
      code: AC_C,
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      problemType: PROBLEM_TYPE.OI,
      judgeCaseMode: 'subtask_average',
      cases: [c(1, 1, true, 1, 10), c(1, 2, false, 1, 10), c(1, 3, false, 1, 10), c(2, 1, true, 2, 40), c(2, 2, true, 2, 40)],
    });
    expect(r.cases.map((x) => x.status)).toEqual([S.ACCEPTED, S.WRONG_ANSWER, S.WRONG_ANSWER, S.ACCEPTED, S.ACCEPTED]);
    expect(r.score).toBe(3 + 40);
    expect(r.subtasks).toEqual([
      expect.objectContaining({ groupNum: 1, status: S.PARTIAL_ACCEPTED, score: 3, ac: 1, total: 3 }),
      expect.objectContaining({ groupNum: 2, status: S.ACCEPTED, score: 40, ac: 2, total: 2 }),
    ]);
  });

  it('subtask_lowest goes on after a partial score and skips the rest of a group after a case that earned nothing', async () => {
    // Checker: the answer "<verdict>" gives AC (100), WA (102) or 60% (99).
    const checker = `#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) { FILE *a = fopen(argv[3], "r"); char w[8] = ""; fscanf(a, "%7s", w);
  if (!strcmp(w, "AC")) return 100; if (!strcmp(w, "PART")) { printf("60\\n"); return 99; } return 102; }
`;
    const cs = (verdict: string, groupNum: number) => ({ input: '1 1\n', output: `${verdict}\n`, groupNum, score: 20 });
    const r = await judgeSubmission({
      language: 'C',
      code: AC_C,
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      problemType: PROBLEM_TYPE.OI,
      judgeCaseMode: 'subtask_lowest',
      judgeMode: 'spj',
      checker: { language: 'C', code: checker },
      cases: [cs('AC', 1), cs('PART', 1), cs('AC', 1), cs('AC', 2), cs('WA', 2), cs('AC', 2)],
    });
    expect(r.cases.map((x) => x.status)).toEqual([S.ACCEPTED, S.PARTIAL_ACCEPTED, S.ACCEPTED, S.ACCEPTED, S.WRONG_ANSWER, S.CANCELLED]);
    expect(r.cases[5].message).toBe(SKIPPED_MESSAGE);
    expect(r.score).toBe(12); // group 1: min(20, 12, 20); group 2: 0
    expect(r.subtasks?.map((g) => [g.groupNum, g.score])).toEqual([
      [1, 12],
      [2, 0],
    ]);
  });

  it('ergodic_without_error stops at the first case that is not AC; default ACM reports the first failure', async () => {
    const cases = [c(1, 1, true, 1), c(2, 2, false, 1), c(3, 3, true, 1)];
    const stop = await judgeSubmission({ language: 'C', code: AC_C, timeLimitMs: 1000, memoryLimitMb: 64, judgeCaseMode: 'ergodic_without_error', cases });
    expect(stop.cases.map((x) => x.status)).toEqual([S.ACCEPTED, S.WRONG_ANSWER]);
    expect(stop).toMatchObject({ status: S.WRONG_ANSWER, score: null });
  });
});

describe('time of a Time Limit Exceeded', () => {
  it('a program stopped by the wall clock (it sleeps: little CPU) shows at least the limit, never less', async () => {
    const sleeper = '#include <unistd.h>\nint main(void){ sleep(30); return 0; }\n';
    const r = await judgeSubmission({
      language: 'C',
      code: sleeper,
      timeLimitMs: 200,
      memoryLimitMb: 64,
      cases: [{ input: '1 2\n', output: '3\n' }],
    });
    expect(r.status).toBe(S.TIME_LIMIT_EXCEEDED);
    // before: the CPU it used, a few milliseconds
    expect(r.cases[0]!.time).toBeGreaterThanOrEqual(200);
    expect(r.time).toBeGreaterThanOrEqual(200);
  });
});

describe('test run', () => {
  const limits = { timeLimitMs: 1000, memoryLimitMb: 64 };
  it('compares with an expected output when given, and just runs without one', async () => {
    const ac = await testRun({ language: 'C', code: AC_C, input: '1 2', expectedOutput: '3\n', limits });
    expect(ac).toMatchObject({ status: S.ACCEPTED, userInput: '1 2', userOutput: '3\n', expectedOutput: '3\n', problemJudgeMode: 'default', stderr: '' });
    expect(ac.memory).toBeGreaterThan(0);
    expect((await testRun({ language: 'C', code: AC_C, input: '1 2', expectedOutput: '4\n', limits })).status).toBe(S.WRONG_ANSWER);
    expect((await testRun({ language: 'C', code: AC_C, input: '1 2', expectedOutput: '3 \n', limits })).status).toBe(S.PRESENTATION_ERROR);
    // A typed expected output without its final newline (or with CRLF) is the same answer.
    expect((await testRun({ language: 'C', code: AC_C, input: '1 2', expectedOutput: '3', limits })).status).toBe(S.ACCEPTED);
    expect((await testRun({ language: 'C', code: AC_C, input: '1 2', expectedOutput: '3\r\n', limits })).status).toBe(S.ACCEPTED);
    const free = await testRun({ language: 'C', code: AC_C, input: '20 22', limits, problemJudgeMode: 'spj' });
    expect(free).toMatchObject({ status: S.ACCEPTED, userOutput: '42\n', expectedOutput: null, problemJudgeMode: 'spj' });
  });

  it('reports compile errors, runtime errors with stderr, long outputs trimmed, and refuses inputs over 1000 characters', async () => {
    const ce = await testRun({ language: 'C', code: 'int main( {', input: '', limits });
    expect(ce.status).toBe(S.COMPILE_ERROR);
    expect(ce.stderr).toMatch(/error/);
    const re = await testRun({ language: 'C', code: '#include <stdio.h>\nint main(void){ fprintf(stderr, "boom\\n"); return 3; }', input: '', limits });
    expect(re.status).toBe(S.RUNTIME_ERROR);
    expect(re.stderr).toMatch(/exit code 3/);
    expect(re.stderr).toMatch(/boom/);
    const long = await testRun({
      language: 'C',
      code: "#include <stdio.h>\nint main(void){ for (int i = 0; i < 5000; i++) putchar('x'); return 0; }",
      input: '',
      limits,
    });
    expect(long.userOutput).toBe(`${'x'.repeat(1000)}...`);
    const big = await testRun({ language: 'C', code: AC_C, input: '1'.repeat(1001), limits });
    expect(big).toMatchObject({ status: S.SYSTEM_ERROR, stderr: expect.stringMatching(/1000 characters/) });
  });
});
