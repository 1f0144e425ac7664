import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '@oj/shared';

const query = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

function subscribe(cb: () => void) {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', cb);
  return () => mql.removeEventListener('change', cb);
}

/** True under 768 px, where the shell swaps the menu for an app bar and drawer. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
