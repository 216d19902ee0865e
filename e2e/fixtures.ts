import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  type APIResponse,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { E2E_ADMIN, E2E_PORT } from '../playwright.config.ts';
import { freePort } from '../scripts/local-server.ts';
import { addDays, addMonths, type IsoDate, todayOnPropertyClock } from '../src/domain/dates.ts';
import { formatLongDate, formatMonth } from '../src/domain/format.ts';
import { startServer, stopServers, waitForHealth } from '../src/server/test/server-process.ts';
import {
  type ReceivedMessage,
  type SmtpTestServer,
  startSmtpTestServer,
} from '../src/server/test/smtp-test-server.ts';
import { monthStart } from '../src/web/features/booking/calendar-dates.ts';

/**
 * What every spec shares, so that a spec states its case and nothing else: the server it talks to, the owner's
 * calls, the server's test clock, stays made through the server's own API, the booking card and the card form.
 * Data is always prepared through HTTP: the embedded database belongs to the one server process.
 */

/** Today on the property's clock when the run started: the specs count their stays' dates from it. */
export const today: IsoDate = todayOnPropertyClock(new Date());

type Credentials = { username: string; password: string };
type Method = 'get' | 'post' | 'put' | 'delete';
type RequestBody = Pick<NonNullable<Parameters<APIRequestContext['fetch']>[1]>, 'data' | 'multipart'>;

/** The server the specs talk to: the shared one of playwright.config.ts, or a spec's own (see `ownServer`). */
export type Site = { baseURL: string; admin: Credentials; smtp: SmtpTestServer | undefined };

/** The owner's side of the API, for preparing data and checking it. */
export type AdminApi = {
  /** `method url` with the owner's token; the answer as it is, for a spec that checks a refusal. */
  send(method: Method, url: string, body?: RequestBody): Promise<APIResponse>;
  /** The same with a JSON body, expecting a 2xx: the answer's JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: each spec reads the fields it checks
  call<T = any>(method: Method, url: string, data?: unknown): Promise<T>;
  /** Signs `page` in the way the admin page does: a fresh token in localStorage under `adminToken`. */
  signIn(page: Page): Promise<string>;
};

/** The server's test clock (NODE_ENV=test): moving it runs what its timers would have run. */
export type TestClock = {
  /** The server's time (asking it runs what is due, as `advance(0)`). */
  now(): Promise<Date>;
  /** Moves it on by `minutes`: holds lapse, the jobs and the outbox run. */
  advance(minutes: number): Promise<Date>;
  /** Moves it on to 09:00 UTC of `day` (GMT in winter). */
  moveTo(day: IsoDate): Promise<Date>;
};

export type Stay = { checkInDate: IsoDate; checkOutDate: IsoDate };
export type Guest = { name: string; email?: string };
/** A guest's payment hold, as create-payment-intent answers it. */
export type Hold = Stay & {
  bookingId: string;
  paymentIntentId: string;
  clientSecret: string;
  holdExpiresAt: string;
  /** Pence charged now: the total, or the deposit. */
  amount: number;
  /** The key of the guest's own page, `/booking/{reference}?key=…` (given with a stay's first payment). */
  manageKey: string | null;
};

/** Stays made through the server's own API, the way the pages and the owner make them. */
export type Stays = {
  /** Places a guest's hold as the booking page does (priced by `/api/quote`); the answer as it is. */
  tryHold(stay: Stay, guest: Guest, options?: { saveCardConsent?: boolean }): Promise<APIResponse>;
  /** The same, expecting it to be placed. */
  hold(stay: Stay, guest: Guest, options?: { saveCardConsent?: boolean }): Promise<Hold>;
  /** Pays a hold with Stripe's test card through the demo provider and reports it, as the checkout page does. */
  pay(hold: Hold): Promise<void>;
  /** A guest booking, held and paid. */
  paid(stay: Stay, guest: Guest): Promise<Hold>;
  /** A pending booking the owner takes by phone, held `holdDays` for payment. */
  byOwner(stay: Stay, guest: Required<Guest>, holdDays?: number): Promise<{ id: string }>;
  /** An owner block. */
  block(stay: Stay, reason: string): Promise<void>;
};

/** The guest's e-mails on a spec's own server, as its SMTP test server received them. */
export type Mailbox = {
  received(to: string, subject: RegExp): ReceivedMessage[];
  /** The newest message to `to` whose subject matches, once the outbox has sent it. */
  next(to: string, subject: RegExp): Promise<ReceivedMessage>;
};

const emailOf = (guest: Guest) =>
  guest.email ?? `${guest.name.toLowerCase().replace(/\W+/g, '.')}@example.test`;

