import { lazy, type ComponentType } from 'react';

/** Spec 1 §8: a chunk that has not loaded after 120 s is a load error (shown by PageBoundary). */
const CHUNK_TIMEOUT_MS = 120_000;

/** Route-level code splitting: each page is its own chunk, loaded on first visit. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = window.setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_TIMEOUT_MS);
        load().then(
          (mod) => {
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
