import { TZDate } from '@date-fns/tz';
import type { IsoDate } from './dates.ts';
import { PROPERTY_TIME_ZONE } from './property.ts';

/**
 * The instant of `hour:minute` on `date` in Aberdeen (BST or GMT as the date falls). Kept apart from dates.ts,
 * which the browser loads: only the server and the e-mails turn the property's wall clock into instants.
 */
export function propertyLocalInstant(date: IsoDate, hour: number, minute: number): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, 0, PROPERTY_TIME_ZONE).getTime());
}
