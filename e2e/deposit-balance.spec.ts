import AxeBuilder from '@axe-core/playwright';
import { addDays, dayOfWeek, type IsoDate } from '../src/domain/dates.ts';
import { formatGbp, formatLongDate as longDate } from '../src/domain/format.ts';
import { balanceDueOn, percentOfPence } from '../src/domain/payment-schedule.ts';
import { quoteStay } from '../src/domain/pricing.ts';
import { acceptQuote, expect, payOnCheckout, test, today } from './fixtures.ts';

/**
 * Deposit now, balance later end to end in demo mode. This spec runs its own server (the built site,
 * demo payments, NODE_ENV=test for the movable clock) on a port the system picks, with an SMTP test server as
 * its mail server, so the guest's e-mails are real messages and the shared end-to-end server keeps no mail
 * server (the admin spec relies on that). A quote paid on the checkout page asks the same agreement to the balance
 * (with the damage deposit's, when the owner holds one) before the deposit is taken.
 * See docs/decisions/016-deposit-now-balance-later.md.
 */

const SCHEDULE = { mode: 'deposit', depositPercent: 30, balanceDaysBefore: 42 };

/** A Monday `weeks` weeks after `from`. */
function mondayAfter(from: IsoDate, weeks: number): IsoDate {
  let day = addDays(from, weeks * 7);
  while (dayOfWeek(day) !== 1) day = addDays(day, 1);
  return day;
}

test.use({ ownServer: 'deposit-balance' });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async ({ admin }) => {
  await admin.call('put', '/api/admin/payment-schedule', SCHEDULE);
});

test('a guest books 10 weeks ahead with a deposit; on the due date the balance is taken: paid in full', async ({
  page,
  admin,
  clock,
  card,
  mailbox,
  request,
}) => {
  const checkIn = mondayAfter(today, 10);
  const checkOut = addDays(checkIn, 3);
  const totalPence = quoteStay(checkIn, checkOut).total * 100;
  const depositPence = percentOfPence(totalPence, 30);
  const dueOn = balanceDueOn(checkIn, 42);

  await card.open();
  await card.showMonthOf(checkIn);
  await card.day(checkIn).click();
  await card.day(checkOut).click();
  await card.fillGuest('Ada Deposit', 'ada.deposit@example.test');

  // What is charged today and what, and when, later.
  await expect(card.section.getByTestId('payment-schedule')).toHaveText(
    `${formatGbp(depositPence)} today, ${formatGbp(totalPence - depositPence)} on ${longDate(dueOn)}, charged to this card`,
  );
  await card.section.getByRole('button', { name: 'Pay with Card' }).click();
  await expect(page.getByText(/agree to your card being saved/).first()).toBeVisible();
  await card.section.getByRole('checkbox', { name: /I agree that my card is saved/ }).check();
  await card.section.getByRole('button', { name: 'Pay with Card' }).click();
  await expect(
    card.paymentDialog.getByText(`To pay today: ${formatGbp(depositPence)} deposit`),
  ).toBeVisible();
  const bookingId = await card.payInDialog('4242 4242 4242 4242');
  expect(await (await request.get(`/api/bookings/${bookingId}`)).json()).toMatchObject({
    status: 'confirmed',
    paidPrice: depositPence / 100,
    balanceOutstanding: true,
  });
  const confirmation = await mailbox.next('ada.deposit@example.test', /is confirmed/);
  expect(confirmation.email.text).toContain(
    `The balance of ${formatGbp(totalPence - depositPence)} will be charged on ${longDate(dueOn)}`,
  );

  // The due date: the balance job takes the balance off-session.
  await clock.moveTo(dueOn);
  expect(await (await request.get(`/api/bookings/${bookingId}`)).json()).toMatchObject({
    paidPrice: totalPence / 100,
    balanceOutstanding: false,
  });
  await mailbox.next('ada.deposit@example.test', /Receipt: balance paid/);

  // The owner's list: paid in full.
  await admin.signIn(page);
  await page.goto('/admin');
  await page.getByLabel('Search').fill('Ada Deposit');
  const row = page.getByRole('row', { name: /Ada Deposit/ });
  await expect(row.getByText('Paid in full')).toBeVisible();
});

