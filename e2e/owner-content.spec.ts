import type { APIRequestContext, Page } from '@playwright/test';
import { DEFAULT_OWNER_TEXTS } from '../src/domain/owner-texts.ts';
import { DEFAULT_PROPERTY_FACTS } from '../src/domain/property-facts.ts';
import { PUBLIC_PATHS } from '../src/domain/site-paths.ts';
import { type AdminApi, expect, test } from './fixtures.ts';

/** Puts the facts, the texts and the ticks of a fresh install back, so the other specs see the site as shipped. */
async function restoreFreshInstall(admin: AdminApi) {
  await admin.call('put', '/api/admin/property-facts', DEFAULT_PROPERTY_FACTS);
  await admin.call('put', '/api/admin/texts', DEFAULT_OWNER_TEXTS);
  await admin.call('post', '/api/admin/go-live/choice', { choice: 'export_given', value: false });
}

test.beforeEach(async ({ admin }) => restoreFreshInstall(admin));
test.afterAll(async ({ admin }) => restoreFreshInstall(admin));

/** Every page a guest can reach without signing in, as the server serves it. */
const GUEST_PATHS = [...PUBLIC_PATHS, '/booking-success', '/download', '/files', '/no-such-page'];

/**
 * What a guest or a search engine reads in a served page: its text (scripts, styles and tags removed), the
 * attribute values people and crawlers read (alt, title, aria-label, meta content, …) and its structured data.
 * Tag names, attribute names and class names (Tailwind's `placeholder:` variant) are not read by anyone.
 */
function readableParts(html: string): string[] {
  const structuredData = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => match[1] ?? '',
  );
  const attributes = [
    ...html.matchAll(/\s(?:alt|title|aria-label|content|value|placeholder|href)="([^"]*)"/g),
  ].map((match) => match[1] ?? '');
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return [text, ...attributes, ...structuredData];
}

async function expectNoPlaceholder(request: APIRequestContext) {
  const found: string[] = [];
  for (const path of GUEST_PATHS) {
    const response = await request.get(path);
    expect([200, 404]).toContain(response.status());
    for (const part of readableParts(await response.text())) {
      const match = /.{0,40}placeholder.{0,40}/i.exec(part);
      if (match) found.push(`${path}: …${match[0].trim()}…`);
    }
  }
  expect(found).toEqual([]);
}

const checklistItem = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Go-live checklist items' })
    .getByRole('listitem')
    .filter({ hasText: label });

test.describe('no placeholder on a public page', () => {
  test('a fresh install’s served pages carry no placeholder text, nor the facts not given', async ({
    request,
  }) => {
    await expectNoPlaceholder(request);
    const home = await (await request.get('/')).text();
    expect(home).not.toContain('Short-term let licence');
    expect(home).not.toContain('EPC rating');
    expect(home).toContain('Maximum occupancy 4 guests');
  });

  test('the owner fills the licence and EPC in the Property tab and the footer shows them on every page', async ({
    page,
    request,
    admin,
  }) => {
    await admin.signIn(page);
    await page.goto('/admin?tab=property');
    const form = page.getByRole('form', { name: 'Property facts' });
    await form.getByLabel('Short-term let licence number').fill('AC-00987-F');
    await form.getByLabel('EPC rating').selectOption('B');
    await form.getByRole('button', { name: 'Save Property' }).click();
    await expect(page.getByText('Property Saved').first()).toBeVisible();

    // The pages are rendered again in the background: the served HTML has the facts once that is done.
    await expect
      .poll(async () => (await request.get('/privacy-policy')).text(), { timeout: 15_000 })
      .toContain('Short-term let licence AC-00987-F');
    for (const path of GUEST_PATHS) {
      await page.goto(path);
      await expect(page.getByTestId('legal-facts'), path).toHaveText(
        'Short-term let licence AC-00987-F · Maximum occupancy 4 guests · EPC rating B',
      );
    }
    // And in the structured data of the pages that carry it.
    const html = await (await request.get('/golf-stays-aberdeen')).text();
    const data = JSON.parse(
      html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1] ?? '{}',
    );
    expect(data.additionalProperty).toEqual([
      { '@type': 'PropertyValue', name: 'Short-term let licence number', value: 'AC-00987-F' },
      { '@type': 'PropertyValue', name: 'Maximum occupancy', value: 4 },
      { '@type': 'PropertyValue', name: 'EPC rating', value: 'B' },
    ]);
    await expectNoPlaceholder(request);
  });
});

