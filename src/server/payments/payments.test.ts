import { describe, expect, it } from 'vitest';
import { bookingReference } from '../../domain/booking-reference.ts';
import { poundsToPence, quoteStay } from '../../domain/pricing.ts';
import { DATES_TAKEN_MESSAGE } from '../bookings/guest-hold.ts';
import { expectRefusal } from '../test/refusal.ts';
import { NIGHTS_TAKEN_REFUNDED_MESSAGE } from './payment-service.ts';
import {
  AUTHENTICATION_CARD,
  bookingPageRequest,
  bookingPayload,
  DECLINED_CARD,
  GOOD_CARD,
  type Intent,
  readStay,
  stayDates,
  usePaymentHarness,
} from './test/payment-harness.ts';

const MINUTE = 60_000;

/** The same behaviour, whichever provider the site runs: demo payments or Stripe (SDK against a stand-in). */
describe.each(['demo', 'stripe'] as const)('payments with the %s provider', (mode) => {
  const h = usePaymentHarness(mode);

  const hold = (body: object) =>
    h.t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: body });
  const intentOf = (response: { json(): Record<string, string> }): Intent => ({
    paymentIntentId: response.json().paymentIntentId!,
    clientSecret: response.json().clientSecret!,
  });
  const postBooking = (body: object) =>
    h.t.app.inject({ method: 'POST', url: '/api/bookings', payload: body });

  describe('GET /api/config', () => {
    it('tells the browser the payment mode, and the publishable key only with Stripe', async () => {
      const response = await h.t.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(
        mode === 'stripe'
          ? { payments: 'stripe', stripePublishableKey: 'pk_test_stand_in', damageHold: null }
          : { payments: 'demo', damageHold: null },
      );
    });
  });

  describe('POST /api/create-payment-intent (booking page)', () => {
    it('holds the nights for the hold time and answers both secret spellings, the booking id and pence', async () => {
      const dates = stayDates(2);
      const response = await hold(bookingPageRequest(dates));
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      const total = poundsToPence(quoteStay(dates.checkInDate, dates.checkOutDate).total);
      expect(body.client_secret).toBe(body.clientSecret);
      expect(body.clientSecret).toMatch(/^pi_.+_secret_.+/);
      expect(body.amount).toBe(total);
      expect(body.bookingId).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.holdToken).toEqual(expect.any(String));
      expect(new Date(body.holdExpiresAt).getTime()).toBe(h.t.clock.now().getTime() + 15 * MINUTE);

      const stay = await readStay(h.t, body.bookingId);
      expect(stay).toMatchObject({
        status: 'pending',
        totalPence: total,
        paymentIntentId: body.paymentIntentId,
      });
      const intent = await h.provider.retrievePaymentIntent(body.paymentIntentId);
      expect(intent).toMatchObject({ amount: total, currency: 'gbp', status: 'requires_payment_method' });
      expect(intent?.metadata.bookingId).toBe(body.bookingId);
      if (h.standIn) {
        const create = h.standIn.requests.find(
          (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
        );
        expect(create?.idempotencyKey).toContain(body.bookingId);
      }
    });

    it('answers 409 with the current quote when the amount differs from the server’s price', async () => {
      const dates = stayDates(3);
      const response = await hold(bookingPageRequest(dates, { amount: 100 }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: 'price_changed',
        quote: quoteStay(dates.checkInDate, dates.checkOutDate),
      });
    });

    it('answers 400 for a stay outside the rules (a single night)', async () => {
      const response = await hold(bookingPageRequest(stayDates(3, 1)));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The Tower requires a minimum stay of 2 nights for all bookings.');
    });

    it('reuses the same hold and payment intent when the same guest retries with its hold token', async () => {
      const dates = stayDates(4);
      const first = (await hold(bookingPageRequest(dates))).json();
      const again = await hold(bookingPageRequest(dates, { holdToken: first.holdToken }));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        bookingId: first.bookingId,
        paymentIntentId: first.paymentIntentId,
      });
    });

    it('answers 409 "already booked" to another guest while the nights are held', async () => {
      const dates = stayDates(5);
      expect((await hold(bookingPageRequest(dates, { guest: 'First Guest' }))).statusCode).toBe(200);
      const other = await hold(bookingPageRequest(dates, { guest: 'Second Guest' }));
      expectRefusal(other, 409, { error: 'dates_unavailable', message: DATES_TAKEN_MESSAGE });
    });
  });

  describe('paying and confirming', () => {
    it('confirms the booking after a successful card payment, and repeats return the same booking', async () => {
      const dates = stayDates(6);
      const held = await hold(bookingPageRequest(dates));
      const intent = intentOf(held);
      expect(await h.pay(intent, GOOD_CARD)).toMatchObject({ status: 'succeeded' });

      const created = await postBooking(bookingPayload(dates, intent.paymentIntentId));
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        id: held.json().bookingId,
        status: 'confirmed',
        holdExpiresAt: null,
      });
      const repeat = await postBooking(bookingPayload(dates, intent.paymentIntentId));
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json().id).toBe(created.json().id);
      const success = await h.t.app.inject({
        method: 'POST',
        url: '/api/payment-success',
        payload: { paymentIntentId: intent.paymentIntentId, bookingId: created.json().id },
      });
      expect(success.statusCode).toBe(200);
      expect(success.json().status).toBe('confirmed');

      const stay = await readStay(h.t, created.json().id);
      expect(stay).toMatchObject({ status: 'confirmed', paidPence: stay?.totalPence });
      expect(h.notifications.calls.filter((c) => c.stayId === stay?.id)).toEqual([
        { event: 'bookingConfirmed', stayId: stay?.id },
      ]);
    });

    it('answers 402 with the decline message, keeps the hold, and a retry with a good card succeeds', async () => {
      const dates = stayDates(7);
      const held = await hold(bookingPageRequest(dates));
      const intent = intentOf(held);
      expect(await h.pay(intent, DECLINED_CARD)).toMatchObject({
        status: 'requires_payment_method',
        error: 'Your card was declined.',
      });
      const refused = await postBooking(bookingPayload(dates, intent.paymentIntentId));
      expectRefusal(refused, 402, { error: 'payment_not_succeeded', message: 'Your card was declined.' });
      expect((await readStay(h.t, held.json().bookingId))?.status).toBe('pending');

      // The page asks for a payment intent again with its hold token: the same hold, the same intent.
      const retry = await hold(bookingPageRequest(dates, { holdToken: held.json().holdToken }));
      expect(retry.json().paymentIntentId).toBe(intent.paymentIntentId);
      expect(await h.pay(intent, GOOD_CARD)).toMatchObject({ status: 'succeeded' });
      const created = await postBooking(bookingPayload(dates, intent.paymentIntentId));
      expect(created.statusCode).toBe(201);
      expect(created.json().id).toBe(held.json().bookingId);
    });

    it('confirms an authentication card only after the authentication step', async () => {
      const dates = stayDates(8);
      const intent = intentOf(await hold(bookingPageRequest(dates)));
      expect(await h.pay(intent, AUTHENTICATION_CARD)).toMatchObject({ status: 'requires_action' });
      const early = await postBooking(bookingPayload(dates, intent.paymentIntentId));
      expect(early.statusCode).toBe(402);
      expect((await h.authenticate(intent, true)).status).toBe('succeeded');
      expect((await postBooking(bookingPayload(dates, intent.paymentIntentId))).statusCode).toBe(201);
    });

    it('never creates a confirmed booking from a payload that merely says status confirmed', async () => {
      const dates = stayDates(9);
      const response = await postBooking(bookingPayload(dates));
      expect(response.statusCode).toBe(402);
      expect(response.json().error).toBe('payment_required');
    });

    it('refuses a payment whose amount does not match the booking (a tampered amount)', async () => {
      const dates = stayDates(10);
      const held = (await hold(bookingPageRequest(dates))).json();
      // A payment intent made for this booking, but for £1: paid, yet it must not confirm the booking.
      const cheap = await h.provider.createPaymentIntent({
        amountPence: 100,
        currency: 'gbp',
        metadata: { bookingId: held.bookingId },
        idempotencyKey: `tampered-${held.bookingId}`,
      });
      expect(
        (await h.pay({ paymentIntentId: cheap.id, clientSecret: cheap.clientSecret }, GOOD_CARD)).status,
      ).toBe('succeeded');
      const response = await h.t.app.inject({
        method: 'POST',
        url: '/api/payment-success',
        payload: { paymentIntentId: cheap.id, bookingId: held.bookingId },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe('amount_mismatch');
      expect((await readStay(h.t, held.bookingId))?.status).toBe('pending');
    });

    it('refuses a payment presented for a different booking', async () => {
      const first = (await hold(bookingPageRequest(stayDates(11)))).json();
      const second = (await hold(bookingPageRequest(stayDates(12)))).json();
      await h.pay(intentOf({ json: () => first }), GOOD_CARD);
      const response = await h.t.app.inject({
        method: 'POST',
        url: '/api/payment-success',
        payload: { paymentIntentId: first.paymentIntentId, bookingId: second.bookingId },
      });
      expect(response.statusCode).toBe(409);
      expect((await readStay(h.t, second.bookingId))?.status).toBe('pending');
    });
  });

  describe('the checkout page', () => {
    it('GET /api/bookings/{id} returns only what the checkout page shows', async () => {
      const dates = stayDates(13);
      const held = (await hold(bookingPageRequest(dates))).json();
      const response = await h.t.app.inject({ method: 'GET', url: `/api/bookings/${held.bookingId}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: held.bookingId,
        checkInDate: dates.checkInDate,
        checkOutDate: dates.checkOutDate,
        guestCount: 2,
        contactName: 'Ada Lovelace',
        totalPrice: quoteStay(dates.checkInDate, dates.checkOutDate).total,
        status: 'pending',
        holdExpiresAt: held.holdExpiresAt,
        scheduleKind: 'full',
        depositPrice: null,
        balancePrice: null,
        balanceDueOn: null,
        paidPrice: 0,
        balanceOutstanding: false,
      });
    });

    it('GET /api/bookings/{id} answers 404 for an unknown or malformed id', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const response = await h.t.app.inject({ method: 'GET', url: `/api/bookings/${id}` });
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toBe('booking_not_found');
      }
    });

    it('pays an existing pending booking by id with the amount in pounds, then confirms it', async () => {
      const dates = stayDates(14);
      const held = (await hold(bookingPageRequest(dates))).json();
      const total = quoteStay(dates.checkInDate, dates.checkOutDate).total;
      const checkout = await hold({ amount: total, bookingId: held.bookingId });
      expect(checkout.statusCode, checkout.body).toBe(200);
      expect(checkout.json()).toMatchObject({ bookingId: held.bookingId, amount: poundsToPence(total) });
      const intent = intentOf(checkout);
      await h.pay(intent, GOOD_CARD);
      const success = await h.t.app.inject({
        method: 'POST',
        url: '/api/payment-success',
        payload: { paymentIntentId: intent.paymentIntentId, bookingId: held.bookingId },
      });
      expect(success.statusCode).toBe(200);
      expect(success.json()).toMatchObject({ id: held.bookingId, status: 'confirmed' });
      const again = await hold({ amount: total, bookingId: held.bookingId });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('already_confirmed');
    });

    it('gives the key of the guest’s own page to the browser holding a first payment, and opens that page once paid', async () => {
      const dates = stayDates(18);
      const held = (await hold(bookingPageRequest(dates))).json();
      const stay = await readStay(h.t, held.bookingId);
      expect(held.manageKey).toMatch(/^[0-9a-f]{64}$/);
      expect(held.manageKey).toBe(stay?.manageKey);
      const total = quoteStay(dates.checkInDate, dates.checkOutDate).total;
      const checkout = await hold({ amount: total, bookingId: held.bookingId });
      expect(checkout.json().manageKey).toBe(held.manageKey);

      await h.pay(intentOf(checkout), GOOD_CARD);
      await h.t.app.inject({
        method: 'POST',
        url: '/api/payment-success',
        payload: { paymentIntentId: checkout.json().paymentIntentId, bookingId: held.bookingId },
      });
      const page = await h.t.app.inject({
        method: 'GET',
        url: `/api/manage/${bookingReference(held.bookingId)}?key=${held.manageKey}`,
      });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ status: 'confirmed', checkInDate: dates.checkInDate });
    });

    it('answers 409 with the booking’s price when the checkout amount differs', async () => {
      const held = (await hold(bookingPageRequest(stayDates(15)))).json();
      const response = await hold({ amount: 1, bookingId: held.bookingId });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe('price_changed');
      expect(response.json().quote.total).toBe(held.amount / 100);
    });
  });

  describe('lapsed holds', () => {
    it('frees the nights for another guest once the hold lapses', async () => {
      const dates = stayDates(16);
      const first = (await hold(bookingPageRequest(dates, { guest: 'Abandoning Guest' }))).json();
      expect((await hold(bookingPageRequest(dates, { guest: 'Next Guest' }))).statusCode).toBe(409);
      h.t.clock.advance(15 * MINUTE + 1000);
      const next = await hold(bookingPageRequest(dates, { guest: 'Next Guest' }));
      expect(next.statusCode).toBe(200);
      expect((await readStay(h.t, first.bookingId))?.status).toBe('expired');
    });

    it('confirms a payment that succeeds after its hold lapsed when the nights are still free', async () => {
      const dates = stayDates(17);
      const held = await hold(bookingPageRequest(dates));
      h.t.clock.advance(20 * MINUTE);
      // The sweeper asks the provider (not paid yet) and expires the lapsed hold. (A hold for other nights no
      // longer expires a lapsed hold that has a payment intent: only the check with the provider does.)
      await h.t.app.jobs.run('hold-sweep');
      expect((await readStay(h.t, held.json().bookingId))?.status).toBe('expired');
      await h.pay(intentOf(held), GOOD_CARD);
      const created = await postBooking(bookingPayload(dates, held.json().paymentIntentId));
      expect(created.statusCode).toBe(201);
      expect(created.json().status).toBe('confirmed');
    });

    it('refunds in full, flags the stay and tells the guest when the lapsed nights were taken meanwhile', async () => {
      const dates = stayDates(19);
      const late = await hold(bookingPageRequest(dates, { guest: 'Late Payer' }));
      h.t.clock.advance(16 * MINUTE);
      const winner = await hold(bookingPageRequest(dates, { guest: 'Quick Guest' }));
      expect(winner.statusCode).toBe(200);
      await h.pay(intentOf(late), GOOD_CARD);

      const response = await postBooking(bookingPayload(dates, late.json().paymentIntentId));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: 'payment_refunded',
        message: NIGHTS_TAKEN_REFUNDED_MESSAGE,
      });
      const stay = await readStay(h.t, late.json().bookingId);
      expect(stay).toMatchObject({
        status: 'canceled',
        attention: 'paid_after_nights_taken',
        paidPence: late.json().amount,
        refundedPence: late.json().amount,
      });
      const intent = await h.provider.retrievePaymentIntent(late.json().paymentIntentId);
      expect(intent?.amountRefunded).toBe(late.json().amount);
      expect(h.notifications.calls.filter((c) => c.stayId === stay?.id)).toEqual([
        { event: 'paymentRefundedNightsTaken', stayId: stay?.id },
      ]);

      // A repeat (the page retrying, a webhook) tells the same thing and refunds nothing twice.
      const repeat = await postBooking(bookingPayload(dates, late.json().paymentIntentId));
      expect(repeat.statusCode).toBe(409);
      expect((await h.provider.retrievePaymentIntent(late.json().paymentIntentId))?.amountRefunded).toBe(
        late.json().amount,
      );
      expect((await readStay(h.t, winner.json().bookingId))?.status).toBe('pending');
    });
  });

  describe('refunds through the provider', () => {
    it('refunds part of a payment once per idempotency key and never more than was paid', async () => {
      const dates = stayDates(21);
      const held = await hold(bookingPageRequest(dates));
      const intent = intentOf(held);
      await h.pay(intent, GOOD_CARD);
      const amount = held.json().amount as number;
      const input = {
        paymentIntentId: intent.paymentIntentId,
        amountPence: 5000,
        idempotencyKey: `cancel-${intent.paymentIntentId}`,
      };
      const first = await h.provider.refund(input);
      const replay = await h.provider.refund(input);
      expect(replay).toEqual(first);
      expect(first.amount).toBe(5000);
      expect((await h.provider.retrievePaymentIntent(intent.paymentIntentId))?.amountRefunded).toBe(5000);
      await expect(
        h.provider.refund({
          paymentIntentId: intent.paymentIntentId,
          amountPence: amount,
          idempotencyKey: 'too-much',
        }),
      ).rejects.toThrow();
    });
  });
});
