import net from 'node:net';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '../domain/booking-reference.ts';
import { addDays } from '../domain/dates.ts';
import { DEFAULT_OWNER_TEXTS } from '../domain/owner-texts.ts';
import { DEFAULT_BASE_RATES } from '../domain/test-fixtures.ts';
import type { RouteRecord } from './admin-auth/route-table.ts';
import { phoneBookingForm } from './admin-bookings/test-support.ts';
import type { Resolver } from './calendar-sync/fetch-feed.ts';
import { type FeedServer, startChannelFeeds } from './calendar-sync/test-feed-server.ts';
import { stays } from './db/schema.ts';
import { dayHireEnquiry, formToken, stayQuoteForm } from './enquiries/test-support.ts';
import {
  bookingPageRequest,
  bookingPayload,
  createPaymentHarness,
  type PaymentHarness,
  startCheckout,
} from './payments/test/payment-harness.ts';
import { STAND_IN_WEBHOOK_SECRET } from './payments/test/stripe-stand-in.ts';
import { smtpEnv } from './test/smtp-test-app.ts';
import { type SmtpTestServer, startSmtpTestServer } from './test/smtp-test-server.ts';
import { adminToken, createTestApp, TEST_ADMIN, TEST_NOW, type TestApp } from './test/test-app.ts';

/**
 * Property-based fuzzing of every route the app registers: generated hostile path ids, query
 * strings and JSON bodies — control characters, huge and negative numbers, dates in year 1 and 9999, long
 * strings, wrong types, arrays and objects where scalars belong, prototype-pollution keys — most of them one
 * mutation away from a valid request, so they reach the database. Admin routes get a valid token.
 * Asserted: no 5xx, and every non-2xx answer is JSON `{ error: <machine_code>, message: <a sentence> }`.
 *
 * Deterministic: a fixed seed and a bounded number of runs per route. Nothing leaves loopback: the iCal fetcher
 * resolves every name to 127.0.0.1 and the only URLs that can be fetched point at a local feed server.
 */

const SEED = 20_261_123;
/**
 * Generated runs per route, after its sweep examples: 71 routes (HEAD and the API's catch-all methods included),
 * about 2,450 requests in 11 s on PGlite and 6 s on PostgreSQL here (2 cores).
 */
const RUNS_PER_ROUTE = 30;
/** Login and the password checks verify a password (scrypt), logout needs a fresh session each time: fewer runs. */
const RUNS_PER_SLOW_ROUTE = 20;
const SLOW_ROUTES = new Set([
  'POST /api/admin/login',
  'POST /api/admin/logout',
  'POST /api/admin/password',
  'POST /api/admin/two-factor/disable',
]);
/** The most one route's runs may take (shrinking a failure included). */
const ROUTE_TIME_LIMIT_MS = 10_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A valid request of a route; a body given as a function is made afresh for each run. */
type Sample = { params?: Record<string, string>; query?: Record<string, string>; body?: Json | (() => Json) };

// ── Hostile values ─────────────────────────────────────────────────────────────────────────────────────────

/** One character nobody types: C0 controls, DEL, C1 controls, half a surrogate pair. */
const controlCharacter: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: fc.constant(0) }, // NUL: the one PostgreSQL refuses outright
    fc.integer({ min: 0, max: 0x1f }),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
  )
  .map((code) => String.fromCharCode(code));

/** Ordinary text with a control character in it. */
const textWithControls: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 8 }), controlCharacter, fc.string({ maxLength: 8 }))
  .map(([before, control, after]) => `${before}${control}${after}`);

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: textWithControls },
  fc.constantFrom(
    '\u0000',
    'Ada\u0000Lovelace',
    '\u0007',
    '\u001b[2J',
    'tab\there',
    'line\r\nbreak',
    '\u007f',
    '\u0085',
    '\ud800',
    'x\udfff',
    '',
    ' ',
    '%00',
    '%',
    "'; drop table stays; --",
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    '9999-12-31',
    '0001-01-01',
    '10000-01-01',
    '2026-02-29',
    '2026-11-23T10:00:00Z',
    '1e400',
    'NaN',
    'Infinity',
    '-0',
    '0x10',
    '999999999999',
    '2147483648',
    '-2147483649',
    'true',
    'null',
    'x'.repeat(5_000),
    '\u0000'.repeat(1_000),
    'é'.repeat(20_000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    -0,
    0.5,
    1e308,
    -1e308,
    999_999_999_999,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Dates at the ends of the calendar and around the booking windows (today, 12 and 24 months ahead). */
const hostileDate: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('9999-12-31', '0001-01-01', '0000-00-00', '2027-02-29', '2028-02-29', '1970-01-01'),
  fc.integer({ min: -800, max: 1_200 }).map((days) => addDays(TEST_NOW.slice(0, 10), days)),
  fc
    .date({ noInvalidDate: true, min: new Date('0001-01-01'), max: new Date('9999-12-31') })
    .map((date) => date.toISOString().slice(0, 10)),
);

/** Nested arrays deeper than any schema expects (parsers and validators that recurse). */
const deeplyNested = (depth: number): Json => {
  let value: Json = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

const wrongType: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(null, true, false, [], {}, [1, 'a'], { a: 1 }, [[[[]]]], deeplyNested(2_000)),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

const hostileValue: fc.Arbitrary<Json> = fc.oneof(hostileString, hostileNumber, hostileDate, wrongType);

const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    '\u0000',
    'id',
    'status',
    'kind',
    'paidPence',
    'admin',
  ),
  fc.string({ maxLength: 12 }),
);

