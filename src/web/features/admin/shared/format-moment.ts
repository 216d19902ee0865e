import { PROPERTY_TIME_ZONE } from '../../../../domain/property.ts';

/** '26 Nov, 10:00' on the property's clock: when something happened, in the owner's lists. */
export function formatMoment(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: PROPERTY_TIME_ZONE,
  }).format(new Date(iso));
}
