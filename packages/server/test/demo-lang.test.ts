/**
 * The demo content's language: `OJ_DEMO_LANG` (default zh-CN, the site's default language)
 * picks the language the first start writes the demo texts in; a wrong value stops the start with a
 * clear message. Every language keeps the statements' maths, code and Markdown of the English text.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { UI_LANGUAGES, type UiLanguage } from '@oj/shared';
import { loadConfig } from '../src/config.js';
import { announcements, contests, discussions, groups, problems, trainings } from '../src/db/schema/index.js';
import { demoTexts } from '../src/demo-texts/index.js';
import { firstStartSeed } from '../src/seed.js';
import { createTestApp, type TestApp } from './harness.js';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

/** A site's first start as `npm start` does it, with OJ_DEMO_LANG as given (unset: undefined). */
async function firstStart(OJ_DEMO_LANG: string | undefined) {
  const t = await createTestApp({ demoLang: loadConfig({ OJ_DEMO_LANG }).demoLang }, { seed: false });
  apps.push(t);
  await firstStartSeed({ config: t.config, database: t.database });
  const { db } = t.database;
  const [aPlusB] = await db.select().from(problems).where(eq(problems.problemId, 'P1000'));
  return {
    aPlusB: aPlusB!,
    announcement: (await db.select({ title: announcements.title, content: announcements.content }).from(announcements))[0]!,
    contests: (await db.select({ title: contests.title }).from(contests).orderBy(asc(contests.id))).map((c) => c.title),
    trainings: (await db.select({ title: trainings.title }).from(trainings).orderBy(asc(trainings.id))).map((c) => c.title),
    discussions: (await db.select({ title: discussions.title }).from(discussions).orderBy(asc(discussions.id))).map((c) => c.title),
    groups: (await db.select({ name: groups.name }).from(groups).orderBy(asc(groups.id))).map((c) => c.name),
  };
}

describe('OJ_DEMO_LANG', () => {
  it('defaults to zh-CN, takes the five interface languages, and refuses anything else with a clear message', () => {
    expect(loadConfig({}).demoLang).toBe('zh-CN');
    expect(loadConfig({ OJ_DEMO_LANG: '' }).demoLang).toBe('zh-CN');
    for (const lang of UI_LANGUAGES) expect(loadConfig({ OJ_DEMO_LANG: lang }).demoLang).toBe(lang);
    expect(loadConfig({ OJ_DEMO_LANG: ' ja-jp ' }).demoLang).toBe('ja-JP');
    for (const bad of ['fr-FR', 'zh', 'english'])
      expect(() => loadConfig({ OJ_DEMO_LANG: bad })).toThrow(
        `OJ_DEMO_LANG must be one of zh-CN, en-US, zh-TW, ja-JP, ko-KR (the language of the demo texts; default zh-CN), got "${bad}"`,
      );
  });

  it('unset: the first start writes the demo in Simplified Chinese', async () => {
    const site = await firstStart(undefined);
    expect(site.aPlusB).toMatchObject({ title: 'A + B 问题', description: '计算 $a + b$。', output: '输出 $a + b$。' });
    expect(site.announcement.title).toBe('欢迎来到在线评测系统');
    expect(site.announcement.content).toContain('## 欢迎！');
    expect(site.contests).toEqual(['ACM 赛制示例比赛', 'OI 赛制示例比赛', '保护赛示例比赛', '班级小测']);
    expect(site.trainings).toEqual(['新手入门', '经典算法', '私有练习', '社团热身']);
    expect(site.discussions).toEqual(['读入两个数并输出它们的和', '欢迎来到讨论区', '新题目和新功能的建议']);
    expect(site.groups).toEqual(['算法社', '2026 届班级']);
  });

  it('ja-JP: the first start writes the demo in Japanese, with the same ids and test data', async () => {
    const site = await firstStart('ja-JP');
    expect(site.aPlusB).toMatchObject({ problemId: 'P1000', title: 'A + B 問題', description: '$a + b$ を計算してください。' });
    expect(site.aPlusB.examples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    expect(site.announcement.title).toBe('オンラインジャッジへようこそ');
    expect(site.contests[0]).toBe('デモ ACM コンテスト');
    expect(site.discussions[1]).toBe('ディスカッションへようこそ');
    expect(site.groups).toEqual(['アルゴリズム部', '2026 年度クラス']);
  });
});

/** The `$…$` maths, `code` spans and fenced blocks of a text, sorted: translating must not touch them. */
function kept(text: string): string[] {
  return [...text.matchAll(/```[\s\S]*?```|`[^`\n]+`|\$[^$\n]+\$/g)].map((m) => m[0]).sort();
}

/** Every string of a language's texts by its key path (the private training's description with a sample password). */
function flat(lang: UiLanguage): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (v: unknown, key: string) => {
    if (typeof v === 'string') out.set(key, v);
    else if (typeof v === 'function') out.set(key, (v as (p: string) => string)('pw123'));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${key}.${k}`);
  };
  walk(demoTexts(lang), '');
  return out;
}

describe('demo texts', () => {
  const en = flat('en-US');
  it.each(UI_LANGUAGES.filter((l) => l !== 'en-US'))('%s: every text translated, maths, code and headings kept', (lang) => {
    const texts = flat(lang);
    expect([...texts.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, english] of en) {
      const text = texts.get(key)!;
      // Every piece of maths or code of the English is there (a translation may add one, as "质数 $p$").
      const mine = kept(text);
      for (const piece of kept(english)) {
        expect(mine, key).toContain(piece);
        mine.splice(mine.indexOf(piece), 1);
      }
      expect(text.match(/^#+ /gm)?.length ?? 0, key).toBe(english.match(/^#+ /gm)?.length ?? 0);
      // Only texts with no words (an empty hint, a list of no comments) may equal the English.
      if (/[a-z]{3}/i.test(english.replace(/```[\s\S]*?```|`[^`]*`|\$[^$]*\$/g, '')) && !/^A \+ B$/.test(english)) expect(text, key).not.toBe(english);
    }
  });

  it('Simplified and Traditional Chinese are each written in their own script', () => {
    const simplifiedOnly = /[这们个题数输说时为会对发见读写论组队从后间经进开门]/;
    const traditionalOnly = /[這們個題數輸說時為會對發見讀寫論組隊從後間經進開門]/;
    for (const [key, text] of flat('zh-TW')) expect(text, key).not.toMatch(simplifiedOnly);
    for (const [key, text] of flat('zh-CN')) expect(text, key).not.toMatch(traditionalOnly);
  });
});
