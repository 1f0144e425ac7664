/** Every language a judge offers gets its own syntax mode in the editor, by content type first, fetched when needed. */
import { Language, LanguageSupport } from '@codemirror/language';
import { describe, expect, it } from 'vitest';
import { editorLanguageOf } from '../src/components/code-editor/editorConfig';
import { loadLanguage } from '../src/components/code-editor/editorExtensions';

/** The syntax mode the editor fetches for a language. */
const languageExtension = (name: string, mime?: string) => loadLanguage(editorLanguageOf(name, mime));

/** The CodeMirror language behind an editor extension ('' for none). */
function modeName(ext: unknown): string {
  if (ext instanceof LanguageSupport) return ext.language.name;
  if (ext instanceof Language) return ext.name;
  return '';
}

describe('editor syntax modes', () => {
  it('follow the content type the judge reports', async () => {
    for (const [name, mime, mode] of [
      ['C', 'text/x-csrc', 'cpp'],
      ['Java', 'text/x-java', 'java'],
      ['PyPy3', 'text/x-python', 'python'],
      ['Golang', 'text/x-go', 'go'],
      ['C#', 'text/x-csharp', 'csharp'],
      ['PHP', 'text/x-php', 'php'],
      ['Ruby', 'text/x-ruby', 'ruby'],
      ['Pascal', 'text/x-pascal', 'pascal'],
      ['Kotlin', 'text/x-kotlin', 'kotlin'],
      ['Haskell', 'text/x-haskell', 'haskell'],
    ] as const) {
      expect(modeName(await languageExtension(name, mime)), name).toBe(mode);
    }
  });

  it('fall back to the name when there is no content type', async () => {
    expect(modeName(await languageExtension('C#'))).toBe('csharp');
    expect(modeName(await languageExtension('C++ 17'))).toBe('cpp');
    expect(modeName(await languageExtension('Kotlin'))).toBe('kotlin');
    expect(modeName(await languageExtension('Unknown'))).toBe('');
  });
});