/** Fills the demo card form (the checkout page, the booking card's payment dialog) with a test card. */
export async function fillCard(scope: Page | Locator, card: string) {
  await scope.getByLabel('Card number').fill(card);
  await scope.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await scope.getByLabel('CVC').fill('123');
  await scope.getByLabel('Postcode').fill('AB10 1AA');
}

/**
 * The first stay of at least `nights` nights (up to a week, when the owner's rules ask for more), starting on
 * `from` or a week after it, and so on, that the server says can be booked now: free, and within the owner's rules
 * (other specs change the rate plan on the shared server).
 */
export async function bookableStay(
  page: Page,
  from: IsoDate,
  nights = 3,
): Promise<{ checkIn: IsoDate; checkOut: IsoDate }> {
  for (let checkIn = from, week = 0; week < 20; week++, checkIn = addDays(checkIn, 7)) {
    for (let length = nights; length <= Math.max(nights, 7); length++) {
      const checkOut = addDays(checkIn, length);
      const answer = await page.request.get(
        `/api/availability?propertyId=1&checkInDate=${checkIn}&checkOutDate=${checkOut}`,
      );
      if (answer.ok() && (await answer.json()).available === true) return { checkIn, checkOut };
    }
  }
  throw new Error(`No bookable stay of ${nights} nights in the 20 weeks from ${from}.`);
}

/** The scripts the page asked for before its load event (the marketing pages ask for none: decision 006). */
export function scriptsBeforeLoad(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return performance
      .getEntriesByType('resource')
      .filter((entry) => /\.js(\?|$)/.test(entry.name) && entry.startTime < navigation!.loadEventStart)
      .map((entry) => entry.name);
  });
}

/** Pays on the checkout page (`/checkout/{id}`) with a test card. */
export async function payOnCheckout(page: Page, card: string) {
  await fillCard(page, card);
  await page.getByRole('button', { name: 'Complete Booking' }).click();
}

/**
 * The owner's quote of a stay for `totalPrice` pounds, holding its dates (docs/decisions/028-enquiries-and-quotes.md),
 * sent through the API and accepted by the guest on its page: `page` is then on the checkout page of the quote's
 * booking, whose id is returned.
 */
