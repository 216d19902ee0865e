import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { planDamageHold } from '../../domain/damage-hold.ts';
import { phoneBookingForm } from '../admin-bookings/test-support.ts';
import { saveArrivalSettingsAsOwner } from '../arrival/test-support.ts';
import { damageHolds } from '../db/schema.ts';
import { stayQuoteForm } from '../enquiries/test-support.ts';
import {
  GOOD_CARD,
  readStay,
  reportPaymentSuccess,
  stayDates,
  usePaymentHarness,
} from '../payments/test/payment-harness.ts';

/**
 * The damage deposit of a booking paid on the checkout page (docs/decisions/031-damage-deposit-hold.md): one the
 * owner made (Bookings → new booking, its pay link) and a quote the guest accepted
 * (docs/decisions/028-enquiries-and-quotes.md). As on the booking page, the card is saved for the deposit only with
 * the guest's agreement (409 `card_consent_required` without it, nothing saved), and the job then holds the deposit
 * off-session 30 hours before arrival like any other, on both providers.
 */

const HOLD = 20_000;

describe.each(['demo', 'stripe'] as const)(
  'a checkout-page booking’s damage deposit (%s provider)',
  (mode) => {
    const h = usePaymentHarness(mode);

    const setHold = (damageHoldPence: number) =>
      saveArrivalSettingsAsOwner(h.asOwner, { damageHoldPence, releaseDays: 0 });

    /** The owner's booking taken by phone: its id, paid through its checkout link. */
    async function ownerBooking(dates: { checkInDate: string; checkOutDate: string }) {
      const made = await h.asOwner('POST', '/api/admin/bookings', phoneBookingForm(dates));
      expect(made.statusCode, made.body).toBe(201);
      return made.json().booking.id as string;
    }

    /** The owner's quote for the dates, accepted by the guest on the quote page: the booking's id. */
    async function quotedBooking(dates: { checkInDate: string; checkOutDate: string }) {
      const sent = await h.asOwner('POST', '/api/admin/quotes', stayQuoteForm(dates));
      expect(sent.statusCode, sent.body).toBe(201);
      const link = new URL(sent.json().quoteUrl);
      const accepted = await h.t.app.inject({
        method: 'POST',
        url: `/api/quotes${link.pathname.slice('/quote'.length)}/accept${link.search}`,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      return accepted.json().bookingId as string;
    }

    /** The checkout page's payment intent for what is due now, with or without the guest's agreement. */
    async function checkout(bookingId: string, saveCardConsent?: boolean) {
      const booking = (await h.t.app.inject({ url: `/api/bookings/${bookingId}` })).json();
      return h.t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: {
          bookingId,
          amount: booking.depositPrice ?? booking.totalPrice,
          ...(saveCardConsent === undefined ? {} : { saveCardConsent }),
        },
      });
    }

    /** The guest pays on the checkout page with a good card (with or without the agreement): the stay, confirmed. */
    async function payAtCheckout(bookingId: string, saveCardConsent?: boolean) {
      const intent = await checkout(bookingId, saveCardConsent);
      expect(intent.statusCode, intent.body).toBe(200);
      expect((await h.pay(intent.json(), GOOD_CARD)).status).toBe('succeeded');
      const paid = await reportPaymentSuccess(h.t.app, {
        paymentIntentId: intent.json().paymentIntentId,
        bookingId,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ status: 'confirmed' });
      return readStay(h.t, bookingId);
    }

    it.each([
      ['the owner made', ownerBooking, 2],
      ['quoted', quotedBooking, 3],
    ] as const)(
      'a booking %s is paid only with the agreement, its card saved, and the job holds its deposit',
      async (_kind, make, weeksAhead) => {
        h.t.clock.set('2026-11-23T10:00:00Z');
        await setHold(HOLD);
        const dates = stayDates(weeksAhead, 2);
        const bookingId = await make(dates);

        for (const consent of [undefined, false]) {
          const refused = await checkout(bookingId, consent);
          expect(refused.statusCode, refused.body).toBe(409);
          expect(refused.json()).toMatchObject({
            error: 'card_consent_required',
            message:
              'A damage deposit is held on your card before you arrive: please agree to your card being saved for it, then pay.',
            damageHold: { amountPence: HOLD, releaseDays: 0 },
          });
        }
        // Nothing was asked of the provider: no payment, no customer, no card.
        expect(await readStay(h.t, bookingId)).toMatchObject({
          status: 'pending',
          paymentIntentId: null,
          customerId: null,
          paymentMethodId: null,
        });

        const stay = await payAtCheckout(bookingId, true);
        expect(stay?.customerId).not.toBeNull();
        expect(stay?.paymentMethodId).not.toBeNull();

        const plan = planDamageHold({
          checkIn: dates.checkInDate,
          checkOut: dates.checkOutDate,
          releaseDays: 0,
        });
        h.t.clock.set(plan.placeAt);
        const run = await h.t.app.jobs.run('damage-holds');
        expect(run).toMatchObject({ placed: [bookingId], failed: [] });
        const [row] = await h.t.database.db
          .select()
          .from(damageHolds)
          .where(eq(damageHolds.stayId, bookingId));
        expect(row).toMatchObject({ status: 'held', method: 'hold', amountPence: HOLD });
        const hold = await h.provider.retrievePaymentIntent(row!.paymentIntentId!);
        expect(hold).toMatchObject({
          status: 'requires_capture',
          amount: HOLD,
          customerId: stay?.customerId,
        });
      },
    );

    it('asks no agreement at checkout when the owner holds no deposit, and saves no card', async () => {
      h.t.clock.set('2026-11-23T10:00:00Z');
      await setHold(0);
      const stay = await payAtCheckout(await ownerBooking(stayDates(4, 2)));
      expect(stay).toMatchObject({ customerId: null, paymentMethodId: null });
    });
  },
);
