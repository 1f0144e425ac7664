/**
 * TeX math for <Markdown>, fetched only for sources that contain a `$` (KaTeX is most of the
 * renderer's weight). markdownRender.ts wraps its output as trusted HTML.
 */
import markedKatex from 'marked-katex-extension';
import 'katex/dist/katex.min.css';

// Problem statements (HOJ's included) write `($1 \le n$)` with no space around the dollars, so the
// non-standard rule; KaTeX's HTML output only (spans with inline styles, a few SVGs), and a broken
// formula shows as red source, not an error. `trust` stays off: no \href, \url or \html* commands.
export const mathExtension = markedKatex({ nonStandard: true, throwOnError: false, output: 'html' });
