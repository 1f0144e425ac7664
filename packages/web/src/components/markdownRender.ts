/**
 * The heavy half of <Markdown>: marked with TeX math (KaTeX) and highlighted code (highlight.js).
 * Loaded on demand by Markdown.tsx, so pages without Markdown never fetch it.
 *
 * Safety: what the author wrote is sanitised with the shared allow-list (sanitizeHtml.ts), which keeps
 * no style and no class. KaTeX and highlight.js output needs both (inline styles, hljs-* classes), so
 * the renderer does not hand it to the sanitiser: it leaves a placeholder carrying a random per-render
 * nonce, sanitises, then puts the fragments back. Those fragments are made by KaTeX (trust off: no
 * \href/\url/\html* commands) and highlight.js from the author's text, which both escape.
 */
import { Marked, type MarkedExtension, type Tokens } from 'marked';
import markedKatex from 'marked-katex-extension';
import hljs from 'highlight.js/lib/core';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import java from 'highlight.js/lib/languages/java';
import python from 'highlight.js/lib/languages/python';
import javascript from 'highlight.js/lib/languages/javascript';
import go from 'highlight.js/lib/languages/go';
import rust from 'highlight.js/lib/languages/rust';
import plaintext from 'highlight.js/lib/languages/plaintext';
import { FRAGMENT_ATTR, sanitizeHtml } from './sanitizeHtml';
import 'katex/dist/katex.min.css';
import 'highlight.js/styles/github.css';
import './markdown.css';

for (const [name, lang] of Object.entries({ c, cpp, java, python, javascript, go, rust, plaintext })) hljs.registerLanguage(name, lang);
// Names users write after ``` that the grammars above do not already know.
hljs.registerAliases(['python3', 'python2', 'py3'], { languageName: 'python' });
hljs.registerAliases(['golang'], { languageName: 'go' });

/** Fragments of the render in progress (rendering is synchronous, so one at a time). */
let fragments: string[] = [];
let nonce = '';

/** Stands for HTML our renderers made; sanitizeHtml keeps the empty span, `renderMarkdown` swaps it. */
function trusted(html: string): string {
  fragments.push(html);
  return `<span ${FRAGMENT_ATTR}="${nonce}-${fragments.length - 1}"></span>`;
}

// Problem statements (HOJ's included) write `($1 \le n$)` with no space around the dollars, so the
// non-standard rule; KaTeX's HTML output only (spans with inline styles, a few SVGs), and a broken
// formula shows as red source, not an error.
const math: MarkedExtension = markedKatex({ nonStandard: true, throwOnError: false, output: 'html' });
for (const ext of math.extensions ?? []) {
  if (!('renderer' in ext) || !ext.renderer) continue;
  const render = ext.renderer;
  ext.renderer = function (token) {
    return trusted(String(render.call(this, token)));
  };
}

const highlighted: MarkedExtension = {
  renderer: {
    // Fenced and indented code: highlighted by the language after ``` (unknown or none: plain text).
    code({ text, lang }: Tokens.Code) {
      // A known name or alias (so only safe characters reach the class), else plain text.
      const name = /^\S*/.exec(lang ?? '')![0];
      const language = hljs.getLanguage(name) ? name : 'plaintext';
      const body = hljs.highlight(text, { language, ignoreIllegals: true }).value;
      return trusted(`<pre><code class="hljs${name ? ` language-${language}` : ''}">${body}\n</code></pre>\n`);
    },
    // GFM task lists: a check mark instead of a (disabled) <input>, which the allow-list drops.
    checkbox({ checked }: Tokens.Checkbox) {
      return checked ? '☑ ' : '☐ ';
    },
  },
};

const md = new Marked({ gfm: true, breaks: true }, highlighted, math);

const placeholder = new RegExp(`<span ${FRAGMENT_ATTR}="([\\w-]+)"></span>`, 'g');

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Markdown → safe HTML: nothing the author writes reaches the DOM unsanitised. */
export function renderMarkdown(source: string): string {
  fragments = [];
  nonce = randomNonce();
  try {
    const html = sanitizeHtml(md.parse(source, { async: false }));
    // A placeholder the author typed has no valid nonce: it is removed like any other empty span.
    return html.replace(placeholder, (_m, id: string) => {
      const [n, i] = id.split('-');
      return n === nonce ? (fragments[Number(i)] ?? '') : '';
    });
  } finally {
    fragments = [];
  }
}
