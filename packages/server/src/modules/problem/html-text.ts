/**
 * Imported HTML statements whose text holds angle brackets that are no markup: `#include <iostream>`,
 * `0<l<=n`, `vector<int>`. A browser (and the statement's sanitiser) reads each as a tag of an
 * unknown element and drops it, so the statement loses the text. Here such a `<` is written `&lt;`,
 * the way the author meant it; real elements (`<p>`, `<b>`, `<img …>`, comments) are left alone.
 * Markdown code (``` fences and `inline` spans) is left alone too: there `&lt;` would be shown as is.
 */

/** Every element of HTML (and the roots of MathML and SVG): a tag of any other name is text. */
const HTML_ELEMENTS = new Set(
  (
    'a abbr acronym address area article aside audio b base bdi bdo big blink blockquote body br button canvas caption center cite code col ' +
    'colgroup data datalist dd del details dfn dialog dir div dl dt em embed fieldset figcaption figure font footer form frame frameset h1 h2 h3 ' +
    'h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link main map mark marquee math menu meta meter nav nobr ' +
    'noframes noscript object ol optgroup option output p param picture pre progress q rp rt ruby s samp script search section select slot ' +
    'small source span strike strong style sub summary sup svg table tbody td template textarea tfoot th thead time title tr track tt u ul ' +
    'var video wbr'
  ).split(' '),
);

/** `<` starting a tag as HTML reads one: a letter, the name running to whitespace, `/` or `>`. */
const TAG_START = /<(\/?)([A-Za-z][^\s/>]*)/g;

function escapeOutsideCode(html: string): string {
  return html.replace(TAG_START, (whole, _slash: string, name: string) => (HTML_ELEMENTS.has(name.toLowerCase()) ? whole : `&lt;${whole.slice(1)}`));
}

/** The HTML with every `<` that opens no known element escaped, Markdown code spans and fences kept as written. */
export function escapeStrayTags(html: string): string {
  if (!html.includes('<')) return html;
  // Split off fenced blocks and inline code spans; the odd pieces are code.
  const parts = html.split(/(```[\s\S]*?```|`[^`\n]+`)/);
  return parts.map((p, i) => (i % 2 ? p : escapeOutsideCode(p))).join('');
}

/** Text as HTML: the characters that would be markup, escaped. */
export const escapeHtmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
