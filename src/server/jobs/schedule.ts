import { addDays, todayOnPropertyClock } from '../../domain/dates.ts';
import { propertyLocalInstant } from '../email/stay-calendar.ts';

/**
 * When a job of the registry (registry.ts) is due: every so often, or once a day at an hour on the property's
 * clock (Aberdeen time, BST or GMT as the date falls).
 */
export type Schedule = {
  /** For the owner's System view: 'Every 15 minutes', 'Daily at 03:00 (Aberdeen time)'. */
  label: string;
  /** When the next run is due after a run that started at `startedAt`. */
  nextAfter(startedAt: Date): Date;
  /** How often a process's timer asks whether the job is due. */
  checkEveryMs: number;
};

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * A timer checks at most a minute apart, and four times an interval: the runs then stay about one interval apart
 * (not up to two) whatever the phase of each process's timer.
 */
export const MAX_CHECK_EVERY_MS = MINUTE_MS;

function everyLabel(ms: number): string {
  const [amount, unit] =
    ms % HOUR_MS === 0
      ? [ms / HOUR_MS, 'hour']
      : ms % MINUTE_MS === 0
        ? [ms / MINUTE_MS, 'minute']
        : [ms / SECOND_MS, 'second'];
  return amount === 1 ? `Every ${unit}` : `Every ${amount} ${unit}s`;
}

/** Due `ms` after the last run started. */
export function every(ms: number): Schedule {
  return {
    label: everyLabel(ms),
    nextAfter: (startedAt) => new Date(startedAt.getTime() + ms),
    checkEveryMs: Math.min(ms / 4, MAX_CHECK_EVERY_MS),
  };
}

/**
 * Due at `hour`:00 on the property's clock each day: after a run, at the next such hour. A job that has never
 * run, or missed its hour (the server was off), runs at the first check.
 */
export function dailyAt(hour: number): Schedule {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new Error(`not an hour of the day: ${hour}`);
  return {
    label: `Daily at ${String(hour).padStart(2, '0')}:00 (Aberdeen time)`,
    nextAfter(startedAt) {
      const today = todayOnPropertyClock(startedAt);
      const slot = propertyLocalInstant(today, hour, 0);
      return slot > startedAt ? slot : propertyLocalInstant(addDays(today, 1), hour, 0);
    },
    checkEveryMs: MAX_CHECK_EVERY_MS,
  };
}
