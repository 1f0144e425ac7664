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
    // IOI: scored OI problems, full feedback (own cases while running, a seal never hides one's own results), no seal by default.
    expect(contestRule(ContestType.IOI)).toMatchObject({
      key: 'ioi',
      problemType: 1,
      scored: true,
      picksScoreType: false,
      ownCasesWhileRunning: true,
      sealsOwnResults: false,
      scrollBoard: false,
      acHelper: false,
      defaultSealMode: 2,
    });
  });

  it('every format has its texts in every locale and its colours', () => {
    const css = fs.readFileSync(path.join(ROOT, 'packages/web/src/pages/contest/shell/contest.css'), 'utf8');
    const missing: string[] = [];
    for (const locale of ['zh-CN', 'en-US', 'zh-TW', 'ja-JP', 'ko-KR']) {
      const read = (area: string) => JSON.parse(fs.readFileSync(path.join(ROOT, `packages/web/src/locales/${area}/${locale}.json`), 'utf8'));
      const contest = read('contest').contest;
      const admin = read('admin-contest').admin.contest;
      const cap = (k: string) => k[0]!.toUpperCase() + k.slice(1);
      for (const { key } of CONTEST_TYPES) {
        if (!contest.typeTip?.[key]) missing.push(`${locale} contest.typeTip.${key}`);
        if (!contest.overview?.[`${key}Rule`]) missing.push(`${locale} contest.overview.${key}Rule`);
        if (!admin[`publicTip${cap(key)}`]) missing.push(`${locale} admin.contest.publicTip${cap(key)}`);
        if (!admin[`createTip${cap(key)}`]) missing.push(`${locale} admin.contest.createTip${cap(key)}`);
      }
    }
    for (const { key } of CONTEST_TYPES) {
      for (const cls of [`oj-contest-type-${key}`, `oj-contest-trophy-${key}`]) if (!css.includes(`.${cls} {`)) missing.push(cls);
    }
    expect(missing).toEqual([]);
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
