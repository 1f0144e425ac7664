/** Verdict checks for real programs, shared by the per-language test files. */
import { JudgeStatus } from '@oj/shared';
import { expect, it } from 'vitest';
import { judgeOne } from '../src/judge.js';
import type { LanguageSpec } from '../src/languages.js';
import { behaviourProgram, syntaxErrorProgram } from './programs.js';

const S = JudgeStatus;

export function languageTests(lang: LanguageSpec) {
  // Slow compilers (Kotlin starts a JVM, GHC) need more than the default 30 s on a busy host.
  const timeout = Math.max(30_000, lang.compileTimeMs * 2 + 10_000);
  it(
    `${lang.name}: A+B template is accepted`,
    async () => {
      const r = await judgeOne({
        language: lang.name,
        source: lang.template,
        cases: [
          { input: '1 2\n', expected: '3\n' },
          { input: '100000000000 23', expected: '100000000023\n' },
        ],
        timeLimitMs: 1000,
        memoryLimitMb: 256,
      });
      expect(r.errorMessage).toBeUndefined();
      expect(r.status).toBe(S.ACCEPTED);
      expect(r.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.ACCEPTED]);
    },
    timeout,
  );

  it(
    `${lang.name}: AC, WA, PE, TLE, MLE and RE are told apart`,
    async () => {
      const r = await judgeOne({
        language: lang.name,
        source: behaviourProgram(lang.name),
        timeLimitMs: 400,
        memoryLimitMb: 64,
        cases: [
          { input: 'add 1 2', expected: '3\n' },
          { input: 'add 1 2', expected: '4\n' },
          { input: 'add 1 2', expected: '3\n\n' },
          { input: 'loop', expected: '' },
          { input: 'mem 1000', expected: '1000\n' },
          { input: 'exit', expected: '' },
        ],
      });
      expect(r.cases.map((c) => c.status)).toEqual([
        S.ACCEPTED,
        S.WRONG_ANSWER,
        S.PRESENTATION_ERROR,
        S.TIME_LIMIT_EXCEEDED,
        S.MEMORY_LIMIT_EXCEEDED,
        S.RUNTIME_ERROR,
      ]);
      expect(r.status).toBe(S.WRONG_ANSWER); // the first failing case decides
      const tle = r.cases[3];
      expect(tle.time).toBeGreaterThanOrEqual(400);
      expect(r.cases[5].message).toMatch(/exit code 3/);
      expect(r.cases[0].memory).toBeGreaterThan(0);
    },
    timeout,
  );

  it(
    `${lang.name}: a syntax error is a Compile Error with the compiler's message`,
    async () => {
      const r = await judgeOne({
        language: lang.name,
        source: syntaxErrorProgram(lang.name),
        cases: [{ input: '', expected: '' }],
        timeLimitMs: 1000,
        memoryLimitMb: 256,
      });
      expect(r.status).toBe(S.COMPILE_ERROR);
      expect(r.errorMessage?.length).toBeGreaterThan(10);
      expect(r.errorMessage).toMatch(/error|invalid|Syntax|expected/i);
      expect(r.cases).toEqual([]);
    },
    timeout,
  );
}