export async function acceptQuote(
  page: Page,
  admin: AdminApi,
  quoted: Stay & { guest: Required<Guest>; totalPrice: number },
): Promise<string> {
  const { guest, ...stay } = quoted;
  const quote = await admin.call<{ quoteUrl: string }>('post', '/api/admin/quotes', {
    kind: 'stay',
    ...stay,
    guestCount: 2,
    contactName: guest.name,
    contactEmail: guest.email,
    contactPhone: '',
    included: 'The stay and a breakfast hamper.',
    validDays: 3,
    holdDates: true,
  });
  const link = new URL(quote.quoteUrl);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Accept and pay' }).click();
  await expect(page).toHaveURL(/\/checkout\//);
  return new URL(page.url()).pathname.split('/')[2]!;
}

/** The Book Now card of the home page: its calendar, its form and its payment dialog. */
export class BookingCard {
  readonly page: Page;
  readonly section: Locator;
  readonly paymentDialog: Locator;
  constructor(page: Page) {
    this.page = page;
    this.section = page.getByRole('complementary', { name: 'Booking' });
    this.paymentDialog = page.getByRole('dialog', { name: 'Complete Payment' });
  }

  /** The calendar's button of `day` (its accessible name starts with the long date). */
  day(day: IsoDate): Locator {
    return this.section.getByRole('button', { name: new RegExp(`^${formatLongDate(day)},`) });
  }

  /** Opens the home page at the card, once the calendar has loaded the taken nights. */
  async open() {
    await this.page.goto('/#booking');
    await this.calendarLoaded();
  }

  async calendarLoaded() {
    await expect(this.section.getByRole('button', { name: 'Next month' })).toBeVisible({ timeout: 20_000 });
  }

  /** Moves the calendar from this month to the month of `day` with the Next month button. */
  async showMonthOf(day: IsoDate) {
    const target = monthStart(day);
    for (let month = monthStart(today); month < target; month = addMonths(month, 1)) {
      await this.section.getByRole('button', { name: 'Next month' }).click();
      await expect(
        this.section.getByRole('heading', { name: formatMonth(addMonths(month, 1)) }),
      ).toBeVisible();
    }
    await expect(this.section.getByRole('heading', { name: formatMonth(target) })).toBeVisible();
  }

  /** Shows the month of `checkIn` and chooses the stay by its two days, once the card shows them chosen. */
  async chooseStay(checkIn: IsoDate, checkOut: IsoDate) {
    await this.showMonthOf(checkIn);
    await this.day(checkIn).click();
    await this.day(checkOut).click();
    await expect(this.section.getByLabel('Check-in Date')).toHaveValue(checkIn);
    await expect(this.section.getByLabel('Check-out Date')).toHaveValue(checkOut);
  }

  /** Fills the guest form. */
  async fillGuest(name: string, email: string) {
    const form = this.section.getByRole('form', { name: 'Complete Your Booking' });
    await form.getByLabel('Full Name').fill(name);
    await form.getByLabel('Email Address').fill(email);
  }

  /** Pays in the open payment dialog with a test card, then waits for the success page; the booking's id. */
  async payInDialog(card: string): Promise<string> {
    await fillCard(this.paymentDialog, card);
    await this.paymentDialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(this.page).toHaveURL(/\/booking-success\?bookingId=[\w-]+$/, { timeout: 20_000 });
    return new URL(this.page.url()).searchParams.get('bookingId')!;
  }
}

/** The owner of a spec's own server. */
const OWN_ADMIN: Credentials = { username: 'owner', password: 'e2e-own-server-owner-2026' };

/**
 * A server of the spec's own, for what the shared one must not have: a mail server (other specs rely on there
 * being none) and a clock moved by days. The built site, demo payments, the test clock (NODE_ENV=test), an SMTP
 * test server on loopback, on a port the system picks.
 */
async function startOwnServer(
  name: string,
  mailServerInEnvironment = true,
): Promise<{ site: Site; stop(): Promise<void> }> {
  const smtp = await startSmtpTestServer();
  const dataDir = await mkdtemp(path.join(tmpdir(), `tower-e2e-${name}-`));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopServers();
    await smtp.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: baseURL,
      SITE_EMAIL: 'stay@example.test',
      OWNER_EMAIL: 'owner@example.test',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: OWN_ADMIN.username,
      ADMIN_PASSWORD: OWN_ADMIN.password,
      LOG_LEVEL: 'warn',
      SYNC_INTERVAL_MINUTES: '0',
      PAYMENTS: 'demo',
      HOLD_LIMIT_PER_HOUR: '100000',
      LIVE_HOLDS_PER_CLIENT: '1000',
      ...(mailServerInEnvironment
        ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false', SMTP_USER: smtp.user }
        : {}),
      SECRET_KEY: 'an-e2e-secret-key-of-at-least-32-characters',
    });
    await waitForHealth(port, server);
    return { site: { baseURL, admin: OWN_ADMIN, smtp }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function createAdminApi(api: APIRequestContext, credentials: Credentials): AdminApi {
  let token: string | undefined;
  const login = async () => {
    const response = await api.post('/api/admin/login', { data: credentials });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).token as string;
  };
  const send: AdminApi['send'] = async (method, url, body = {}) => {
    const request = async () => {
      token ??= await login();
      return api.fetch(url, {
        method: method.toUpperCase(),
        headers: { authorization: `Bearer ${token}` },
        ...body,
      });
    };
    let response = await request();
    if (response.status() === 401) {
      // The spec signed the owner out (logout revokes the session): sign in again once.
      token = undefined;
      response = await request();
    }
    return response;
  };
  return {
    send,
    async call(method, url, data) {
      const response = await send(method, url, data === undefined ? {} : { data });
      expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
      return response.status() === 204 ? undefined : response.json();
    },
    async signIn(page) {
      const fresh = await login();
      await page.addInitScript((value) => window.localStorage.setItem('adminToken', value), fresh);
      return fresh;
    },
  };
}

function createTestClock(api: APIRequestContext): TestClock {
  const advance = async (minutes: number) => {
    const response = await api.post('/api/test/clock', { data: { advanceMinutes: minutes } });
    expect(response.status(), await response.text()).toBe(200);
    return new Date((await response.json()).now as string);
  };
  return {
    now: () => advance(0),
    advance,
    async moveTo(day) {
      const now = await advance(0);
      const minutes = Math.ceil((Date.parse(`${day}T09:00:00Z`) - now.getTime()) / 60_000);
      expect(minutes).toBeGreaterThan(0);
      return advance(minutes);
    },
  };
}

