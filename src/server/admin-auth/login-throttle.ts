import { tooManyRequests } from '../errors.ts';

/**
 * Login throttling, counted over a sliding window of 15 minutes:
 *
 * - **per (client address, username)**: 10 failures lock that pair (429 with the seconds until its oldest failure
 *   leaves the window);
 * - **per client address**: 10 failures across any usernames lock the address, so one address cannot guess
 *   through many accounts;
 * - **per username**, across addresses: 10 failures put the account *under attack*. Each address then has
 *   OWNER_GRACE_FAILURES wrong tries per window: each is answered 429 with the tries it has left, and an address
 *   past them is refused before its password is checked, until its failures fall back to the grace or the attack
 *   ends. An address with OWNER_GRACE_FAILURES failures or fewer is never refused before its password (and code)
 *   are checked, so strangers failing for the owner's username cannot lock out the owner, even after a typo or
 *   two (docs/decisions/020-the-owners-account.md).
 *
 * In memory: one server process owns the admin logins (behind several processes each counts its own, which still
 * bounds guessing). A wrong two-step code counts as a failure like a wrong password.
 */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Wrong tries an address keeps while the username is under attack: the owner's typos. */
export const OWNER_GRACE_FAILURES = 3;
/** Keys kept before the stale ones are swept, so made-up usernames cannot grow the map for ever. */
const SWEEP_ABOVE_KEYS = 10_000;

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/**
 * After a failure: `retryAfterSeconds` 0 is a plain 401; otherwise a 429, and `triesLeft` (under attack, within
 * the grace) says how many more wrong tries this address has before it must wait.
 */
export type FailureOutcome = { retryAfterSeconds: number; triesLeft: number | null };

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

  /** Under attack, an address past its grace waits until its failures fall back to it, or the attack ends. */
  const attackWait = (pair: number[], user: number[]) => {
    const attackEndsIn = lockedFor(user);
    if (attackEndsIn === 0 || pair.length <= OWNER_GRACE_FAILURES) return 0;
    return Math.min(attackEndsIn, secondsUntilExpiry(pair[pair.length - OWNER_GRACE_FAILURES - 1]!));
  };

  return {
    /** Before the password is checked: seconds this address must wait before trying this username, or 0. */
    retryAfterSeconds(ip: string, username: string): number {
      const keys = keysOf(ip, username);
      const pair = recent(keys.pair);
      return Math.max(lockedFor(pair), lockedFor(recent(keys.ip)), attackWait(pair, recent(keys.user)));
    },

    /**
     * Records a wrong password (or code). A plain 401 unless the account was under attack: then a 429 with the
     * seconds to wait (this address has used its grace) or with the tries it has left (waiting 1 second).
     */
    recordFailure(ip: string, username: string): FailureOutcome {
      const keys = keysOf(ip, username);
      const underAttack = lockedFor(recent(keys.user)) > 0;
      for (const key of [keys.pair, keys.ip, keys.user]) failures.set(key, [...recent(key), now()]);
      sweep();
      if (!underAttack) return { retryAfterSeconds: 0, triesLeft: null };
      const wait = this.retryAfterSeconds(ip, username);
      if (wait > 0) return { retryAfterSeconds: wait, triesLeft: null };
      return { retryAfterSeconds: 1, triesLeft: OWNER_GRACE_FAILURES - recent(keys.pair).length + 1 };
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

/** The 429 of a throttled login or password check, with a sentence that says how long, or how many tries are left. */
export function throttledAnswer(outcome: FailureOutcome) {
  if (outcome.triesLeft !== null) {
    const tries = outcome.triesLeft === 1 ? '1 more try' : `${outcome.triesLeft} more tries`;
    return tooManyRequests(
      `That was not right. This account is receiving many failed logins, so this address has ${tries} before it must wait.`,
      outcome.retryAfterSeconds,
    );
  }
  const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
  return tooManyRequests(
    `Too many failed logins. Please wait ${minutes} minute(s) and try again.`,
    outcome.retryAfterSeconds,
  );
}
