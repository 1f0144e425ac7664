import { useEffect, useMemo, useState } from 'react';

type Renderer = typeof import('./markdownRender');

// Fetched as soon as a page that shows Markdown loads (in parallel with its data), not with the app:
// KaTeX and highlight.js are the largest part of it.
let loaded: Renderer | null = null;
let loading: Promise<Renderer> | null = null;
function loadRenderer(): Promise<Renderer> {
  loading ??= import('./markdownRender').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = null; // a failed chunk may be fetched again by the next Markdown
      throw err;
    },
  );
  return loading;
}
void loadRenderer().catch(() => {});

function useRenderer(): Renderer | null {
  const [renderer, setRenderer] = useState(loaded);
  useEffect(() => {
    if (renderer) return;
    let live = true;
    loadRenderer().then(
      (m) => live && setRenderer(m),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [renderer]);
  return renderer;
}

/**
 * Markdown from the server: marked, TeX math ($…$, $$…$$) by KaTeX, fenced code highlighted, all
 * sanitised by DOMPurify before it touches the DOM. Until the renderer has loaded (first use only)
 * the source shows as plain text.
 */
export function Markdown({ source, className }: { source: string | null | undefined; className?: string }) {
  const renderer = useRenderer();
  const text = source ?? '';
  const html = useMemo(() => (renderer ? renderer.renderMarkdown(text) : null), [renderer, text]);
  const cls = ['oj-markdown', className].filter(Boolean).join(' ');
  if (html === null) {
    return (
      <div className={cls} style={{ whiteSpace: 'pre-wrap' }} aria-busy="true">
        {text}
      </div>
    );
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown's output has been through DOMPurify (markdownRender.ts).
  return <div className={cls} dangerouslySetInnerHTML={{ __html: html }} />;
}
