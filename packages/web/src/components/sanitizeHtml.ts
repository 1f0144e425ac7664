/**
 * The one allow-list for HTML that users and admins write (inside Markdown: signatures, statements,
 * announcements, …). Everything that renders user Markdown goes through `renderMarkdown`, which
 * sanitises with this; nothing else puts user HTML into the DOM.
 *
 * Only text markup passes: no style (elements or attributes: a fixed overlay or `header{display:none}`
 * can deface the site), no forms or form controls (a fake login posting elsewhere), no frames, plugins,
 * <meta>/<link>/<base>, SVG or MathML, no class/id (they would pick up the site's own styles), no event
 * handlers; links only to http(s), mailto or relative addresses; images from those or a
 * `data:image/(png|jpeg|gif|webp)` URL. KaTeX and highlight.js output is not user HTML: the renderer
 * inserts it after sanitising (see markdownRender.ts).
 */
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'tt',
  'u',
  'ul',
  'var',
  'wbr',
];

/** `data-oj-fragment` marks where the renderer puts KaTeX / highlight.js output back (a per-render nonce). */
export const FRAGMENT_ATTR = 'data-oj-fragment';

const ALLOWED_ATTR = [
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'colspan',
  'rowspan',
  'align',
  'valign',
  'start',
  'reversed',
  'open',
  'datetime',
  'abbr',
  'scope',
  'lang',
  'dir',
  FRAGMENT_ATTR,
];

/** http(s), mailto, or no scheme at all (relative, #anchor); DOMPurify strips whitespace and controls first. */
const ALLOWED_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp)[;,]/i;

const purify = DOMPurify();

purify.addHook('uponSanitizeAttribute', (node, data) => {
  // DOMPurify lets any data: URL through on <img>; only raster images are kept.
  if (data.attrName === 'src' && /^\s*data:/i.test(data.attrValue)) data.keepAttr = node.nodeName === 'IMG' && DATA_IMAGE.test(data.attrValue.trim());
});

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A' || !node.getAttribute('href')) return;
  // Links open outside the app and cannot reach back into it; other sites get no referrer and no
  // ranking from links users put in their signatures.
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', isOtherSite(node.getAttribute('href')!) ? 'noopener noreferrer nofollow' : 'noopener');
});

function isOtherSite(href: string): boolean {
  try {
    return new URL(href, window.location.href).origin !== window.location.origin;
  } catch {
    return true;
  }
}

/** User HTML → HTML with only what the allow-list above keeps. */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
