import { useEffect, useState } from 'react';

/** How long the wiki may take to answer before it counts as unreachable. */
const PROBE_TIMEOUT_MS = 8000;

/**
 * Whether `url` answers at all from this browser: null while asking. A no-cors request resolves with an
 * opaque response from any server that answers, and fails on DNS errors, refused or dropped connections
 * (and when the page's Content-Security-Policy forbids connecting there, where the frame would be blocked
 * too). It tells nothing about the content, which is all a frame needs.
 */
export function useReachable(url: string): boolean | null {
  const [result, setResult] = useState<{ url: string; ok: boolean } | null>(null);
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
    let live = true;
    fetch(url, { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: controller.signal }).then(
      () => live && setResult({ url, ok: true }),
      () => live && setResult({ url, ok: false }),
    );
    return () => {
      live = false;
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [url]);
  return result && result.url === url ? result.ok : null;
}