// ── Mutations of a valid sample ────────────────────────────────────────────────────────────────────────────

/**
 * A change to a valid sample. `perturb` keeps a leaf's kind (a string becomes hostile text, or a hostile date
 * where a date was; a number a hostile number or its text), so the rest of the request stays valid and the
 * value gets as deep as the schemas let it; the others put anything anywhere, take a field away or add one.
 */
type Perturb = { kind: 'perturb'; at: number; text: string; date: string; number: number; pick: boolean };
type Mutation =
  | Perturb
  | { kind: 'replace'; at: number; value: Json }
  | { kind: 'remove'; at: number }
  | { kind: 'add'; at: number; key: string; value: Json };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('perturb' as const),
      at: fc.nat(),
      text: hostileString,
      date: hostileDate,
      number: hostileNumber,
      pick: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      at: fc.nat(),
      key: hostileKey,
      value: hostileValue,
    }),
  },
);

/** Mostly one change, so the rest of the request stays valid; sometimes two or three. */
const mutations: fc.Arbitrary<Mutation[]> = fc.oneof(
  { weight: 3, arbitrary: mutation.map((one) => [one]) },
  { weight: 1, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 3 }) },
);

type Path = (string | number)[];
type Container = Json[] | { [key: string]: Json };

/** Every place in a JSON value (the root included), depth first. */
function placesIn(value: Json, path: Path = []): Path[] {
  const places: Path[] = [path];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) places.push(...placesIn(item, [...path, i]));
  } else if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) places.push(...placesIn(value[key]!, [...path, key]));
  }
  return places;
}

function valueAt(root: Json, path: Path): Json {
  let value = root;
  for (const step of path) value = (value as Record<string | number, Json>)[step]!;
  return value;
}

const isContainer = (value: Json): value is Container => value !== null && typeof value === 'object';

/** Sets an own property, `__proto__` included (plain assignment would change the object's prototype). */
function setOwn(target: Container, key: string | number, value: Json) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The hostile value of the same kind as a leaf. */
function perturbed(leaf: Json, m: Perturb): Json {
  if (typeof leaf === 'number') return m.pick ? m.number : String(m.number);
  if (typeof leaf === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(leaf)) return m.pick ? m.date : m.text;
  return m.text;
}

function applyMutations(sample: Json, changes: Mutation[]): Json {
  let root: Json = structuredClone(sample);
  for (const m of changes) {
    const places = placesIn(root);
    const candidates =
      m.kind === 'perturb' ? places.filter((path) => !isContainer(valueAt(root, path))) : places;
    const path = candidates[m.at % Math.max(1, candidates.length)] ?? [];
    const value = valueAt(root, path);
    if (path.length === 0) {
      if (m.kind === 'perturb') root = perturbed(root, m);
      else if (m.kind === 'replace') root = m.value;
      else if (m.kind === 'add' && isContainer(root)) setOwn(root, m.key, m.value);
      continue;
    }
    const parent = valueAt(root, path.slice(0, -1)) as Container;
    const last = path[path.length - 1]!;
    if (m.kind === 'perturb') setOwn(parent, last, perturbed(value, m));
    else if (m.kind === 'replace') setOwn(parent, last, m.value);
    else if (m.kind === 'remove') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last as string];
    } else if (isContainer(value)) setOwn(value, m.key, m.value);
  }
  return root;
}

/** encodeURIComponent, which throws on half a surrogate pair: such text is sent as its (invalid) UTF-8 bytes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.toWellFormed())}%ED%A0%80`;
  }
}

const rawSegment = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '..',
  '.',
  '%2F',
  'a/b',
  'x'.repeat(101),
  'x'.repeat(2_000),
);

/** A path parameter: the sample's value, or a hostile one. */
const pathValue = (valid: string) =>
  fc.oneof(fc.constant(valid), hostileString.map(encode), hostileNumber.map(String), hostileDate, rawSegment);

/** A query string: the sample's, mutated (values as text), and sometimes raw junk. */
const queryString = (sample: Record<string, string>) =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(
          fc.array(fc.tuple(fc.nat(), fc.oneof(hostileString, hostileNumber.map(String), hostileDate)), {
            maxLength: 2,
          }),
          fc.array(fc.tuple(hostileKey, hostileString), { maxLength: 2 }),
          fc.boolean(),
        )
        .map(([replacements, extra, repeatFirst]) => {
          const pairs = Object.entries(sample);
          for (const [at, value] of replacements) {
            if (pairs.length > 0) pairs[at % pairs.length] = [pairs[at % pairs.length]![0], value];
          }
          if (repeatFirst && pairs[0]) pairs.push(pairs[0]); // ?a=1&a=1 arrives as an array
          pairs.push(...extra);
          return pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
        }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%zz', 'a=%', '&&&', '=x', 'a[b]=1', '__proto__[x]=1', 'limit=1e400'),
    },
  );

/** A request body: JSON (serialised when sent), or raw text; with its content type (JSON by default). */
type Body = { json?: Json; raw?: string; contentType?: string };

