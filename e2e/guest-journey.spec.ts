import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { freePort, stopProcess, waitFor } from '../scripts/local-server.ts';
import { spawnServer } from '../scripts/serve-command.ts';
import { bookingReference } from '../src/domain/booking-reference.ts';
import { addDays, todayOnPropertyClock } from '../src/domain/dates.ts';
import { formatGbp } from '../src/domain/format.ts';
import { quotePence, quoteStay } from '../src/domain/pricing.ts';
import { CHECK_IN_TIME } from '../src/domain/property.ts';
import { computeRefund } from '../src/domain/refunds.ts';
import { propertyLocalInstant } from '../src/server/email/stay-calendar.ts';
import { type SmtpTestServer, startSmtpTestServer } from '../src/server/test/smtp-test-server.ts';
import { expect, test } from './fixtures.ts';

/**
 * The guest's journey after paying, on a server of its own whose e-mail goes to an SMTP test server
 * on loopback (the shared end-to-end server has no mail server, which other specs rely on): demo payments, the
 * test clock (NODE_ENV=test).
 * See docs/decisions/017-after-paying.md.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN = { username: 'owner', password: 'guest-journey-owner-2026' };
const OWNER_EMAIL = 'owner@example.test';

let smtp: SmtpTestServer;
let server: ChildProcess;
let dataDir: string;
let base: string;

test.beforeAll(async () => {
  smtp = await startSmtpTestServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'tower-e2e-journey-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawnServer(ROOT, {
    port,
    dataDir,
    admin: ADMIN,
    env: {
      NODE_ENV: 'test',
      SITE_URL: base,
      SITE_EMAIL: 'stay@example.test',
      OWNER_EMAIL,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_USER: smtp.user,
      SECRET_KEY: 'an-e2e-secret-key-of-at-least-32-characters',
      HOLD_LIMIT_PER_HOUR: '100000',
      LIVE_HOLDS_PER_CLIENT: '1000',
    },
  });
  await waitFor(`${base}/api/health`, { child: server, timeoutMs: 60_000 });
});

test.afterAll(async () => {
  if (server) await stopProcess(server);
  await smtp?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function ownerToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${base}/api/admin/login`, { data: ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).token as string;
}

async function ownerCall(request: APIRequestContext, method: 'post' | 'put', url: string, data?: unknown) {
  const headers = { authorization: `Bearer ${await ownerToken(request)}` };
  const response = await request[method](`${base}${url}`, {
    headers,
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** Moves the server's clock (0: now) and runs what its timers would have: guest messages, the outbox. */
async function moveClock(request: APIRequestContext, minutes: number) {
  const response = await request.post(`${base}/api/test/clock`, { data: { advanceMinutes: minutes } });
  expect(response.status(), await response.text()).toBe(200);
  return new Date((await response.json()).now as string);
}

const received = (to: string, subject: RegExp) =>
  smtp.received.filter((m) => m.envelopeTo.includes(to) && subject.test(m.email.subject ?? ''));

test.describe('after paying', () => {
  test.beforeAll(async ({ request }) => {
    await ownerCall(request, 'post', '/api/admin/set-email-password', { password: smtp.password });
  });

  test('the guest opens the link from their e-mail, downloads the .ics and cancels with the refund shown; the owner sees it', async ({
    page,
    request,
  }) => {
    const today = todayOnPropertyClock(new Date());
    const dates = { checkInDate: addDays(today, 20), checkOutDate: addDays(today, 23) };
    const quote = quoteStay(dates.checkInDate, dates.checkOutDate);
    const held = await request.post(`${base}/api/create-payment-intent`, {
      data: {
        amount: quote.total * 100,
        currency: 'gbp',
        booking: {
          propertyId: 1,
          ...dates,
          guestCount: 2,
          contactName: 'Morag Guest',
          contactEmail: 'morag@example.test',
          contactPhone: '',
          specialRequests: '',
        },
      },
    });
    expect(held.status(), await held.text()).toBe(200);
    const { bookingId } = await held.json();

    // The guest pays on the checkout page with Stripe's test card (demo payments).
    await page.goto(`${base}/checkout/${bookingId}`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Postcode').fill('AB10 1AA');
    await page.getByRole('button', { name: 'Complete Booking' }).click();
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();

    await moveClock(request, 0);
    const [confirmation] = received('morag@example.test', /is confirmed/);
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
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(`Refund: ${amount}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(page.getByText('Booking Cancelled', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your booking is cancelled' })).toBeVisible();

    // The owner's list: cancelled, with that refund.
    const token = await ownerToken(page.request);
    await page.addInitScript((value) => window.localStorage.setItem('adminToken', value), token);
    await page.goto(`${base}/admin`);
    await page.getByLabel('Search').fill(bookingReference(bookingId));
    const row = page.getByRole('row').filter({ hasText: 'Morag Guest' });
    await expect(row.getByText('canceled', { exact: true })).toBeVisible();
    await expect(row.getByText(`refunded ${amount}`)).toBeVisible();

    await moveClock(request, 0);
    expect(received('morag@example.test', /is cancelled/)).toHaveLength(1);
  });

  test('the arrival e-mail reaches the guest when the clock reaches 24 hours before check-in', async ({
    page,
    request,
  }) => {
    const now = await moveClock(request, 0);
    const today = todayOnPropertyClock(now);
    const stay = { checkInDate: addDays(today, 3), checkOutDate: addDays(today, 5) };
    const created = await ownerCall(request, 'post', '/api/admin/bookings', {
      ...stay,
      guestCount: 2,
      contactName: 'Ewan Guest',
      contactEmail: 'ewan@example.test',
      holdDays: 2,
    });
    const id = created.booking.id as string;
    await ownerCall(request, 'post', `/api/bookings/${id}/confirm`);
    await ownerCall(request, 'put', `/api/admin/bookings/${id}/access-code`, { accessCode: '7351' });
    await ownerCall(request, 'put', '/api/admin/guest-messages', {
      checkInInstructions: 'The key safe is to the left of the door.',
      defaultAccessCode: '',
      reviewUrl: '',
      showAddress: false,
    });

    const dueAt =
      propertyLocalInstant(stay.checkInDate, CHECK_IN_TIME.hour, CHECK_IN_TIME.minute).getTime() - 86_400_000;
    const minutesToDue = Math.ceil((dueAt - now.getTime()) / 60_000);
    await moveClock(request, minutesToDue - 10);
    expect(received('ewan@example.test', /arrival/i)).toHaveLength(0);
    await moveClock(request, 10);
    const arrival = received('ewan@example.test', /arrival/i);
    expect(arrival).toHaveLength(1);
    expect(arrival[0]!.email.text).toMatch(/Access code: +7351/);
    expect(arrival[0]!.email.text).toContain('The key safe is to the left of the door.');
    await moveClock(request, 30);
    expect(received('ewan@example.test', /arrival/i)).toHaveLength(1);

    // The owner sees it sent, and the thank-you still to come.
    const token = await ownerToken(page.request);
    await page.addInitScript((value) => window.localStorage.setItem('adminToken', value), token);
    await page.goto(`${base}/admin`);
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
