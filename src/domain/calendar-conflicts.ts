import { type IsoDate, nightsOf, staysOverlap } from './dates.ts';

/**
 * The conflict rule of calendar sync (docs/decisions/002-calendar-sync.md).
 *
 * Once Airbnb and Booking.com import our feed, they send our own stays back to us as 'Not available' /
 * 'CLOSED' events. Such an **echo** — an imported event every night of which is covered by our own confirmed
 * stays or owner blocks — is expected and never raises an alarm.
 * Any other imported event that shares a night with a confirmed direct guest booking is a **conflict**: the
 * same night was sold twice, and the owner must act.
 */

export type OurStay = { id: string; kind: 'guest' | 'block'; checkIn: IsoDate; checkOut: IsoDate };

export type EventClass = { echo: boolean; conflictingStayIds: string[] };

/** Classifies one imported event against our confirmed stays and blocks. */
export function classifyImportedEvent(
  event: { checkIn: IsoDate; checkOut: IsoDate },
  ours: OurStay[],
): EventClass {
  const overlapping = ours.filter((stay) => staysOverlap(stay, event));
  const covered = new Set(overlapping.flatMap((stay) => nightsOf(stay.checkIn, stay.checkOut)));
  const echo = overlapping.length > 0 && nightsOf(event.checkIn, event.checkOut).every((n) => covered.has(n));
  if (echo) return { echo: true, conflictingStayIds: [] };
  return {
    echo: false,
    conflictingStayIds: overlapping.filter((stay) => stay.kind === 'guest').map((stay) => stay.id),
  };
}
