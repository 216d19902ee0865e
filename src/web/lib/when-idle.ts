/** How long after the load event background work waits, so that it never competes with the page's own loading. */
export const SETTLE_MS = 2000;

/**
 * Runs `callback` in the background once the page has loaded and settled: `SETTLE_MS` after the load event, when
 * the browser is next idle (or `timeoutMs` later at the latest). For work nobody is waiting for yet, such as
 * code for below the fold. Returns a cancel function.
 */
export function whenIdle(callback: () => void, timeoutMs = 2000): () => void {
  let cancelled = false;
  let cancelPending = () => {};
  const idle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
      cancelPending = () => window.cancelIdleCallback(handle);
    } else callback();
  };
  const settle = () => {
    const handle = window.setTimeout(idle, SETTLE_MS);
    cancelPending = () => window.clearTimeout(handle);
  };
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', settle);
    cancelPending();
  };
}
