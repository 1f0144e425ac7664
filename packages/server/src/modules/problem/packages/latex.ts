/**
 * Problem statements written in LaTeX (Polygon's statement sections, Kattis' problem.en.tex) turned
 * into the Markdown + KaTeX the site renders: math (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`) is kept as TeX,
 * the text markup the statement packages use is mapped (bold, italics, monospace, itemize,
 * enumerate, center, sections, quotes and dashes, escaped characters), and what has no Markdown
 * meaning (spacing, layout commands) is dropped. It is a reasonable reading, not a TeX engine.
 */

/** Splits `s` into text and math parts (math is `$…$`, `$$…$$`, `\(…\)`, `\[…\]`, kept as `$`/`$$`). */
function splitMath(s: string): { math: boolean; text: string }[] {
  const parts: { math: boolean; text: string }[] = [];
  const re = /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|(?<!\\)\$((?:\\\$|[^$])+?)\$|\\\(([\s\S]+?)\\\)/g;
  let at = 0;
  for (const m of s.matchAll(re)) {
    if (m.index > at) parts.push({ math: false, text: s.slice(at, m.index) });
    const display = m[1] ?? m[2];
    parts.push({ math: true, text: display !== undefined ? `$$${display.trim()}$$` : `$${(m[3] ?? m[4])!.trim()}$` });
    at = m.index + m[0].length;
  }
  if (at < s.length) parts.push({ math: false, text: s.slice(at) });
  return parts;
}

/** The argument `{…}` starting at `s[open]` (nested braces counted), and where it ends. */
function bracedArg(s: string, open: number): { arg: string; end: number } | null {
  if (s[open] !== '{') return null;
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return { arg: s.slice(open + 1, i), end: i + 1 };
  }
  return null;
}

/** Replaces `\name{arg}` (optionally `\name[opt]{arg}`) by `make(arg)`, innermost text converted first. */
function replaceCommand(s: string, name: string, make: (arg: string) => string): string {
  const re = new RegExp(`\\\\${name}\\*?\\s*(\\[[^\\]]*\\])?\\s*(?=\\{)`, 'g');
  let out = '';
  let at = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const b = bracedArg(s, m.index + m[0].length);
    if (!b) continue;
    out += s.slice(at, m.index) + make(b.arg);
    at = b.end;
    re.lastIndex = b.end;
  }
  return out + s.slice(at);
}

/** Old-style `{\bf text}` groups. */
function replaceGroup(s: string, name: string, make: (arg: string) => string): string {
  const re = new RegExp(`\\{\\\\${name}\\s+`, 'g');
  let out = '';
  let at = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const b = bracedArg(s, m.index);
    if (!b) continue;
    out += s.slice(at, m.index) + make(b.arg.slice(m[0].length - 1));
    at = b.end;
    re.lastIndex = b.end;
  }
  return out + s.slice(at);
}

/** Lists: each `\item` becomes a Markdown item, nested lists indented. */
function convertLists(s: string): string {
  const re = /\\begin\{(itemize|enumerate)\}([\s\S]*?)\\end\{\1\}/;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    // innermost first: a body without a nested begin
    const inner = /\\begin\{(itemize|enumerate)\}((?:(?!\\begin\{(?:itemize|enumerate)\})[\s\S])*?)\\end\{\1\}/.exec(s);
    const mm = inner ?? m;
    const ordered = mm[1] === 'enumerate';
    const items = mm[2]!
      .split(/\\item\b\s*/)
      .slice(1)
      // a nested list is set off by blank lines when converted: inside an item it follows the line
      .map(
        (t, i) =>
          `${ordered ? `${i + 1}.` : '-'} ${t
            .trim()
            .replace(/\n\s*\n/g, '\n')
            .replace(/\n/g, '\n   ')}`,
      );
    s = `${s.slice(0, mm.index)}\n\n${items.join('\n')}\n\n${s.slice(mm.index + mm[0].length)}`;
  }
  return s;
}

/**
 * A tabular column spec's alignments as a Markdown table's rule cells (`l` and paragraph columns left),
 * with one dash each: two would be read as an en dash further on.
 */
const ruleOf = (spec: string) =>
  [...spec.replace(/\{(?:[^{}]|\{[^{}]*\})*\}/g, '').replace(/[^lcrpmbX]/g, '')].map((c) => (c === 'c' ? ':-:' : c === 'r' ? '-:' : ':-'));