const RAW_BODIES = [
  'not json',
  '{"a":',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '[]',
  '""',
  'null',
  '1e999',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a":"${'x'.repeat(70_000)}"}`,
];

/** A body: the sample mutated once to three times (mostly), a raw text, or another content type. */
const bodyFor = (sample: Json | undefined) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: mutations.map((changes): Body => ({ json: applyMutations(sample ?? {}, changes) })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw): Body => ({ raw })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        {},
        { raw: 'a=1', contentType: 'application/x-www-form-urlencoded' },
        { raw: 'hello', contentType: 'text/plain' },
        { json: sample ?? {}, contentType: 'application/json; charset=utf-16' },
      ),
    },
  );

// ── The apps and their samples ─────────────────────────────────────────────────────────────────────────────

let t: TestApp;
let token: string;
let feeds: FeedServer;
let stripe: PaymentHarness;
let smtp: SmtpTestServer;
let routes: RouteRecord[];
const samples = new Map<string, Sample[]>();

/** Every name is 127.0.0.1: a generated feed URL can only ever reach this machine. */
const loopbackResolver: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

/**
 * True for a web address that could be fetched from anywhere but the feed server: the only ones a body may
 * carry are http to the feed server's port, by a name (which the resolver answers with 127.0.0.1) or by
 * 127.0.0.1. Judged as leniently as the URL parser reads (it drops surrounding spaces and control characters),
 * so nothing is fetched from elsewhere whatever the schemas let through.
 */
function foreignUrl(text: string): boolean {
  for (const candidate of [text, text.trim()]) {
    if (!URL.canParse(candidate)) continue;
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue; // the fetcher takes nothing else
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const local = host === '127.0.0.1' || net.isIP(host) === 0;
    if (!(url.protocol === 'http:' && local && url.port === String(feeds.port))) return true;
  }
  return false;
}

/** The JSON value with every foreign web address in it (keys included) replaced. */
function withoutForeignUrls(value: Json): Json {
  if (typeof value === 'string') return foreignUrl(value) ? 'not-a-feed-address' : value;
  // Array.from, not map: a generated key may give the array its own `constructor`, which map would call.
  if (Array.isArray(value)) return Array.from(value, (item) => withoutForeignUrls(item));
  if (value && typeof value === 'object') {
    const clean: { [key: string]: Json } = {};
    for (const key of Object.keys(value)) {
      setOwn(clean, foreignUrl(key) ? 'not-a-feed-address' : key, withoutForeignUrls(value[key]!));
    }
    return clean;
  }
  return value;
}

const feedUrl = fc
  .tuple(fc.stringMatching(/^[a-z]{1,12}$/), fc.constantFrom('/airbnb.ics', '/booking.ics'), fc.boolean())
  .map(([name, path, query]) => `http://feed-${name}.test:${feeds.port}${path}${query ? '?s=1' : ''}`);

const TODAY = TEST_NOW.slice(0, 10);
const slots = { guest: 0, owner: 0, block: 0 };
/**
 * Two nights no earlier run took, so a run is not refused only because an earlier one holds its nights: guests'
 * holds in the first 12 months, owner bookings and blocks in the second year (open to the owner only).
 */
function freshNights(kind: keyof typeof slots) {
  const [firstDay, count] = { guest: [14, 160], owner: [380, 80], block: [545, 80] }[kind];
  const checkInDate = addDays(TODAY, firstDay! + 2 * (slots[kind]++ % count!));
  return { checkInDate, checkOutDate: addDays(checkInDate, 2) };
}

function addSample(route: string, sample: Sample) {
  samples.set(route, [...(samples.get(route) ?? []), sample]);
}

