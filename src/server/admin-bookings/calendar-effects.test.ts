import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nightsOf, todayOnPropertyClock } from '../../domain/dates.ts';
import { poundsToPence, quoteStay } from '../../domain/pricing.ts';
import { computeRefund } from '../../domain/refunds.ts';
import { demoRefunds, stays } from '../db/schema.ts';
import {
  confirmDemoPayment,
  reportPaymentSuccess,
  startCheckout,
  stayDates,
} from '../payments/test/payment-harness.ts';
import { signedInTestApp } from '../test/per-file.ts';
import { phoneBookingForm } from './test-support.ts';

/**
 * What the owner's actions do to the guest's calendar, through the whole product: the real availability
 * routes (with their cache), the real admin routes and the demo payment provider.
 */

const t = signedInTestApp();

const auth = t.auth;
const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: auth(), ...(payload === undefined ? {} : { payload }) });

async function calendar() {
  const response = await t.app.inject({ method: 'GET', url: '/api/unavailable-dates/1' });
  expect(response.statusCode).toBe(200);
  return response.json() as { unavailableDates: string[]; bookingsCount: number; blockedDatesCount: number };
}

describe('the guest calendar after the owner’s actions (GET /api/unavailable-dates/1)', () => {
  it('shows blocked nights, frees them on unblock, holds a confirmed owner booking and frees it on cancel', async () => {
    expect(await calendar()).toEqual({ unavailableDates: [], bookingsCount: 0, blockedDatesCount: 0 });

    const blocked = await post('/api/admin/block-dates', {
      propertyId: 1,
      checkInDate: '2027-01-04',
      checkOutDate: '2027-01-07',
      reason: 'Boiler service',
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect(await calendar()).toEqual({
      unavailableDates: ['2027-01-04', '2027-01-05', '2027-01-06'],
      bookingsCount: 0,
      blockedDatesCount: 1,
    });

    const unblocked = await post(`/api/bookings/${blocked.json().id}/cancel`);
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect(unblocked.json()).toMatchObject({ booking: { status: 'canceled' }, refundPence: 0 });
    expect(await calendar()).toEqual({ unavailableDates: [], bookingsCount: 0, blockedDatesCount: 0 });

    const owner = await post(
      '/api/admin/bookings',
      phoneBookingForm({ checkInDate: '2027-02-01', checkOutDate: '2027-02-04' }, { holdDays: 7 }),
    );
    expect(owner.statusCode, owner.body).toBe(201);
    const ownerId = owner.json().booking.id as string;
    expect(owner.json().booking.status).toBe('pending');
    const ownerNights = ['2027-02-01', '2027-02-02', '2027-02-03'];
    // The pending hold already takes the nights.
    expect((await calendar()).unavailableDates).toEqual(ownerNights);

    const confirmed = await post(`/api/bookings/${ownerId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('confirmed');
    expect(await calendar()).toEqual({
      unavailableDates: ownerNights,
      bookingsCount: 1,
      blockedDatesCount: 0,
    });

    const canceled = await post(`/api/bookings/${ownerId}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().booking.status).toBe('canceled');
    expect(await calendar()).toEqual({ unavailableDates: [], bookingsCount: 0, blockedDatesCount: 0 });
  });

  it('refunds a guest booking paid through the demo flow by computeRefund’s amount when the owner cancels it', async () => {
    // Two weeks ahead: 14 days before check-in, the 75% row of the terms.
    const dates = stayDates(2);
    const nights = nightsOf(dates.checkInDate, dates.checkOutDate);
    const held = await startCheckout(t.app, dates);
    expect(held.statusCode, held.body).toBe(200);
    const { paymentIntentId, clientSecret, bookingId } = held.json();

    const paid = await confirmDemoPayment(t.app, { paymentIntentId, clientSecret });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('succeeded');
    const success = await reportPaymentSuccess(t.app, { paymentIntentId, bookingId });
    expect(success.statusCode, success.body).toBe(200);
    expect(success.json().status).toBe('confirmed');
    expect((await calendar()).unavailableDates).toEqual(nights);

    const quote = quoteStay(dates.checkInDate, dates.checkOutDate);
    const expected = computeRefund({
      checkIn: dates.checkInDate,
      cancelledOn: todayOnPropertyClock(t.clock.now()),
      accommodationPence: poundsToPence(quote.accommodation),
      serviceFeePence: poundsToPence(quote.serviceFee),
      cleaningFeePence: poundsToPence(quote.cleaningFee),
      paidPence: poundsToPence(quote.total),
    });
    expect(expected.rule.percent).toBe(75);
    expect(expected.amountPence).toBeGreaterThan(0);

    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${bookingId}/refund-preview`,
      headers: auth(),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      bookingId,
      amountPence: expected.amountPence,
      paidPence: poundsToPence(quote.total),
      percent: 75,
      cancelledByOwner: false,
    });

    const canceled = await post(`/api/bookings/${bookingId}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({
      refundPence: expected.amountPence,
      booking: { status: 'canceled', refundedPence: expected.amountPence, refundDuePence: 0 },
    });

    const issued = await t.database.db
      .select({ amount: demoRefunds.amount })
      .from(demoRefunds)
      .where(eq(demoRefunds.paymentIntentId, paymentIntentId));
    expect(issued).toEqual([{ amount: expected.amountPence }]);
    const [stay] = await t.database.db
      .select({ status: stays.status, refundedPence: stays.refundedPence })
      .from(stays)
      .where(eq(stays.id, bookingId));
    expect(stay).toEqual({ status: 'canceled', refundedPence: expected.amountPence });
    expect(await calendar()).toEqual({ unavailableDates: [], bookingsCount: 0, blockedDatesCount: 0 });
  });
});