/** Tables (a statement's subtask table): `tabular` rows and cells → a Markdown table, rules dropped. */
function convertTables(s: string): string {
  return s.replace(/\\begin\{tabular\}\s*(?:\[[^\]]*\])?\s*\{((?:[^{}]|\{[^{}]*\})*)\}([\s\S]*?)\\end\{tabular\}/g, (_, spec: string, body: string) => {
    const rows = body
      .replace(/\\(?:hline|cline\{[^}]*\}|toprule|midrule|bottomrule)/g, '')
      .split(/\\\\(?:\[[^\]]*\])?/)
      .map((r) => r.trim())
      .filter(Boolean)
      .map((r) => r.split(/(?<!\\)&/).map((c) => c.trim().replace(/\n+/g, ' ').replace(/\|/g, '\\|')));
    if (!rows.length) return '';
    const width = Math.max(...rows.map((r) => r.length));
    const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? '').join(' | ')} |`;
    const rule = ruleOf(spec);
    const aligned = Array.from({ length: width }, (_, i) => rule[i] ?? ':-:');
    return `\n\n${[line(rows[0]!), line(aligned), ...rows.slice(1).map(line)].join('\n')}\n\n`;
  });
}

function convertText(t: string): string {
  let s = t.replace(/(^|[^\\])%.*$/gm, '$1'); // comments
  s = s.replace(/\\begin\{(center|flushleft|flushright|quote|quotation)\}|\\end\{(center|flushleft|flushright|quote|quotation)\}/g, '\n\n');
  s = convertLists(s);
  s = convertTables(s);
  s = s.replace(
    /\\begin\{(verbatim|lstlisting)\}(?:\[[^\]]*\])?([\s\S]*?)\\end\{\1\}/g,
    (_, __, body: string) => `\n\n\`\`\`\n${body.replace(/^\n/, '').trimEnd()}\n\`\`\`\n\n`,
  );
  for (let i = 0; i < 4; i++) {
    s = replaceCommand(s, '(?:sub)*section', (a) => `\n\n## ${a.trim()}\n\n`);
    s = replaceCommand(s, 'paragraph', (a) => `\n\n**${a.trim()}** `);
    s = replaceCommand(s, '(?:textbf|bf)', (a) => `**${a}**`);
    s = replaceCommand(s, '(?:emph|textit|it|textsl)', (a) => `*${a}*`);
    s = replaceCommand(s, '(?:texttt|tt|verb)', (a) => `\`${a}\``);
    s = replaceCommand(s, '(?:underline|textrm|textsf|text|mbox|textup|textnormal|small|large|Large|t)', (a) => a);
    s = replaceCommand(s, 'url', (a) => `<${a}>`);
    s = replaceCommand(s, 'href', (a) => a);
    s = replaceGroup(s, 'bf', (a) => `**${a.trim()}**`);
    s = replaceGroup(s, '(?:it|em|sl)', (a) => `*${a.trim()}*`);
    s = replaceGroup(s, 'tt', (a) => `\`${a.trim()}\``);
  }
  s = replaceCommand(s, 'includegraphics', (a) => `![](${a.trim()})`);
  s = s
    .replace(/\\(?:noindent|medskip|bigskip|smallskip|newpage|clearpage|centering|hfill|vfill|par(?![a-z]))\b/g, '\n\n')
    .replace(/\\(?:vspace|hspace)\*?\{[^}]*\}/g, '')
    .replace(/\\\\(\[[^\]]*\])?[ \t]*\n?/g, '  \n')
    .replace(/\\(?:ldots|dots)\b\s?/g, '…')
    .replace(/``|''/g, '"')
    .replace(/<<|>>/g, (m) => (m === '<<' ? '«' : '»'))
    .replace(/---/g, '—')
    .replace(/--/g, '–')
    .replace(/\\(?:le|leq)\b/g, '≤')
    .replace(/\\(?:ge|geq)\b/g, '≥')
    .replace(/\\,|\\ /g, ' ')
    .replace(/(^|[^\\])~/g, '$1 ')
    .replace(/\\textbackslash\{\}/g, '\\')
    .replace(/\\textasciitilde\{\}/g, '~')
    .replace(/\\textasciicircum\{\}/g, '^')
    // `-{}-`, `<{}<`: ligatures broken on purpose (markdown-tex.ts) read as the characters
    .replace(/\{\}/g, '')
    .replace(/\\([%&_#{}$])/g, '$1');
  return s;
}

/** LaTeX statement text → Markdown with `$…$` / `$$…$$` math. */
export function texToMarkdown(tex: string): string {
  // Math is set aside behind placeholders (private-use characters no statement holds), so markup
  // around it (\textbf{$x$}) converts as one piece and the TeX inside is never touched.
  const math: string[] = [];
  // Verbatim blocks are set aside first and come back as fenced code at the very end: nothing in
  // them is TeX (no math, comments, ligatures), and their indentation and blank lines are the code's.
  const code: string[] = [];
  const withoutCode = tex.replace(
    /\\begin\{(verbatim|lstlisting)\}(?:\[[^\]]*\])?([\s\S]*?)\\end\{\1\}/g,
    (_, __, body: string) => `\n\n\uE003${code.push(`\`\`\`\n${body.replace(/^\n/, '').trimEnd()}\n\`\`\``) - 1}\uE004\n\n`,
  );
  // `%%` lines stand for blank lines of the Markdown the statement came from (markdown-tex.ts):
  // kept behind a placeholder through comment removal and the merging of blank lines.
  const text = splitMath(withoutCode.replace(/^%%$/gm, '\uE002'))
    .map((p) => (p.math ? `\uE000${math.push(p.text) - 1}\uE001` : p.text.replace(/[\uE000\uE001]/g, '')))
    .join('');
  const md = convertText(text).replace(/\uE000(\d+)\uE001/g, (_, i: string) => math[Number(i)]!);
  return md
    .split('\n')
    .map((l) =>
      l
        .replace(/[ \t]+$/, (m) => (m.length >= 2 && m.startsWith('  ') ? '  ' : ''))
        // indentation is layout in TeX, but in Markdown it nests list items: kept before a list marker only
        .replace(/^[ \t]+(.*)$/, (_, rest: string) => (/^([-*+]|\d+\.)\s/.test(rest) ? _ : rest)),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\uE002/g, '')
    .replace(/\uE003(\d+)\uE004/g, (_, i: string) => code[Number(i)]!)
    .trim();
}
