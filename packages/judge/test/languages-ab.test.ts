/**
 * Every language entry judges its own A+B program in the real sandbox, walked from the data file: an
 * entry whose toolchain is not on this host is skipped and says so. Adding a language is adding an
 * entry: one added here as data is offered and passes the self-test a judge runs before offering it.
 */
import { JudgeStatus } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { selfTestLanguage } from '../src/daemon/preflight.js';
import { judgeOne } from '../src/judge.js';
import { LANGUAGE_ENTRIES } from '../src/language-entries.js';
import { getLanguages, type LanguageEntry, languagesFrom } from '../src/languages.js';
import { ensureRunnerBuilt } from '../src/sandbox.js';

ensureRunnerBuilt();
const S = JudgeStatus;
const offered = getLanguages();

/** Slow compilers (Kotlin starts a JVM, GHC) need more than the default 30 s on a busy host. */
const timeoutFor = (compileTimeMs: number) => Math.max(30_000, compileTimeMs * 2 + 10_000);

describe('each language entry judges its A+B program', () => {
  for (const entry of LANGUAGE_ENTRIES.filter((e) => !e.abstract)) {
    const lang = offered.find((l) => l.name === entry.name);
    if (!lang) {
      it.skip(`${entry.name}: no toolchain on this host`, () => {});
      continue;
    }
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
      timeoutFor(lang.compileTimeMs),
    );
  }

  it('a language added as an entry (C 99 from C) is offered with its own flags and passes the self-test', async () => {
    const c99: LanguageEntry = { name: 'C 99', extends: 'C', vars: { std: 'c99' } };
    const lang = languagesFrom([...LANGUAGE_ENTRIES, c99]).find((l) => l.name === 'C 99');
    expect(lang?.compileCommand).toBe('gcc -DONLINE_JUDGE -w -fmax-errors=3 -std=c99 main.c -lm -o main');
    expect(lang?.description).toMatch(/^GCC \d+\.\d+/);
    expect(await selfTestLanguage(lang!)).toBeNull();
  });
});
