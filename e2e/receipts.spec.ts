import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { bookingReference } from '../src/domain/booking-reference.ts';
import { addDays } from '../src/domain/dates.ts';
import { formatGbpWithPence } from '../src/domain/format.ts';
import { quoteStay } from '../src/domain/pricing.ts';
import { expect, test, today } from './fixtures.ts';

/**
 * The guest's receipts on their booking page: listed under "Receipts and invoices", downloaded as a PDF whose
 * text (read with poppler's pdftotext) is the receipt of their payment. See
 * docs/decisions/026-receipts-and-credit-notes.md.
 */

test('the guest downloads the receipt of their payment from their booking page', async ({ page, stays }) => {
  const dates = { checkInDate: addDays(today, 150), checkOutDate: addDays(today, 152) };
  const quote = quoteStay(dates.checkInDate, dates.checkOutDate);
  const hold = await stays.paid(dates, { name: 'Elspeth Receipt' });
  const reference = bookingReference(hold.bookingId);

  await page.goto(`/booking/${reference}?key=${hold.manageKey}`);
  const section = page.getByRole('region', { name: 'Receipts and invoices' });
  const item = section.getByRole('listitem').filter({ hasText: /^Receipt \d{4}-\d{4}/ });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(formatGbpWithPence(quote.totalPence));
  const number = /Receipt (\d{4}-\d{4})/.exec((await item.textContent()) ?? '')![1]!;
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  const download = page.waitForEvent('download');
  await section.getByRole('link', { name: `Download receipt ${number}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`receipt-${number}.pdf`);
  const text = execFileSync('pdftotext', ['-layout', (await file.path())!, '-']).toString('utf8');
  expect(text).toContain(`No. ${number}`);
  expect(text).toContain(`Booking ${reference}`);
  expect(text).toContain('Elspeth Receipt');
  expect(text).toMatch(new RegExp(`Payment in full received\\s+${formatGbpWithPence(quote.totalPence)}`));

  // A company for the next documents: saved, and shown again on the page.
  await section.getByLabel('Company name').fill('Receipt Holdings Ltd');
  await section.getByLabel('Company address').fill('1 Union Street\nAberdeen');
  await section.getByRole('button', { name: 'Save company details' }).click();
  await expect(page.getByText('Your next receipts will be made out to this company.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Receipts and invoices' }).getByLabel('Company name'),
  ).toHaveValue('Receipt Holdings Ltd');
});
