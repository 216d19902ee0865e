/** Time is injected so tests can move it (hold lapses, sync intervals, e-mail back-off, "today"). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and move by hand. */
export function createManualClock(
  start: Date | string,
): Clock & { set(to: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (to) => {
      current = new Date(to);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/**
 * The system clock moved forward by hand: only the end-to-end server (NODE_ENV=test) uses it, through
 * POST /api/test/clock, to let a hold lapse without waiting 15 minutes.
 */
export function createOffsetClock(): Clock & { advance(ms: number): void } {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms;
    },
  };
}
