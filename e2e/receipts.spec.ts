import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { unpackTar } from 'modern-tar';
import { bookingReference } from '../src/domain/booking-reference.ts';
import { addDays } from '../src/domain/dates.ts';
import { formatGbpWithPence } from '../src/domain/format.ts';
import { quoteStay } from '../src/domain/pricing.ts';
import { expect, test, today } from './fixtures.ts';

/**
 * Receipts as the guest and the owner find them: on the guest's booking page under "Receipts and invoices", in
 * the owner's guest link dialog and as a period's download; each PDF's text read with poppler's pdftotext. See
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
  await expect(
    page.getByText('Your next receipts will be made out to this company.', { exact: true }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Receipts and invoices' }).getByLabel('Company name'),
  ).toHaveValue('Receipt Holdings Ltd');
});

test("the owner downloads a booking's receipt from its guest link dialog, and a period's documents at once", async ({
  page,
  stays,
  admin,
}) => {
  const dates = { checkInDate: addDays(today, 160), checkOutDate: addDays(today, 162) };
  const hold = await stays.paid(dates, { name: 'Hamish Owner-View' });
  const reference = bookingReference(hold.bookingId);

  await admin.signIn(page);
  await page.goto('/admin');
  await page.getByLabel('Search').fill(reference);
  await page
    .getByRole('row')
    .filter({ hasText: 'Hamish Owner-View' })
    .getByRole('button', { name: 'Guest link and messages' })
    .click();
  const documents = page.getByRole('dialog').getByRole('region', { name: 'Receipts and credit notes' });
  const item = documents.getByRole('listitem').filter({ hasText: /Receipt \d{4}-\d{4}/ });
  await expect(item).toHaveCount(1);
  const number = /Receipt (\d{4}-\d{4})/.exec((await item.textContent()) ?? '')![1]!;
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  const one = page.waitForEvent('download');
  await item.getByRole('button', { name: `Download receipt ${number}` }).click();
  const pdf = await one;
  expect(pdf.suggestedFilename()).toBe(`receipt-${number}.pdf`);
  expect(execFileSync('pdftotext', [(await pdf.path())!, '-']).toString('utf8')).toContain(
    `Booking ${reference}`,
  );
  await page.keyboard.press('Escape');

  // Every document issued today, in one tar.
  await page.getByText('Receipts and credit notes', { exact: true }).click();
  const period = page.getByRole('form', { name: 'Documents of a period' });
  await period.getByLabel('From').fill(today);
  await period.getByLabel('To').fill(today);
  const all = page.waitForEvent('download');
  await period.getByRole('button', { name: 'Download documents' }).click();
  const tar = await all;
  expect(tar.suggestedFilename()).toBe(`documents-${today}-to-${today}.tar`);
  const names = (await unpackTar(await readFile((await tar.path())!))).map((file) => file.header.name);
  expect(names).toContain(`${reference}-receipt-${number}.pdf`);
});
