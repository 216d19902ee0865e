import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/dates.ts';
import { importedEvents, outbox } from '../db/schema.ts';
import { MESSAGE_KINDS } from '../email/notifications.ts';
import {
  GOOD_CARD,
  type ProviderMode,
  reportPaymentSuccess,
  startCheckout,
  usePaymentHarness,
} from '../payments/test/payment-harness.ts';
import { adminToken } from '../test/test-app.ts';
import { dayHireQuoteForm, stayQuoteForm } from './test-support.ts';

/**
 * The owner's quotes, paid through the guest's link on both payment providers (docs/decisions/028): a quote that
 * holds its dates holds them like any stay; paying it confirms a booking at the quoted price with a normal
 * booking's e-mails; a quote withdrawn or expired cannot be paid, and says why.
 */

const MODES: ProviderMode[] = ['demo', 'stripe'];
const DAY_MS = 86_400_000;

describe.each(MODES)('quotes paid by link (%s payments)', (mode) => {
  const h = usePaymentHarness(mode, { emailNotifications: true });
  const app = () => h.t.app;
  /** A fresh sign-in each time: a test moves the clock by a day, past a session's idle limit. */
  const asOwner = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    app().inject({
      method,
      url,
      headers: { authorization: `Bearer ${await adminToken(app())}` },
      ...(payload ? { payload } : {}),
    });
  const sendQuote = async (form: object) => {
    const response = await asOwner('POST', '/api/admin/quotes', form);
    expect(response.statusCode, response.body).toBe(201);
    const quote = response.json();
    return { ...quote, link: new URL(quote.quoteUrl) };
  };
  const guestReads = (link: URL) =>
    app().inject({ method: 'GET', url: `/api/quotes${link.pathname.slice('/quote'.length)}${link.search}` });
  const guestAccepts = (link: URL) =>
    app().inject({
      method: 'POST',
      url: `/api/quotes${link.pathname.slice('/quote'.length)}/accept${link.search}`,
    });
  /** The checkout page: the booking, then its payment intent for what is due now (the deposit or the total). */
  async function checkout(bookingId: string) {
    const booking = (await app().inject({ method: 'GET', url: `/api/bookings/${bookingId}` })).json();
    return app().inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { bookingId, amount: booking.depositPrice ?? booking.totalPrice },
    });
  }
  const night = (weeks: number) => {
    const checkInDate = addDays('2026-11-23', 7 * weeks + 1);
    return { checkInDate, checkOutDate: addDays(checkInDate, 1) };
  };

  it('holds a one-night quote against a guest’s hold, and refuses a night a channel’s event holds', async () => {
    const dates = night(mode === 'demo' ? 3 : 4);
    const quote = await sendQuote(stayQuoteForm(dates));
    expect(quote).toMatchObject({ status: 'open', holdDates: true, totalPrice: 240 });
    // A guest's two nights from the quoted night are refused: the quote holds it.
    const guest = await startCheckout(app(), {
      checkInDate: dates.checkInDate,
      checkOutDate: addDays(dates.checkInDate, 2),
    });
    expect(guest.statusCode).toBe(409);
    expect(guest.json().error).toBe('dates_unavailable');
    // The guest's calendar shows the night taken.
    const calendar = await app().inject({ method: 'GET', url: '/api/unavailable-dates/1' });
    expect(calendar.json().unavailableDates ?? calendar.json()).toContain(dates.checkInDate);

    const taken = night(mode === 'demo' ? 5 : 6);
    await h.t.database.db.insert(importedEvents).values({
      sourceId: 'airbnb',
      uid: `quote-test-${mode}`,
      propertyId: 1,
      checkIn: taken.checkInDate,
      checkOut: taken.checkOutDate,
      summary: 'Reserved',
    });
    h.t.app.bookings.calendar.forget();
    const refused = await asOwner('POST', '/api/admin/quotes', stayQuoteForm(taken));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('no longer free');
  });

  it('is accepted and paid at the quoted price, confirmed with a normal booking’s e-mails, and never paid twice', async () => {
    const quote = await sendQuote(stayQuoteForm(night(mode === 'demo' ? 7 : 8), { totalPrice: 199.5 }));
    const [sent] = await h.t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `quote:${quote.id}:guest`));
    expect(sent?.text).toContain(quote.quoteUrl);

    const page = await guestReads(quote.link);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.json()).toMatchObject({ status: 'open', totalPrice: 199.5, closedReason: null });
    const wrongKey = await app().inject({
      method: 'GET',
      url: `/api/quotes/${quote.id}?key=${'0'.repeat(64)}`,
    });
    expect(wrongKey.statusCode).toBe(404);

    const accepted = await guestAccepts(quote.link);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { bookingId, checkoutPath } = accepted.json();
    expect(checkoutPath).toBe(`/checkout/${bookingId}`);
    const intent = await checkout(bookingId);
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json().amount).toBe(19_950);
    expect((await h.pay(intent.json(), GOOD_CARD)).status).toBe('succeeded');
    const paid = await reportPaymentSuccess(app(), {
      paymentIntentId: intent.json().paymentIntentId,
      bookingId,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'confirmed', totalPrice: 199.5 });

    const kinds = (await h.t.database.db.select().from(outbox).where(eq(outbox.stayId, bookingId))).map(
      (row) => row.kind,
    );
    expect(kinds).toEqual(
      expect.arrayContaining([MESSAGE_KINDS.guestBookingConfirmed, MESSAGE_KINDS.ownerBookingConfirmed]),
    );
    const after = (await guestReads(quote.link)).json();
    expect(after).toMatchObject({ status: 'paid', bookingId });
    const again = await guestAccepts(quote.link);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('This quote has been paid');
    expect((await checkout(bookingId)).json().message).toBe('This booking is already paid and confirmed.');
  });

  it('cannot be paid once withdrawn, and frees its dates', async () => {
    const dates = night(mode === 'demo' ? 9 : 10);
    const quote = await sendQuote(stayQuoteForm(dates));
    const accepted = (await guestAccepts(quote.link)).json();
    const withdrawn = await asOwner('POST', `/api/admin/quotes/${quote.id}/withdraw`);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
    const refused = await guestAccepts(quote.link);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This quote was withdrawn, so it can no longer be paid\./);
    const late = await checkout(accepted.bookingId);
    expect(late.statusCode, late.body).toBe(409);
    const guest = await startCheckout(app(), {
      checkInDate: dates.checkInDate,
      checkOutDate: addDays(dates.checkInDate, 2),
    });
    expect(guest.statusCode, guest.body).toBe(200);
  });

  it('expires by itself under the clock: its dates come free and it cannot be paid, with the reason', async () => {
    const dates = night(mode === 'demo' ? 11 : 12);
    const quote = await sendQuote(stayQuoteForm(dates, { validDays: 1 }));
    const accepted = (await guestAccepts(quote.link)).json();
    h.t.clock.advance(DAY_MS + 60_000);
    expect(await app().jobs.run('quote-expiry')).toEqual([quote.id]);
    const page = (await guestReads(quote.link)).json();
    expect(page.status).toBe('expired');
    expect(page.closedReason).toMatch(/^This quote expired on .+, so it can no longer be paid\./);
    const refused = await guestAccepts(quote.link);
    expect(refused.statusCode).toBe(409);
    const late = await checkout(accepted.bookingId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'quote_expired' });
    const guest = await startCheckout(app(), {
      checkInDate: dates.checkInDate,
      checkOutDate: addDays(dates.checkInDate, 2),
    });
    expect(guest.statusCode, guest.body).toBe(200);
  });

  it('shows a day hire as such in the owner’s list, and one that leaves its night bookable takes no night', async () => {
    const day = addDays('2026-11-23', mode === 'demo' ? 7 * 14 : 7 * 15);
    const quote = await sendQuote(dayHireQuoteForm({ checkInDate: day, nightBookable: true }));
    expect(quote).toMatchObject({ kind: 'day_hire', dayHireHours: '09:00–17:00', nightBookable: true });
    const guest = await startCheckout(app(), { checkInDate: day, checkOutDate: addDays(day, 2) });
    expect(guest.statusCode, guest.body).toBe(200);
    const list = (await asOwner('GET', '/api/bookings')).json();
    expect(list.find((b: { id: string }) => b.id === quote.bookingId)).toMatchObject({
      dayHireHours: '09:00–17:00',
      holdsNight: false,
      status: 'pending',
    });
  });
});
