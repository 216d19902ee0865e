import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
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
 * off-session 30 hours before arrival like any other, on both providers. A quote on the owner's deposit schedule
 * asks the agreement to the balance the same way, through the same rule
 * (docs/decisions/016-deposit-now-balance-later.md), and its balance is then charged by the balance job.
 */

const HOLD = 20_000;

describe.each(['demo', 'stripe'] as const)(
  'a checkout-page booking’s damage deposit (%s provider)',
  (mode) => {
    const h = usePaymentHarness(mode);

    const setHold = (damageHoldPence: number) =>
      saveArrivalSettingsAsOwner(h.asOwner, { damageHoldPence, releaseDays: 0 });

    /** The owner's payment schedule: in full, or 30 % now and the balance 42 days before check-in. */
    const setSchedule = async (mode: 'full' | 'deposit') => {
      const saved = await h.asOwner('PUT', '/api/admin/payment-schedule', {
        mode,
        depositPercent: 30,
        balanceDaysBefore: 42,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };

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

    /** A refused payment asked nothing of the provider: no payment, no customer, no card. */
    async function expectNothingAsked(bookingId: string) {
      expect(await readStay(h.t, bookingId)).toMatchObject({
        status: 'pending',
        paymentIntentId: null,
        customerId: null,
        paymentMethodId: null,
      });
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
        await expectNothingAsked(bookingId);

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

    describe('under the owner’s deposit payment schedule (decision 016)', () => {
      afterEach(async () => setSchedule('full'));

      /** A quote paid on a deposit plan: £240 in 10 weeks, £72 now and £168 on 21 December. */
      const PLAN = {
        kind: 'deposit',
        todayPence: 7_200,
        totalPence: 24_000,
        balancePence: 16_800,
        balanceDueOn: '2026-12-21',
      };

      it('a quote is paid only with the agreement to the balance, its card saved, and the job charges the balance', async () => {
        h.t.clock.set('2026-11-23T10:00:00Z');
        await setHold(0);
        await setSchedule('deposit');
        const bookingId = await quotedBooking(stayDates(10, 2));

        for (const consent of [undefined, false]) {
          const refused = await checkout(bookingId, consent);
          expect(refused.statusCode, refused.body).toBe(409);
          expect(refused.json()).toEqual({
            error: 'card_consent_required',
            message:
              'This booking is paid as a deposit now and the balance later: please agree to your card being saved for the balance, then pay.',
            plan: PLAN,
          });
        }
        await expectNothingAsked(bookingId);

        const stay = await payAtCheckout(bookingId, true);
        expect(stay).toMatchObject({ paidPence: PLAN.todayPence, balanceStatus: 'scheduled' });
        expect(stay?.customerId).not.toBeNull();
        expect(stay?.paymentMethodId).not.toBeNull();

        h.t.clock.set(`${PLAN.balanceDueOn}T09:00:00Z`);
        expect(await h.t.app.jobs.run('balance-charges')).toMatchObject({ charged: [bookingId], failed: [] });
        expect(await readStay(h.t, bookingId)).toMatchObject({
          balanceStatus: 'succeeded',
          paidPence: PLAN.totalPence,
        });
      });

      it('asks both agreements of a quote on a deposit plan with a damage deposit set', async () => {
        h.t.clock.set('2026-11-23T10:00:00Z');
        await setHold(HOLD);
        await setSchedule('deposit');
        const bookingId = await quotedBooking(stayDates(11, 2));

        const refused = await checkout(bookingId);
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json()).toMatchObject({
          error: 'card_consent_required',
          plan: { kind: 'deposit', todayPence: PLAN.todayPence },
          damageHold: { amountPence: HOLD, releaseDays: 0 },
        });
        const stay = await payAtCheckout(bookingId, true);
        expect(stay).toMatchObject({ paidPence: PLAN.todayPence, balanceStatus: 'scheduled' });
        expect(stay?.paymentMethodId).not.toBeNull();
      });
    });

    it('asks no agreement at checkout when the owner holds no deposit, and saves no card', async () => {
      h.t.clock.set('2026-11-23T10:00:00Z');
      await setHold(0);
      const stay = await payAtCheckout(await ownerBooking(stayDates(4, 2)));
      expect(stay).toMatchObject({ customerId: null, paymentMethodId: null });
    });
  },
);