function createStays(api: APIRequestContext, admin: AdminApi): Stays {
  const tryHold: Stays['tryHold'] = async (stay, guest, options = {}) => {
    const quote = await api.get(
      `/api/quote?propertyId=1&checkInDate=${stay.checkInDate}&checkOutDate=${stay.checkOutDate}`,
    );
    expect(quote.status(), await quote.text()).toBe(200);
    const total = (await quote.json()).total as number;
    return api.post('/api/create-payment-intent', {
      data: {
        amount: Math.round(total * 100),
        currency: 'gbp',
        ...options,
        booking: {
          propertyId: 1,
          ...stay,
          guestCount: 2,
          contactName: guest.name,
          contactEmail: emailOf(guest),
          contactPhone: '',
          specialRequests: '',
          totalPrice: total,
          status: 'confirmed',
        },
      },
    });
  };
  const hold: Stays['hold'] = async (stay, guest, options) => {
    const response = await tryHold(stay, guest, options);
    expect(response.status(), await response.text()).toBe(200);
    return { ...stay, ...(await response.json()) };
  };
  const pay: Stays['pay'] = async ({ paymentIntentId, clientSecret, bookingId }) => {
    const paid = await api.post(`/api/demo-payments/${paymentIntentId}/confirm`, {
      data: {
        clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
        postcode: 'AB10 1AA',
      },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    expect((await paid.json()).status).toBe('succeeded');
    const success = await api.post('/api/payment-success', { data: { paymentIntentId, bookingId } });
    expect(success.status(), await success.text()).toBe(200);
  };
  return {
    tryHold,
    hold,
    pay,
    async paid(stay, guest) {
      const placed = await hold(stay, guest);
      await pay(placed);
      return placed;
    },
    async byOwner(stay, guest, holdDays = 3) {
      const response = await admin.send('post', '/api/admin/bookings', {
        data: { ...stay, guestCount: 2, contactName: guest.name, contactEmail: guest.email, holdDays },
      });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()).booking as { id: string };
    },
    async block(stay, reason) {
      const response = await admin.send('post', '/api/admin/block-dates', { data: { ...stay, reason } });
      expect(response.status(), await response.text()).toBe(201);
    },
  };
}

function createMailbox(smtp: SmtpTestServer | undefined): Mailbox {
  if (!smtp)
    throw new Error("Only a spec with its own server has a mailbox: test.use({ ownServer: 'name' }).");
  const received = (to: string, subject: RegExp) =>
    smtp.received.filter((m) => m.envelopeTo.includes(to) && subject.test(m.email.subject ?? ''));
  return {
    received,
    async next(to, subject) {
      // The outbox sends every 15 s on its own.
      await expect.poll(() => received(to, subject).length, { timeout: 45_000 }).toBeGreaterThan(0);
      return received(to, subject).at(-1)!;
    },
  };
}

type TestFixtures = { card: BookingCard };
type WorkerFixtures = {
  /**
   * The name of this spec's own server (see startOwnServer), or false for the shared one. A name per spec, so
   * that no two specs share one: each starts with a fresh database and an unmoved clock.
   */
  ownServer: string | false;
  /**
   * Whether the own server's environment names its mail server (SMTP_HOST, …) and the owner's password is saved
   * before the spec starts; false leaves both for the spec to enter in the Email tab.
   */
  mailServerInEnvironment: boolean;
  site: Site;
  api: APIRequestContext;
  admin: AdminApi;
  clock: TestClock;
  stays: Stays;
  mailbox: Mailbox;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  ownServer: [false, { scope: 'worker', option: true }],
  mailServerInEnvironment: [true, { scope: 'worker', option: true }],
  site: [
    async ({ ownServer, mailServerInEnvironment, playwright }, use) => {
      if (!ownServer) {
        await use({ baseURL: `http://127.0.0.1:${E2E_PORT}`, admin: E2E_ADMIN, smtp: undefined });
        return;
      }
      const own = await startOwnServer(ownServer, mailServerInEnvironment);
      try {
        if (mailServerInEnvironment) {
          // The owner enters the mail account's password, as in the Email tab.
          const api = await playwright.request.newContext({ baseURL: own.site.baseURL });
          await createAdminApi(api, own.site.admin).call('post', '/api/admin/set-email-password', {
            password: own.site.smtp?.password,
          });
          await api.dispose();
        }
        await use(own.site);
      } finally {
        await own.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  api: [
    async ({ playwright, site }, use) => {
      const api = await playwright.request.newContext({ baseURL: site.baseURL });
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  admin: [async ({ api, site }, use) => use(createAdminApi(api, site.admin)), { scope: 'worker' }],
  clock: [async ({ api }, use) => use(createTestClock(api)), { scope: 'worker' }],
  stays: [async ({ api, admin }, use) => use(createStays(api, admin)), { scope: 'worker' }],
  mailbox: [async ({ site }, use) => use(createMailbox(site.smtp)), { scope: 'worker' }],
  baseURL: async ({ site }, use) => use(site.baseURL),
  /**
   * Every public page is pre-rendered HTML that React takes over (hydrates) once its scripts have run. A click or
   * a key press sent before that is lost, so every navigation in the specs waits for the app's hydration mark.
   */
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      return response;
    };
    await use(page);
  },
  card: async ({ page }, use) => use(new BookingCard(page)),
});
export { expect };
