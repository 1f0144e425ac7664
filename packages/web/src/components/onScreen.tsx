import { lazy, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Skeleton } from 'antd';

/**
 * Heavy widgets (charts, the Markdown renderer) are fetched only when they come near the screen, so
 * a page's first load carries what is visible. The margin starts the fetch a little before they scroll
 * into view. It is kept small: while a page's cards still show their skeletons everything sits higher,
 * and a wide margin let the home page fetch its chart (130 KB) without anybody scrolling.
 */
const MARGIN = '100px 0px';

/** A ref for an element and whether it has been on (or near) the screen; stays true once seen. */
export function useOnScreen<T extends Element>(): [(el: T | null) => void, boolean] {
  const [el, setEl] = useState<T | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setSeen(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: MARGIN });
    io.observe(el);
    return () => io.disconnect();
  }, [el, seen]);
  return [useCallback((node: T | null) => setEl(node), []), seen];
}

/**
 * React.lazy that does not even start fetching before the component's place is on screen: until
 * then `placeholder` (a still skeleton by default) holds the place. Wrap it in <Suspense> as any lazy
 * one. The placeholder does not shimmer: nothing is loading yet, and a shimmer below the fold kept the
 * page repainting every frame (a tenth of a core on an idle home page) for as long as it was open.
 */
export function lazyOnScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, placeholder: ReactNode = <Skeleton />) {
  const Lazy = lazy(load);
  return function OnScreen(props: P) {
    const [ref, seen] = useOnScreen<HTMLDivElement>();
    if (seen) return <Lazy {...props} />;
    return <div ref={ref}>{placeholder}</div>;
  };
}
