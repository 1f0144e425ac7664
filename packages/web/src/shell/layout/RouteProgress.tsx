import { useEffect } from 'react';
import { useLocation } from 'react-router';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// Progress speed 1000; the spinner would sit on top of the top bar's user menu.
NProgress.configure({ showSpinner: false, speed: 1000 });

/** Starts the bar on every navigation; a page whose chunk is still loading keeps it running (PageFallback). */
export function RouteProgress() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    NProgress.start();
    const id = window.setTimeout(() => NProgress.done(), 0);
    return () => window.clearTimeout(id);
  }, [pathname, search]);
  return null;
}

/** Scrolls to the top on each new page. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
