import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ArrivalSettings } from '../../domain/api/arrival.ts';
import type { BookingPageIntentRequestSchema } from '../../domain/api/payments.ts';
import {
  extendedHoldExpiresAt,
  holdExpiresAt as holdExpiry,
  isLive,
  MINUTE_MS,
} from '../../domain/booking-lifecycle.ts';
import { timeOnPropertyClock, todayOnPropertyClock } from '../../domain/dates.ts';
import { formatGbp, formatLongDate } from '../../domain/format.ts';
import { keptPlan, type PaymentPlan, planColumns, planPayments } from '../../domain/payment-schedule.ts';
import { poundsToPence, type Quote, quotePence, quoteStay } from '../../domain/pricing.ts';
import { PROPERTY_ID } from '../../domain/property.ts';
import { arrivalSetting, readArrivalSettings } from '../arrival/settings.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/database.ts';
import { conflict, notFound } from '../errors.ts';
import { paymentScheduleSetting } from '../payment-schedule/schedule-setting.ts';
import { priceGuestStay } from '../pricing/rate-plan-repository.ts';
import { readSettings } from '../settings/settings-store.ts';
import type { BookingsRepository, StayChanges, StayRow } from './bookings-repository.ts';
import { nightsTakenAs, type PropertyNights } from './nights-rule.ts';
import { requireStayRules, unknownProperty } from './requirements.ts';

/**
 * A guest's hold on nights before they pay (spec README, "Booking states"; docs/decisions/003-hold-then-pay.md):
 * the stay rules, the price check against the rate plan and promo code, the owner's payment schedule, the
 * per-client cap, and the nights rule, in one transaction under the property's nights lock. The payments
 * capability calls it, then gives the hold a payment intent once it has committed.
 */

export const DATES_TAKEN_MESSAGE = 'These dates are already booked. Please select different dates.';
export const CARD_CONSENT_MESSAGE =
  'This booking is paid as a deposit now and the balance later: please agree to your card being saved for the balance, then pay.';
/** The damage deposit is held on the card saved at booking (docs/decisions/031-damage-deposit-hold.md). */
export const DAMAGE_HOLD_CONSENT_MESSAGE =
  'A damage deposit is held on your card before you arrive: please agree to your card being saved for it, then pay.';

type BookingPageIntentRequest = z.output<typeof BookingPageIntentRequestSchema>;

export type GuestHold = { stay: StayRow; replaced: StayRow[] };

const datesTaken = () => conflict(DATES_TAKEN_MESSAGE, 'dates_unavailable');

/**
 * The guest's agreement to the card being saved, which paying needs when the card is kept for a deposit's balance
 * (`plan`, docs/decisions/016-deposit-now-balance-later.md) or for the owner's damage deposit
 * (docs/decisions/031-damage-deposit-hold.md): 409 `card_consent_required` without it, carrying the plan and the
 * damage deposit so the page can show each one's box. The one rule for the booking page's hold and the checkout
 * page's (the stay's kept plan).
 */
export function requireCardConsent(input: {
  consent: boolean | undefined;
  plan: PaymentPlan;
  arrival: Pick<ArrivalSettings, 'damageHoldPence' | 'releaseDays'>;
}): void {
  const { consent, plan, arrival } = input;
  if (consent === true) return;
  const holds = arrival.damageHoldPence > 0;
  if (plan.kind !== 'deposit' && !holds) return;
  throw conflict(
    plan.kind === 'deposit' ? CARD_CONSENT_MESSAGE : DAMAGE_HOLD_CONSENT_MESSAGE,
    'card_consent_required',
    {
      plan,
      ...(holds
        ? { damageHold: { amountPence: arrival.damageHoldPence, releaseDays: arrival.releaseDays } }
        : {}),
    },
  );
}

/** Why a quote's booking cannot be paid any more: its quote expired (docs/decisions/028-enquiries-and-quotes.md). */
export const quoteExpiredMessage = (expiredAt: Date) =>
  `This quote expired on ${formatLongDate(todayOnPropertyClock(expiredAt))} at ${timeOnPropertyClock(expiredAt)}, so it can no longer be paid. Please reply to our e-mail and we will gladly send a new one.`;

export const bookingNotFound = () =>
  notFound('We could not find that booking. Please check the link you were given.', 'booking_not_found');

/**
 * What a guest's hold remembers of the client address that placed it, to bound how many stays one address can
 * hold at once: a one-way hash, never the address.
 */
export const holdClientKey = (address: string) =>
  createHash('sha256').update(`the-tower-hold:${address}`).digest('base64url');

/** What the guest pays when the booking is made: the deposit under a deposit plan, else the total. */
export const chargedAtBookingPence = (stay: Pick<StayRow, 'scheduleKind' | 'depositPence' | 'totalPence'>) =>
  stay.scheduleKind === 'deposit' ? stay.depositPence : stay.totalPence;

/** The itemised quote a booking was priced with, when it has one (bookings priced by the rate plan). */
function storedQuoteOf(stay: StayRow): Quote | null {
  return stay.quote ? (stay.quote as unknown as Quote) : null;
}

