/**
 * Writes the upgrade fixture of this release: `src/server/db/upgrade-fixtures/<version>.sql`, the schema and rows
 * of a site running this release, which the next release's migrations are tested on (src/server/db/upgrade.test.ts).
 *
 * Run it at each release, before the release's first new migration is added (the fixture must be the schema the
 * owners have, made by the migrations in drizzle/ as they were released):
 *
 *   npm run fixture:upgrade
 *
 * Later, name the release and its last migration: `npm run fixture:upgrade -- --version 0.1.0 --through 0009_photos`.
 *
 * The file is plain SQL that any PostgreSQL runs (PGlite in the tests, PostgreSQL in CI): the released migrations
 * as drizzle's migrator ran them, its own bookkeeping table, then every table's rows through
 * `json_populate_recordset`, so each value (dates, jsonb, generated keys) comes back exactly as it was.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { hashPassword } from '../src/server/admin-auth/passwords.ts';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/server/db/database.ts';
import { seedProperty } from '../src/server/db/seed.ts';
import {
  publicTables,
  type Query,
  rawQuery,
  tableRowsJson,
  UPGRADE_FIXTURES_DIR,
} from '../src/server/db/upgrade-fixture.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The password of the fixture's admin account (the test suite's, `TEST_ADMIN`). */
const FIXTURE_ADMIN_PASSWORD = 'correct horse battery staple';

const ratePlan = {
  weekdayPence: 23_500,
  weekendPence: 28_500,
  weekendNights: [5, 6],
  cleaningFeePence: 10_000,
  serviceFeePercent: 5,
  levy: { percent: 5, startDate: '2027-04-01' },
  seasons: [
    {
      id: 'season-open',
      name: 'Open week',
      firstNight: '2027-07-10',
      lastNight: '2027-07-20',
      weekdayPence: 45_000,
      weekendPence: 50_000,
      minNights: 4,
    },
  ],
  overrides: [
    {
      id: 'override-hogmanay',
      firstNight: '2026-12-31',
      lastNight: '2026-12-31',
      pricePence: 60_000,
      closedToArrival: false,
      closedToDeparture: true,
      note: 'Hogmanay',
    },
  ],
  discounts: [{ id: 'discount-week', minNights: 7, percent: 10 }],
};

const quote = (nights: number, totalPence: number) =>
  JSON.stringify({ nights, totalPence, lines: [{ label: `${nights} nights`, pence: totalPence }] });

/**
 * A site in use: bookings of every kind and state (paid in full, on a deposit with the balance scheduled or
 * failed, held, expired, cancelled and refunded, erased, owner blocks and owner-made bookings), their payments and
 * refunds, promo codes, the rate plan with a season, an override and a discount, photos in each state, e-mails
 * queued, sent and failed, channel feeds and their events, settings, jobs' runs, the admin and its audit trail.
 */
