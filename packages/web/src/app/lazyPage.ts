import { lazy, type ComponentType } from 'react';
import { needAreaTexts } from './i18n';

/** A chunk that has not loaded after 120 s is a load error (shown by PageBoundary). */
const CHUNK_TIMEOUT_MS = 120_000;

/**
 * Route-level code splitting: each page is its own chunk, loaded on first visit together with the
 * texts of the site's areas (the home page needs only those of the first paint: `areaTexts: false`; a
 * page that uses no admin text and whose first load counts leaves those out: `adminTexts: false`, and
 * the message catalogue until an answer carries a msg: `catalogue: false`).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, { areaTexts = true, adminTexts = true, catalogue = true } = {}) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = window.setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_TIMEOUT_MS);
        Promise.all([load(), areaTexts ? needAreaTexts({ admin: adminTexts, catalogue }) : undefined]).then(
          ([mod]) => {
            window.clearTimeout(timer);
            resolve(mod);
          },
          (err: unknown) => {
            window.clearTimeout(timer);
            reject(err);
          },
        );
      }),
  );
}
