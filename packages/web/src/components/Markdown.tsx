import { useEffect, useMemo, useReducer } from 'react';
import { useOnScreen } from './onScreen';

type Renderer = typeof import('./markdownRender');

/** A chunk fetched once; a failed fetch may be tried again by the next Markdown that needs it. */
function part<T>(load: () => Promise<T>) {
  let promise: Promise<T> | null = null;
  let resolveLoaded: (v: T) => void = () => {};
  const p = {
    value: null as T | null,
    /** settles when some Markdown has fetched it (never rejects; does not start the fetch) */
    loaded: new Promise<T>((r) => (resolveLoaded = r)),
    load(): Promise<T> {
      promise ??= load().then(
        (v) => {
          p.value = v;
          resolveLoaded(v);
          return v;
        },
        (err: unknown) => {
          promise = null;
          throw err;
        },
      );
      return promise;
    },
  };
  return p;
}

// marked + the sanitiser; KaTeX and highlight.js are most of the weight, so each comes only for a
// source that uses it (a `$`, a fenced block naming a language).
const core = part<Renderer>(() => import('./markdownRender'));
const math = part(() =>
  Promise.all([core.load(), import('./markdownMath')]).then(([r, m]) => {
    r.addMath(m.mathExtension);
    return true;
  }),
);
const code = part(() =>
  Promise.all([core.load(), import('./markdownCode')]).then(([r, c]) => {
    r.setHighlighter(c.highlight);
    return true;
  }),
);

function partsFor(text: string) {
  const parts: { value: unknown; load(): Promise<unknown> }[] = [core];
  if (text.includes('$')) parts.push(math);
  if (/^ {0,3}(`{3,}|~{3,})[ \t]*[^\s`~]/m.test(text)) parts.push(code);
  return parts;
}

/**
 * Markdown from the server: marked, TeX math ($…$, $$…$$) by KaTeX, fenced code highlighted, the
 * author's HTML sanitised with the shared allow-list before it touches the DOM. The renderer is
 * fetched when a Markdown first comes near the screen; until then (first use only) the source shows
 * as plain text.
 */
export function Markdown({ source, className }: { source: string | null | undefined; className?: string }) {
  const text = source ?? '';
  const parts = partsFor(text);
  const ready = parts.every((p) => p.value !== null);
  const [ref, seen] = useOnScreen<HTMLDivElement>();
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `parts` is derived from `text`.
  useEffect(() => {
    if (ready) return;
    let live = true;
    const fetchParts = () =>
      void Promise.all(parts.map((p) => p.load())).then(
        () => live && loaded(),
        () => {}, // stays plain text; the next Markdown tries again
      );
    // The first Markdown on screen fetches the renderer; from then on every Markdown of the page
    // (a statement's hint below the fold, say) renders without waiting to be scrolled to.
    if (seen || core.value) fetchParts();
    else void core.loaded.then(() => live && fetchParts());
    return () => {
      live = false;
    };
  }, [ready, seen, text]);
  const html = useMemo(() => (ready ? core.value!.renderMarkdown(text) : null), [ready, text]);
  const cls = ['oj-markdown', className].filter(Boolean).join(' ');
  if (html === null) {
    return (
      <div ref={ref} className={cls} style={{ whiteSpace: 'pre-wrap' }} aria-busy="true">
        {text}
      </div>
    );
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown's output has been through DOMPurify (markdownRender.ts).
  return <div className={cls} dangerouslySetInnerHTML={{ __html: html }} />;
}
