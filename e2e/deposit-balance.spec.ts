import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { addDays, addMonths, dayOfWeek, type IsoDate, todayOnPropertyClock } from '../src/domain/dates.ts';
import { formatGbp, formatLongDate, formatMonth, formatLongDate as longDate } from '../src/domain/format.ts';
import { balanceDueOn, percentOfPence } from '../src/domain/payment-schedule.ts';
import { quoteStay } from '../src/domain/pricing.ts';
import {
  freePort,
  type ServerProcess,
  startServer,
  stopServers,
  waitForHealth,
} from '../src/server/test/server-process.ts';
import { type SmtpTestServer, startSmtpTestServer } from '../src/server/test/smtp-test-server.ts';
import { monthStart } from '../src/web/features/booking/calendar-dates.ts';
import { expect, test } from './fixtures.ts';

/**
 * Deposit now, balance later end to end in demo mode. This spec runs its own server (the built site,
 * demo payments, NODE_ENV=test for the movable clock) on a port the system picks, with an SMTP test server as
 * its mail server, so the guest's e-mails are real messages and the shared end-to-end server keeps no mail
 * server (the admin spec relies on that).
 * See docs/decisions/016-deposit-now-balance-later.md.
 */

const ADMIN = { username: 'owner', password: 'e2e-deposit-password-2026' };
const SCHEDULE = { mode: 'deposit', depositPercent: 30, balanceDaysBefore: 42 };
const today = todayOnPropertyClock(new Date());

let smtp: SmtpTestServer;
let server: ServerProcess;
let base: string;
let api: APIRequestContext;

async function token(): Promise<string> {
  const response = await api.post('/api/admin/login', { data: ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).token as string;
}

async function admin(method: 'post' | 'put', url: string, data: unknown) {
  const response = await api[method](url, { data, headers: { authorization: `Bearer ${await token()}` } });
  expect(response.status(), await response.text()).toBe(200);
  return response;
}

/** Moves the server's clock to 09:00 UTC of `day` (GMT in winter), running its timers' work as they would. */
async function moveServerClockTo(day: IsoDate) {
  const now = (await (await api.post('/api/test/clock', { data: { advanceMinutes: 0 } })).json())
    .now as string;
  const minutes = Math.ceil((Date.parse(`${day}T09:00:00Z`) - Date.parse(now)) / 60_000);
  expect(minutes).toBeGreaterThan(0);
  const moved = await api.post('/api/test/clock', { data: { advanceMinutes: minutes } });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** The newest message to `to` whose subject matches, once the outbox worker has sent it (every 15 s). */
async function mailTo(to: string, subject: RegExp) {
  await expect
    .poll(() => smtp.received.some((m) => m.envelopeTo.includes(to) && subject.test(m.email.subject ?? '')), {
      timeout: 45_000,
    })
    .toBe(true);
  return smtp.received
    .filter((m) => m.envelopeTo.includes(to) && subject.test(m.email.subject ?? ''))
    .at(-1)!;
}

/** A Monday `weeks` weeks after `from`. */
function mondayAfter(from: IsoDate, weeks: number): IsoDate {
  let day = addDays(from, weeks * 7);
  while (dayOfWeek(day) !== 1) day = addDays(day, 1);
  return day;
}

const booking = (page: Page) => page.getByRole('complementary', { name: 'Booking' });
const dayButton = (page: Page, day: IsoDate) =>
  booking(page).getByRole('button', { name: new RegExp(`^${formatLongDate(day)},`) });

async function fillCard(scope: ReturnType<Page['getByRole']> | Page, card: string) {
  await scope.getByLabel('Card number').fill(card);
  await scope.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await scope.getByLabel('CVC').fill('123');
  await scope.getByLabel('Postcode').fill('AB10 1AA');
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtpTestServer();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: base,
    SITE_EMAIL: 'stay@example.test',
    OWNER_EMAIL: 'owner@example.test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tower-e2e-deposit-')),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    SYNC_INTERVAL_MINUTES: '0',
    PAYMENTS: 'demo',
    HOLD_LIMIT_PER_HOUR: '100000',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: 'false',
    SMTP_USER: smtp.user,
  });
  await waitForHealth(port, server);
  api = await playwrightRequest.newContext({ baseURL: base });
  await admin('post', '/api/admin/set-email-password', { password: smtp.password });
  await admin('put', '/api/admin/payment-schedule', SCHEDULE);
});

test.afterAll(async () => {
  await api?.dispose();
  await stopServers();
  await smtp?.stop();
});

