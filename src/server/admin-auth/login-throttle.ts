/**
 * Login throttling, counted over a sliding window of 15 minutes:
 *
 * - **per (client address, username)**: 10 failures lock that pair (429 with the seconds until its oldest failure
 *   leaves the window);
 * - **per client address**: 10 failures across any usernames lock the address, so one address cannot guess
 *   through many accounts;
 * - **per username**, across addresses: 10 failures put the account *under attack*. It then gives each address one
 *   wrong try per window: an address with a failure of its own for it is refused until that failure leaves the
 *   window or the attack ends, and a wrong password from an address with none is answered 429 too. An address
 *   with no failures of its own is never refused before its password is checked, so strangers failing for the
 *   owner's username cannot lock the owner out: the right password still logs in.
 *
 * In memory: one server process owns the admin logins (behind several processes each counts its own, which still
 * bounds guessing).
 */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Keys kept before the stale ones are swept, so made-up usernames cannot grow the map for ever. */
const SWEEP_ABOVE_KEYS = 10_000;

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export function createLoginThrottle(now: () => number) {
  const failures = new Map<string, number[]>();

  const recent = (key: string) => {
    const cutoff = now() - FAILURE_WINDOW_MS;
    const list = (failures.get(key) ?? []).filter((at) => at > cutoff);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };
  const keysOf = (ip: string, username: string) => {
    const user = username.toLowerCase();
    return { pair: `pair:${ip}\n${user}`, ip: `ip:${ip}`, user: `user:${user}` };
  };
  /** Whole seconds until `at` leaves the window (at least 1). */
  const secondsUntilExpiry = (at: number) => Math.max(1, Math.ceil((at + FAILURE_WINDOW_MS - now()) / 1000));
  /** The list has reached the limit: seconds until it drops below it. */
  const lockedFor = (list: number[]) =>
    list.length >= MAX_FAILURES ? secondsUntilExpiry(list[list.length - MAX_FAILURES]!) : 0;

  const sweep = () => {
    if (failures.size <= SWEEP_ABOVE_KEYS) return;
    for (const key of [...failures.keys()]) recent(key);
  };

  return {
    /** Before the password is checked: seconds this address must wait before trying this username, or 0. */
    retryAfterSeconds(ip: string, username: string): number {
      const keys = keysOf(ip, username);
      const pair = recent(keys.pair);
      let wait = Math.max(lockedFor(pair), lockedFor(recent(keys.ip)));
      const attackEndsIn = lockedFor(recent(keys.user));
      if (attackEndsIn > 0 && pair.length > 0) {
        // Under attack this address has had its try: it may try again when its newest failure leaves the
        // window or when the attack is over, whichever comes first.
        wait = Math.max(wait, Math.min(attackEndsIn, secondsUntilExpiry(pair[pair.length - 1]!)));
      }
      return wait;
    },

    /**
     * Records a wrong password. Returns the seconds to wait when the answer is a 429 (the account was under attack,
     * so this address has used its one try), or 0 for a plain 401.
     */
    recordFailure(ip: string, username: string): number {
      const keys = keysOf(ip, username);
      const underAttack = lockedFor(recent(keys.user)) > 0;
      for (const key of [keys.pair, keys.ip, keys.user]) failures.set(key, [...recent(key), now()]);
      sweep();
      return underAttack ? this.retryAfterSeconds(ip, username) : 0;
    },

    /**
     * The right password: forgets this address's failures. The username's count stays, so a login by the owner
     * does not hand an attacker a fresh budget.
     */
    recordSuccess(ip: string, username: string): void {
      const keys = keysOf(ip, username);
      failures.delete(keys.pair);
      failures.delete(keys.ip);
    },
  };
}
