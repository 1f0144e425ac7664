import { useEffect, useState } from 'react';
import { createStore } from '../createStore';

/**
 * Deadlines of "send code" buttons, kept at module level so a countdown survives closing and
 * reopening the dialog for as long as the page lives.
 */
const deadlines = createStore<Record<string, number>>({});

export function startCountdown(key: string, seconds: number) {
  deadlines.set({ ...deadlines.get(), [key]: Date.now() + seconds * 1000 });
}

/** Whole seconds left on `key`'s countdown (0 when none), re-rendering every second while running. */
export function useCountdown(key: string): number {
  const deadline = deadlines.use()[key] ?? 0;
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  useEffect(() => {
    setNow(Date.now());
    if (deadline <= Date.now()) return;
    const id = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) window.clearInterval(id);
    }, 250);
    return () => window.clearInterval(id);
  }, [deadline]);
  return left;
}