test('a guest books 10 weeks ahead with a deposit; on the due date the balance is taken: paid in full', async ({
  page,
}) => {
  const checkIn = mondayAfter(today, 10);
  const checkOut = addDays(checkIn, 3);
  const totalPence = quoteStay(checkIn, checkOut).total * 100;
  const depositPence = percentOfPence(totalPence, 30);
  const dueOn = balanceDueOn(checkIn, 42);

  await page.goto(`${base}/#booking`);
  await expect(booking(page).getByRole('button', { name: 'Next month' })).toBeVisible({ timeout: 20_000 });
  for (let month = monthStart(today); month < monthStart(checkIn); month = addMonths(month, 1)) {
    await booking(page).getByRole('button', { name: 'Next month' }).click();
  }
  await expect(booking(page).getByRole('heading', { name: formatMonth(monthStart(checkIn)) })).toBeVisible();
  await dayButton(page, checkIn).click();
  await dayButton(page, checkOut).click();
  const form = booking(page).getByRole('form', { name: 'Complete Your Booking' });
  await form.getByLabel('Full Name').fill('Ada Deposit');
  await form.getByLabel('Email Address').fill('ada.deposit@example.test');

  // What is charged today and what, and when, later.
  await expect(booking(page).getByTestId('payment-schedule')).toHaveText(
    `${formatGbp(depositPence)} today, ${formatGbp(totalPence - depositPence)} on ${longDate(dueOn)}, charged to this card`,
  );
  await booking(page).getByRole('button', { name: 'Pay with Card' }).click();
  await expect(page.getByText(/agree to your card being saved/).first()).toBeVisible();
  await booking(page)
    .getByRole('checkbox', { name: /I agree that my card is saved/ })
    .check();
  await booking(page).getByRole('button', { name: 'Pay with Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
  await expect(dialog.getByText(`To pay today: ${formatGbp(depositPence)} deposit`)).toBeVisible();
  await fillCard(dialog, '4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/booking-success\?bookingId=[\w-]+$/, { timeout: 20_000 });
  const bookingId = new URL(page.url()).searchParams.get('bookingId')!;
  expect(await (await api.get(`/api/bookings/${bookingId}`)).json()).toMatchObject({
    status: 'confirmed',
    paidPrice: depositPence / 100,
    balanceOutstanding: true,
  });
  const confirmation = await mailTo('ada.deposit@example.test', /is confirmed/);
  expect(confirmation.email.text).toContain(
    `The balance of ${formatGbp(totalPence - depositPence)} will be charged on ${longDate(dueOn)}`,
  );

  // The due date: the balance job takes the balance off-session.
  await moveServerClockTo(dueOn);
  expect(await (await api.get(`/api/bookings/${bookingId}`)).json()).toMatchObject({
    paidPrice: totalPence / 100,
    balanceOutstanding: false,
  });
  await mailTo('ada.deposit@example.test', /Receipt: balance paid/);

  // The owner's list: paid in full.
  const adminToken = await token();
  await page.addInitScript((value) => window.localStorage.setItem('adminToken', value), adminToken);
  await page.goto(`${base}/admin`);
  await page.getByLabel('Search').fill('Ada Deposit');
  const row = page.getByRole('row', { name: /Ada Deposit/ });
  await expect(row.getByText('Paid in full')).toBeVisible();
});

test("a second booking's balance is declined; the guest pays it through the e-mailed link", async ({
  page,
}) => {
  // The server's clock now stands on the first booking's due date: book far enough ahead of it for a deposit.
  const serverToday = (
    (await (await api.post('/api/test/clock', { data: { advanceMinutes: 0 } })).json()).now as string
  ).slice(0, 10);
  const checkIn = mondayAfter(serverToday, 10);
  const checkOut = addDays(checkIn, 3);
  const totalPence = quoteStay(checkIn, checkOut).total * 100;
  const depositPence = percentOfPence(totalPence, 30);
  const balancePence = totalPence - depositPence;
  const email = 'grace.balance@example.test';

  // The booking and its deposit, through the API as the booking page makes them.
  const held = await api.post('/api/create-payment-intent', {
    data: {
      amount: totalPence,
      currency: 'gbp',
      saveCardConsent: true,
      booking: {
        propertyId: 1,
        checkInDate: checkIn,
        checkOutDate: checkOut,
        guestCount: 2,
        contactName: 'Grace Balance',
        contactEmail: email,
      },
    },
  });
  expect(held.status(), await held.text()).toBe(200);
  const intent = await held.json();
  expect(intent.amount).toBe(depositPence);
  const paid = await api.post(`/api/demo-payments/${intent.paymentIntentId}/confirm`, {
    data: {
      clientSecret: intent.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    },
  });
  expect((await paid.json()).status).toBe('succeeded');
  const confirmed = await api.post('/api/payment-success', {
    data: { paymentIntentId: intent.paymentIntentId, bookingId: intent.bookingId },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  // By the due date the card has run out of funds (Stripe's test card 4000 0000 0000 9995).
  const replaced = await api.post('/api/test/saved-card', {
    data: { bookingId: intent.bookingId, cardNumber: '4000000000009995' },
  });
  expect((await replaced.json()).replaced).toBe(true);
  await moveServerClockTo(balanceDueOn(checkIn, 42));
  expect(await (await api.get(`/api/bookings/${intent.bookingId}`)).json()).toMatchObject({
    status: 'confirmed',
    balanceOutstanding: true,
  });

  // The guest's e-mail carries the link to the checkout page, which takes the balance, not the total.
  const message = await mailTo(email, /Please pay the balance/);
  expect(message.email.text).toContain('insufficient funds');
  const link = /(http:\/\/\S+\/checkout\/[\w-]+)/.exec(message.email.text ?? '')?.[1];
  expect(link).toBe(`${base}/checkout/${intent.bookingId}`);

  // The owner sees what is due and why, and may send the link again.
  await page.addInitScript((value) => window.localStorage.setItem('adminToken', value), await token());
  await page.goto(`${base}/admin`);
  await page.getByLabel('Search').fill('Grace Balance');
  const row = page.getByRole('row', { name: /Grace Balance/ });
  await expect(row.getByText(`Due ${formatGbp(balancePence)}`)).toBeVisible();
  await expect(row.getByText(/Last charge declined: Your card has insufficient funds/)).toBeVisible();
  await row.getByRole('button', { name: 'Send payment link' }).click();
  await expect(page.getByText('Payment Link Sent', { exact: true })).toBeVisible();

  await page.goto(link!);
  await expect(page.getByTestId('balance-due')).toHaveText(formatGbp(balancePence));
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Complete Booking' }).click();
  await expect(page.getByText('Balance Paid', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/booking-success\?bookingId=/, { timeout: 20_000 });
  expect(await (await api.get(`/api/bookings/${intent.bookingId}`)).json()).toMatchObject({
    paidPrice: totalPence / 100,
    balanceOutstanding: false,
  });
});
