/**
 * A field's "left it" check (react-hook-form validates on the first blur) runs once the pointer that moved focus away
 * is released. Otherwise a press on a button just below a field blurs the field, the field's error appears and
 * pushes the button down before the press ends, and the press is lost: QA on /service-requests/new at 390 px, an
 * invalid contact phone then "Add a preferred time", which needed a second tap. Keyboard blurs (Tab) are not held.
 */
let pointerDown = false;
let listening = false;
const waiting = new Set<() => void>();

function release() {
  pointerDown = false;
  if (waiting.size === 0) return;
  const run = [...waiting];
  waiting.clear();
  // After the press's own click (dispatched in the same task as the release).
  setTimeout(() => run.forEach((fn) => fn()), 0);
}

function listen() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pointerdown', () => (pointerDown = true), true);
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
  // A drag out of the window: no pointerup arrives here.
  window.addEventListener('blur', release);
}

/** Runs `fn` now, or when the pointer pressed at the moment is released. */
export function afterPointerRelease(fn: () => void): void {
  listen();
  if (pointerDown) waiting.add(fn);
  else fn();
}

/** Starts tracking presses (the first press of a page must be seen before it blurs a field). */
export function trackPointer(): void {
  listen();
}
