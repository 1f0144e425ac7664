/**
 * Symbolic links inside uploaded packages (lib/safe-unzip.ts): read as text, never created on disk,
 * followed only to files of the same package; and the LaTeX ↔ Markdown statement conversion of the
 * package importers and exporters.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMsg, MSG } from '@oj/shared';
import { extractZipEntries, readZipDirectory, readZipLinks, resolveZipLinks } from '../src/lib/safe-unzip.js';
import { texToMarkdown } from '../src/modules/problem/packages/latex.js';
import { markdownToTex, sectionMarkdown } from '../src/modules/problem/packages/markdown-tex.js';

const link = (target: string): [Uint8Array, { os: number; attrs: number }] => [Buffer.from(target), { os: 3, attrs: (0o120777 << 16) >>> 0 }];
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-links-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('symbolic links in a package zip', () => {
  it('are refused unless the caller allows them, and then never created on disk', async () => {
    const file = path.join(dir, 'links.zip');
    fs.writeFileSync(
      file,
      zipSync({
        'data/secret/1.in': Buffer.from('1 2\n'),
        'data/sample/1.in': link('../secret/1.in'),
        'data/sample/2.in': link('/etc/passwd'),
      }),
    );
    await expect(readZipDirectory(file, { maxDepth: 4 })).rejects.toThrow(formatMsg(MSG.zipSymlink, { name: 'data/sample/1.in' }));
    const entries = await readZipDirectory(file, { maxDepth: 4, allowSymlinks: true });
    expect(entries.filter((e) => e.symlink).map((e) => e.name)).toEqual(['data/sample/1.in', 'data/sample/2.in']);
    const out = path.join(dir, 'out');
    await extractZipEntries(file, entries, out);
    expect(fs.readdirSync(path.join(out, 'data'))).toEqual(['secret']);
    expect(Object.fromEntries(await readZipLinks(file, entries))).toEqual({ 'data/sample/1.in': '../secret/1.in', 'data/sample/2.in': '/etc/passwd' });
  });

  it('a link whose target is longer than a path is refused as a link', async () => {
    const file = path.join(dir, 'long.zip');
    fs.writeFileSync(file, zipSync({ 'a.in': link('x/'.repeat(600)) }));
    await expect(readZipDirectory(file, { maxDepth: 1, allowSymlinks: true })).rejects.toThrow(formatMsg(MSG.zipSymlink, { name: 'a.in' }));
  });

  it('are followed to files of the package only: out of it, absolute, to nothing or in circles is refused', () => {
    const files = new Set(['p/data/secret/1.in', 'p/data/secret/g/2.in', 'p/problem.yaml']);
    const links = new Map([
      ['p/data/sample/1.in', '../secret/1.in'],
      ['p/data/sample/2.in', './../secret/g/../g/2.in'],
      ['p/data/sample/3.in', '../sample/1.in'], // a link to a link
      ['p/data/sample/4.in', '../../../../etc/passwd'],
      ['p/data/sample/5.in', '/etc/passwd'],
      ['p/data/sample/6.in', '../secret/none.in'],
      ['p/data/sample/7.in', '7.in'],
      ['p/data/sample/8.in', '../../../p/data/secret/1.in'], // up to the zip's root and back: still a file of the upload
      ['p/data/sample/9.in', '../../../../p/data/secret/1.in'], // above the zip's root, even if it comes back
      ['p/x.in', '..\\secret\\1.in'],
    ]);
    const { resolved, refused } = resolveZipLinks(files, links);
    expect(Object.fromEntries(resolved)).toEqual({
      'p/data/sample/1.in': 'p/data/secret/1.in',
      'p/data/sample/2.in': 'p/data/secret/g/2.in',
      'p/data/sample/3.in': 'p/data/secret/1.in',
      'p/data/sample/8.in': 'p/data/secret/1.in',
    });
    expect(refused.map((r) => [r.name, r.reason])).toEqual([
      ['p/data/sample/4.in', 'outside'],
      ['p/data/sample/5.in', 'outside'],
      ['p/data/sample/6.in', 'missing'],
      ['p/data/sample/7.in', 'loop'],
      ['p/data/sample/9.in', 'outside'],
      ['p/x.in', 'outside'],
    ]);
  });
});

describe('statement conversion', () => {
  it('reads the LaTeX of statement packages as Markdown with KaTeX math', () => {
    const tex =
      "Let $n$ be~given (\\(1 \\le n\\)). \\textbf{Bold \\emph{and} $x^2$}, {\\it old style}, \\texttt{code}.\n% a comment\n\\begin{center}\n\\[ \\sum a_i \\]\n\\end{center}\n\\begin{enumerate}\n\\item one\n\\item two\n\\end{enumerate}\nA ``quote'' --- and 5\\%.";
    expect(texToMarkdown(tex)).toBe(
      'Let $n$ be given ($1 \\le n$). **Bold *and* $x^2$**, *old style*, `code`.\n\n$$\\sum a_i$$\n\n1. one\n2. two\n\nA "quote" — and 5%.',
    );
  });

  it('Markdown written as LaTeX reads back the same (the Polygon export round trip)', () => {
    const md =
      'Given $a_i$ and **bold $x$** text, *italic* and `code_x` -- 50% of {} ~ ^ #1 & \\le.\n\n- one\n- two\n\n1. first\n2. second\n\n## Sub\n\n$$\\sum_{i} a_i$$\n\nLine with break  \nnext <<x>>';
    expect(texToMarkdown(markdownToTex(md))).toBe(md);
  });

  it('writes indented code, tables, nested lists and display math as Polygon reads them, and reads them back alike', () => {
    const md =
      'Grid:\n\n    3 3\n      #..\n\n| n | points |\n|:-:|--:|\n| $\\le 10$ | **30** |\n\n- outer\n  - inner\n- two\n  1. first\n\n$$\n\\sum_{i=1}^{n} a_i\n$$';
    const tex = markdownToTex(md);
    expect(tex).toBe(
      [
        'Grid:',
        '',
        '\\begin{verbatim}',
        '3 3',
        '  #..',
        '\\end{verbatim}',
        '',
        '\\begin{tabular}{|c|r|}',
        '\\hline',
        'n & points \\\\',
        '\\hline',
        '$\\le 10$ & \\textbf{30} \\\\',
        '\\hline',
        '\\end{tabular}',
        '',
        '\\begin{itemize}',
        '\\item outer',
        '\\begin{itemize}',
        '\\item inner',
        '\\end{itemize}',
        '\\item two',
        '\\begin{enumerate}',
        '\\item first',
        '\\end{enumerate}',
        '\\end{itemize}',
        '',
        '$$',
        '\\sum_{i=1}^{n} a_i',
        '$$',
      ].join('\n'),
    );
    // Read back: the same rendering (code, alignment, nesting, math), in the reader's own spelling.
    expect(texToMarkdown(tex)).toBe(
      'Grid:\n\n```\n3 3\n  #..\n```\n\n| n | points |\n| :-: | -: |\n| $\\le 10$ | **30** |\n\n- outer\n   - inner\n- two\n   1. first\n\n$$\\sum_{i=1}^{n} a_i$$',
    );
  });

  it('takes a section back from the Markdown kept beside it, unless the TeX was edited since', () => {
    const md = 'Indented:\n\n    x  y\n\n<kbd>Ctrl</kbd>\n\n\n\nend';
    expect(sectionMarkdown(markdownToTex(md), md)).toBe(md);
    const edited = `${markdownToTex(md)}\n\nOne more line.`;
    expect(sectionMarkdown(edited, md)).toBe(texToMarkdown(edited));
    expect(sectionMarkdown(edited, md)).toContain('One more line.');
    expect(sectionMarkdown('  \n', md)).toBe('');
  });
});
