/**
 * Login throttling: at most 10 failed attempts in 15 minutes per client address and per username; then 429 with
 * the seconds until the oldest failure leaves the window. In memory: one server process owns the admin logins
 * (behind several processes each counts its own, which still bounds guessing).
 */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export function createLoginThrottle(now: () => number) {
  const failures = new Map<string, number[]>();

  const recent = (key: string) => {
    const cutoff = now() - FAILURE_WINDOW_MS;
    const list = (failures.get(key) ?? []).filter((at) => at > cutoff);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };

  return {
    /** Seconds to wait before trying again, or 0 when a login may be tried. */
    retryAfterSeconds(keys: string[]): number {
      let wait = 0;
      for (const key of keys) {
        const list = recent(key);
        if (list.length >= MAX_FAILURES) {
          wait = Math.max(wait, Math.ceil((list[0]! + FAILURE_WINDOW_MS - now()) / 1000));
        }
      }
      return wait;
    },
    recordFailure(keys: string[]): void {
      for (const key of keys) failures.set(key, [...recent(key), now()]);
    },
    clear(keys: string[]): void {
      for (const key of keys) failures.delete(key);
    },
  };
}
