import type { AdminBooking } from '../../domain/api/admin-bookings.ts';
import type { ChangeDates, StayDetails } from '../../domain/api/guest-journey.ts';
import { bookingReference } from '../../domain/booking-reference.ts';
import { adminBookingOf } from '../admin-bookings/repository.ts';
import { audit } from '../audit/audit.ts';
import type { BookingsRepository, StayRow } from '../bookings/bookings-repository.ts';
import { nightsTakenAs } from '../bookings/nights-rule.ts';
import { requireStayRules } from '../bookings/requirements.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { manageBookingUrl } from '../email/stay-calendar.ts';
import { conflict, notFound } from '../errors.ts';
import type { ScheduledMessages } from './scheduled-messages.ts';
import { readGuestMessageSettings } from './settings.ts';

/**
 * The owner's actions on a stay's journey: its access code, its guest link (shown, and replaced when it has
 * leaked), its messages, and moving its dates (the scheduled messages follow the stay's dates by themselves).
 */
export function createOwnerStayActions(deps: {
  db: Db;
  bookings: BookingsRepository;
  clock: Clock;
  siteUrl: string;
  scheduled: ScheduledMessages;
}) {
  const { db, clock, bookings } = deps;

  async function requireGuestStay(id: string): Promise<StayRow> {
    const row = await bookings.findStay({ id });
    if (row?.kind !== 'guest') throw notFound('There is no booking with that id.', 'booking_not_found');
    return row;
  }

  async function details(row: StayRow): Promise<StayDetails> {
    const saved = await readGuestMessageSettings(db);
    return {
      id: row.id,
      reference: bookingReference(row.id),
      accessCode: row.accessCode,
      defaultAccessCode: saved.defaultAccessCode,
      manageUrl: manageBookingUrl(row, deps.siteUrl),
      messages: await deps.scheduled.messagesOf(row),
    };
  }

  return {
    async details(id: string) {
      return details(await requireGuestStay(id));
    },

    async setAccessCode(id: string, accessCode: string, actor: string) {
      await requireGuestStay(id);
      const code = accessCode.trim() || null;
      const row = await bookings.updateStay({ id, set: { accessCode: code, updatedAt: clock.now() } });
      // The audit says that it changed, never the code.
      await audit(db, {
        actor,
        action: 'booking.access_code_set',
        details: { stayId: id, cleared: code === null },
      });
      return details(row);
    },

    /** A new key for the guest's link: the old link stops working at once. */
    async rotateManageKey(id: string, actor: string) {
      await requireGuestStay(id);
      const row = await bookings.replaceManageKey({ id, now: clock.now() });
      await audit(db, { actor, action: 'booking.manage_link_replaced', details: { stayId: id } });
      return details(row);
    },

    /**
     * Moves a live guest stay to other nights (the owner's decision, e.g. after the guest asked): the nights must
     * be free of every other stay and channel event. The stored price and payments stay as they are.
     */
    async changeDates(id: string, input: ChangeDates, actor: string): Promise<AdminBooking> {
      const stay = await requireGuestStay(id);
      if (stay.status !== 'confirmed' && stay.status !== 'pending') {
        throw conflict(`Only a live booking can be moved; this one is ${stay.status}.`, 'not_movable');
      }
      const now = clock.now();
      const nights = {
        propertyId: stay.propertyId,
        checkIn: input.checkInDate,
        checkOut: input.checkOutDate,
      };
      requireStayRules(nights, now, { ownerMade: true });
      const taken = () =>
        conflict(
          'Some of those nights are already booked or blocked. Please choose other dates.',
          'dates_unavailable',
        );
      try {
        const row = await bookings.transaction(async (tx) => {
          await bookings.lockNights(nights, tx);
          await bookings.expireLapsedHolds({ now, nights }, tx);
          if (!(await bookings.isFree({ ...nights, now, excludeStayId: id }, tx))) throw taken();
          const updated = await bookings.updateStay(
            { id, set: { checkIn: input.checkInDate, checkOut: input.checkOutDate, updatedAt: now } },
            tx,
          );
          await audit(tx, {
            actor,
            action: 'booking.dates_changed',
            details: {
              stayId: id,
              from: { checkIn: stay.checkIn, checkOut: stay.checkOut },
              to: { checkIn: input.checkInDate, checkOut: input.checkOutDate },
            },
          });
          return updated;
        });
        return adminBookingOf(db, row, clock.now());
      } catch (error) {
        throw nightsTakenAs(error, taken);
      }
    },
  };
}
