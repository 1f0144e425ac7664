/**
 * A site's HTML statement made ready for our statement renderer (Markdown with TeX). The renderer keeps
 * an HTML block as it is, so TeX inside `<p>…</p>` (Codeforces writes `$n \le 10^9$` there) would show
 * as source. Each paragraph becomes a Markdown paragraph of its own (blank lines around it, its inline
 * HTML kept): there the `$…$` is typeset. Preformatted parts are left exactly as they are, and a
 * statement without a `$` is not touched.
 */

const PRE = /<pre[\s>][\s\S]*?<\/pre>/gi;

function unwrapParagraphs(html: string): string {
  return (
    html
      .replace(/<p(?:\s[^>]*)?>/gi, '\n\n')
      .replace(/<\/p>/gi, '\n\n')
      // Indented lines would read as Markdown code blocks.
      .replace(/^[ \t]+/gm, '')
      .replace(/\n{3,}/g, '\n\n')
  );
}

export function statementForMath(html: string): string {
  if (!html.includes('$')) return html;
  let out = '';
  let last = 0;
  for (const m of html.matchAll(PRE)) {
    out += unwrapParagraphs(html.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return (out + unwrapParagraphs(html.slice(last))).trim();
}
