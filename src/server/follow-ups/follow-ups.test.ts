import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.ts';
import { MESSAGE_KINDS } from '../email/notifications.ts';
import {
  GOOD_CARD,
  reportPaymentSuccess,
  startCheckout,
  stayDates,
  usePaymentHarness,
} from '../payments/test/payment-harness.ts';
import { adminToken } from '../test/test-app.ts';

/**
 * Abandoned checkouts (docs/decisions/028-enquiries-and-quotes.md), under the test clock: a guest whose hold lapsed
 * unpaid gets exactly one e-mail about an hour later, and none after opting out, when the nights were taken, when
 * they booked since, twice in a week, or while the owner has it off.
 */

const MINUTE = 60_000;
const emailOf = (guest: string) => `${guest.toLowerCase().replace(/\W+/g, '.')}@example.test`;

describe('follow-ups of abandoned checkouts', () => {
  const h = usePaymentHarness('demo', { emailNotifications: true });
  const app = () => h.t.app;
  const advance = (ms: number) => h.t.clock.advance(ms);
  const run = () => app().jobs.run('checkout-follow-ups');
  const asOwner = async (method: 'GET' | 'PUT', url: string, payload?: object) =>
    app().inject({
      method,
      url,
      headers: { authorization: `Bearer ${await adminToken(app())}` },
      ...(payload ? { payload } : {}),
    });

  /** A guest starts paying and leaves: the hold lapses after its 15 minutes and the sweep expires it. */
  async function abandon(weeksAhead: number, guest: string) {
    const response = await startCheckout(app(), stayDates(weeksAhead), { guest });
    expect(response.statusCode, response.body).toBe(200);
    advance(16 * MINUTE);
    await app().jobs.run('hold-sweep');
    return response.json().bookingId as string;
  }
  /** Pays for these dates as the booking page does. */
  async function book(weeksAhead: number, guest: string) {
    const hold = await startCheckout(app(), stayDates(weeksAhead), { guest });
    expect(hold.statusCode, hold.body).toBe(200);
    await h.pay(hold.json(), GOOD_CARD);
    const paid = await reportPaymentSuccess(app(), hold.json());
    expect(paid.statusCode, paid.body).toBe(200);
  }
  const followUpsTo = (email: string) =>
    h.t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, MESSAGE_KINDS.guestCheckoutFollowUp)));

  it('sends exactly one e-mail about an hour after the hold lapsed, with the dates, the price and the way back', async () => {
    const id = await abandon(4, 'Anna Abandon');
    advance(50 * MINUTE);
    expect(await run()).toEqual([]);
    advance(10 * MINUTE);
    expect(await run()).toEqual([id]);
    expect(await run()).toEqual([]);
    advance(60 * MINUTE);
    expect(await run()).toEqual([]);
    const [message, ...more] = await followUpsTo(emailOf('Anna Abandon'));
    expect(more).toHaveLength(0);
    const { checkInDate, checkOutDate } = stayDates(4);
    expect(message?.subject).toBe('Your dates at The Tower are still free');
    expect(message?.text).toContain(`/?checkIn=${checkInDate}&checkOut=${checkOutDate}#booking`);
    expect(message?.text).toMatch(/Price when you looked:\s+£\d/);
    expect(message?.text).toMatch(/\/api\/follow-ups\/opt-out\?token=/);

    // The owner sees it followed up, and booked once the guest comes back and pays.
    expect((await asOwner('GET', '/api/admin/checkout-follow-ups')).json()).toMatchObject({
      enabled: true,
      followedUp: 1,
      bookedAfter: 0,
    });
    await book(4, 'Anna Abandon');
    expect((await asOwner('GET', '/api/admin/checkout-follow-ups')).json()).toMatchObject({
      followedUp: 1,
      bookedAfter: 1,
    });
  });

  it('sends none after the guest opted out with the one-click link, whatever they abandon later', async () => {
    const email = emailOf('Otto Out');
    await abandon(6, 'Otto Out');
    advance(61 * MINUTE);
    await run();
    const [message] = await followUpsTo(email);
    const optOut = new URL(/https?:\/\/\S+\/api\/follow-ups\/opt-out\?token=\S+/.exec(message!.text)![0]);
    const page = await app().inject({ method: 'GET', url: `${optOut.pathname}${optOut.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`We will not write to ${email} about an unfinished booking again.`);
    const forged = await app().inject({ method: 'GET', url: '/api/follow-ups/opt-out?token=eyJ2IjoxfQ' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('opt_out_invalid');

    advance(8 * 24 * 60 * MINUTE); // past the week between follow-ups: only the opt-out keeps it away
    await abandon(8, 'Otto Out');
    advance(61 * MINUTE);
    expect(await run()).toEqual([]);
    expect(await followUpsTo(email)).toHaveLength(1);
  });

  it('sends none when the nights were booked by someone else meanwhile', async () => {
    await abandon(10, 'Nina Nights');
    await book(10, 'Someone Else');
    advance(61 * MINUTE);
    expect(await run()).toEqual([]);
    expect(await followUpsTo(emailOf('Nina Nights'))).toHaveLength(0);
  });

  it('sends none when the guest booked other dates since', async () => {
    await abandon(12, 'Bea Booked');
    await book(13, 'Bea Booked');
    advance(61 * MINUTE);
    expect(await run()).toEqual([]);
    expect(await followUpsTo(emailOf('Bea Booked'))).toHaveLength(0);
  });

  it('sends at most one a week to an address, however many checkouts it abandoned', async () => {
    const first = await abandon(15, 'Will Weekly');
    const second = await abandon(16, 'Will Weekly');
    advance(61 * MINUTE);
    const sent = await run();
    expect(sent).toHaveLength(1);
    expect([first, second]).toContain(sent[0]);
    expect(await run()).toEqual([]);
    expect(await followUpsTo(emailOf('Will Weekly'))).toHaveLength(1);
  });

  it('sends none while the owner has it off', async () => {
    const off = await asOwner('PUT', '/api/admin/checkout-follow-ups', { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false });
    await abandon(18, 'Olive Off');
    advance(61 * MINUTE);
    expect(await run()).toEqual([]);
    expect((await asOwner('PUT', '/api/admin/checkout-follow-ups', { enabled: true })).json().enabled).toBe(
      true,
    );
    expect(await followUpsTo(emailOf('Olive Off'))).toHaveLength(0);
  });
});
