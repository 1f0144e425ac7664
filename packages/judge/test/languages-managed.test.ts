import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getLanguages } from '../src/languages.js';

const langs = getLanguages().filter((l) => ['Java', 'Python3', 'Python2', 'PyPy3', 'JavaScript Node'].includes(l.name));

describe('managed languages', () => {
  it('uses the system Python 3 by absolute path and offers what is installed', () => {
    const py3 = langs.find((l) => l.name === 'Python3');
    expect(py3?.run({ timeLimitMs: 1, memoryLimitMb: 1, stackLimitMb: 1 }).argv[0]).toBe('/usr/bin/python3');
    expect(py3?.description).toMatch(/^Python 3\.\d+/);
    if (fs.existsSync('/usr/bin/javac')) expect(langs.map((l) => l.name)).toContain('Java');
  });
  it('PyPy 3 is offered (Debian pypy3: CI installs it), by the name HOJ uses', () => {
    const pypy = langs.find((l) => l.name === 'PyPy3');
    expect(pypy?.description).toMatch(/^PyPy \d+\.\d+.*\(Python 3\.\d+/);
    expect(pypy?.run({ timeLimitMs: 1, memoryLimitMb: 1, stackLimitMb: 1 }).argv[0]).toBe('/usr/bin/pypy3');
  });
});
