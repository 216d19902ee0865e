/**
 * `npm run screenshots`: what a new guest and the owner see, at 390 px (a phone) and 1280 px (a desktop), written
 * to docs/screenshots/ so the next change can be compared with them:
 *
 * - `home-top-<width>.png`: the home page as it opens;
 * - `home-book-now-<width>.png`: the Book Now section with its booking card loaded;
 * - `admin-bookings-<width>.png`: the admin area's Bookings tab with a few stays of each kind;
 * - `golf-<width>.png`: the whole golf stays page.
 *
 * Starts the production build (built first when it is missing) on a free loopback port with a throwaway data
 * directory, prepares the stays through the server's own API (the admin logs in with its password like the
 * browser tests), takes the pictures in Debian's Chromium and stops everything it started.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { addDays, todayOnPropertyClock } from '../src/domain/dates.ts';
import { buildWebApp } from './build-web.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './ensure-chromium.ts';
import { freePort, waitFor } from './local-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.join(root, 'docs/screenshots');
const ADMIN = { username: 'owner', password: 'screenshots-owner-password-1' };
const VIEWPORTS = [
  {
    name: '390',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
  {
    name: '1280',
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
  },
] as const;

async function api(origin: string, url: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A guest's stay through the checkout API: held, and paid by demo card unless `pay` is false. */
async function guestStay(origin: string, name: string, checkInDate: string, nights: number, pay: boolean) {
  const checkOutDate = addDays(checkInDate, nights);
  const quote = (await (
    await fetch(`${origin}/api/quote?propertyId=1&checkInDate=${checkInDate}&checkOutDate=${checkOutDate}`)
  ).json()) as { total: number };
  const held = (await api(origin, '/api/create-payment-intent', {
    amount: quote.total * 100,
    currency: 'gbp',
    booking: {
      propertyId: 1,
      checkInDate,
      checkOutDate,
      guestCount: 2,
      contactName: name,
      contactEmail: `${name.toLowerCase().replace(/\W+/g, '.')}@example.test`,
      contactPhone: '',
      specialRequests: '',
      totalPrice: quote.total,
      status: 'confirmed',
    },
  })) as { paymentIntentId: string; clientSecret: string; bookingId: string };
  if (!pay) return;
  await api(origin, `/api/demo-payments/${held.paymentIntentId}/confirm`, {
    clientSecret: held.clientSecret,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    postcode: 'AB10 1AA',
  });
  await api(origin, '/api/payment-success', {
    paymentIntentId: held.paymentIntentId,
    bookingId: held.bookingId,
  });
}

/** A few stays of each kind, so the admin list shows what the owner sees on a normal day. */
async function prepareStays(origin: string): Promise<string> {
  const { token } = (await api(origin, '/api/admin/login', ADMIN)) as { token: string };
  const today = todayOnPropertyClock(new Date());
  await guestStay(origin, 'Mary Somerville', addDays(today, 3), 3, true);
  await guestStay(origin, 'James Clerk Maxwell', addDays(today, 10), 4, true);
  await guestStay(origin, 'Sandy Secure', addDays(today, 17), 2, false);
  await api(
    origin,
    '/api/admin/bookings',
    {
      checkInDate: addDays(today, 24),
      checkOutDate: addDays(today, 27),
      guestCount: 2,
      contactName: 'Ada Lovelace',
      contactEmail: 'ada@example.test',
      holdDays: 3,
    },
    token,
  );
  await api(
    origin,
    '/api/admin/block-dates',
    { checkInDate: addDays(today, 30), checkOutDate: addDays(today, 33), reason: 'Maintenance' },
    token,
  );
  return token;
}

/** Waits until the page is hydrated, its fonts are in and no request is pending. */
async function settle(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function shoot(browser: Browser, origin: string, token: string): Promise<string[]> {
  const written: string[] = [];
  for (const device of VIEWPORTS) {
    const { name, ...options } = device;
    const context = await browser.newContext({ ...options, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const file = (shot: string) => {
      const target = path.join(OUT, `${shot}-${name}.png`);
      written.push(path.relative(root, target));
      return target;
    };

    await page.goto(`${origin}/`);
    await settle(page);
    await page.screenshot({ path: file('home-top') });

    const section = page.locator('#booking');
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('heading', { name: 'Complete Your Booking' }).waitFor();
    await settle(page);
    // The whole section in one picture: the sticky header would be pasted over it where the picture scrolls.
    const unstick = await page.addStyleTag({ content: 'header { position: static !important; }' });
    await section.screenshot({ path: file('home-book-now') });
    await unstick.evaluate((element) => (element as Element).remove());

    await page.goto(`${origin}/golf-stays-aberdeen`);
    await settle(page);
    await page.screenshot({ path: file('golf'), fullPage: true });

    await context.addInitScript((value) => window.localStorage.setItem('adminToken', value), token);
    await page.goto(`${origin}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('tab', { name: 'Bookings' }).waitFor();
    await page.getByText('Mary Somerville').first().waitFor();
    await settle(page);
    await page.screenshot({ path: file('admin-bookings'), fullPage: true });
    await context.close();
  }
  return written;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(root, 'build/client/index.html'))) {
    console.info('Building the web app first…');
    buildWebApp(root);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'tower-screenshots-'));
  const origin = `http://127.0.0.1:${await freePort()}`;
  const server = spawn(process.execPath, [path.join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: new URL(origin).port,
      HOST: '127.0.0.1',
      SITE_URL: origin,
      SITE_EMAIL: 'stay@example.test',
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      SYNC_INTERVAL_MINUTES: '0',
      PAYMENTS: 'demo',
    },
  });
  let browser: Browser | undefined;
  try {
    await waitFor(`${origin}/api/health`, { child: server });
    const token = await prepareStays(origin);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    mkdirSync(OUT, { recursive: true });
    const written = await shoot(browser, origin, token);
    console.info(`Screenshots written:\n${written.map((file) => `  ${file}`).join('\n')}`);
  } finally {
    await browser?.close();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
