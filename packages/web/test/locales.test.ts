/**
 * Every text exists in all five interface languages: each locale file group (the root files and
 * one folder per area) has the same keys in every language, and every server message of the
 * catalogue has a translation with the same parameters.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MSG, UI_LANGUAGES } from '@oj/shared';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales');
type Dictionary = { [key: string]: string | Dictionary };

function read(file: string): Dictionary {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Dictionary;
}

function flatten(d: Dictionary, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(d)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const groups = [
  '',
  ...fs
    .readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name),
];
const params = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1]).sort();

/**
 * Texts that are rightly the same as the English one in another language: names and symbols, never
 * sentences. Keep this short: anything else equal to en-US is an untranslated string.
 */
const SAME_AS_ENGLISH: Record<string, string> = {
  'nav.oiwiki': 'the name of the wiki (OI Wiki)',
  'profile.github': 'a brand name (GitHub)',
  'rankPage.ac': 'the verdict abbreviation AC, written so in every language the judge speaks',
  'scoreboard.table.ms': 'a number and the unit symbol ms',
};

describe('locale files', () => {
  it('translate every text: nothing equals the en-US text unless it is a name or a symbol', () => {
    const untranslated: string[] = [];
    for (const group of groups) {
      const dir = path.join(root, group);
      const english = flatten(read(path.join(dir, 'en-US.json')));
      for (const lang of UI_LANGUAGES) {
        if (lang === 'en-US') continue;
        for (const [key, text] of flatten(read(path.join(dir, `${lang}.json`)))) {
          if (text === english.get(key) && !(key in SAME_AS_ENGLISH)) untranslated.push(`${group || 'root'}/${lang}: ${key} = ${JSON.stringify(text)}`);
        }
      }
    }
    expect(untranslated).toEqual([]);
  });

  it('keeps the list of texts equal to English short and in use', () => {
    const keys = new Set(groups.flatMap((group) => [...flatten(read(path.join(root, group, 'en-US.json'))).keys()]));
    for (const key of Object.keys(SAME_AS_ENGLISH)) expect(keys.has(key), key).toBe(true);
  });

  it('uses plural forms where an amount is counted, in every language', () => {
    // "1 seconds" and the like: every text with a counted amount has _one and _other forms.
    const counted = /\{\{(count|seconds|minutes)\}\} ?(seconds|minutes|submissions|messages|problems|test cases|characters|more new announcements)\b/;
    for (const group of groups) {
      const english = flatten(read(path.join(root, group, 'en-US.json')));
      for (const [key, text] of english) {
        if (counted.test(text)) expect(key, `${group || 'root'}: ${key} = ${text}`).toMatch(/_(one|other)$/);
        if (key.endsWith('_other')) expect(english.has(key.replace(/_other$/, '_one')), key).toBe(true);
      }
    }
  });

  for (const group of groups) {
    it(`${group || 'root'}: all five languages have the same keys, none empty`, () => {
      const dir = path.join(root, group);
      const byLang = Object.fromEntries(UI_LANGUAGES.map((lang) => [lang, flatten(read(path.join(dir, `${lang}.json`)))]));
      const reference = [...byLang['en-US']!.keys()].sort();
      for (const lang of UI_LANGUAGES) {
        expect([...byLang[lang]!.keys()].sort(), `${group}/${lang}`).toEqual(reference);
        for (const [key, text] of byLang[lang]!) expect(text.trim(), `${group}/${lang}: ${key}`).not.toBe('');
      }
    });
  }

  it('translates every server message with the same parameters', () => {
    for (const lang of UI_LANGUAGES) {
      const merged = new Map<string, string>();
      for (const group of groups) for (const [k, v] of flatten(read(path.join(root, group, `${lang}.json`)))) merged.set(k, v);
      for (const [key, english] of Object.entries(MSG)) {
        // A message with an amount (wait N seconds) has plural forms instead of one text.
        const forms = [`msg.${key}`, `msg.${key}_one`, `msg.${key}_other`].filter((k) => merged.has(k));
        expect(forms.length, `${lang}: msg.${key}`).toBeGreaterThan(0);
        if (forms.length > 1) expect(forms, `${lang}: msg.${key} plural forms`).toEqual([`msg.${key}_one`, `msg.${key}_other`]);
        for (const form of forms) expect(params(merged.get(form)!, /\{\{(\w+)\}\}/g), `${lang}: ${form}`).toEqual(params(english, /\{(\w+)\}/g));
      }
    }
  });
});
