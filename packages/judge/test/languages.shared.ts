/**
 * The language's own A+B template, judged: shared by the per-language test files. The verdicts of
 * real programs per language are data: `packages/judge/testsuite/` (walked by `testsuite.test.ts`).
 */
import { JudgeStatus } from '@oj/shared';
import { expect, it } from 'vitest';
import { judgeOne } from '../src/judge.js';
import type { LanguageSpec } from '../src/languages.js';

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
}
