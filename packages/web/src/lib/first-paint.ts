/**
 * What can wait until the first screen is on display (the other catalogs, the session restore of
 * a visitor who never signed in) waits for this, so it never competes with that first paint.
 */
let painted: () => void = () => {};

/** Resolves once the shell's first screen has been painted and the browser has a quiet moment (at most two seconds later). */
export const firstScreenPainted = new Promise<void>((resolve) => (painted = resolve));

/** Runs `run` when the browser has a quiet moment (at most two seconds from now). */
export function whenIdle(run: () => void) {
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  idle(run, { timeout: 2000 });
}

/** The shell calls this when it renders its first screen. */
export function firstScreenRendered() {
  // The frame after this one is painted; idle after it.
  requestAnimationFrame(() => setTimeout(() => whenIdle(painted), 0));
}
