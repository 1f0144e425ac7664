/** The engine: case modes, scoring, limits per language, file-based cases. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AC_C } from '@oj/test-fixtures';
import { judgeOne } from '../src/judge.js';
import { findLanguage, runLimits } from '../src/languages.js';
import { PROBLEM_TYPE, SKIPPED_MESSAGE } from '../src/modes.js';
import { ensureRunnerBuilt } from '../src/sandbox.js';

const S = JudgeStatus;
let dir: string;

beforeAll(() => {
  ensureRunnerBuilt();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-judge-test-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const c = (a: number, b: number, ok = true, groupNum?: number) => ({ input: `${a} ${b}\n`, expected: `${ok ? a + b : a + b + 1}\n`, groupNum });

describe('judgeOne', () => {
  it('default mode runs every case; OI scores AC cases and gives Partial Accepted', async () => {
    const r = await judgeOne({
      language: 'C',
      source: AC_C,
      cases: [c(1, 2), c(3, 4, false), c(5, 6), c(7, 8)],
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      problemType: PROBLEM_TYPE.OI,
    });
    expect(r.cases.map((x) => x.status)).toEqual([S.ACCEPTED, S.WRONG_ANSWER, S.ACCEPTED, S.ACCEPTED]);
    expect(r.status).toBe(S.PARTIAL_ACCEPTED);
    expect(r.score).toBe(75);
    const acm = await judgeOne({ language: 'C', source: AC_C, cases: [c(1, 2), c(3, 4, false), c(5, 6)], timeLimitMs: 1000, memoryLimitMb: 64 });
    expect(acm.status).toBe(S.WRONG_ANSWER);
    expect(acm.score).toBeNull();
  });

  it('ergodic_without_error stops at the first failing case', async () => {
    const r = await judgeOne({
      language: 'C',
      source: AC_C,
      cases: [c(1, 2), c(3, 4, false), c(5, 6)],
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      judgeCaseMode: 'ergodic_without_error',
    });
    expect(r.cases.map((x) => x.status)).toEqual([S.ACCEPTED, S.WRONG_ANSWER]);
    expect(r.status).toBe(S.WRONG_ANSWER);
  });

  it('subtask_lowest skips the rest of a failed group and scores each group by its lowest case', async () => {
    const cases = [c(1, 1, true, 1), c(1, 2, false, 1), c(1, 3, true, 1), c(2, 1, true, 2), c(2, 2, true, 2)].map((x, i) => ({
      ...x,
      score: [10, 10, 10, 35, 35][i],
    }));
    const r = await judgeOne({
      language: 'C',
      source: AC_C,
      cases,
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      judgeCaseMode: 'subtask_lowest',
      problemType: PROBLEM_TYPE.OI,
    });
    expect(r.cases.map((x) => x.status)).toEqual([S.ACCEPTED, S.WRONG_ANSWER, S.CANCELLED, S.ACCEPTED, S.ACCEPTED]);
    expect(r.cases[2].message).toBe(SKIPPED_MESSAGE);
    expect(r.score).toBe(35);
    expect(r.status).toBe(S.PARTIAL_ACCEPTED);
  });

  it('removeEndBlank turns trailing blanks into AC and other whitespace differences into WA', async () => {
    const cases = [
      { input: '1 2', expected: '3   \n\n\n' },
      { input: '1 2', expected: ' 3\n' },
    ];
    const plain = await judgeOne({ language: 'C', source: AC_C, cases, timeLimitMs: 1000, memoryLimitMb: 64 });
    expect(plain.cases.map((x) => x.status)).toEqual([S.PRESENTATION_ERROR, S.PRESENTATION_ERROR]);
    const strip = await judgeOne({ language: 'C', source: AC_C, cases, timeLimitMs: 1000, memoryLimitMb: 64, removeEndBlank: true });
    expect(strip.cases.map((x) => x.status)).toEqual([S.ACCEPTED, S.WRONG_ANSWER]);
  });

  it('an answer without its final newline (or with CRLF) is judged like one with it', async () => {
    const cases = [
      { input: '1 2', expected: '3' },
      { input: '1 2', expected: '3\r\n' },
      { input: '1 2', expected: '4' },
    ];
    for (const removeEndBlank of [false, true]) {
      const r = await judgeOne({ language: 'C', source: AC_C, cases, timeLimitMs: 1000, memoryLimitMb: 64, removeEndBlank });
      expect(r.cases.map((x) => x.status)).toEqual([S.ACCEPTED, S.ACCEPTED, S.WRONG_ANSWER]);
    }
  });

  it('reads cases from test-data files with CRLF expected output', async () => {
    fs.writeFileSync(path.join(dir, '1.in'), '20 22\r\n');
    fs.writeFileSync(path.join(dir, '1.out'), '42\r\n');
    const r = await judgeOne({
      language: 'C',
      source: AC_C,
      cases: [{ inputFile: path.join(dir, '1.in'), expectedFile: path.join(dir, '1.out') }],
      timeLimitMs: 1000,
      memoryLimitMb: 64,
    });
    expect(r.status).toBe(S.ACCEPTED);
  });

  it('reports a missing language, no cases, and a Java class neither public nor named Main clearly', async () => {
    expect(await judgeOne({ language: 'Cobol', source: '', cases: [c(1, 2)], timeLimitMs: 1000, memoryLimitMb: 64 })).toMatchObject({
      status: S.SYSTEM_ERROR,
      errorMessage: expect.stringMatching(/Cobol/),
    });
    expect(await judgeOne({ language: 'C', source: AC_C, cases: [], timeLimitMs: 1000, memoryLimitMb: 64 })).toMatchObject({ status: S.SYSTEM_ERROR });
    if (findLanguage('Java')) {
      const r = await judgeOne({
        language: 'Java',
        // A public class is compiled under its own name (languages-java-class.test.ts); this one is not public.
        source: 'class Solution { public static void main(String[] a) {} }',
        cases: [c(1, 2)],
        timeLimitMs: 1000,
        memoryLimitMb: 64,
      });
      expect(r.status).toBe(S.COMPILE_ERROR);
      expect(r.errorMessage).toMatch(/Main\.class was not produced \(the class with main must be public, or be named Main\)/);
    }
  });

  it('gives managed runtimes their allowance and Java a heap of exactly the memory limit', () => {
    const limits = { timeLimitMs: 1000, memoryLimitMb: 256, stackLimitMb: 128 };
    expect(runLimits(findLanguage('C')!, limits)).toMatchObject({ timeMs: 1000, memoryKb: 256 * 1024 });
    const java = findLanguage('Java');
    if (java) {
      expect(runLimits(java, limits)).toMatchObject({ timeMs: 2500, memoryKb: (256 + 128) * 1024 });
      expect(java.run(limits).argv).toContain('-Xmx256m');
    }
    const py = findLanguage('Python3')!;
    expect(runLimits(py, limits).timeMs).toBe(2100);
  });
});
