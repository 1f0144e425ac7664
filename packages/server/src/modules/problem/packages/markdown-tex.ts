/**
 * The site's Markdown + KaTeX statements written as the LaTeX Polygon's statement sections hold,
 * for the Polygon export: math kept, bold / italics / code / lists / tables / headings / images
 * mapped, the characters TeX reserves escaped. `latex.ts` reads it back to Markdown that renders the
 * same; the exact text comes back from the Markdown the export keeps beside each section
 * (`polygon.ts`). What neither side maps (raw HTML) passes as text.
 */
import { texToMarkdown } from './latex.js';

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

const ITEM = /^(\s*)([-*+]|\d+\.)\s+(.*)$/;
const INDENTED = /^( {4}|\t)/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** The cells of a Markdown table row (`\|` is a pipe inside a cell). */
const cellsOf = (row: string) =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));

/** A table's column alignments as a tabular column spec: `:-:` centred, `--:` right, else left. */
const columnSpec = (rule: string) =>
  `|${cellsOf(rule)
    .map((c) => (c.startsWith(':') && c.endsWith(':') ? 'c' : c.endsWith(':') ? 'r' : 'l'))
    .join('|')}|`;

/** The list starting at `lines[i]` (items at its indentation, deeper ones nested) into `out`; returns the line after it. */
function list(lines: string[], i: number, out: string[]): number {
  const first = ITEM.exec(lines[i]!)!;
  const indent = first[1]!.length;
  const ordered = /\d/.test(first[2]!);
  const env = ordered ? 'enumerate' : 'itemize';
  out.push(`\\begin{${env}}`);
  while (i < lines.length) {
    const m = ITEM.exec(lines[i]!);
    if (m && m[1]!.length === indent && /\d/.test(m[2]!) === ordered) {
      out.push(`\\item ${inline(m[3]!)}`);
      i++;
    } else if (m && m[1]!.length > indent) {
      i = list(lines, i, out);
    } else if (!m && lines[i]!.trim() && /^\s+/.test(lines[i]!)) {
      out.push(inline(lines[i]!.trim()));
      i++;
    } else break;
  }
  out.push(`\\end{${env}}`);
  return i;
}

/**
 * Markdown statement text → LaTeX: paragraphs, fenced and indented code (verbatim), display math
 * blocks (kept as TeX), tables (tabular), nested lists, headings. The export also keeps the Markdown
 * beside the TeX, so this is what Polygon users read, not what the round trip depends on.
 */
export function markdownToTex(md: string): string {
  const out: string[] = [];
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  const blankBefore = (i: number) => i === 0 || !lines[i - 1]!.trim();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      const body: string[] = [];
      const close = new RegExp(`^\\s{0,3}${fence[1]![0] === '`' ? '`' : '~'}{${fence[1]!.length},}\\s*$`);
      for (i++; i < lines.length && !close.test(lines[i]!); i++) body.push(lines[i]!);
      out.push('\\begin{verbatim}', ...body, '\\end{verbatim}');
      continue;
    }
    if (blankBefore(i) && INDENTED.test(line) && line.trim() && !ITEM.test(line)) {
      const body: string[] = [];
      for (; i < lines.length && (INDENTED.test(lines[i]!) || !lines[i]!.trim()); i++) body.push(lines[i]!.replace(INDENTED, ''));
      while (body.length && !body[body.length - 1]!.trim()) {
        body.pop();
        i--;
      }
      i--;
      out.push('\\begin{verbatim}', ...body, '\\end{verbatim}');
      continue;
    }
    if (line.trim().startsWith('$$') && !/^\$\$[\s\S]+\$\$$/.test(line.trim())) {
      // display math over several lines: TeX as it is, up to the line that closes it
      const body = [line];
      for (i++; i < lines.length; i++) {
        body.push(lines[i]!);
        if (lines[i]!.trim().endsWith('$$')) break;
      }
      out.push(...body);
      continue;
    }
    if (TABLE_ROW.test(line) && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1]!)) {
      const rows = [cellsOf(line)];
      const spec = columnSpec(lines[i + 1]!);
      for (i += 2; i < lines.length && TABLE_ROW.test(lines[i]!); i++) rows.push(cellsOf(lines[i]!));
      i--;
      const row = (r: string[]) => `${r.map(inline).join(' & ')} \\\\`;
      out.push(`\\begin{tabular}{${spec}}`, '\\hline', row(rows[0]!), '\\hline', ...rows.slice(1).map(row), '\\hline', '\\end{tabular}');
      continue;
    }
    const h = /^#{1,6}\s+(.*)$/.exec(line);
    if (h) {
      out.push(`\\section*{${inline(h[1]!)}}`);
      continue;
    }
    if (ITEM.test(line)) {
      i = list(lines, i, out) - 1;
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

/**
 * A statement section as Markdown: the Markdown kept beside it when the TeX is still what that Markdown
 * is written as (the package came from this site's export and nobody edited the section since), so
 * the round trip gives the text back exactly; otherwise the TeX read as Markdown.
 */
export function sectionMarkdown(tex: string, kept: string | undefined): string {
  if (!tex.trim()) return '';
  return kept !== undefined && markdownToTex(kept) === tex ? kept : texToMarkdown(tex);
}