test("a second booking's balance is declined; the guest pays it through the e-mailed link", async ({
  page,
  admin,
  stays,
  clock,
  mailbox,
  request,
  baseURL,
}) => {
  // The server's clock now stands on the first booking's due date: book far enough ahead of it for a deposit.
  const serverToday = (await clock.now()).toISOString().slice(0, 10);
  const checkIn = mondayAfter(serverToday, 10);
  const checkOut = addDays(checkIn, 3);
  const totalPence = quoteStay(checkIn, checkOut).total * 100;
  const depositPence = percentOfPence(totalPence, 30);
  const balancePence = totalPence - depositPence;
  const email = 'grace.balance@example.test';

  // The booking and its deposit, through the API as the booking page makes them.
  const stay = { checkInDate: checkIn, checkOutDate: checkOut };
  const intent = await stays.hold(stay, { name: 'Grace Balance', email }, { saveCardConsent: true });
  expect(intent.amount).toBe(depositPence);
  await stays.pay(intent);

  // By the due date the card has run out of funds (Stripe's test card 4000 0000 0000 9995).
  const replaced = await request.post('/api/test/saved-card', {
    data: { bookingId: intent.bookingId, cardNumber: '4000000000009995' },
  });
  expect((await replaced.json()).replaced).toBe(true);
  await clock.moveTo(balanceDueOn(checkIn, 42));
  expect(await (await request.get(`/api/bookings/${intent.bookingId}`)).json()).toMatchObject({
    status: 'confirmed',
    balanceOutstanding: true,
  });

  // The guest's e-mail carries the link to the checkout page, which takes the balance, not the total.
  const message = await mailbox.next(email, /Please pay the balance/);
  expect(message.email.text).toContain('insufficient funds');
  const link = /(http:\/\/\S+\/checkout\/[\w-]+)/.exec(message.email.text ?? '')?.[1];
  expect(link).toBe(`${baseURL}/checkout/${intent.bookingId}`);

  // The owner sees what is due and why, and may send the link again.
  await admin.signIn(page);
  await page.goto('/admin');
  await page.getByLabel('Search').fill('Grace Balance');
  const row = page.getByRole('row', { name: /Grace Balance/ });
  await expect(row.getByText(`Due ${formatGbp(balancePence)}`)).toBeVisible();
  await expect(row.getByText(/Last charge declined: Your card has insufficient funds/)).toBeVisible();
  await row.getByRole('button', { name: 'Send payment link' }).click();
  await expect(page.getByText('Payment Link Sent', { exact: true })).toBeVisible();

  await page.goto(link!);
  await expect(page.getByTestId('balance-due')).toHaveText(formatGbp(balancePence));
  await payOnCheckout(page, '4242 4242 4242 4242');
  await expect(page.getByText('Balance Paid', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/booking-success\?bookingId=/, { timeout: 20_000 });
  expect(await (await request.get(`/api/bookings/${intent.bookingId}`)).json()).toMatchObject({
    paidPrice: totalPence / 100,
    balanceOutstanding: false,
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a quote on a deposit plan: the checkout page asks both agreements before taking the deposit', async ({
    page,
    admin,
    clock,
    request,
  }) => {
    // The owner holds a damage deposit too: two boxes, each naming what the card is saved for, as on the card.
    await admin.call('put', '/api/admin/arrival-settings', {
      requireRegister: false,
      requireAgreement: false,
      damageHoldPence: 15_000,
      releaseDays: 0,
    });
    const serverToday = (await clock.now()).toISOString().slice(0, 10);
    const checkIn = mondayAfter(serverToday, 12);
    const checkOut = addDays(checkIn, 2);
    const dueOn = balanceDueOn(checkIn, 42);
    const bookingId = await acceptQuote(page, admin, {
      checkInDate: checkIn,
      checkOutDate: checkOut,
      guest: { name: 'Quentin Deposit', email: 'quentin.deposit@example.test' },
      totalPrice: 600,
    });
    const schedule = page.getByRole('region', { name: 'Payment schedule' });
    await expect(schedule.getByTestId('payment-schedule')).toHaveText(
      `${formatGbp(18_000)} today, ${formatGbp(42_000)} on ${longDate(dueOn)}, charged to this card`,
    );
    const deposit = page.getByRole('region', { name: 'Damage deposit' });
    await expect(deposit).toContainText(`A damage deposit of ${formatGbp(15_000)}`);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // Nothing is paid before both boxes are ticked: the balance's is asked first, then the deposit's.
    const pay = page.getByRole('button', { name: 'Complete Booking' });
    await pay.click();
    await expect(
      schedule.getByText('Please agree to your card being saved for the balance before you pay the deposit.'),
    ).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await schedule
      .getByRole('checkbox', {
        name: `I agree that my card is saved and charged ${formatGbp(42_000)} on ${longDate(dueOn)} for the balance.`,
      })
      .check();
    await pay.click();
    await expect(
      deposit.getByText('Please agree to your card being saved for the damage deposit before you pay.'),
    ).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await deposit
      .getByRole('checkbox', { name: /I agree that my card is saved for the damage deposit/ })
      .check();
    await payOnCheckout(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({ timeout: 15_000 });
    expect(await (await request.get(`/api/bookings/${bookingId}`)).json()).toMatchObject({
      status: 'confirmed',
      paidPrice: 180,
      balanceOutstanding: true,
    });

    // The due date: the balance is taken from the card saved with the deposit.
    await clock.moveTo(dueOn);
    expect(await (await request.get(`/api/bookings/${bookingId}`)).json()).toMatchObject({
      paidPrice: 600,
      balanceOutstanding: false,
    });
  });
});
