import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { type AdminApi, expect, test } from './fixtures.ts';

/**
 * The owner's photos from the admin: upload, alt texts, the slideshow's order by keyboard, and the
 * home page showing them in that order once the server has processed them and rendered the pages again.
 * Every spec shares one server: this one deletes its photos at the end, so the others see the fresh install's
 * drawn stand-ins.
 * See docs/decisions/015-owner-photos.md.
 */

const PHOTOS = [
  { name: 'red-room.jpg', hue: 0, alt: 'A red room with a reading chair by the window' },
  { name: 'green-garden.jpg', hue: 120, alt: 'The green garden behind the church in spring' },
  { name: 'blue-tower.jpg', hue: 230, alt: 'The tower against a blue evening sky' },
];

async function photoFile(hue: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="1200">
    <rect width="100%" height="100%" fill="hsl(${hue},55%,45%)"/>
    <circle cx="900" cy="600" r="300" fill="hsl(${hue},40%,85%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function deleteAllPhotos(admin: AdminApi) {
  const list = await admin.call('get', '/api/admin/photos');
  for (const photo of list.photos) await admin.send('delete', `/api/admin/photos/${photo.id}`);
}

const carousel = (page: Page) => page.getByRole('region', { name: 'Photos of The Tower' });

test.afterEach(async ({ request, admin }) => {
  await deleteAllPhotos(admin);
  // The pages are rendered again in the background: wait until the home page is the fresh install's again.
  await expect
    .poll(async () => (await (await request.get('/')).text()).includes('/media/uploads/'), {
      timeout: 20_000,
    })
    .toBe(false);
});

test('a fresh install frames its drawn stand-ins as photos to come', async ({ page }) => {
  await page.goto('/');
  await expect(carousel(page).getByTestId('photo-to-come').first()).toBeVisible();
  await expect(carousel(page).getByTestId('photo-to-come').first()).toHaveText('Photo to come');
  await expect(carousel(page).getByRole('img')).toHaveAccessibleName(/^Photo to come: /);
});

test('the owner uploads three photos, orders them by keyboard, describes them, and the slideshow follows', async ({
  page,
  admin,
}) => {
  await deleteAllPhotos(admin);
  await admin.signIn(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Photos' }).click();
  await expect(page.getByText('No photos uploaded yet')).toBeVisible();

  const files = await Promise.all(
    PHOTOS.map(async (photo) => ({
      name: photo.name,
      mimeType: 'image/jpeg',
      buffer: await photoFile(photo.hue),
    })),
  );
  await page.getByLabel('Choose photos').setInputFiles(files);
  const order = page.getByRole('list', { name: 'Slideshow order' });
  const items = order.getByRole('listitem');
  await expect(items).toHaveCount(3);
  // Processed in the background: each shows its preview once its variants are made.
  await expect(order.locator('img')).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByText('0 of 3 photos on the site. 3 still need a description.')).toBeVisible();

  // Describe each (in upload order), then move the last one up to first with the arrow keys.
  for (const [index, photo] of PHOTOS.entries()) {
    const item = items.nth(index);
    await item.getByLabel('Description (alt text)').fill(photo.alt);
    await item.getByRole('button', { name: 'Save description' }).click();
    await expect(item.getByText('On the site', { exact: true })).toBeVisible();
  }
  const handle = page.getByRole('button', { name: 'Reorder photo 3 of 3' });
  await handle.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('button', { name: 'Reorder photo 2 of 3' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('button', { name: 'Reorder photo 1 of 3' })).toBeFocused();
  const expected = [PHOTOS[2]!, PHOTOS[0]!, PHOTOS[1]!];
  for (const [index, photo] of expected.entries()) {
    await expect(items.nth(index).getByLabel('Description (alt text)')).toHaveValue(photo.alt);
  }
  await expect(items.first().getByText('Hero', { exact: true })).toBeVisible();
  await expect(page.getByText('3 of 3 photos on the site.')).toBeVisible();

  // The home page (rendered again on the server in the background) shows them in that order: its first photo
  // (the only one in the HTML; the page's data carries every alt text) is the new hero.
  const firstPhotoAlt = async () =>
    /<img [^>]*alt="([^"]*)"/.exec(await (await page.request.get('/')).text())?.[1];
  await expect.poll(firstPhotoAlt, { timeout: 20_000 }).toBe(expected[0]!.alt);
  await page.goto('/');
  await expect(page.getByTestId('slide-counter')).toHaveText('Photo 1 / 3');
  await expect(carousel(page).getByRole('img')).toHaveAccessibleName(expected[0]!.alt);
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute(
    'imagesrcset',
    /\/media\/uploads\/[0-9a-f]{32}\/gallery-640\.avif 640w/,
  );
  await expect(carousel(page).getByTestId('photo-to-come')).toHaveCount(0);
  for (const photo of expected.slice(1)) {
    await carousel(page).getByRole('button', { name: 'Next photo' }).click();
    await expect(carousel(page).getByRole('img')).toHaveAccessibleName(photo.alt);
  }
  // The image shown when the page is shared is the hero's 1200×630.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/media\/uploads\/[0-9a-f]{32}\/social\.jpg$/,
  );
});

test('the owner reorders the slideshow by dragging a photo onto another', async ({ page, admin }) => {
  await deleteAllPhotos(admin);
  for (const photo of PHOTOS.slice(0, 2)) {
    const response = await admin.send('post', '/api/admin/photos', {
      multipart: {
        alt: photo.alt,
        file: { name: photo.name, mimeType: 'image/jpeg', buffer: await photoFile(photo.hue) },
      },
    });
    expect(response.status(), await response.text()).toBe(202);
  }
  await admin.signIn(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Photos' }).click();
  const items = page.getByRole('list', { name: 'Slideshow order' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await items.nth(1).dragTo(items.nth(0));
  await expect(items.nth(0).getByLabel('Description (alt text)')).toHaveValue(PHOTOS[1]!.alt);
  await expect(items.nth(1).getByLabel('Description (alt text)')).toHaveValue(PHOTOS[0]!.alt);
  // Saved: the server has the new order.
  await expect
    .poll(async () => {
      const saved = await admin.call('get', '/api/admin/photos');
      return saved.photos.map((photo: { alt: string }) => photo.alt);
    })
    .toEqual([PHOTOS[1]!.alt, PHOTOS[0]!.alt]);
});