/**
 * The price of a stored booking in the shape of a quote: the quote it was charged, or (older bookings, the
 * owner's) today's itemisation with the stored amounts, which may differ from today's rates.
 */
function storedQuote(stay: StayRow): Quote {
  const kept = storedQuoteOf(stay);
  if (kept) return kept;
  return {
    ...quoteStay(stay.checkIn, stay.checkOut),
    accommodation: stay.accommodationPence / 100,
    cleaningFee: stay.cleaningFeePence / 100,
    serviceFee: stay.serviceFeePence / 100,
    total: stay.totalPence / 100,
    accommodationPence: stay.accommodationPence,
    cleaningFeePence: stay.cleaningFeePence,
    serviceFeePence: stay.serviceFeePence,
    levyPence: stay.levyPence,
    discountPence: stay.discountPence,
    totalPence: stay.totalPence,
  };
}

export type GuestHolds = ReturnType<typeof createGuestHolds>;

export function createGuestHolds(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'holdMinutes' | 'liveHoldsPerClient'>;
  bookings: BookingsRepository;
}) {
  const { db, clock, config, bookings } = deps;

  /** A hold's transaction (retried on a deadlock); an overlap refused by the database is the spec's 409. */
  async function holdTransaction<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await bookings.transaction(run);
    } catch (error) {
      throw nightsTakenAs(error, datesTaken);
    }
  }

  /**
   * The booking page's hold: validate and price the stay, check the amount and the payment schedule, and hold its
   * nights for this guest. `clientKey` (see `holdClientKey`) names the address the request came from: one
   * address holds at most `config.liveHoldsPerClient` stays at once, a new hold replacing its oldest (so a script
   * cannot hold the calendar); the holds replaced are returned for their payment intents to be cancelled.
   * `beforeHold` runs first, outside the transaction (payments asks the provider about lapsed holds there).
   */
  async function holdForGuest(
    body: BookingPageIntentRequest,
    clientKey: string | null,
    beforeHold: (nights: PropertyNights) => Promise<unknown>,
  ): Promise<GuestHold> {
    const booking = body.booking;
    if (booking.propertyId !== PROPERTY_ID) {
      throw unknownProperty(booking.propertyId);
    }
    const now = clock.now();
    const dates = { checkIn: booking.checkInDate, checkOut: booking.checkOutDate };
    requireStayRules(dates, now);
    const today = todayOnPropertyClock(now);
    const requestedCode = booking.promoCode?.trim() || null;
    const [scheduleSetting, arrival] = await readSettings(db, paymentScheduleSetting, arrivalSetting);
    /**
     * The owner's payment schedule decides how this booking is paid (the booking keeps that plan); a deposit
     * needs the guest's consent to the card being kept for the balance (409 otherwise).
     */
    const schedule = (totalPence: number) => {
      const plan = planPayments({
        totalPence,
        checkIn: dates.checkIn,
        bookedOn: today,
        setting: scheduleSetting,
      });
      requireCardConsent({ consent: body.saveCardConsent, plan, arrival });
      return planColumns(plan);
    };
    const holdExpiresAt = holdExpiry(now, config.holdMinutes * MINUTE_MS);
    const details = {
      guestCount: booking.guestCount,
      contactName: booking.contactName,
      contactEmail: booking.contactEmail,
      contactPhone: booking.contactPhone,
      specialRequests: booking.specialRequests,
      holdExpiresAt,
      updatedAt: now,
    };
    /** The guest's price: the amount sent must be what the plan and promo code give (409 otherwise). */
    const requireAmount = (totalPence: number, quote: Quote) => {
      if (body.amount !== totalPence) {
        throw conflict(
          `The total for these dates is ${formatGbp(totalPence)}, not ${formatGbp(body.amount)}. Please check the price and try again.`,
          'price_changed',
          { quote },
        );
      }
    };

    // Lapsed holds on these nights whose guest may have paid: asked about before the transaction.
    await beforeHold({ propertyId: booking.propertyId, ...dates });
    return holdTransaction(async (tx) => {
      await bookings.lockNights({ propertyId: booking.propertyId }, tx);
      await bookings.expireLapsedHolds({ now }, tx);
      const own = body.holdToken ? await bookings.findByHoldToken({ holdToken: body.holdToken }, tx) : null;
      const sameStay =
        own?.status === 'pending' &&
        own.propertyId === booking.propertyId &&
        own.checkIn === dates.checkIn &&
        own.checkOut === dates.checkOut;
      const free = await bookings.isFree(
        {
          propertyId: booking.propertyId,
          checkIn: dates.checkIn,
          checkOut: dates.checkOut,
          now,
          excludeStayId: sameStay ? own.id : undefined,
        },
        tx,
      );
      if (!free) throw datesTaken();
      // A live hold keeps the price it was given, whatever the owner changed since (decision 013); a new hold,
      // a lapsed one or another promo code is priced afresh by the current plan, under the nights' lock, so the
      // last allowed use of a promo code goes to one booking only.
      const keepsPrice =
        sameStay &&
        isLive(own, now) &&
        (storedQuoteOf(own)?.promoCode ?? null)?.toUpperCase() === requestedCode?.toUpperCase();
      let prices: StayChanges;
      if (keepsPrice) {
        requireAmount(own.totalPence, storedQuote(own));
        prices = schedule(own.totalPence);
      } else {
        const priced = await priceGuestStay(tx, {
          stay: dates,
          promoCode: requestedCode ?? undefined,
          now,
          today,
          excludeStayId: sameStay ? own.id : undefined,
        });
        requireAmount(priced.quote.totalPence, priced.quote);
        prices = {
          ...quotePence(priced.quote),
          promoCodeId: priced.promo?.id ?? null,
          quote: priced.quote,
          ...schedule(priced.quote.totalPence),
        };
      }
      // The client's other live holds beyond its allowance give way to this one, oldest first.
      const others = clientKey
        ? (await bookings.liveHoldsOfClient({ holdClientKey: clientKey, now }, tx)).filter(
            (row) => row.id !== own?.id,
          )
        : [];
      const replaced = others.slice(Math.max(0, config.liveHoldsPerClient - 1));
      for (const row of replaced) await bookings.transition({ stay: row, to: 'expired', now }, tx);
      if (sameStay) {
        return {
          stay: await bookings.updateStay(
            { id: own.id, set: { ...details, ...prices, holdClientKey: clientKey } },
            tx,
          ),
          replaced,
        };
      }
      // The guest changed dates: its old hold gives way to the new one.
      if (own?.status === 'pending') await bookings.transition({ stay: own, to: 'expired', now }, tx);
      const inserted = await bookings.insertStay(
        {
          id: randomUUID(),
          propertyId: booking.propertyId,
          kind: 'guest',
          source: 'web',
          status: 'pending',
          checkIn: dates.checkIn,
          checkOut: dates.checkOut,
          ...details,
          ...prices,
          holdToken: own?.holdToken ?? randomBytes(24).toString('base64url'),
          holdClientKey: clientKey,
          createdAt: now,
        },
        tx,
      );
      return { stay: inserted, replaced };
    });
  }

  /**
   * The checkout page's hold on an existing booking (often made by the owner) paid by its id: a pending or expired
   * guest stay is held again for the payment window, if its nights are still free and `amountPounds` is what is
   * due now. On a deposit plan (the balance charged later) or with a damage deposit set, only with the guest's
   * agreement to the card being saved for it (`saveCardConsent`), as on the booking page.
   */
  async function holdForPayment(
    bookingId: string,
    amountPounds: number,
    saveCardConsent: boolean | undefined,
  ): Promise<StayRow> {
    const now = clock.now();
    const arrival = await readArrivalSettings(db);
    return holdTransaction(async (tx) => {
      await bookings.lockNights({ propertyId: PROPERTY_ID }, tx); // first, before any row lock: one lock order for every path
      await bookings.expireLapsedHolds({ now }, tx);
      const found = await bookings.findStay({ id: bookingId, forUpdate: true }, tx);
      if (found?.kind !== 'guest') throw bookingNotFound();
      if (found.status === 'confirmed') {
        throw conflict('This booking is already paid and confirmed.', 'already_confirmed');
      }
      if (found.status === 'canceled') {
        throw conflict(
          'This booking has been cancelled. Please contact us to book again.',
          'booking_canceled',
        );
      }
      if (found.checkIn < todayOnPropertyClock(now)) {
        throw conflict('The dates of this booking have passed. Please contact us.', 'booking_past');
      }
      if (found.payableUntil && found.payableUntil <= now) {
        throw conflict(quoteExpiredMessage(found.payableUntil), 'quote_expired');
      }
      const amountPence = poundsToPence(amountPounds);
      // A guest's deposit hold is paid its deposit here too, as on the booking page (decision 016).
      const dueNow = chargedAtBookingPence(found);
      if (amountPence !== dueNow) {
        throw conflict(
          `The ${found.scheduleKind === 'deposit' ? 'deposit' : 'total'} for this booking is ${formatGbp(dueNow)}, not ${formatGbp(amountPence)}. Please reload the page and try again.`,
          'price_changed',
          { quote: storedQuote(found) },
        );
      }
      requireCardConsent({ consent: saveCardConsent, plan: keptPlan(found), arrival });
      // Paying keeps the nights for at least the payment window (an owner's checkout link may hold for days).
      const holdExpiresAt = extendedHoldExpiresAt(found.holdExpiresAt, now, config.holdMinutes * MINUTE_MS);
      // An expired hold is taken up again only if its nights are still free (the nights rule).
      const free =
        !found.holdsNight || // a day hire that leaves its night bookable takes no night
        (await bookings.isFree(
          {
            propertyId: found.propertyId,
            checkIn: found.checkIn,
            checkOut: found.checkOut,
            now,
            excludeStayId: found.id,
          },
          tx,
        ));
      if (!free) throw datesTaken();
      if (found.status === 'pending') {
        return bookings.updateStay({ id: found.id, set: { holdExpiresAt, updatedAt: now } }, tx);
      }
      return bookings.transition({ stay: found, to: 'pending', set: { holdExpiresAt }, now }, tx);
    });
  }

  return { holdForGuest, holdForPayment };
}
