/** Discussion categories: HOJ's five default ones in the viewer's language, an admin's as typed. */
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '@oj/shared';
import { categoryLabel } from './categoryLabel';

async function tFor(lang: string) {
  const texts = (await import(`../../locales/discussion/${lang}.json`)).default;
  const i18n = createInstance();
  await i18n.init({ lng: lang, resources: { [lang]: { translation: texts } } });
  return i18n.t;
}

describe('categoryLabel', () => {
  it('translates the five default categories and leaves the others as typed', async () => {
    const en = await tFor('en-US');
    expect(['闲聊', '题解', '求助', '建议', '记录'].map((n) => categoryLabel(en, n))).toEqual(['Chat', 'Solutions', 'Help', 'Suggestions', 'Journal']);
    expect(categoryLabel(en, 'Contest 2026')).toBe('Contest 2026');
    expect(categoryLabel(en, 'constructor')).toBe('constructor');
    expect(categoryLabel(await tFor('ja-JP'), '闲聊')).toBe('雑談');
    expect(categoryLabel(await tFor('zh-TW'), '闲聊')).toBe('閒聊');
    expect(categoryLabel(await tFor('zh-CN'), '题解')).toBe('题解');
    for (const lang of UI_LANGUAGES) {
      const t = await tFor(lang);
      for (const name of ['闲聊', '题解', '求助', '建议', '记录']) expect(categoryLabel(t, name), `${lang} ${name}`).not.toMatch(/categoryDefault/);
    }
  });
});
