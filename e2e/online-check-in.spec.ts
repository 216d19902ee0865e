import AxeBuilder from '@axe-core/playwright';
import { bookingReference } from '../src/domain/booking-reference.ts';
import { addDays } from '../src/domain/dates.ts';
import { expect, test, today } from './fixtures.ts';

/**
 * Online check-in before arrival on a phone (docs/decisions/025-online-check-in.md): the guest registers two
 * guests, one of whom needs a passport, accepts the house agreement by typing their name, and the owner sees the
 * register. A server of its own: the house agreement must not change what the other specs' guests see.
 */

test.use({ ownServer: 'online-check-in', viewport: { width: 390, height: 844 } });

const AGREEMENT = 'No parties or events.\nQuiet hours from 10 PM to 8 AM.';

test('a guest checks in two guests online and accepts the house agreement; the owner sees the register', async ({
  page,
  admin,
  stays,
}) => {
  await admin.call('put', '/api/admin/house-agreement', { text: AGREEMENT });
  const stay = { checkInDate: addDays(today, 20), checkOutDate: addDays(today, 23) };
  const hold = await stays.paid(stay, { name: 'Ada Guest', email: 'ada.checkin@example.test' });

  await page.goto(`/booking/${bookingReference(hold.bookingId)}?key=${hold.manageKey}`);
  const checkIn = page.getByRole('region', { name: 'Check in online' });
  await expect(checkIn.getByRole('status').first()).toContainText(
    'Your access code comes by e-mail once you have completed the guest register and the house agreement.',
  );

  const register = page.getByRole('form', { name: 'Guest register' });
  const first = register.getByRole('group', { name: 'Guest 1' });
  const second = register.getByRole('group', { name: 'Guest 2' });
  await first.getByLabel('Full name').fill('Ada Guest');
  await first.getByRole('combobox', { name: 'Nationality' }).fill('United K');
  await first.getByRole('option', { name: 'United Kingdom' }).click();
  // A British citizen is asked no passport.
  await expect(first.getByLabel('Passport or identity document number')).toHaveCount(0);

  await second.getByLabel('Full name').fill('Jeanne Invitée');
  await second.getByRole('combobox', { name: 'Nationality' }).fill('fra');
  await second.getByRole('option', { name: 'France' }).click();
  // Saving without the passport a French citizen needs: a sentence under the field, nothing saved.
  await register.getByRole('button', { name: 'Save the guest register' }).click();
  await expect(second.getByText('Give the number of the passport or other identity document.')).toBeVisible();
  await second.getByLabel('Passport or identity document number').fill('19AB12345');
  await second.getByLabel('Place of issue').fill('Paris');
  await second.getByLabel('Next destination (optional)').fill('Hôtel du Lac, Annecy');
  await register.getByRole('button', { name: 'Save the guest register' }).click();
  await expect(checkIn.getByRole('status').first()).toContainText(
    'once you have completed the house agreement.',
  );

  const agreement = checkIn.getByRole('region', { name: 'House agreement' });
  await expect(agreement).toContainText('Quiet hours from 10 PM to 8 AM.');
  await agreement.getByLabel('Type your full name to accept').fill('Ada Lovelace Guest');
  await agreement.getByRole('button', { name: 'Accept the house agreement' }).click();
  await expect(agreement.getByRole('status')).toContainText('Accepted by Ada Lovelace Guest');
  await expect(checkIn.getByRole('status').first()).toContainText('You are checked in.');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The owner: the stay is checked in in the list, its register and acceptance in its dialog, and the register.
  await admin.signIn(page);
  await page.goto('/admin');
  await page.getByLabel('Search').fill(bookingReference(hold.bookingId));
  const row = page.getByRole('row').filter({ hasText: 'Ada Guest' });
  await expect(row).toContainText('Checked in online');
  await row.getByRole('button', { name: 'Guest link and messages' }).click();
  const dialog = page.getByRole('dialog');
  const stayCheckIn = dialog.getByRole('region', { name: 'Online check-in' });
  await expect(stayCheckIn.getByRole('list', { name: 'Guest register' })).toContainText('Jeanne Invitée, FR');
  await expect(stayCheckIn).toContainText('Passport 19AB12345, issued at Paris');
  await expect(stayCheckIn).toContainText('accepted by “Ada Lovelace Guest”');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  await page.goto('/admin?tab=arrival');
  const card = page.getByRole('region', { name: 'Guest register' });
  await card.getByLabel('To').fill(addDays(today, 40));
  const table = card.getByRole('table', { name: 'Guest register' });
  await expect(table.getByRole('row').filter({ hasText: 'Jeanne Invitée' })).toContainText('19AB12345');
  await expect(table.getByRole('row').filter({ hasText: 'Ada Guest' })).toContainText('GB');
});
