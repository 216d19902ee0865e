import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { bookingReference } from '../src/domain/booking-reference.ts';
import { addDays, todayOnPropertyClock } from '../src/domain/dates.ts';
import { formatGbp } from '../src/domain/format.ts';
import { quotePence, quoteStay } from '../src/domain/pricing.ts';
import { CHECK_IN_TIME } from '../src/domain/property.ts';
import { computeRefund } from '../src/domain/refunds.ts';
import { propertyLocalInstant } from '../src/server/email/stay-calendar.ts';
import { expect, payOnCheckout, test, today } from './fixtures.ts';

/**
 * The guest's journey after paying, on a server of its own whose e-mail goes to an SMTP test server
 * on loopback (the shared end-to-end server has no mail server, which other specs rely on): demo payments, the
 * test clock (NODE_ENV=test).
 * See docs/decisions/017-after-paying.md.
 */

test.use({ ownServer: 'guest-journey' });

test.describe('after paying', () => {
  test('the guest opens the link from their e-mail, downloads the .ics and cancels with the refund shown; the owner sees it', async ({
    page,
    admin,
    stays,
    clock,
    mailbox,
  }) => {
    const dates = { checkInDate: addDays(today, 20), checkOutDate: addDays(today, 23) };
    const quote = quoteStay(dates.checkInDate, dates.checkOutDate);
    const { bookingId } = await stays.hold(dates, { name: 'Morag Guest', email: 'morag@example.test' });

    // The guest pays on the checkout page with Stripe's test card (demo payments).
    await page.goto(`/checkout/${bookingId}`);
    await payOnCheckout(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();

    await clock.advance(0); // runs what is due: the outbox sends
    const [confirmation] = mailbox.received('morag@example.test', /is confirmed/);
    expect(confirmation, 'the confirmation e-mail').toBeDefined();
    const link = /Manage your booking: (\S+)/.exec(confirmation!.email.text ?? '')?.[1];
    expect(link).toMatch(new RegExp(`/booking/${bookingReference(bookingId)}\\?key=[0-9a-f]{64}$`));

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Your stay at The Tower, Morag Guest' })).toBeVisible();
    await expect(page.getByText(bookingReference(bookingId))).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`the-tower-${bookingReference(bookingId).toLowerCase()}.ics`);
    const ics = await readFile((await file.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`DTSTART:${dates.checkInDate.replaceAll('-', '')}T`);

    const refund = computeRefund({
      checkIn: dates.checkInDate,
      cancelledOn: today,
      ...quotePence(quote),
      paidPence: quotePence(quote).totalPence,
    });
    expect(refund.rule.percent).toBe(75);
    const amount = formatGbp(refund.amountPence);
    await expect(page.getByText(`If you cancel today you get ${amount} back`)).toBeVisible();
    // What is refunded of what: the row of the terms, the parts of the price it covers, the fee that comes off.
    await expect(
      page.getByText(
        `Cancellation terms: 14–30 days before check-in: 75%. That is ${formatGbp(refund.amountPence + refund.feePence)} of what you paid (75% of the accommodation and service fee; the £100 cleaning fee is not refunded), less the £25 processing fee.`,
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(`Refund: ${amount}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(page.getByText('Booking Cancelled', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your booking is cancelled' })).toBeVisible();

    // The owner's list: cancelled, with that refund.
    await admin.signIn(page);
    await page.goto('/admin');
    await page.getByLabel('Search').fill(bookingReference(bookingId));
    const row = page.getByRole('row').filter({ hasText: 'Morag Guest' });
    await expect(row.getByText('canceled', { exact: true })).toBeVisible();
    await expect(row.getByText(`refunded ${amount}`)).toBeVisible();

    await clock.advance(0); // runs what is due: the outbox sends
    expect(mailbox.received('morag@example.test', /is cancelled/)).toHaveLength(1);
  });

  test('the arrival e-mail reaches the guest when the clock reaches 24 hours before check-in', async ({
    page,
    admin,
    stays,
    clock,
    mailbox,
  }) => {
    const now = await clock.now();
    const serverToday = todayOnPropertyClock(now);
    const stay = { checkInDate: addDays(serverToday, 3), checkOutDate: addDays(serverToday, 5) };
    const { id } = await stays.byOwner(stay, { name: 'Ewan Guest', email: 'ewan@example.test' }, 2);
    await admin.call('post', `/api/bookings/${id}/confirm`);
    await admin.call('put', `/api/admin/bookings/${id}/access-code`, { accessCode: '7351' });
    // No online check-in asked of this stay: its arrival e-mail carries the code (online-check-in.spec.ts has
    // the steps).
    await admin.call('put', '/api/admin/arrival-settings', {
      requireRegister: false,
      requireAgreement: false,
      damageHoldPence: 0,
      releaseDays: 2,
    });
    await admin.call('put', '/api/admin/guest-messages', {
      checkInInstructions: 'The key safe is to the left of the door.',
      defaultAccessCode: '',
      reviewUrl: '',
      showAddress: false,
    });

    const dueAt =
      propertyLocalInstant(stay.checkInDate, CHECK_IN_TIME.hour, CHECK_IN_TIME.minute).getTime() - 86_400_000;
    const minutesToDue = Math.ceil((dueAt - now.getTime()) / 60_000);
    await clock.advance(minutesToDue - 10);
    expect(mailbox.received('ewan@example.test', /arrival/i)).toHaveLength(0);
    await clock.advance(10);
    const arrival = mailbox.received('ewan@example.test', /arrival/i);
    expect(arrival).toHaveLength(1);
    expect(arrival[0]!.email.text).toMatch(/Access code: +7351/);
    expect(arrival[0]!.email.text).toContain('The key safe is to the left of the door.');
    await clock.advance(30);
    expect(mailbox.received('ewan@example.test', /arrival/i)).toHaveLength(1);

    // The owner sees it sent, and the thank-you still to come.
    await admin.signIn(page);
    await page.goto('/admin');
    await page.getByLabel('Search').fill(bookingReference(id));
    await page
      .getByRole('row')
      .filter({ hasText: 'Ewan Guest' })
      .getByRole('button', { name: 'Guest link and messages' })
      .click();
    const dialog = page.getByRole('dialog');
    const messages = dialog.getByRole('region', { name: 'Messages' });
    await expect(messages.getByRole('listitem').filter({ hasText: 'Arrival e-mail' })).toContainText('sent');
    await expect(messages.getByRole('listitem').filter({ hasText: 'Thank-you e-mail' })).toContainText(
      'scheduled',
    );
    await expect(dialog.getByLabel('Access code for this stay')).toHaveValue('7351');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});
