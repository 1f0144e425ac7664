/**
 * Judge regressions as data: every folder of `packages/judge/testsuite/` is a case (`case.json` and
 * its sources, see the README there). Each source is compiled once per language it names and judged on
 * the case's inputs in the real sandbox; a language this host does not offer is skipped, and says so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { JUDGE_STATUS_SHORT, type JudgeStatusCode } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { judgeOne } from '../src/judge.js';
import { findLanguage } from '../src/languages.js';
import { ensureRunnerBuilt } from '../src/sandbox.js';

ensureRunnerBuilt();

interface SuiteCase {
  description: string;
  timeLimitMs: number;
  memoryLimitMb: number;
  outputLimitKb?: number;
  sources: Record<string, string[]>;
  cases: Array<{ input: string; expected: string; verdict?: string; message?: string; timeAtLeastLimit?: boolean; memoryAbove?: number }>;
  verdict: string;
  errorMessage?: string;
}

const ROOT = path.join(import.meta.dirname, '../testsuite');
const short = (s: JudgeStatusCode) => JUDGE_STATUS_SHORT[s] ?? String(s);

for (const name of fs.readdirSync(ROOT).filter((f) => fs.existsSync(path.join(ROOT, f, 'case.json')))) {
  const dir = path.join(ROOT, name);
  const c = JSON.parse(fs.readFileSync(path.join(dir, 'case.json'), 'utf8')) as SuiteCase;
  describe(`${name}: ${c.description}`, () => {
    for (const [file, languages] of Object.entries(c.sources)) {
      for (const language of languages) {
        const lang = findLanguage(language);
        if (!lang) {
          it.skip(`${language} (${file}): no toolchain on this host`, () => {});
          continue;
        }
        // Slow compilers (Kotlin starts a JVM, GHC) need more than the default 30 s on a busy host.
        const timeout = Math.max(30_000, lang.compileTimeMs * 2 + 10_000);
        it(
          `${language} (${file})`,
          async () => {
            const r = await judgeOne({
              language,
              source: fs.readFileSync(path.join(dir, file), 'utf8'),
              cases: c.cases.map(({ input, expected }) => ({ input, expected })),
              timeLimitMs: c.timeLimitMs,
              memoryLimitMb: c.memoryLimitMb,
              outputLimitKb: c.outputLimitKb,
            });
            if (c.verdict === 'CE') {
              expect(short(r.status)).toBe('CE');
              expect(r.errorMessage?.length).toBeGreaterThan(10);
              expect(r.cases).toEqual([]);
            } else {
              expect(r.cases.map((x) => short(x.status))).toEqual(c.cases.map((x) => x.verdict));
              expect(short(r.status)).toBe(c.verdict);
            }
            if (c.errorMessage) expect(r.errorMessage).toMatch(new RegExp(c.errorMessage, 'i'));
            c.cases.forEach((want, i) => {
              const got = r.cases[i];
              if (!got) return;
              if (want.message) expect(got.message).toMatch(new RegExp(want.message));
              if (want.timeAtLeastLimit) expect(got.time).toBeGreaterThanOrEqual(c.timeLimitMs);
              if (want.memoryAbove !== undefined) expect(got.memory).toBeGreaterThan(want.memoryAbove);
            });
          },
          timeout,
        );
      }
    }
  });
}