beforeAll(async () => {
  feeds = await startChannelFeeds();
  stripe = await createPaymentHarness('stripe');
  smtp = await startSmtpTestServer();
  t = await createTestApp({
    env: {
      ICAL_ALLOW_PRIVATE_HOSTS: 'true',
      // The settings forms' checks stay on loopback: Stripe's is the stand-in, and the mail server is fixed by the
      // environment (which wins over the form's host, port and security: decision 024), so a generated host is
      // never looked up and the only answer a generated form gets from the mail server is a refused login.
      STRIPE_API_BASE: stripe.standIn!.url,
      ...smtpEnv(smtp),
      SMTP_SECURE: 'false',
    },
    overrides: { calendarSync: { resolve: loopbackResolver } },
  });
  token = await adminToken(t.app);
  routes = uniqueRoutes(t.app.routeTable.all);

  // Real ids, so mutated requests reach the database: an owner booking, a guest's hold with its payment intent.
  const auth = { authorization: `Bearer ${token}` };
  const owner = await t.app.inject({
    method: 'POST',
    url: '/api/admin/bookings',
    headers: auth,
    payload: phoneBookingForm(
      { checkInDate: addDays(TODAY, 710), checkOutDate: addDays(TODAY, 713) },
      { contactName: 'Owner Guest', contactEmail: 'owner.guest@example.test' },
    ),
  });
  const held = await startCheckout(t.app, {
    checkInDate: addDays(TODAY, 340),
    checkOutDate: addDays(TODAY, 343),
  });
  expect([owner.statusCode, held.statusCode]).toEqual([201, 200]);
  const stayId = owner.json().booking.id as string;
  const { bookingId, paymentIntentId, clientSecret } = held.json();
  const dates = { checkInDate: addDays(TODAY, 350), checkOutDate: addDays(TODAY, 353) };
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

  addSample('POST /api/admin/login', { body: { username: 'fuzz-user', password: 'not the password' } });
  addSample('POST /api/create-payment-intent', { body: () => bookingPageRequest(freshNights('guest')) });
  // The checkout page pays the owner's booking in pounds.
  addSample('POST /api/create-payment-intent', {
    body: { amount: owner.json().booking.totalPrice, bookingId: stayId },
  });
  addSample('POST /api/bookings', { body: bookingPayload(dates, paymentIntentId) });
  addSample('GET /api/bookings/:id', { params: { id: bookingId } });
  addSample('POST /api/payment-success', { body: { paymentIntentId, bookingId } });
  addSample('POST /api/demo-payments/:id/confirm', {
    params: { id: paymentIntentId },
    body: { clientSecret, card, postcode: 'AB10 1AA' },
  });
  addSample('POST /api/demo-payments/:id/authenticate', {
    params: { id: paymentIntentId },
    body: { clientSecret, outcome: 'complete' },
  });
  addSample('POST /api/stripe/webhook', { body: { id: 'evt_1', type: 'payment_intent.succeeded' } });
  addSample('GET /api/unavailable-dates/:propertyId', { params: { propertyId: '1' } });
  const stayQuery = { propertyId: '1', checkInDate: dates.checkInDate, checkOutDate: dates.checkOutDate };
  addSample('GET /api/availability', { query: stayQuery });
  addSample('GET /api/quote', { query: stayQuery });
  addSample('GET /api/ical/:file', { params: { file: '1.ics' }, query: { key: 'not-the-key' } });
  addSample('POST /api/admin/set-email-password', { body: { password: 'app password' } });
  // Wrong secrets: no generated form is ever accepted, so the app stays on demo payments and no e-mail is sent.
  addSample('PUT /api/admin/settings/mail-server', {
    body: {
      host: 'smtp.example.test',
      port: 587,
      security: 'starttls',
      user: 'bookings@example.test',
      password: 'app password',
    },
  });
  addSample('PUT /api/admin/settings/stripe', {
    body: {
      publishableKey: 'pk_test_fuzz',
      secretKey: 'sk_test_notTheStandInKey',
      webhookSecret: 'whsec_fuzz',
    },
  });
  // The owner's account: the samples carry a wrong password and a wrong code, so no run changes the account.
  addSample('POST /api/admin/password', {
    body: { currentPassword: 'not the password', newPassword: 'granite spire over the harbour' },
  });
  addSample('POST /api/admin/sessions/revoke-others', {});
  addSample('POST /api/admin/two-factor/setup', {});
  addSample('POST /api/admin/two-factor/enable', { body: { code: '000000' } });
  addSample('POST /api/admin/two-factor/disable', { body: { password: 'not the password', code: '000000' } });
  addSample('POST /api/admin/outbox/:id/retry', { params: { id: '1' } });
  addSample('POST /api/admin/email/test-message', {});
  addSample('PUT /api/admin/property-facts', {
    body: {
      licenceNumber: 'AC-00123-F',
      epcRating: 'C',
      maxOccupancy: 4,
      streetAddress: '1 Kirk Court',
      postcode: 'AB10 1AA',
      addressPublic: false,
      social: { facebook: null, instagram: null, tiktok: null },
      hashtags: ['#TheTower'],
      enquiriesEmail: 'stay@example.test',
    },
  });
  addSample('PUT /api/admin/texts', { body: DEFAULT_OWNER_TEXTS });
  addSample('DELETE /api/admin/texts', {});
  addSample('POST /api/admin/go-live/choice', { body: { choice: 'export_given', value: true } });
  // The owner's reports (docs/decisions/027): a range, a quarter (no levy is set: a 409 sentence), a tax year.
  addSample('GET /api/admin/reports', { query: { from: '2027-05-01', to: '2027-05-31' } });
  addSample('GET /api/admin/reports/levy', { query: { quarter: '2027-Q2' } });
  addSample('GET /api/admin/reports/levy.csv', { query: { quarter: '2027-Q2' } });
  addSample('GET /api/admin/reports/tax-year', { query: { year: '2027' } });
  addSample('GET /api/admin/reports/tax-year.csv', { query: { year: '2027' } });
  addSample('PUT /api/admin/follow-ups', { body: { enabled: true } });
  addSample('GET /api/follow-ups/opt-out', { query: { token: 'aHash.aSignature' } });
  addSample('POST /api/follow-ups/opt-out', { query: { token: 'aHash.aSignature' } });
  addSample('POST /api/admin/sync-airbnb', {
    body: { icalUrl: `http://feed.test:${feeds.port}/airbnb.ics` },
  });
  addSample('POST /api/admin/sync-booking', {
    body: { icalUrl: `http://feed.test:${feeds.port}/booking.ics` },
  });
  addSample('PUT /api/admin/calendar-sources/:id', {
    params: { id: 'airbnb' },
    body: { url: `http://feed.test:${feeds.port}/airbnb.ics` },
  });
  addSample('POST /api/admin/sync-all', {
    body: {
      airbnbUrl: `http://feed.test:${feeds.port}/airbnb.ics`,
      bookingUrl: `http://feed.test:${feeds.port}/booking.ics`,
    },
  });
  addSample('POST /api/bookings/:id/confirm', { params: { id: stayId } });
  addSample('GET /api/bookings/:id/refund-preview', { params: { id: stayId }, query: { byOwner: 'true' } });
  addSample('POST /api/bookings/:id/cancel', { params: { id: bookingId }, body: { byOwner: false } });
  addSample('POST /api/admin/bookings', {
    body: () => phoneBookingForm(freshNights('owner')),
  });
  addSample('GET /api/admin/audit', { query: { limit: '10' } });
  addSample('PUT /api/admin/payment-schedule', {
    body: { mode: 'deposit', depositPercent: 30, balanceDaysBefore: 42 },
  });
  addSample('POST /api/admin/bookings/:id/charge-balance', { params: { id: bookingId } });
  addSample('POST /api/admin/bookings/:id/send-payment-link', { params: { id: bookingId } });
  addSample('POST /api/admin/block-dates', {
    body: () => ({ propertyId: 1, ...freshNights('block'), reason: 'maintenance' }),
  });
  // The guest's manage page, keyed by the owner booking's own link; the owner's side of the guest's journey.
  const [{ manageKey }] = (await t.database.db
    .select({ manageKey: stays.manageKey })
    .from(stays)
    .where(eq(stays.id, stayId))) as [{ manageKey: string }];
  const manage = { params: { reference: bookingReference(stayId) }, query: { key: manageKey } };
  addSample('GET /api/manage/:reference', manage);
  addSample('GET /api/manage/:reference/calendar.ics', manage);
  addSample('POST /api/manage/:reference/cancel', manage);
  addSample('POST /api/manage/:reference/change-request', {
    ...manage,
    body: { ...freshNights('guest'), message: 'A week later, please' },
  });
  const review = { rating: 4, title: 'A church to stay in', text: 'Stairs, and worth them.' };
  addSample('GET /api/manage/:reference/review', manage);
  addSample('POST /api/manage/:reference/review', { ...manage, body: review });
  addSample('PUT /api/manage/:reference/review', { ...manage, body: review });
  addSample('PUT /api/admin/reviews/:id/reply', {
    params: { id: 'no-such-review' },
    body: { reply: 'Thank you.' },
  });
  addSample('POST /api/admin/reviews/:id/withhold', {
    params: { id: 'no-such-review' },
    body: { reason: 'spam' },
  });
  addSample('POST /api/admin/reviews/imported', {
    body: {
      source: 'airbnb',
      rating: 5,
      title: 'Lovely',
      text: 'Great views.',
      name: 'Carla',
      date: '2025-08-14',
    },
  });
  // Receipts and credit notes: the guest's, keyed like the manage page, and the owner's.
  addSample('GET /api/manage/:reference/documents', manage);
  addSample('GET /api/manage/:reference/documents/:number', {
    ...manage,
    params: { ...manage.params, number: '2026-0001' },
  });
  addSample('PUT /api/manage/:reference/invoice-details', {
    ...manage,
    body: { companyName: 'Fuzz Ltd', companyAddress: '1 Test Row\nAberdeen' },
  });
  addSample('PUT /api/admin/invoicing', {
    body: { tradingName: 'Tower Lets', tradingAddress: '1 Kirk Court', vatNumber: 'GB123456789' },
  });
  addSample('GET /api/admin/bookings/:id/documents', { params: { id: stayId } });
  addSample('GET /api/admin/documents/:number', { params: { number: '2026-0001' } });
  addSample('GET /api/admin/documents', { query: { from: '2026-11-01', to: '2026-11-30' } });
  addSample('PUT /api/admin/guest-messages', {
    body: {
      checkInInstructions: 'The key safe is by the door.',
      defaultAccessCode: '1234',
      reviewUrl: '',
      showAddress: true,
    },
  });
  addSample('GET /api/admin/bookings/:id/journey', { params: { id: stayId } });
  addSample('PUT /api/admin/bookings/:id/access-code', {
    params: { id: stayId },
    body: { accessCode: '2468' },
  });
  addSample('POST /api/admin/bookings/:id/manage-link', { params: { id: stayId } });
  addSample('POST /api/admin/bookings/:id/dates', {
    params: { id: stayId },
    body: () => freshNights('owner'),
  });
  addSample('GET /api/admin/guests/export', { query: { email: 'owner.guest@example.test' } });
  addSample('POST /api/admin/guests/erase', { body: { email: 'nobody@example.test' } });
  // Online check-in (docs/decisions/025-online-check-in.md): the guest's register and agreement, the owner's side.
  addSample('GET /api/manage/:reference/check-in', manage);
  addSample('PUT /api/manage/:reference/check-in', {
    ...manage,
    body: { guests: [{ fullName: 'Ada Guest', nationality: 'GB' }, { under16: true }] },
  });
  addSample('POST /api/manage/:reference/agreement', {
    ...manage,
    body: { version: 1, fullName: 'Ada Guest' },
  });
  addSample('PUT /api/admin/arrival-settings', {
    body: { requireRegister: true, requireAgreement: true, damageHoldPence: 0, releaseDays: 2 },
  });
  addSample('PUT /api/admin/house-agreement', { body: { text: 'No parties.' } });
  addSample('GET /api/admin/bookings/:id/check-in', { params: { id: stayId } });
  // The damage deposit (docs/decisions/031-damage-deposit-hold.md): the guest's authorisation, the owner's claim.
  addSample('POST /api/manage/:reference/damage-hold/authorise', manage);
  addSample('POST /api/admin/bookings/:reference/damage-hold/claim', {
    params: { reference: bookingReference(stayId) },
    body: { amountPence: 5_000, reason: 'A broken lamp.' },
  });
  addSample('GET /api/admin/guest-register', {
    query: { from: TODAY, to: addDays(TODAY, 30), format: 'csv' },
  });
  // The Prices tab: one item of each kind to change and delete.
  const season = {
    name: 'Fuzz season',
    firstNight: addDays(TODAY, 600),
    lastNight: addDays(TODAY, 606),
    weekdayPence: 30_000,
    weekendPence: 35_000,
    minNights: 3,
  };
  const override = {
    firstNight: addDays(TODAY, 620),
    lastNight: addDays(TODAY, 621),
    pricePence: 40_000,
    closedToArrival: false,
    closedToDeparture: true,
    note: 'fuzz',
  };
  const discount = { minNights: 7, percent: 10 };
  const promo = { code: 'FUZZ10', kind: 'percent', percent: 10, maxUses: 5, active: true };
  const plan = async (url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url, headers: auth, payload })).json();
  await plan('/api/admin/rate-plan/seasons', season);
  await plan('/api/admin/rate-plan/overrides', override);
  await plan('/api/admin/rate-plan/discounts', discount);
  const priced = await plan('/api/admin/promo-codes', promo);
  const ids = {
    seasons: priced.plan.seasons[0].id as string,
    overrides: priced.plan.overrides[0].id as string,
    discounts: priced.plan.discounts[0].id as string,
    promo: String(priced.promoCodes[0].id),
  };
  addSample('PUT /api/admin/rate-plan/base', {
    body: { ...DEFAULT_BASE_RATES, levy: { percent: 7, startDate: '2027-04-01' } },
  });
  for (const [part, body] of [
    ['seasons', season],
    ['overrides', override],
    ['discounts', discount],
  ] as const) {
    addSample(`POST /api/admin/rate-plan/${part}`, { body });
    addSample(`PUT /api/admin/rate-plan/${part}/:id`, { params: { id: ids[part] }, body });
    addSample(`DELETE /api/admin/rate-plan/${part}/:id`, { params: { id: ids[part] } });
  }
  addSample('POST /api/admin/promo-codes', { body: { ...promo, code: 'FUZZ20' } });
  addSample('PUT /api/admin/promo-codes/:id', { params: { id: ids.promo }, body: promo });
  addSample('DELETE /api/admin/promo-codes/:id', { params: { id: ids.promo } });
  addSample('GET /api/quote', { query: { ...stayQuery, promoCode: 'fuzz10' } });
  // Photos: uploads are multipart (a JSON body is refused with 415 before anything is stored).
  addSample('POST /api/admin/photos', { body: {} });
  addSample('PUT /api/admin/photos/:id/file', { params: { id: 'no-such-photo' }, body: {} });
  addSample('PATCH /api/admin/photos/:id', { params: { id: 'no-such-photo' }, body: { alt: 'A photo' } });
  addSample('PUT /api/admin/photos/order', { body: { ids: [] } });
  addSample('DELETE /api/admin/photos/:id', { params: { id: 'no-such-photo' } });
  addSample('GET /media/uploads/:key/:file', {
    params: { key: '0123456789abcdef0123456789abcdef', file: 'gallery-640.webp' },
  });
  addSample('GET /downloads/:file', { params: { file: 'the-tower-website.tar.gz' } });
  // A backup's name as the System view lists it (there is none in the test's BACKUP_DIR: 404).
  addSample('GET /api/admin/backups/:name', { params: { name: 'tower-backup-20261126-030000Z.tar' } });
  // Enquiries and quotes: a form token old enough to be sent, an enquiry to decline, a quote to read and accept.
  const enquiryToken = await formToken(t.app);
  t.clock.advance(10_000);
  addSample('GET /api/enquiries/form', {});
  addSample('POST /api/enquiries', { body: { ...dayHireEnquiry(), formToken: enquiryToken } });
  const enquiry = await t.app.inject({
    method: 'POST',
    url: '/api/enquiries',
    remoteAddress: '127.0.0.50',
    payload: { ...dayHireEnquiry(), formToken: enquiryToken },
  });
  const quote = await t.app.inject({
    method: 'POST',
    url: '/api/admin/quotes',
    headers: auth,
    payload: stayQuoteForm(freshNights('owner'), { enquiryId: enquiry.json().id }),
  });
  expect([enquiry.statusCode, quote.statusCode]).toEqual([201, 201]);
  const quoteKey = { key: new URL(quote.json().quoteUrl).searchParams.get('key')! };
  addSample('GET /api/admin/enquiries', {});
  addSample('POST /api/admin/enquiries/:id/decline', { params: { id: enquiry.json().id } });
  addSample('POST /api/admin/quotes', { body: () => stayQuoteForm(freshNights('owner')) });
  addSample('POST /api/admin/quotes/:id/withdraw', { params: { id: quote.json().id } });
  addSample('GET /api/quotes/:id', { params: { id: quote.json().id }, query: quoteKey });
  addSample('POST /api/quotes/:id/accept', { params: { id: quote.json().id }, query: quoteKey });
  addSample('GET /api/*', { params: { '*': 'no-such-endpoint' } });
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await feeds?.close();
  await smtp?.stop();
});

