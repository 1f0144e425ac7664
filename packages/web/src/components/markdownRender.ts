/**
 * The heavy half of <Markdown>: marked with TeX math (KaTeX) and highlighted code (highlight.js),
 * sanitised by DOMPurify. Loaded on demand by Markdown.tsx, so pages without Markdown never fetch it.
 */
import { Marked } from 'marked';
import markedKatex from 'marked-katex-extension';
import { markedHighlight } from 'marked-highlight';
import DOMPurify from 'dompurify';
import hljs from 'highlight.js/lib/core';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import java from 'highlight.js/lib/languages/java';
import python from 'highlight.js/lib/languages/python';
import javascript from 'highlight.js/lib/languages/javascript';
import go from 'highlight.js/lib/languages/go';
import rust from 'highlight.js/lib/languages/rust';
import plaintext from 'highlight.js/lib/languages/plaintext';
import 'katex/dist/katex.min.css';
import 'highlight.js/styles/github.css';
import './markdown.css';

for (const [name, lang] of Object.entries({ c, cpp, java, python, javascript, go, rust, plaintext })) hljs.registerLanguage(name, lang);
// Names users write after ``` that the grammars above do not already know.
hljs.registerAliases(['python3', 'python2', 'py3'], { languageName: 'python' });
hljs.registerAliases(['golang'], { languageName: 'go' });

const md = new Marked(
  { gfm: true, breaks: true },
  markedHighlight({
    emptyLangClass: 'hljs',
    langPrefix: 'hljs language-',
    highlight(code, lang) {
      const language = hljs.getLanguage(lang) ? lang : 'plaintext';
      return hljs.highlight(code, { language, ignoreIllegals: true }).value;
    },
  }),
  // Problem statements (HOJ's included) write `($1 \le n$)` with no space around the dollars, so the
  // non-standard rule; KaTeX's HTML output only (spans with inline styles, a few SVGs): MathML would
  // be another tree for DOMPurify to get right, and a broken formula shows as red source, not an error.
  markedKatex({ nonStandard: true, throwOnError: false, output: 'html' }),
);

// Links written by admins or users open outside the app and cannot reach back into it.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Markdown → safe HTML: nothing the author writes (or KaTeX makes of it) reaches the DOM unsanitised. */
export function renderMarkdown(source: string): string {
  return DOMPurify.sanitize(md.parse(source, { async: false }));
}
