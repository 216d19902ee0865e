import AxeBuilder from '@axe-core/playwright';
import { bookingReference } from '../src/domain/booking-reference.ts';
import { describeDamageHold, planDamageHold } from '../src/domain/damage-hold.ts';
import { addDays, type IsoDate, todayOnPropertyClock } from '../src/domain/dates.ts';
import { formatLongDate } from '../src/domain/format.ts';
import {
  type AdminApi,
  acceptQuote,
  bookableStay,
  expect,
  fillCard,
  type TestClock,
  test,
  today,
} from './fixtures.ts';

/**
 * The damage deposit on a phone (docs/decisions/031-damage-deposit-hold.md): the booking card says what will be
 * held and when before payment and asks to save the card for it; the guest registers two guests (one needing a
 * passport), accepts the house agreement and sees the deposit on their page; it is held the day before arrival,
 * and the owner, who sees the register, claims part of it, which the guest then reads with the reason. A hold the
 * bank declines is authorised by the guest from the e-mail's link, with a card on the checkout page. A quote paid
 * on the checkout page asks the same agreement before payment, and its deposit is held like any other. A server of
 * its own: its clock moves by days, and the deposit must not change what the other specs' guests see.
 */

test.use({ ownServer: 'damage-deposit', viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 180_000 });

const DEPOSIT_PENCE = 25_000;
const EMAIL = 'grace.deposit@example.test';

/**
 * The owner holds £250, released on the day of check-out, with no other check-in step: today on the server's
 * clock, which the tests before may have moved on.
 */
async function holdDeposit(admin: AdminApi, clock: TestClock): Promise<IsoDate> {
  await admin.call('put', '/api/admin/arrival-settings', {
    requireRegister: false,
    requireAgreement: false,
    damageHoldPence: DEPOSIT_PENCE,
    releaseDays: 0,
  });
  return todayOnPropertyClock(await clock.now());
}