async function dataSql(): Promise<string> {
  const adminHash = await hashPassword(FIXTURE_ADMIN_PASSWORD);
  return `
insert into rate_plans (property_id, plan, updated_at) values (1, '${JSON.stringify(ratePlan)}', '2026-10-01T09:00:00Z');
insert into promo_codes (id, code, kind, percent_bp, amount_pence, book_from, book_to, stay_from, stay_to, max_uses, active, created_at, updated_at) values
  (1, 'WELCOME10', 'percent', 1000, null, null, null, null, null, 50, true, '2026-09-01T09:00:00Z', '2026-09-01T09:00:00Z'),
  (2, 'golf-50', 'fixed', null, 5000, '2026-09-01', '2027-03-31', '2027-04-01', '2027-10-31', null, false, '2026-09-02T09:00:00Z', '2026-10-02T09:00:00Z');
insert into demo_payment_intents (id, client_secret, amount, currency, status, metadata, idempotency_key, last_error, amount_refunded, customer_id, setup_future_usage, payment_method_id, last_error_code, created_at, updated_at) values
  ('pi_demo_full', 'pi_demo_full_secret_a1', 104000, 'gbp', 'succeeded', '{"bookingId":"3f6c1a52-8d0e-4b7a-9c21-5e4f0a1b2c01"}', 'hold-3f6c1a52-8d0e-4b7a-9c21-5e4f0a1b2c01', null, 0, null, false, null, null, '2026-10-02T10:00:00Z', '2026-10-02T10:01:00Z'),
  ('pi_demo_deposit', 'pi_demo_deposit_secret_b2', 30000, 'gbp', 'succeeded', '{"bookingId":"7a2d9e14-c3b5-4f68-a017-2b9c8d7e6f02"}', 'hold-7a2d9e14-c3b5-4f68-a017-2b9c8d7e6f02', null, 0, 'cus_demo_1', true, 'pm_demo_1', null, '2026-10-03T10:00:00Z', '2026-10-03T10:01:00Z'),
  ('pi_demo_balance_failed', 'pi_demo_balance_failed_secret_c3', 70000, 'gbp', 'requires_payment_method', '{"bookingId":"b18e4c70-5a39-4d2e-8f61-0c7b3a9d4e03"}', 'balance-b18e4c70-5a39-4d2e-8f61-0c7b3a9d4e03-1', 'Your card was declined.', 0, 'cus_demo_2', false, 'pm_demo_2', 'card_declined', '2026-10-04T10:00:00Z', '2026-10-04T10:01:00Z'),
  ('pi_demo_refunded', 'pi_demo_refunded_secret_d4', 90000, 'gbp', 'succeeded', '{"bookingId":"e25b8f3d-7c1a-4e09-a6d4-9f0e2c3b4a06"}', 'hold-e25b8f3d-7c1a-4e09-a6d4-9f0e2c3b4a06', null, 65000, null, false, null, null, '2026-10-05T10:00:00Z', '2026-10-20T10:00:00Z'),
  ('pi_demo_pending', 'pi_demo_pending_secret_e5', 80000, 'gbp', 'requires_payment_method', '{"bookingId":"c4f0b2a8-1e6d-4a93-b5c7-8d2e9f0a1b04"}', 'hold-c4f0b2a8-1e6d-4a93-b5c7-8d2e9f0a1b04', null, 0, null, false, null, null, '2026-11-22T10:00:00Z', '2026-11-22T10:00:00Z');
insert into demo_payment_methods (id, customer_id, card_number, exp_month, exp_year, created_at) values
  ('pm_demo_1', 'cus_demo_1', '4242424242424242', 12, 2030, '2026-10-03T10:01:00Z'),
  ('pm_demo_2', 'cus_demo_2', '4000000000000002', 1, 2031, '2026-10-04T10:01:00Z');
insert into demo_refunds (id, payment_intent_id, amount, idempotency_key, created_at) values
  ('re_demo_1', 'pi_demo_refunded', 65000, 'refund-e25b8f3d-7c1a-4e09-a6d4-9f0e2c3b4a06', '2026-10-20T10:00:00Z');
insert into stays (id, property_id, kind, source, status, check_in, check_out, guest_count, contact_name, contact_email, contact_phone, special_requests, accommodation_pence, cleaning_fee_pence, service_fee_pence, total_pence, discount_pence, levy_pence, promo_code_id, quote, payment_intent_id, paid_pence, manage_key, confirmed_at, created_at, updated_at) values
  ('3f6c1a52-8d0e-4b7a-9c21-5e4f0a1b2c01', 1, 'guest', 'web', 'confirmed', '2027-01-08', '2027-01-12', 2, 'Morag Reid', 'morag@example.test', '+44 7700 900001', 'Late arrival, about 9 PM', 90000, 10000, 4000, 104000, 10000, 0, 1, '${quote(4, 104000)}', 'pi_demo_full', 104000, 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1', '2026-10-02T10:01:00Z', '2026-10-02T10:00:00Z', '2026-10-02T10:01:00Z');
insert into stays (id, property_id, kind, source, status, check_in, check_out, guest_count, contact_name, contact_email, accommodation_pence, cleaning_fee_pence, service_fee_pence, total_pence, quote, payment_intent_id, paid_pence, manage_key, access_code, confirmed_at, schedule_kind, deposit_pence, balance_pence, balance_due_on, balance_status, customer_id, payment_method_id, created_at, updated_at) values
  ('7a2d9e14-c3b5-4f68-a017-2b9c8d7e6f02', 1, 'guest', 'web', 'confirmed', '2027-07-12', '2027-07-16', 4, 'Callum Fraser', 'callum@example.test', 180000, 10000, 9000, 199000, '${quote(4, 199000)}', 'pi_demo_deposit', 30000, 'b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2', '4821', '2026-10-03T10:01:00Z', 'deposit', 30000, 169000, '2027-06-12', 'scheduled', 'cus_demo_1', 'pm_demo_1', '2026-10-03T10:00:00Z', '2026-10-03T10:01:00Z');
insert into stays (id, property_id, kind, source, status, check_in, check_out, guest_count, contact_name, contact_email, accommodation_pence, cleaning_fee_pence, service_fee_pence, total_pence, paid_pence, manage_key, confirmed_at, schedule_kind, deposit_pence, balance_pence, balance_due_on, balance_status, balance_attempts, balance_payment_intent_id, balance_failure_code, balance_last_error, balance_last_attempt_at, balance_failed_at, balance_reminders_sent, balance_owner_notified_at, customer_id, payment_method_id, created_at, updated_at) values
  ('b18e4c70-5a39-4d2e-8f61-0c7b3a9d4e03', 1, 'guest', 'web', 'confirmed', '2026-12-04', '2026-12-07', 3, 'Ailsa Grant', 'ailsa@example.test', 67500, 10000, 3400, 80900, 20000, 'c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3', '2026-10-04T09:00:00Z', 'deposit', 20000, 60900, '2026-11-04', 'failed', 1, 'pi_demo_balance_failed', 'declined', 'Your card was declined.', '2026-11-04T07:00:00Z', '2026-11-04T07:00:01Z', 2, '2026-11-27T09:00:00Z', 'cus_demo_2', 'pm_demo_2', '2026-10-04T09:00:00Z', '2026-11-04T07:00:01Z');
insert into stays (id, property_id, kind, source, status, check_in, check_out, guest_count, contact_name, contact_email, accommodation_pence, cleaning_fee_pence, service_fee_pence, total_pence, hold_expires_at, hold_token, payment_intent_id, hold_client_key, manage_key, created_at, updated_at) values
  ('c4f0b2a8-1e6d-4a93-b5c7-8d2e9f0a1b04', 1, 'guest', 'web', 'pending', '2027-02-05', '2027-02-08', 2, 'Iain Murray', 'iain@example.test', 77500, 10000, 3900, 91400, '2026-11-23T10:15:00Z', 'hold-token-e5', 'pi_demo_pending', 'client-key-hash-e5', 'd4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4', '2026-11-23T10:00:00Z', '2026-11-23T10:00:00Z'),
  ('d9e3a7c1-6b04-4f2a-9e85-3c1d7b6a5f05', 1, 'guest', 'web', 'expired', '2027-02-05', '2027-02-08', 2, 'Iain Murray', 'iain@example.test', 77500, 10000, 3900, 91400, '2026-11-20T10:15:00Z', 'hold-token-f6', null, 'client-key-hash-e5', 'e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5', '2026-11-20T10:00:00Z', '2026-11-20T10:16:00Z');
insert into stays (id, property_id, kind, source, status, check_in, check_out, guest_count, contact_name, contact_email, accommodation_pence, cleaning_fee_pence, service_fee_pence, total_pence, payment_intent_id, paid_pence, refunded_pence, attention, attention_detail, refund_due_pence, manage_key, confirmed_at, canceled_at, created_at, updated_at) values
  ('e25b8f3d-7c1a-4e09-a6d4-9f0e2c3b4a06', 1, 'guest', 'web', 'canceled', '2027-03-01', '2027-03-05', 2, 'Fiona Stewart', 'fiona@example.test', 80000, 10000, 4000, 94000, 'pi_demo_refunded', 90000, 65000, 'refund_failed', 'The card was closed.', 2500, 'f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6', '2026-10-05T10:01:00Z', '2026-10-20T10:00:00Z', '2026-10-05T10:00:00Z', '2026-10-20T10:00:00Z');
insert into stays (id, property_id, kind, source, status, check_in, check_out, guest_count, contact_name, contact_email, contact_phone, total_pence, hold_expires_at, manage_key, created_at, updated_at) values
  ('f0c7d4e9-2a8b-4d15-b3f6-6e5a1d2c3b07', 1, 'guest', 'owner', 'pending', '2027-04-10', '2027-04-14', 2, 'Hamish Ross', 'hamish@example.test', '+44 7700 900002', 99000, '2026-11-26T10:00:00Z', 'a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7', '2026-11-23T09:00:00Z', '2026-11-23T09:00:00Z');
insert into stays (id, property_id, kind, source, status, check_in, check_out, contact_name, reason, manage_key, confirmed_at, created_at, updated_at) values
  ('0a8f5d1e-3c2b-4967-9d0f-6e1a4b3c2d08', 1, 'block', 'owner', 'confirmed', '2027-05-01', '2027-05-08', 'Owner Block', 'Roof repairs', 'b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8', '2026-10-10T09:00:00Z', '2026-10-10T09:00:00Z', '2026-10-10T09:00:00Z'),
  ('1b9a6e2f-4d3c-4a78-8e10-7f2b5c4d3e09', 1, 'block', 'owner', 'canceled', '2027-05-20', '2027-05-22', 'Owner Block', 'Family visit', 'c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9', '2026-10-11T09:00:00Z', '2026-10-11T09:00:00Z', '2026-10-12T09:00:00Z');
insert into stays (id, property_id, kind, source, status, check_in, check_out, guest_count, contact_name, contact_email, contact_phone, total_pence, paid_pence, manage_key, erased_at, confirmed_at, created_at, updated_at) values
  ('2c0b7f3a-5e4d-4b89-9f21-8a3c6d5e4f10', 1, 'guest', 'web', 'confirmed', '2019-06-01', '2019-06-04', 1, '', '', '', 70000, 70000, 'd0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0', '2026-07-01T02:00:00Z', '2019-05-01T09:00:00Z', '2019-05-01T09:00:00Z', '2026-07-01T02:00:00Z');
insert into admin_users (id, username, password_hash, created_at, updated_at) values
  (1, 'owner', '${adminHash}', '2026-09-01T09:00:00Z', '2026-09-01T09:00:00Z');
insert into admin_sessions (token_hash, user_id, created_at, last_seen_at, expires_at, revoked_at) values
  ('${'1'.repeat(64)}', 1, '2026-11-20T09:00:00Z', '2026-11-20T10:00:00Z', '2026-11-27T09:00:00Z', null),
  ('${'2'.repeat(64)}', 1, '2026-11-10T09:00:00Z', '2026-11-10T10:00:00Z', '2026-11-17T09:00:00Z', '2026-11-10T10:00:00Z');
insert into audit_log (id, actor, action, details, created_at) values
  (1, 'owner', 'admin.login', '{"ip":"203.0.113.7"}', '2026-11-20T09:00:00Z'),
  (2, 'owner', 'booking.cancel', '{"stayId":"e25b8f3d-7c1a-4e09-a6d4-9f0e2c3b4a06","refundPence":65000}', '2026-10-20T10:00:00Z');
insert into settings (key, value, updated_at) values
  ('ical_export_key', '{"key":"export-key-fixture-0123456789abcdef"}', '2026-09-01T09:00:00Z'),
  ('smtp_password', '{"v":1,"alg":"aes-256-gcm","iv":"AAAAAAAAAAAAAAAA","tag":"AAAAAAAAAAAAAAAAAAAAAA==","data":"AAAA"}', '2026-09-01T09:00:00Z'),
  ('guest_messages', '{"checkInInstructions":"The key safe is by the red door.","defaultAccessCode":"1996","reviewUrl":"https://example.test/review","showAddress":true}', '2026-09-01T09:00:00Z'),
  ('payment_schedule', '{"mode":"deposit","depositPercent":15,"balanceDaysBefore":30}', '2026-09-01T09:00:00Z');
insert into outbox (id, dedupe_key, kind, stay_id, "to", subject, html, text, attachments, status, attempts, next_attempt_at, last_error, sent_at, created_at) values
  (1, 'confirmation:3f6c1a52-8d0e-4b7a-9c21-5e4f0a1b2c01', 'booking_confirmation', '3f6c1a52-8d0e-4b7a-9c21-5e4f0a1b2c01', 'morag@example.test', 'Your stay at The Tower is confirmed', '<p>See you on 8 January.</p>', 'See you on 8 January.', '[{"filename":"stay.ics","contentType":"text/calendar","content":"QkVHSU46VkNBTEVOREFS"}]', 'sent', 1, '2026-10-02T10:01:00Z', null, '2026-10-02T10:01:05Z', '2026-10-02T10:01:00Z'),
  (2, 'owner-new-booking:7a2d9e14-c3b5-4f68-a017-2b9c8d7e6f02', 'owner_new_booking', '7a2d9e14-c3b5-4f68-a017-2b9c8d7e6f02', 'owner@example.test', 'New booking: Callum Fraser', '<p>12 to 16 July 2027.</p>', '12 to 16 July 2027.', '[]', 'queued', 0, '2026-11-23T10:00:00Z', null, null, '2026-10-03T10:01:00Z'),
  (3, 'balance-failed:b18e4c70-5a39-4d2e-8f61-0c7b3a9d4e03:1', 'balance_failed', 'b18e4c70-5a39-4d2e-8f61-0c7b3a9d4e03', 'ailsa@example.test', 'Your balance could not be charged', '<p>Please pay through the link.</p>', 'Please pay through the link.', '[]', 'failed', 8, '2026-11-05T07:00:00Z', '550 Mailbox unavailable', null, '2026-11-04T07:00:01Z');
insert into calendar_sources (id, property_id, url, last_attempt_at, last_success_at, last_error, last_event_count, stale_notified_at, updated_at) values
  ('airbnb', 1, 'https://www.airbnb.example/calendar/ical/123.ics?s=abc', '2026-11-23T09:00:00Z', '2026-11-23T09:00:00Z', null, 2, null, '2026-11-23T09:00:00Z'),
  ('booking', 1, 'https://admin.booking.example/hotel/ical.html?t=def', '2026-11-23T09:00:00Z', '2026-11-22T09:00:00Z', 'The feed answered 503.', 1, '2026-11-23T09:00:00Z', '2026-11-23T09:00:00Z');
insert into imported_events (source_id, property_id, uid, check_in, check_out, summary, conflict, echo, imported_at) values
  ('airbnb', 1, 'airbnb-1@example', '2027-06-01', '2027-06-05', 'Reserved', false, false, '2026-11-23T09:00:00Z'),
  ('airbnb', 1, 'airbnb-2@example', '2027-01-08', '2027-01-12', 'Reserved', false, true, '2026-11-23T09:00:00Z'),
  ('booking', 1, 'booking-1@example', '2027-01-10', '2027-01-11', 'CLOSED - Not available', true, false, '2026-11-22T09:00:00Z');
insert into job_runs (name, last_run_at, last_finished_at, last_error) values
  ('calendar-sync', '2026-11-23T09:00:00Z', '2026-11-23T09:00:02Z', null),
  ('hold-sweep', '2026-11-23T09:59:00Z', '2026-11-23T09:59:00Z', null),
  ('balance-charges', '2026-11-23T07:00:00Z', '2026-11-23T07:00:03Z', 'Your card was declined.');
update property_facts set licence_number = 'AC-12345-F', epc_rating = 'C', max_occupancy = 4, street_address = '1 Church Lane, Aberdeen', postcode = 'AB10 1AA', address_public = false, facebook_url = 'https://facebook.example/thetower', hashtags = '["thetower","aberdeen"]', enquiries_email = 'stay@example.test', updated_at = '2026-09-05T09:00:00Z' where property_id = 1;
update owner_texts set experience = '["A church, a tower, a view of the sea."]', updated_at = '2026-09-06T09:00:00Z' where property_id = 1;
insert into photos (id, position, alt, original, format, width, height, bytes, status, public_key, attempts, lease_until, last_error, social, feature_id, created_at, updated_at) values
  ('photo-hero', 0, 'The tower at dusk', 'photo-hero-1.jpg', 'jpeg', 2400, 1600, 812345, 'ready', 'k7f3a9c1e5d2b8a4', 1, null, null, true, null, '2026-09-10T09:00:00Z', '2026-09-10T09:00:10Z'),
  ('photo-sauna', 1, 'The sauna under the bell', 'photo-sauna-1.png', 'png', 1600, 1200, 402112, 'ready', 'a1b2c3d4e5f60718', 1, null, null, false, 'feature-sauna', '2026-09-10T09:01:00Z', '2026-09-10T09:01:10Z'),
  ('photo-queued', 2, '', 'photo-queued-1.webp', 'webp', 1200, 800, 120000, 'queued', null, 0, null, null, false, null, '2026-11-23T09:55:00Z', '2026-11-23T09:55:00Z'),
  ('photo-failed', 3, 'Broken upload', 'photo-failed-1.heif', 'heif', 4000, 3000, 2400000, 'failed', null, 3, '2026-11-23T09:40:00Z', 'The image could not be read.', false, null, '2026-11-23T09:30:00Z', '2026-11-23T09:40:00Z');
`;
}

