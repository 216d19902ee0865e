import { format } from 'date-fns';
import type { IsoDate } from '../../../domain/dates.ts';

/** A calendar day as a local Date at noon (spec section 4: "Day times are set at noon"), for display only. */
const atNoon = (day: IsoDate) => new Date(`${day}T12:00:00`);

/** The first day of the month of `day`. */
export const monthStart = (day: IsoDate): IsoDate => `${day.slice(0, 7)}-01`;

/** "March 2027" */
export const formatMonth = (month: IsoDate) => format(atNoon(month), 'MMMM yyyy');
/** "Thursday 4 March 2027": how each day of the grid is announced. */
export const formatLongDate = (day: IsoDate) => format(atNoon(day), 'EEEE d MMMM yyyy');
/** "Thu 4 Mar 2027" */
export const formatShortDate = (day: IsoDate) => format(atNoon(day), 'EEE d MMM yyyy');

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