test('the guest is told the deposit before paying and sees it held; the owner claims part of it', async ({
  page,
  admin,
  card,
  clock,
  mailbox,
}) => {
  // The owner holds £250, released on the day of check-out: a 3-night stay is covered by one hold.
  await admin.call('put', '/api/admin/house-agreement', { text: 'No parties or events.' });
  await admin.signIn(page);
  await page.goto('/admin?tab=arrival');
  const settings = page.getByRole('region', { name: 'Online check-in' });
  const save = settings.getByRole('button', { name: 'Save Check-in Settings' });
  await expect(save).toBeEnabled(); // the saved settings have loaded into the form
  await settings.getByLabel('Damage deposit (£)').fill('250');
  await settings.getByLabel('Released after check-out (days)').fill('0');
  await save.click();
  await expect(page.getByText('Arrival Settings Saved').first()).toBeVisible();
  expect(await admin.call('get', '/api/admin/arrival-settings')).toMatchObject({
    damageHoldPence: DEPOSIT_PENCE,
    releaseDays: 0,
  });
  const { checkIn, checkOut } = await bookableStay(page, addDays(today, 10), 3);
  const plan = planDamageHold({ checkIn, checkOut, releaseDays: 0 });
  expect(plan.kind).toBe('hold');

  // Before payment: what will be held and when, and the agreement to keep the card for it.
  await card.open();
  await card.chooseStay(checkIn, checkOut);
  await card.fillGuest('Grace Deposit', EMAIL);
  await card.section.getByLabel('Guests').selectOption('2');
  const deposit = card.section.getByRole('region', { name: 'Damage deposit' });
  await expect(deposit).toContainText(describeDamageHold(plan, DEPOSIT_PENCE));
  await expect(deposit).toContainText(
    `A damage deposit of £250 will be held on your card the day before you arrive: no money is taken, and the hold is released on ${formatLongDate(plan.releaseOn)} unless we find damage.`,
  );
  await card.section.getByRole('button', { name: 'Pay with Card' }).click();
  await expect(
    deposit.getByText('Please agree to your card being saved for the damage deposit before you pay.'),
  ).toBeVisible();
  await expect(card.paymentDialog).toHaveCount(0);
  await deposit
    .getByRole('checkbox', { name: /I agree that my card is saved for the damage deposit/ })
    .check();
  await card.section.getByRole('button', { name: 'Pay with Card' }).click();
  const bookingId = await card.payInDialog('4242 4242 4242 4242');
  const reference = bookingReference(bookingId);

  await clock.advance(0); // the outbox sends the confirmation and its link
  const confirmation = await mailbox.next(EMAIL, /is confirmed/);
  const link = /Manage your booking: (\S+)/.exec(confirmation.email.text ?? '')?.[1];
  expect(link).toBeDefined();

  // The guest checks in two guests, one of whom needs a passport, and accepts the agreement.
  await page.goto(link!);
  const checkInPart = page.getByRole('region', { name: 'Check in online' });
  const register = page.getByRole('form', { name: 'Guest register' });
  const first = register.getByRole('group', { name: 'Guest 1' });
  const second = register.getByRole('group', { name: 'Guest 2' });
  await first.getByLabel('Full name').fill('Grace Deposit');
  await first.getByRole('combobox', { name: 'Nationality' }).fill('Irel');
  await first.getByRole('option', { name: 'Ireland' }).click();
  await expect(first.getByLabel('Passport or identity document number')).toHaveCount(0);
  await second.getByLabel('Full name').fill('Hans Gast');
  await second.getByRole('combobox', { name: 'Nationality' }).fill('Germ');
  await second.getByRole('option', { name: 'Germany' }).click();
  await second.getByLabel('Passport or identity document number').fill('C01X00T47');
  await second.getByLabel('Place of issue').fill('Berlin');
  await register.getByRole('button', { name: 'Save the guest register' }).click();
  const agreement = checkInPart.getByRole('region', { name: 'House agreement' });
  await agreement.getByLabel('Type your full name to accept').fill('Grace Deposit');
  await agreement.getByRole('button', { name: 'Accept the house agreement' }).click();
  await expect(agreement.getByRole('status')).toContainText('Accepted by Grace Deposit');
  await expect(checkInPart.getByRole('status').first()).toContainText(
    'You have done everything we need. Your access code comes by e-mail once your damage deposit is held, the day before you arrive.',
  );

  // The deposit on the guest's page: how it is held, and that nothing is held yet.
  const guestDeposit = checkInPart.getByRole('region', { name: 'Damage deposit' });
  await expect(guestDeposit).toContainText(describeDamageHold(plan, DEPOSIT_PENCE));
  await expect(guestDeposit).toContainText(
    `Nothing is held yet: it is held on your card on ${formatLongDate(addDays(checkIn, -1))}.`,
  );
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The day of arrival: the hold was placed the day before, by the job under the server's clock.
  await clock.moveTo(checkIn);
  await page.goto(link!);
  await expect(guestDeposit).toContainText('Held on your card: no money has been taken.');

  // The day of check-out: the owner sees the register and the hold, and claims part of it.
  await clock.moveTo(checkOut);
  await admin.signIn(page); // a session of today's clock: the one of the first day has lapsed
  await page.goto('/admin');
  await page.getByLabel('Search').fill(reference);
  await page
    .getByRole('row')
    .filter({ hasText: 'Grace Deposit' })
    .getByRole('button', { name: 'Guest link and messages' })
    .click();
  const stay = page.getByRole('dialog').getByRole('region', { name: 'Online check-in' });
  await expect(stay.getByRole('list', { name: 'Guest register' })).toContainText('Hans Gast, DE');
  await expect(stay).toContainText('Passport C01X00T47, issued at Berlin');
  const ownerDeposit = stay.getByRole('region', { name: 'Damage deposit' });
  await expect(ownerDeposit).toContainText('Held on the guest’s card');
  const claim = ownerDeposit.getByRole('form', { name: 'Claim from the deposit' });
  await claim.getByLabel('Amount to take (£)').fill('300');
  await claim.getByRole('button', { name: 'Claim from the deposit' }).click();
  await expect(claim.getByText('At most £250, the deposit held.')).toBeVisible();
  await claim.getByLabel('Amount to take (£)').fill('80.50');
  await claim.getByLabel('Reason').fill('A broken bedside lamp.');
  await claim.getByRole('button', { name: 'Claim from the deposit' }).click();
  await expect(ownerDeposit.getByText('£80.50: A broken bedside lamp.')).toBeVisible();
  await expect(claim).toHaveCount(0);

  // The guest reads what was taken and why.
  await page.goto(link!);
  await expect(guestDeposit).toContainText('We took £80.50 from the deposit; the rest was released.');
  await expect(guestDeposit).toContainText('Why we took £80.50: A broken bedside lamp.');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('a hold the bank declines: the e-mail links to the guest’s page, where the guest authorises it with a card', async ({
  page,
  admin,
  api,
  clock,
  mailbox,
  stays,
}) => {
  const day = await holdDeposit(admin, clock);
  const dates = { checkInDate: addDays(day, 10), checkOutDate: addDays(day, 13) };
  const email = 'ivo.declined@example.test';
  const booked = await stays.hold(dates, { name: 'Ivo Declined', email }, { saveCardConsent: true });
  await stays.pay(booked);
  // The card saved at booking is declined from now on (Stripe's generic decline test card).
  const replaced = await api.post('/api/test/saved-card', {
    data: { bookingId: booked.bookingId, cardNumber: '4000000000000002' },
  });
  expect(await replaced.json()).toEqual({ replaced: true });

  // The day before arrival, past 10:00: the job tries the hold, the bank declines it, the guest is e-mailed.
  await clock.moveTo(addDays(dates.checkInDate, -1));
  await clock.advance(120);
  const declined = await mailbox.next(email, /Please authorise the damage deposit/);
  const link = /(\S+#deposit)/.exec(declined.email.text ?? '')?.[1];
  expect(link).toMatch(new RegExp(`/booking/${bookingReference(booked.bookingId)}\\?key=\\w+#deposit$`));

  await page.goto(link!);
  const deposit = page.getByRole('region', { name: 'Damage deposit' });
  await expect(deposit).toContainText(
    'Your bank declined the deposit or asks you to confirm it. Please authorise it with your card.',
  );
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await deposit.getByRole('button', { name: 'Authorise the damage deposit' }).click();

  // The checkout page takes the card for the deposit, then brings the guest back.
  await expect(page).toHaveURL(new RegExp(`/checkout/${booked.bookingId}\\?damageHold=`));
  await expect(page.getByText('A damage deposit of £250 will be held on your card')).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Authorise Deposit' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/${bookingReference(booked.bookingId)}\\?key=`));
  await expect(deposit).toContainText('Held on your card: no money has been taken.');
});

test('a quote paid on the checkout page: the guest agrees to the deposit before paying, and it is held like any other', async ({
  page,
  admin,
  clock,
}) => {
  const day = await holdDeposit(admin, clock);
  const checkIn = addDays(day, 20);
  const checkOut = addDays(checkIn, 2);
  const plan = planDamageHold({ checkIn, checkOut, releaseDays: 0 });
  // The guest accepts the quote: the checkout page says the deposit and asks to save the card for it.
  const bookingId = await acceptQuote(page, admin, {
    checkInDate: checkIn,
    checkOutDate: checkOut,
    guest: { name: 'Quinn Quoted', email: 'quinn.quoted@example.test' },
    totalPrice: 420,
  });
  const deposit = page.getByRole('region', { name: 'Damage deposit' });
  await expect(deposit).toContainText(describeDamageHold(plan, DEPOSIT_PENCE));
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Complete Booking' }).click();
  await expect(
    deposit.getByText('Please agree to your card being saved for the damage deposit before you pay.'),
  ).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await deposit
    .getByRole('checkbox', { name: /I agree that my card is saved for the damage deposit of £250/ })
    .check();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Complete Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({ timeout: 15_000 });

  // The day of arrival: the job held the deposit the day before on the card saved with the payment.
  await clock.moveTo(checkIn);
  await admin.signIn(page);
  await page.goto('/admin');
  await page.getByLabel('Search').fill(bookingReference(bookingId));
  await page
    .getByRole('row')
    .filter({ hasText: 'Quinn Quoted' })
    .getByRole('button', { name: 'Guest link and messages' })
    .click();
  await expect(page.getByRole('dialog').getByRole('region', { name: 'Damage deposit' })).toContainText(
    'Held on the guest’s card',
  );
});
