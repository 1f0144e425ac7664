/**
 * The site's Markdown + KaTeX statements written as the LaTeX Polygon's statement sections hold,
 * for the Polygon export: math kept, bold / italics / code / lists / headings / images mapped, the
 * characters TeX reserves escaped. `latex.ts` reads it back to the same Markdown (the round trip the
 * export tests check); what neither side maps (tables, raw HTML) passes as text.
 */

const ESCAPES: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '%': '\\%',
  '&': '\\&',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  $: '\\$',
};

/** A blank line of the Markdown that TeX would merge with the one before (see markdownToTex). */
export const BLANK_LINE = '%%';

/** Plain text for TeX: reserved characters escaped, and the ligatures latex.ts reads (--, ``, <<) broken. */
const escapeText = (s: string) =>
  s
    .replace(/[\\%&#_{}~^$]/g, (c) => ESCAPES[c]!)
    .replace(/-(?=-)/g, '-{}')
    .replace(/([<>`'])(?=\1)/g, '$1{}');

function inline(s: string): string {
  // math and code first (their content is not text), then emphasis on what is left
  const kept: string[] = [];
  const keep = (v: string) => `\uE000${kept.push(v) - 1}\uE001`;
  let t = s.replace(/\$\$[\s\S]+?\$\$|(?<!\\)\$(?:\\\$|[^$])+?\$/g, (m) => keep(m));
  t = t.replace(/`([^`]+)`/g, (_, c: string) => keep(`\\texttt{${escapeText(c)}}`));
  t = t.replace(/!\[[^\]]*\]\(([^)\s]+)\)/g, (_, u: string) => keep(`\\includegraphics{${u}}`));
  t = escapeText(t);
  t = t.replace(/\*\*(.+?)\*\*/g, '\\textbf{$1}').replace(/(^|[^*\\])\*([^*\s][^*]*?)\*/g, '$1\\emph{$2}');
  t = t.replace(/ {2}$/gm, '\\\\');
  return t.replace(/\uE000(\d+)\uE001/g, (_, i: string) => kept[Number(i)]!);
}

/** Markdown statement text → LaTeX. */
export function markdownToTex(md: string): string {
  const out: string[] = [];
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^```/.test(line)) {
      const body: string[] = [];
      for (i++; i < lines.length && !/^```/.test(lines[i]!); i++) body.push(lines[i]!);
      out.push('\\begin{verbatim}', ...body, '\\end{verbatim}');
      continue;
    }
    const h = /^#{1,6}\s+(.*)$/.exec(line);
    if (h) {
      out.push(`\\section*{${inline(h[1]!)}}`);
      continue;
    }
    const item = /^(\s*)([-*+]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2]!);
      const items: string[] = [];
      for (; i < lines.length; i++) {
        const m = /^\s*([-*+]|\d+\.)\s+(.*)$/.exec(lines[i]!);
        if (m && /\d/.test(m[1]!) === ordered) items.push(`\\item ${inline(m[2]!)}`);
        else if (lines[i]!.trim() && /^\s+/.test(lines[i]!) && items.length) items[items.length - 1] += `\n${inline(lines[i]!.trim())}`;
        else break;
      }
      i--;
      const env = ordered ? 'enumerate' : 'itemize';
      out.push(`\\begin{${env}}`, ...items, `\\end{${env}}`);
      continue;
    }
    // TeX reads any run of blank lines as one paragraph break: the blank lines past the first are
    // written as `%%` lines (comments, so TeX still sees one break) that latex.ts reads back as blank.
    if (!line.trim() && i > 0 && !lines[i - 1]!.trim()) {
      out.push(BLANK_LINE);
      continue;
    }
    out.push(inline(line));
  }
  return out.join('\n');
}
