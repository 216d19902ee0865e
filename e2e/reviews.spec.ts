import AxeBuilder from '@axe-core/playwright';
import { addDays, todayOnPropertyClock } from '../src/domain/dates.ts';
import { expect, scriptsBeforeLoad, test } from './fixtures.ts';

/**
 * Reviews guests can trust (docs/decisions/029-reviews.md), on a server of its own whose e-mail goes to an SMTP
 * test server on loopback: the thank-you e-mail's link leads to the guest's booking page, the review written
 * there is published 48 hours later (the test clock) on the home page and the reviews page, pre-rendered, with
 * the owner's reply beside it.
 */

test.use({ ownServer: 'reviews' });

test('from the thank-you e-mail to the published review on the home page, with the owner’s reply', async ({
  page,
  admin,
  stays,
  clock,
  mailbox,
}) => {
  const serverToday = todayOnPropertyClock(await clock.now());
  const stay = { checkInDate: addDays(serverToday, 2), checkOutDate: addDays(serverToday, 4) };
  await stays.paid(stay, { name: 'Isla Fraser', email: 'isla@example.test' });
  await admin.call('put', '/api/admin/guest-messages', {
    checkInInstructions: '',
    defaultAccessCode: '1234',
    reviewUrl: 'https://reviews.example.test/the-tower',
    showAddress: false,
  });

  // The morning after check-out the thank-you asks for a review on the guest's own page, the outside link second.
  await clock.moveTo(addDays(stay.checkOutDate, 1));
  const thanks = await mailbox.next('isla@example.test', /Thank you for staying/);
  const text = thanks.email.text ?? '';
  const link = /Write a review: (\S+)/.exec(text)?.[1];
  expect(link).toMatch(/\/booking\/TWR-[0-9A-Z-]+\?key=[0-9a-f]{64}#review$/);
  expect(text.indexOf(link!)).toBeLessThan(text.indexOf('https://reviews.example.test/the-tower'));

  await page.goto(link!);
  const section = page.getByRole('region', { name: 'Review your stay' });
  await expect(section).toBeVisible();
  await expect(section.getByLabel('Name to show')).toHaveValue('Isla F.');
  await section.getByRole('button', { name: 'Send review' }).click();
  await expect(section.getByText('Choose from 1 to 5 stars.')).toBeVisible();
  // A low rating goes through like a high one.
  await section.getByLabel('2 stars').check();
  await section.getByLabel('Title').fill('Beautiful, but the stairs');
  await section
    .getByLabel('Your review')
    .fill('Five floors of stairs with our luggage; the sauna made up for it.');
  await section.getByRole('button', { name: 'Send review' }).click();
  await expect(section.getByRole('status')).toContainText('your review is published on');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Not on the site before its 48 hours; on the home page, pre-rendered, after them.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'What Guests Say' })).toHaveCount(0);
  await clock.advance(48 * 60);
  // Server HTML: the review is in the page as served, before any script runs.
  expect(await (await page.request.get('/')).text()).toContain('Beautiful, but the stairs');
  await page.goto('/');
  const reviews = page.getByRole('region', { name: 'What Guests Say' });
  await expect(reviews.getByRole('article', { name: 'Beautiful, but the stairs' })).toBeVisible();
  await expect(reviews.getByText('Rated 2 out of 5').first()).toBeAttached();
  await expect(reviews).toContainText('2.0 out of 5 from 1 review by guests whose stay we know took place');
  await expect(reviews.getByText('Isla F. · Verified stay')).toBeVisible();
  // Rendered again on the server, the home page still asks for no script before its load event (decision 006).
  expect(await scriptsBeforeLoad(page)).toEqual([]);

  // The owner replies from the Reviews tab; the pages are rendered again with it.
  await admin.signIn(page);
  await page.goto('/admin?tab=reviews');
  const item = page.getByRole('article', { name: 'Beautiful, but the stairs' });
  await item.getByLabel('Your public reply').fill('Thank you, Isla: we carry bags up for anyone who asks.');
  await item.getByRole('button', { name: 'Save reply' }).click();
  await expect(page.getByText('Reply Saved', { exact: true })).toBeVisible();

  // A past review copied from Airbnb: shown at once with its source and date, outside the verified average.
  const imported = page.getByRole('region', { name: 'Add a review from Airbnb or Booking.com' });
  await imported.getByLabel('Rating (stars)').selectOption('4');
  await imported.getByLabel('Title', { exact: true }).fill('A church with a sauna');
  await imported.getByLabel('Review', { exact: true }).fill('Unusual and comfortable.');
  await imported.getByLabel('Name shown there').fill('Carla');
  await imported.getByLabel('Date written').fill('2025-08-14');
  await imported.getByRole('button', { name: 'Add review' }).click();
  await expect(page.getByText('Review Added', { exact: true })).toBeVisible();

  await expect(async () => {
    await page.goto('/reviews');
    await expect(page.getByText('Carla · Written on Airbnb · Thursday 14 August 2025')).toBeVisible({
      timeout: 500,
    });
    await expect(page.getByText('we carry bags up for anyone who asks')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Guest Reviews' })).toBeVisible();
  await expect(page.getByText('2.0 out of 5 from 1 review')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
