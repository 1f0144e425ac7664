/**
 * Swapping an element for another (a likeness for the real control, a plain trigger for antd's popup)
 * between a press and its release loses the click: the press hits the old element, the release the new
 * one, and the click event goes to neither. A quick human and Playwright both move, press and release in
 * one go, so a chunk that arrives in between is not rare on a busy machine. Such swaps wait for this.
 */
let pressed = false;
let waiting: (() => void)[] = [];

if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => (pressed = true), { capture: true });
  const released = () => {
    // After the click this release makes has been dispatched (it follows pointerup in the same task).
    setTimeout(() => {
      pressed = false;
      const run = waiting;
      waiting = [];
      for (const fn of run) fn();
    });
  };
  window.addEventListener('pointerup', released, { capture: true });
  window.addEventListener('pointercancel', released, { capture: true });
}

/** Runs `fn` now, or once the pointer pressed somewhere on the page is released. */
export function whenPointerFree(fn: () => void): void {
  if (pressed) waiting.push(fn);
  else fn();
}
