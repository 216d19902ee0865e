import type { IsoDate } from '../../../domain/dates.ts';

/** The first day of the month of `day`. */
export const monthStart = (day: IsoDate): IsoDate => `${day.slice(0, 7)}-01`;

/** Sunday-first week (spec section 2). */
export const WEEKDAYS = [
  { short: 'Su', long: 'Sunday' },
  { short: 'Mo', long: 'Monday' },
  { short: 'Tu', long: 'Tuesday' },
  { short: 'We', long: 'Wednesday' },
  { short: 'Th', long: 'Thursday' },
  { short: 'Fr', long: 'Friday' },
  { short: 'Sa', long: 'Saturday' },
] as const;