/** Tables in an order that inserts each after the tables its foreign keys point to. */
async function tablesInInsertOrder(query: Query) {
  const tables = await publicTables(query);
  const references = await query(
    `select conrelid::regclass::text as child, confrelid::regclass::text as parent
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
  );
  const ordered: string[] = [];
  const visit = (table: string, path: string[] = []) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const ref of references) {
      if (ref.child === table && ref.parent !== table) visit(String(ref.parent), [...path, table]);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

/** drizzle/ as it was at the release: its migrations up to `through` (a journal tag), in a scratch folder. */
async function releasedMigrations(through: string | undefined): Promise<string> {
  if (!through) return MIGRATIONS_FOLDER;
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === through);
  if (last < 0) throw new Error(`No migration ${through} in drizzle/meta/_journal.json.`);
  const folder = await mkdtemp(path.join(tmpdir(), 'tower-fixture-'));
  await mkdir(path.join(folder, 'meta'));
  const entries = journal.entries.slice(0, last + 1);
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    await copyFile(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

async function main() {
  const { values } = parseArgs({ options: { version: { type: 'string' }, through: { type: 'string' } } });
  const version =
    values.version ??
    (JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const migrationsFolder = await releasedMigrations(values.through);
  const database = await openDatabase({ dataDir: undefined });
  const query = rawQuery(database);
  // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the concrete PGlite Drizzle type
  await migrate(database.db as any, { migrationsFolder });
  await seedProperty(database.db);
  await database.pglite!.exec(await dataSql());

  const migrations = readMigrationFiles({ migrationsFolder });
  if (migrationsFolder !== MIGRATIONS_FOLDER) await rm(migrationsFolder, { recursive: true, force: true });
  const out: string[] = [
    `-- The Tower ${version}: schema and rows of a site in use, made by scripts/make-upgrade-fixture.ts.`,
    "-- The next release's migrations are tested on it (src/server/db/upgrade.test.ts). Do not edit by hand.",
    '',
    "-- The released migrations, as drizzle's migrator ran them.",
  ];
  for (const migration of migrations) {
    for (const statement of migration.sql) {
      const text = statement.trim();
      if (text) out.push(text.endsWith(';') ? text : `${text};`);
    }
  }
  out.push('', "-- The migrator's own record of what it ran.");
  out.push('create schema if not exists "drizzle";');
  out.push(
    'create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint);',
  );
  for (const row of await query('select hash, created_at from drizzle.__drizzle_migrations order by id')) {
    out.push(
      `insert into "drizzle"."__drizzle_migrations" (hash, created_at) values ('${row.hash}', ${row.created_at});`,
    );
  }
  out.push('', "-- Every table's rows.");
  for (const table of await tablesInInsertOrder(query)) {
    const json = await tableRowsJson(query, table);
    if (json === '[]') continue;
    if (json.includes('$rows$')) throw new Error(`${table}'s rows contain the quoting tag $rows$`);
    out.push(
      `insert into "${table}" select * from json_populate_recordset(null::"${table}", $rows$${json}$rows$);`,
    );
  }
  out.push('', '-- Serial columns continue after the rows above.');
  for (const serial of await query(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_default like 'nextval(%' order by table_name`,
  )) {
    out.push(
      `select setval(pg_get_serial_sequence('"${serial.table_name}"', '${serial.column_name}'), coalesce((select max("${serial.column_name}") from "${serial.table_name}"), 0) + 1, false);`,
    );
  }
  await database.close();

  const file = path.join(UPGRADE_FIXTURES_DIR, `${version}.sql`);
  await writeFile(file, `${out.join('\n')}\n`);
  console.info(`Wrote ${path.relative(root, file)} (${migrations.length} migrations).`);
}

await main();
