import { addDays } from '../src/domain/dates.ts';
import { expect, payOnCheckout, test, today } from './fixtures.ts';

/**
 * A corporate day hire on a 390 px phone, from enquiry to booking (docs/decisions/028-enquiries-and-quotes.md):
 * the visitor sends the Contact page's form, the owner answers it with a quote from the Enquiries tab, and the
 * guest accepts and pays it through the link (demo payments).
 */
test.use({ viewport: { width: 390, height: 844 } });

test('a day-hire enquiry from the Contact page is quoted by the owner and paid by the guest', async ({
  page,
  admin,
  clock,
}) => {
  // Both projects run this spec on one server: each its own day (one no other spec books) and its own guest.
  const phone = test.info().project.name === 'phone';
  const day = addDays(today, phone ? 311 : 318);
  const guest = phone ? 'Grace Hopper' : 'Grace Murray';
  await page.goto('/contact');
  // The Corporate Events card keeps its mail link and leads to the form too.
  const corporate = page.getByRole('heading', { name: 'Corporate Events' }).locator('..');
  await expect(corporate.getByRole('link', { name: 'Enquire about venue hire' })).toHaveAttribute(
    'href',
    /^mailto:.+\?subject=Corporate%20Venue%20Hire$/,
  );
  await corporate.getByRole('link', { name: 'Or use the enquiry form' }).click();
  const form = page.getByRole('form', { name: 'Enquiry form' });
  await expect(form.getByLabel('What would you like?')).toHaveValue('day_hire');
  await form.getByLabel('Date (or first night)').fill(day);
  await form.getByLabel('Number of people').fill('12');
  await form.getByLabel('Your name').fill(guest);
  await form.getByLabel('Your e-mail').fill(`${guest.replace(' ', '.').toLowerCase()}@example.test`);
  await form
    .getByLabel('Your message')
    .fill('A strategy day for our team of twelve, with lunch brought in. Is the roof terrace open?');
  // A person takes longer than the form's minimum time; the server's clock says so without a wait.
  await clock.advance(1);
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enquiry sent' })).toContainText(
    'We typically respond within 24 hours',
  );

  // The owner answers it with a quote.
  await admin.signIn(page);
  await page.goto('/admin?tab=enquiries');
  const enquiry = page.getByRole('listitem').filter({ hasText: `${guest} · Corporate day hire` });
  await expect(enquiry.getByText('New', { exact: true })).toBeVisible();
  await enquiry.getByRole('button', { name: 'Send a quote' }).click();
  const dialog = page.getByRole('dialog', { name: `Quote for ${guest}` });
  await expect(dialog.getByLabel('Offer')).toHaveValue('day_hire');
  await expect(dialog.getByLabel('Date (check-in)')).toHaveValue(day);
  await dialog.getByLabel('Price for the whole (£)').fill('850');
  await dialog
    .getByLabel('What is included')
    .fill('The whole house 09:00–17:00, the roof terrace and coffee.');
  await dialog.getByRole('button', { name: 'Send quote' }).click();
  const link = await dialog.getByLabel("The guest's link").inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(enquiry.getByText('Quoted', { exact: true })).toBeVisible();

  // The guest opens the link from the e-mail, accepts and pays.
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Your quote for The Tower' })).toBeVisible();
  await expect(page.getByTestId('quote-total')).toHaveText('£850');
  const offer = page.getByRole('region', { name: 'The offer' });
  await expect(offer.getByRole('definition').first()).toHaveText(/^\w+ \d+ \w+ \d{4}, 09:00–17:00$/);
  await page.getByRole('button', { name: 'Accept and pay' }).click();
  await expect(page).toHaveURL(/\/checkout\//);
  await payOnCheckout(page, '4242424242424242');
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({ timeout: 15_000 });

  // Paid: the link says so and cannot be paid again; the enquiry is booked.
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('alert')).toContainText('This quote has been paid');
  await expect(page.getByRole('button', { name: 'Accept and pay' })).toHaveCount(0);
  await page.goto('/admin?tab=enquiries');
  await expect(enquiry.getByText('Booked', { exact: true })).toBeVisible();
});
