import { useSyncExternalStore } from 'react';

/** A tiny external store: module-level state that both React and plain modules can read and change. */
export function createStore<T>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  const get = () => state;
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  };
  const set = (next: T) => {
    state = next;
    for (const l of listeners) l();
  };
  const use = () => useSyncExternalStore(subscribe, get, get);
  return { get, set, subscribe, use };
}
