/**
 * The heavy half of <Markdown>: marked, sanitised with the shared allow-list. Loaded on demand by
 * Markdown.tsx, which also loads TeX math (markdownMath.ts) and syntax highlighting (markdownCode.ts)
 * for the sources that need them and plugs them in here.
 *
 * Safety: what the author wrote is sanitised with sanitizeHtml.ts, which keeps no style and no class.
 * KaTeX and highlight.js output needs both (inline styles, hljs-* classes), so the renderer does not
 * hand it to the sanitiser: it leaves a placeholder carrying a random per-render nonce, sanitises,
 * then puts the fragments back. Those fragments are made by KaTeX (trust off) and highlight.js from
 * the author's text, which both escape.
 */
import { Marked, type MarkedExtension, type Tokens } from 'marked';
import { FRAGMENT_ATTR, sanitizeHtml } from './sanitizeHtml';
import 'highlight.js/styles/github.css';
import './markdown.css';

/** Fragments of the render in progress (rendering is synchronous, so one at a time). */
let fragments: string[] = [];
let nonce = '';

/** Stands for HTML our renderers made; sanitizeHtml keeps the empty span, `renderMarkdown` swaps it. */
function trusted(html: string): string {
  fragments.push(html);
  return `<span ${FRAGMENT_ATTR}="${nonce}-${fragments.length - 1}"></span>`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

let highlighter: ((code: string, name: string) => string | null) | null = null;

const base: MarkedExtension = {
  gfm: true,
  breaks: true,
  renderer: {
    // Fenced and indented code: highlighted by the language after ``` when highlighting is loaded
    // and knows it, else as escaped plain text (the same markup).
    code({ text, lang }: Tokens.Code) {
      const name = /^\S*/.exec(lang ?? '')![0];
      const html = highlighter?.(text, name);
      // Only a name highlight.js knows reaches the class, so only safe characters.
      return trusted(`<pre><code class="hljs${html != null ? ` language-${name}` : ''}">${html ?? escapeHtml(text)}\n</code></pre>\n`);
    },
    // GFM task lists: a check mark instead of a (disabled) <input>, which the allow-list drops.
    checkbox({ checked }: Tokens.Checkbox) {
      return checked ? '☑ ' : '☐ ';
    },
  },
};

let md = new Marked(base);

/** Plugs in TeX math: every formula the extension renders becomes a trusted fragment. */
export function addMath(ext: MarkedExtension) {
  const extensions = (ext.extensions ?? []).map((e) => {
    if (!('renderer' in e) || !e.renderer) return e;
    const render = e.renderer;
    return {
      ...e,
      renderer(this: ThisParameterType<typeof render>, token: Tokens.Generic) {
        return trusted(String(render.call(this, token)));
      },
    };
  });
  md = new Marked(base, { ...ext, extensions });
}

/** Plugs in syntax highlighting (markdownCode.ts). */
export function setHighlighter(fn: (code: string, name: string) => string | null) {
  highlighter = fn;
}

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
