/**
 * Contest formats are rule objects (@oj/shared contest-rules.ts; the board folding table in
 * contest/board.ts): code asks the rule, never compares a contest's type. This scan fails on a
 * comparison with a ContestType code anywhere else in the server or the web.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTEST_RULES, CONTEST_TYPES, ContestType, contestRule } from '@oj/shared';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TREES = ['packages/server/src', 'packages/web/src'];
const COMPARISON = /[!=]==?\s*ContestType\.|ContestType\.\w+\s*[!=]==?/;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\./.test(e.name) ? [p] : [];
  });
}

describe('contest formats', () => {
  it('every format is a complete rule, found by its code', () => {
    expect(CONTEST_TYPES.map((r) => r.type).sort()).toEqual(Object.values(ContestType).sort());
    for (const r of CONTEST_TYPES) expect(contestRule(r.type)).toBe(CONTEST_RULES[r.type]);
    expect(contestRule(ContestType.OI)).toMatchObject({ scored: true, sealsOwnResults: true, scrollBoard: false });
    expect(contestRule(ContestType.ACM)).toMatchObject({ scored: false, sealsOwnResults: false, scrollBoard: true, acHelper: true });
  });

  it('no code outside the rules compares a contest type', () => {
    const found: string[] = [];
    for (const tree of TREES) {
      for (const file of files(path.join(ROOT, tree))) {
        fs.readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (COMPARISON.test(line)) found.push(`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });

  it('the scan sees a comparison', () => {
    expect(COMPARISON.test('if (c.type === ContestType.OI) {')).toBe(true);
    expect(COMPARISON.test('const acm = ContestType.ACM === type;')).toBe(true);
    expect(COMPARISON.test('return contestRule(c.type).scored;')).toBe(false);
  });
});
