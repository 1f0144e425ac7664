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

const groups = ['', ...fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)];
const params = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1]).sort();

describe('locale files', () => {
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
        const text = merged.get(`msg.${key}`);
        expect(text, `${lang}: msg.${key}`).toBeDefined();
        expect(params(text!, /\{\{(\w+)\}\}/g), `${lang}: msg.${key}`).toEqual(params(english, /\{(\w+)\}/g));
      }
    }
  });
});