test.describe('the go-live checklist', () => {
  test('turns green item by item as the owner completes the property facts and ticks the export', async ({
    page,
    admin,
  }) => {
    await admin.signIn(page);
    await page.goto('/admin');
    const licence = checklistItem(page, 'Short-term let licence number');
    await expect(licence).toContainText('(to do)');
    await expect(licence).toContainText('Required on every listing in Scotland');
    await expect(checklistItem(page, 'Maximum occupancy')).toContainText('(done)');
    // PAYMENTS=demo on the end-to-end server: demo payments are a deliberate choice.
    await expect(checklistItem(page, 'Card payments')).toContainText('(done)');
    await expect(checklistItem(page, 'Card payments').getByRole('checkbox')).toHaveCount(0);
    await expect(checklistItem(page, 'Site address on https')).toContainText('(to do)');
    await expect(checklistItem(page, 'Site address on https')).toContainText('Where: Server settings');

    // Each item links to where it is fixed: the licence to the Property tab.
    await licence.getByRole('link', { name: 'Fix in Property tab' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=property$/);
    await expect(page.getByRole('tab', { name: 'Property' })).toHaveAttribute('aria-selected', 'true');

    const form = page.getByRole('form', { name: 'Property facts' });
    await form.getByLabel('Short-term let licence number').fill('AC-00123-F');
    await form.getByRole('button', { name: 'Save Property' }).click();
    await expect(page.getByText('Property Saved').first()).toBeVisible();
    await expect(licence).toContainText('(done)');
    await expect(licence).toContainText('Shown on every page: AC-00123-F.');
    await expect(checklistItem(page, 'EPC rating')).toContainText('(to do)');

    await form.getByLabel('EPC rating').selectOption('C');
    await form.getByRole('button', { name: 'Save Property' }).click();
    await expect(checklistItem(page, 'EPC rating')).toContainText('(done)');

    const address = checklistItem(page, 'Street address and postcode');
    await form.getByLabel('Street address', { exact: true }).fill('1 Kirk Court, Union Street');
    await form.getByRole('button', { name: 'Save Property' }).click();
    await expect(address).toContainText('Missing: the postcode.');
    await form.getByLabel('Postcode', { exact: true }).fill('ab10 1aa');
    await form.getByRole('button', { name: 'Save Property' }).click();
    await expect(address).toContainText('(done)');
    await expect(form.getByLabel('Postcode', { exact: true })).toHaveValue('AB10 1AA');

    const exportGiven = checklistItem(page, 'Our calendar export given to Airbnb and Booking.com');
    await expect(exportGiven).toContainText('(to do)');
    await exportGiven.getByLabel('I gave the export address to both Airbnb and Booking.com.').check();
    await expect(exportGiven).toContainText('(done)');
  });

  test('a bad value is refused under its field with a sentence, and nothing is saved', async ({
    page,
    admin,
  }) => {
    await admin.signIn(page);
    await page.goto('/admin?tab=property');
    const form = page.getByRole('form', { name: 'Property facts' });
    await form.getByLabel('Postcode', { exact: true }).fill('12345');
    await form.getByLabel('Facebook link').fill('https://example.com/thetower');
    await form.getByRole('button', { name: 'Save Property' }).click();
    await expect(form.getByText('The postcode is not a UK postcode (for example AB10 1AA)')).toBeVisible();
    await expect(form.getByLabel('Postcode', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(
      form.getByText('The Facebook link must be the address of a profile on facebook.com', { exact: false }),
    ).toBeVisible();
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(
      page.getByRole('form', { name: 'Property facts' }).getByLabel('Postcode', { exact: true }),
    ).toHaveValue('');
  });
});

test('the Property and Texts tabs have no axe violations, with an error shown', async ({ page, admin }) => {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  await admin.signIn(page);
  await page.goto('/admin?tab=property');
  const form = page.getByRole('form', { name: 'Property facts' });
  await form.getByLabel('Postcode', { exact: true }).fill('nope');
  await form.getByRole('button', { name: 'Save Property' }).click();
  await expect(form.getByText('The postcode is not a UK postcode (for example AB10 1AA)')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('tab', { name: 'Texts' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=texts$/);
  await expect(page.getByRole('form', { name: 'Texts' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test.describe('the Texts tab', () => {
  test('previews an edited caption as the owner types, and saves it', async ({ page, admin }) => {
    await admin.signIn(page);
    await page.goto('/admin?tab=texts');
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Cedar Sauna' })).toHaveCount(0);
    const form = page.getByRole('form', { name: 'Texts' });
    await form.getByLabel('Feature 1 title').fill('Cedar Sauna');
    await expect(preview.getByRole('heading', { name: 'Cedar Sauna' })).toBeVisible();
    await form.getByRole('button', { name: 'Save Texts' }).click();
    await expect(page.getByText('Texts Saved').first()).toBeVisible();
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('form', { name: 'Texts' }).getByLabel('Feature 1 title')).toHaveValue(
      'Cedar Sauna',
    );
  });
});