/** One record per method and URL (fastify reports a route once per method). */
function uniqueRoutes(records: RouteRecord[]): RouteRecord[] {
  const seen = new Set<string>();
  return records.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The samples of a route; HEAD and the catch-all's other methods share GET's. */
function samplesOf(route: RouteRecord): Sample[] {
  const own = samples.get(`${route.method} ${route.url}`);
  if (own) return own;
  return samples.get(`GET ${route.url}`) ?? [{}];
}

const hasBody = (method: string) => !['GET', 'HEAD', 'OPTIONS', 'TRACE'].includes(method);

type Generated = { url: string; body: Body };

function requestFor(route: RouteRecord): fc.Arbitrary<Generated> {
  const calendar = route.url.startsWith('/api/admin/sync-');
  return fc.constantFrom(...samplesOf(route)).chain((sample) => {
    const valid = typeof sample.body === 'function' ? sample.body() : sample.body;
    const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
    const params = fc.tuple(
      ...names.map((name) =>
        name === '*'
          ? fc
              .array(pathValue(sample.params?.[name] ?? 'x'), { minLength: 1, maxLength: 3 })
              .map((s) => s.join('/'))
          : pathValue(sample.params?.[name] ?? '1'),
      ),
    );
    const query = fc.option(queryString(sample.query ?? {}), { nil: undefined, freq: 4 });
    const body: fc.Arbitrary<Body> = hasBody(route.method)
      ? calendar
        ? fc.oneof(bodyFor(valid), calendarBody(valid))
        : bodyFor(valid)
      : fc.constant({});
    return fc.tuple(params, query, body).map(([values, q, b]): Generated => {
      let i = 0;
      const path = route.url.replace(/:\w+|\*/g, () => values[i++]!);
      return { url: q === undefined ? path : `${path}?${q}`, body: b };
    });
  });
}

/**
 * The same hostile values at every place of a route's sample, one place at a time (fast-check's `examples`, run
 * before the generated requests): every field, parameter and query value meets NUL, half a surrogate pair, a
 * long text, year 9999 and year 1, and numbers beyond PostgreSQL's integer, whatever the random runs pick.
 */
const SWEEP = {
  text: ['Ada\u0000Lovelace', 'Ada \ud800', 'x'.repeat(5_000)],
  date: ['9999-12-31', '0001-01-01'],
  number: [999_999_999_999, -2_147_483_649, 1e308, 0.5],
  param: ['ab%00cd', '999999999999', '-1', 'x'.repeat(101)],
  query: ['ab\u0000cd', '999999999999', '9999-12-31'],
};

function sweep(route: RouteRecord): Generated[] {
  const examples: Generated[] = [];
  for (const sample of samplesOf(route)) {
    // A copy each time (fresh nights where the sample makes them): the examples change it.
    const validBody = () => structuredClone(typeof sample.body === 'function' ? sample.body() : sample.body);
    const params = sample.params ?? {};
    const url = (overrides: Record<string, string> = {}, query = sample.query ?? {}) => {
      const path = route.url.replace(
        /:(\w+)|\*/g,
        (_, name: string | undefined) => overrides[name ?? '*'] ?? params[name ?? '*'] ?? '1',
      );
      const pairs = Object.entries(query).map(([key, value]) => `${encode(key)}=${encode(value)}`);
      return pairs.length ? `${path}?${pairs.join('&')}` : path;
    };
    const withBody = (): Body => {
      const json = validBody();
      return hasBody(route.method) && json !== undefined ? { json } : {};
    };
    for (const name of Object.keys(params)) {
      for (const value of SWEEP.param) examples.push({ url: url({ [name]: value }), body: withBody() });
    }
    for (const key of Object.keys(sample.query ?? {})) {
      for (const value of SWEEP.query) {
        examples.push({ url: url({}, { ...sample.query, [key]: value }), body: withBody() });
      }
    }
    const body = validBody();
    if (!hasBody(route.method) || body === undefined) continue;
    for (const path of placesIn(body)) {
      const leaf = valueAt(body, path);
      if (path.length === 0 || isContainer(leaf)) continue;
      const values: Json[] =
        typeof leaf === 'number'
          ? SWEEP.number
          : typeof leaf === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(leaf)
            ? [...SWEEP.date, ...SWEEP.text]
            : SWEEP.text;
      for (const value of values) {
        const json = validBody()!;
        setOwn(valueAt(json, path.slice(0, -1)) as Container, path[path.length - 1]!, value);
        examples.push({ url: url(), body: { json } });
      }
    }
  }
  return examples;
}

/** A calendar-sync body with each feed address either the local feed server (by any name) or hostile. */
const calendarBody = (sample: Json | undefined) =>
  fc.array(fc.oneof(feedUrl, hostileString), { minLength: 2, maxLength: 2 }).map((urls): Body => {
    const keys = Object.keys((sample ?? {}) as object);
    return { json: Object.fromEntries(keys.map((key, i) => [key, urls[i % urls.length]!])) };
  });

let remote = 0;
/** A fresh loopback address per request: the login throttle and the hold limit count per address. */
const nextRemoteAddress = () => {
  remote++;
  return `127.1.${(remote >> 8) & 255}.${remote & 255}`;
};

async function send(
  app: TestApp['app'],
  route: RouteRecord,
  generated: Generated,
  headers: Record<string, string>,
) {
  const { json, raw } = generated.body;
  const safePayload = json !== undefined ? JSON.stringify(withoutForeignUrls(json)) : raw;
  return app.inject({
    method: route.method as 'GET',
    url: generated.url,
    remoteAddress: nextRemoteAddress(),
    headers: {
      ...headers,
      ...(safePayload === undefined
        ? {}
        : { 'content-type': generated.body.contentType ?? 'application/json' }),
    },
    ...(safePayload === undefined ? {} : { payload: safePayload }),
  });
}

/** No 5xx; a non-2xx answer (but HEAD's, which has no body) is `{ error: <machine_code>, message }`. */
function check(route: RouteRecord, generated: Generated, response: Awaited<ReturnType<typeof send>>) {
  const where = `${route.method} ${generated.url.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (response.statusCode >= 500) throw new Error(`server error: ${where}`);
  if (response.statusCode < 300 || route.method === 'HEAD') return;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    throw new Error(`non-JSON error answer: ${where}`);
  }
  const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
  if (
    typeof error !== 'string' ||
    !/^[a-z][a-z0-9_]*$/.test(error) ||
    typeof message !== 'string' ||
    !message
  ) {
    throw new Error(`error answer without {error, message}: ${where}`);
  }
}

describe('every route under generated hostile input', () => {
  it('has a valid sample for every route that reads a body, a query or a parameter', () => {
    const missing = routes
      .filter((r) => hasBody(r.method) || r.url.includes(':'))
      .filter(
        (r) =>
          r.url !== '/api/*' &&
          !['POST /api/admin/logout', 'POST /api/admin/ical-export/rotate'].includes(`${r.method} ${r.url}`),
      )
      .filter((r) => !samples.has(`${r.method} ${r.url}`) && !samples.has(`GET ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThan(50);
  });

  it('never answers 5xx, and answers every refusal with {error, message}', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const runs = SLOW_ROUTES.has(key) ? RUNS_PER_SLOW_ROUTE : RUNS_PER_ROUTE;
      const examples = sweep(route).map((generated) => [generated] as [Generated]);
      const property = fc.asyncProperty(requestFor(route), async (generated) => {
        // Logout ends the session it is given: it gets its own.
        const session = key === 'POST /api/admin/logout' ? await adminToken(t.app) : token;
        check(route, generated, await send(t.app, route, generated, { authorization: `Bearer ${session}` }));
      });
      const details = await fc.check(property, {
        seed: SEED,
        examples,
        numRuns: examples.length + runs, // the examples count as runs
        // Bounds the shrinking of a failure; a passing route takes well under a second.
        interruptAfterTimeLimit: ROUTE_TIME_LIMIT_MS,
        markInterruptAsFailure: true,
      });
      if (details.failed) failures.push(`${key}: ${fc.defaultReportMessage(details)?.slice(0, 2_000)}`);
    }
    expect(failures).toEqual([]);
    // No generated key reached an object's prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The owner's account still works: nothing generated locked it.
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN });
    expect(login.statusCode).toBe(200);
  }, 600_000); // a passing run takes seconds; a failing one may shrink for ROUTE_TIME_LIMIT_MS per route

  it('answers 400 to Stripe webhooks without a valid signature', async () => {
    const route = { method: 'POST', url: '/api/stripe/webhook' };
    const otherPayload = JSON.stringify({ id: 'evt_other', type: 'payment_intent.succeeded' });
    const signature = fc.oneof(
      fc.constant(undefined),
      hostileString.filter((s) => !/[^\t\u0020-\u007e\u0080-\u00ff]/.test(s)), // what a header can carry
      fc.constantFrom(`t=${Math.floor(Date.parse(TEST_NOW) / 1000)},v1=${'0'.repeat(64)}`, 't=,v1=', 'v1='),
      // A real signature, of another body.
      fc.constant(
        Stripe.webhooks.generateTestHeaderString({ payload: otherPayload, secret: STAND_IN_WEBHOOK_SECRET }),
      ),
    );
    const property = fc.asyncProperty(
      bodyFor({ id: 'evt_1', type: 'payment_intent.succeeded' }),
      signature,
      async (body, sig) => {
        const generated = {
          url: route.url,
          body: { ...body, contentType: 'application/json' },
        };
        const response = await send(
          stripe.t.app,
          route,
          generated,
          sig === undefined ? {} : { 'stripe-signature': sig },
        );
        check(route, generated, response);
        if (response.statusCode !== 400 && response.statusCode !== 413) {
          throw new Error(
            `webhook without a valid signature answered ${response.statusCode}: ${response.body}`,
          );
        }
      },
    );
    await fc.assert(property, { seed: SEED, numRuns: RUNS_PER_ROUTE * 2 });
  });
});
