import { describe, expect, it } from 'vitest';
import { getLanguages } from '../src/languages.js';

const langs = getLanguages().filter((l) => /^(C|C\+\+)( |$)|^Rust$|^Golang$/.test(l.name));

describe('native languages', () => {
  it('C and C++ in all eight variants are detected with the real compiler version', () => {
    expect(langs.filter((l) => /^C/.test(l.name)).map((l) => l.name)).toEqual([
      'C',
      'C With O2',
      'C++',
      'C++ With O2',
      'C++ 17',
      'C++ 17 With O2',
      'C++ 20',
      'C++ 20 With O2',
    ]);
    expect(langs[0].description).toMatch(/^GCC \d+\.\d+/);
  });
  it('Go is offered (Debian golang-go: CI installs it), by the name HOJ uses', () => {
    const go = langs.find((l) => l.name === 'Golang');
    expect(go?.description).toMatch(/^Go 1\.\d+/);
    expect(go?.contentType).toBe('text/x-go');
  });
});
