import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ATTENTION_CODES } from '../../domain/attention.ts';
import type { SealedSecret } from '../settings/secret-box.ts';

/**
 * The whole database. Column names are snake_case; the API speaks camelCase.
 * The exclusion constraint that forbids overlapping live stays is not expressible in Drizzle and lives in a
 * custom migration (drizzle/0001_stays_no_overlap.sql).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const properties = pgTable('properties', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  pricePerNightGbp: integer('price_per_night_gbp').notNull(),
  weekendPriceGbp: integer('weekend_price_gbp').notNull(),
  cleaningFeeGbp: integer('cleaning_fee_gbp').notNull(),
  bedrooms: integer('bedrooms').notNull(),
  bathrooms: integer('bathrooms').notNull(),
  maxGuests: integer('max_guests').notNull(),
  sizeM2: integer('size_m2').notNull(),
  description: text('description').notNull(),
  createdAt: createdAt(),
});

/**
 * The owner's rate plan (src/domain/rate-plan.ts), one document per property: read whole by every quote and
 * checked whole by the domain's schema on every change. No row: the specification's figures (DEFAULT_RATE_PLAN).
 */
export const ratePlans = pgTable('rate_plans', {
  propertyId: integer('property_id')
    .primaryKey()
    .references(() => properties.id),
  plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

/** Promo codes; a code is unique whatever its case. Uses are the stays that name it (stays.promo_code_id). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** kind 'percent': hundredths of a percent (15 % → 1500). */
    percentBp: integer('percent_bp'),
    amountPence: integer('amount_pence'),
    bookFrom: date('book_from', { mode: 'string' }),
    bookTo: date('book_to', { mode: 'string' }),
    stayFrom: date('stay_from', { mode: 'string' }),
    stayTo: date('stay_to', { mode: 'string' }),
    maxUses: integer('max_uses'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('promo_codes_code_idx').on(sql`upper(${table.code})`)],
);

/**
 * Every stay: a guest booking (paid online, or made by the owner and paid through a checkout link) or an owner
 * block. Live rows (pending or confirmed) may not overlap: see the exclusion constraint in the migrations.
 * A stay occupies the nights [check_in, check_out).
 */
export const stays = pgTable(
  'stays',
  {
    /** Unguessable: a random UUID (122 random bits); the public checkout page reads a booking by it. */
    id: text('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id),
    kind: text('kind', { enum: ['guest', 'block'] }).notNull(),
    /** Who made it: 'web' (a guest online), 'owner' (admin area). */
    source: text('source', { enum: ['web', 'owner'] })
      .notNull()
      .default('web'),
    status: text('status', { enum: ['pending', 'confirmed', 'canceled', 'expired'] }).notNull(),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    guestCount: integer('guest_count').notNull().default(1),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    specialRequests: text('special_requests').notNull().default(''),
    /** Owner blocks: the owner's reason. */
    reason: text('reason').notNull().default(''),
    accommodationPence: integer('accommodation_pence').notNull().default(0),
    cleaningFeePence: integer('cleaning_fee_pence').notNull().default(0),
    serviceFeePence: integer('service_fee_pence').notNull().default(0),
    totalPence: integer('total_pence').notNull().default(0),
    /** Length-of-stay and promo discounts taken off the nights (the nights' price is accommodation + this). */
    discountPence: integer('discount_pence').notNull().default(0),
    /** The visitor levy charged, included in the total. */
    levyPence: integer('levy_pence').notNull().default(0),
    /** The promo code used (its use counts against the code's maximum while the stay is live or confirmed). */
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id),
    /** The itemised quote the guest was shown and charged (src/domain/pricing.ts), kept as it was then. */
    quote: jsonb('quote').$type<Record<string, unknown>>(),
    /** Pending only: when the hold on the nights lapses. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** Lets the same guest retry against its own hold (sent back by create-payment-intent). */
    holdToken: text('hold_token'),
    paymentIntentId: text('payment_intent_id'),
    /**
     * A guest's hold from the booking page: a SHA-256 of the client address that placed it, so one address can
     * hold only a bounded number of stays at once (never the address itself).
     */
    holdClientKey: text('hold_client_key'),
    paidPence: integer('paid_pence').notNull().default(0),
    refundedPence: integer('refunded_pence').notNull().default(0),
    /**
     * What the owner must look at, as a code the admin turns into a sentence (src/domain/attention.ts): a
     * payment refunded because the nights had gone, a channel's conflicting reservation, a refund still due.
     */
    attention: text('attention', { enum: ATTENTION_CODES }),
    /** The provider's own words when a refund failed (`attention` 'refund_failed'). */
    attentionDetail: text('attention_detail'),
    /** Refund the guest is still owed after a cancellation (decided, not yet through the provider). */
    refundDuePence: integer('refund_due_pence').notNull().default(0),
    /**
     * The key of the guest's 'manage my booking' link (`/booking/{reference}?key=…`): 64 random hex digits,
     * compared in constant time, replaced when the owner rotates it (docs/decisions/017-after-paying.md).
     */
    manageKey: text('manage_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** This stay's door code for the arrival e-mail; null: the owner's default code. */
    accessCode: text('access_code'),
    /** When the guest's personal fields were erased (on request, or 7 years after check-out). */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    // --- Deposit now, balance later (src/domain/payment-schedule.ts, docs/decisions/016) ---
    /** The plan the booking was made under: 'full', or 'deposit' with the balance charged later. */
    scheduleKind: text('schedule_kind', { enum: ['full', 'deposit'] })
      .notNull()
      .default('full'),
    /** Charged at booking under a deposit plan (0 for 'full': the total is). */
    depositPence: integer('deposit_pence').notNull().default(0),
    balancePence: integer('balance_pence').notNull().default(0),
    /** The day the balance is charged off-session (property's clock). */
    balanceDueOn: date('balance_due_on', { mode: 'string' }),
    /**
     * none (paid in full) → scheduled (deposit paid) → processing (a charge in flight) → succeeded | failed
     * (authentication required or declined: the guest pays through the link) ; canceled with the booking.
     */
    balanceStatus: text('balance_status', {
      enum: ['none', 'scheduled', 'processing', 'succeeded', 'failed', 'canceled'],
    })
      .notNull()
      .default('none'),
    /** Attempts made at the balance: each has its own idempotency key (`balance-{id}-{attempt}`). */
    balanceAttempts: integer('balance_attempts').notNull().default(0),
    /** The latest payment intent for the balance (off-session charge, or the guest's payment through the link). */
    balancePaymentIntentId: text('balance_payment_intent_id'),
    /** 'authentication_required' or 'declined' after a failed charge. */
    balanceFailureCode: text('balance_failure_code'),
    /** The provider's own words for the failure ('Your card has insufficient funds.'). */
    balanceLastError: text('balance_last_error'),
    balanceLastAttemptAt: timestamp('balance_last_attempt_at', { withTimezone: true }),
    balanceFailedAt: timestamp('balance_failed_at', { withTimezone: true }),
    balanceRemindersSent: integer('balance_reminders_sent').notNull().default(0),
    /** When the owner was asked to decide about a balance still unpaid 7 days before arrival. */
    balanceOwnerNotifiedAt: timestamp('balance_owner_notified_at', { withTimezone: true }),
    balancePaidAt: timestamp('balance_paid_at', { withTimezone: true }),
    /** The provider's customer and the card saved at booking for the balance (Stripe: cus_…, pm_…). */
    customerId: text('customer_id'),
    paymentMethodId: text('payment_method_id'),
    // --- Made from the owner's quote (docs/decisions/028-enquiries-and-quotes.md) ---
    /** A day hire's hours ('09:00–17:00'); null for a stay of nights. */
    dayHireHours: text('day_hire_hours'),
    /**
     * False for a day hire whose night stays bookable: it takes no night, so the nights rule, the calendar and the
     * no-overlap constraint leave it out.
     */
    holdsNight: boolean('holds_night').notNull().default(true),
    /** A quote's booking may start a payment until then (the quote's expiry); null: no such limit. */
    payableUntil: timestamp('payable_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('stays_dates_order', sql`${table.checkOut} > ${table.checkIn}`),
    index('stays_property_dates_idx').on(table.propertyId, table.checkIn, table.checkOut),
    index('stays_status_idx').on(table.status),
    uniqueIndex('stays_payment_intent_idx').on(table.paymentIntentId),
    index('stays_hold_client_idx').on(table.holdClientKey),
    index('stays_promo_code_idx').on(table.promoCodeId),
    index('stays_balance_due_idx').on(table.balanceStatus, table.balanceDueOn),
  ],
);

/** Payment intents of the demo provider, kept the way Stripe keeps them. */
export const demoPaymentIntents = pgTable(
  'demo_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text('idempotency_key'),
    lastError: text('last_error'),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /** The demo customer the card is saved for (a deposit's intent), as Stripe's `customer`. */
    customerId: text('customer_id'),
    /** Save the card for later off-session charges (Stripe's `setup_future_usage: 'off_session'`). */
    setupFutureUsage: boolean('setup_future_usage').notNull().default(false),
    /** The card that paid (or was tried), kept when `setupFutureUsage`. */
    paymentMethodId: text('payment_method_id'),
    /** 'authentication_required' or 'card_declined' of the last failed attempt. */
    lastErrorCode: text('last_error_code'),
    /** What was captured of a hold (Stripe's `amount_received`); null: the whole amount once succeeded. */
    amountReceived: integer('amount_received'),
    /** 'manual': a confirmed card is held (`requires_capture`), not charged, as Stripe's `capture_method`. */
    captureMethod: text('capture_method', { enum: ['automatic', 'manual'] })
      .notNull()
      .default('automatic'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('demo_payment_intents_idempotency_idx').on(table.idempotencyKey)],
);

/**
 * Cards the demo provider keeps for later, as Stripe keeps a customer's saved payment method. Only Stripe's
 * published test numbers are ever accepted, so no real card number can be stored here.
 */
export const demoPaymentMethods = pgTable('demo_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  cardNumber: text('card_number').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  createdAt: createdAt(),
});

export const demoRefunds = pgTable('demo_refunds', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id')
    .notNull()
    .references(() => demoPaymentIntents.id),
  amount: integer('amount').notNull(),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: createdAt(),
});

/** The owner's account (docs/decisions/020-the-owners-account.md). */
export const adminUsers = pgTable('admin_users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /**
   * The ADMIN_PASSWORD last applied, as a scrypt hash (never the value): the server applies the variable again
   * only when its value changed, so a password changed in the admin survives a restart.
   */
  envPasswordHash: text('env_password_hash'),
  /** Two-step sign-in: the TOTP secret sealed like the SMTP password (settings/secret-box.ts); null when off. */
  twoFactorSecret: jsonb('two_factor_secret').$type<SealedSecret>(),
  /** A secret being set up: it replaces `two_factor_secret` once the owner enters a code of it. */
  twoFactorPendingSecret: jsonb('two_factor_pending_secret').$type<SealedSecret>(),
  twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
  /** The last TOTP time step accepted: a code is accepted once (RFC 6238 section 5.2). */
  twoFactorLastStep: integer('two_factor_last_step'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The one-time recovery codes of two-step sign-in: only a SHA-256 of each is stored. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('admin_recovery_codes_user_idx').on(table.userId)],
);

/** Admin sessions: only a hash of each token is stored. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The client address that signed in, and its User-Agent (cut to 512 characters), for the sessions list. */
    address: text('address'),
    userAgent: text('user_agent'),
  },
  (table) => [index('admin_sessions_user_idx').on(table.userId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('audit_log_created_idx').on(table.createdAt)],
);

/** Small owner settings: SMTP password (encrypted), iCal export key, and the like. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** E-mail waiting to be sent, or sent. Written in the same transaction as the event that caused it. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Makes a message unique per cause, so an event handled twice does not send twice. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    kind: text('kind').notNull(),
    /** The stay the message is about, if any: the owner's list of a booking's messages, and erasure. */
    stayId: text('stay_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; content: string; encoding?: 'base64' }[]>()
      .notNull()
      .default([]),
    /** Extra headers of the message (a follow-up's List-Unsubscribe, RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('outbox_stay_idx').on(table.stayId),
  ],
);

/** A channel's iCal feed (Airbnb, Booking.com) and the state of its sync. */
export const calendarSources = pgTable('calendar_sources', {
  id: text('id', { enum: ['airbnb', 'booking'] }).primaryKey(),
  propertyId: integer('property_id')
    .notNull()
    .references(() => properties.id),
  url: text('url').notNull(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastEventCount: integer('last_event_count'),
  staleNotifiedAt: timestamp('stale_notified_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** Nights blocked by a channel's feed; replaced per source atomically on each successful sync. */
export const importedEvents = pgTable(
  'imported_events',
  {
    sourceId: text('source_id', { enum: ['airbnb', 'booking'] }).notNull(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id),
    uid: text('uid').notNull(),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    summary: text('summary').notNull().default(''),
    /** Overlaps a confirmed direct booking's nights that are not its own echo. */
    conflict: boolean('conflict').notNull().default(false),
    /**
     * Every night of it was covered by our own confirmed stays when it was imported: the channel sending our
     * own feed back. An echo never takes nights (docs/decisions: the nights rule).
     */
    echo: boolean('echo').notNull().default(false),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.sourceId, table.uid, table.checkIn] }),
    index('imported_events_property_dates_idx').on(table.propertyId, table.checkIn, table.checkOut),
  ],
);

/**
 * Each job of the registry (src/server/jobs/registry.ts) with its last run and its next: an interval job runs
 * only in the process that claims it, by moving `next_run_at` forward itself once it has passed
 * (docs/decisions/009-jobs-run-once.md); a queue records each of its runs. Written by src/server/jobs/job-runs.ts
 * only; every process reads the same rows (the admin's System view).
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  /** When the last run started. */
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  /** When it ended; null while it runs (or when its process died running it). */
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastOutcome: text('last_outcome', { enum: ['ok', 'failed'] }),
  /** The last run's outcome in a sentence for the owner ("Sent 3 e-mails."). */
  lastMessage: text('last_message'),
  /** Runs that failed in a row since the last one that went well. */
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  /** When the job is next due; null: at once. */
  nextRunAt: timestamp('next_run_at', { withTimezone: true }),
});

/**
 * The owner's alerts (src/server/alerts/, its one writer): one row per episode of a condition, from when it
 * started until it cleared. At most one open row per condition (`key`), so the e-mail that it started and the
 * one that it cleared are each written once, whichever process runs the check (docs/decisions/023-alerts.md).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The condition, e.g. `job:calendar-sync`, `outbox`, `backup`, `disk:data`, `feed:airbnb`. */
    key: text('key').notNull(),
    /** What is wrong, in a sentence for the owner; `detail` says more (the last error, the figures). */
    summary: text('summary').notNull(),
    detail: text('detail').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** null while the condition holds. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('alerts_open_key_idx').on(table.key).where(sql`${table.resolvedAt} is null`)],
);

/**
 * The owner's facts about the property (admin's Property tab): the licence line, the address, the social links
 * and the enquiries address the public pages print. One row per property, written at start-up with the defaults
 * of src/domain/property-facts.ts when missing. A null column is a fact not given: absent from every page.
 */
export const propertyFacts = pgTable(
  'property_facts',
  {
    propertyId: integer('property_id')
      .primaryKey()
      .references(() => properties.id),
    licenceNumber: text('licence_number'),
    epcRating: text('epc_rating'),
    maxOccupancy: integer('max_occupancy'),
    streetAddress: text('street_address'),
    postcode: text('postcode'),
    /** false: the street and postcode are given to booked guests only, never printed on a public page. */
    addressPublic: boolean('address_public').notNull().default(true),
    facebookUrl: text('facebook_url'),
    instagramUrl: text('instagram_url'),
    tiktokUrl: text('tiktok_url'),
    hashtags: jsonb('hashtags').$type<string[]>().notNull().default([]),
    enquiriesEmail: text('enquiries_email'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('property_facts_epc_rating', sql`${table.epcRating} in ('A', 'B', 'C', 'D', 'E', 'F', 'G')`),
    check('property_facts_max_occupancy', sql`${table.maxOccupancy} between 1 and 100`),
  ],
);

/**
 * The texts the owner edits (admin's Texts tab): the experience and about paragraphs and the captions of the
 * features and unique points (src/domain/owner-texts.ts). Written at start-up with the site's original copy
 * when missing.
 */
export const ownerTexts = pgTable('owner_texts', {
  propertyId: integer('property_id')
    .primaryKey()
    .references(() => properties.id),
  experience: jsonb('experience').$type<string[]>().notNull(),
  about: jsonb('about').$type<string[]>().notNull(),
  features: jsonb('features').$type<{ id: string; title: string; text: string }[]>().notNull(),
  uniquePoints: jsonb('unique_points').$type<{ title: string; text: string }[]>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * The owner's photos (admin area, Photos tab): the slideshow in `position` order (the first is the hero), each
 * photo's alt text, and the choices of the social-share image and of the feature cards' photos. The row is also
 * the processing queue: an upload is `queued` until the photo worker has made its variants (src/server/photos).
 */
export const photos = pgTable(
  'photos',
  {
    /** Random and unguessable; never part of a public address. */
    id: text('id').primaryKey(),
    position: integer('position').notNull(),
    alt: text('alt').notNull().default(''),
    /** The latest upload's file name under the media directory's `originals/` (never served). */
    original: text('original').notNull(),
    /** What sharp read in the upload's bytes: jpeg, png, webp or heif. */
    format: text('format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** `queued` until the variants of `original` are made; `failed` with `last_error` when they cannot be. */
    status: text('status', { enum: ['queued', 'ready', 'failed'] }).notNull(),
    /**
     * The random directory of the served variants (`/media/uploads/<key>/`), set only once every variant is
     * written; a replacement keeps serving the previous key until its own variants are ready.
     */
    publicKey: text('public_key'),
    attempts: integer('attempts').notNull().default(0),
    /** A claimed upload is left alone this long: if its process dies mid-way, another run takes it again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** The image shown when a page is shared (at most one; none chosen: the hero). */
    social: boolean('social').notNull().default(false),
    /** The feature card (`feature-sauna`, …) this photo illustrates, if any; one photo per card. */
    featureId: text('feature_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('photos_position_idx').on(table.position),
    uniqueIndex('photos_one_social_idx').on(table.social).where(sql`${table.social}`),
    uniqueIndex('photos_feature_idx').on(table.featureId),
  ],
);

/**
 * The guest register of the Immigration (Hotel Records) Order 1972: one row per guest of a stay, written only by
 * src/server/arrival/register.ts, kept 12 months after check-out (docs/decisions/025-online-check-in.md).
 * Fields the guest's nationality does not require are empty.
 */
export const guestRegister = pgTable(
  'guest_register',
  {
    stayId: text('stay_id')
      .notNull()
      .references(() => stays.id, { onDelete: 'cascade' }),
    /** The guest's place in the booking's list, from 0. */
    position: integer('position').notNull(),
    under16: boolean('under_16').notNull().default(false),
    fullName: text('full_name').notNull().default(''),
    /** ISO 3166-1 alpha-2, or 'XX' for a stateless guest; '' for a guest under 16. */
    nationality: text('nationality').notNull().default(''),
    passportNumber: text('passport_number').notNull().default(''),
    passportPlaceOfIssue: text('passport_place_of_issue').notNull().default(''),
    nextDestination: text('next_destination').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.stayId, table.position] })],
);

/** The owner's house agreement: every saved text is a new version, and old versions stay readable. */
export const houseAgreements = pgTable('house_agreements', {
  version: serial('version').primaryKey(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

/** A guest's acceptance of the house agreement: the version, the name typed, when, and from which address. */
export const agreementAcceptances = pgTable('agreement_acceptances', {
  stayId: text('stay_id')
    .primaryKey()
    .references(() => stays.id, { onDelete: 'cascade' }),
  version: integer('version')
    .notNull()
    .references(() => houseAgreements.version),
  name: text('name').notNull(),
  address: text('address').notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
});

/**
 * What a visitor asks through the Contact page's form (docs/decisions/028-enquiries-and-quotes.md). Only
 * src/server/enquiries/ writes it. `status` is the owner's: new, quoted, declined (booked is read from the
 * enquiry's quotes: one whose booking is confirmed).
 */
export const enquiries = pgTable(
  'enquiries',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['day_hire', 'stay', 'group', 'other'] }).notNull(),
    dateFrom: date('date_from', { mode: 'string' }),
    dateTo: date('date_to', { mode: 'string' }),
    people: integer('people'),
    message: text('message').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    status: text('status', { enum: ['new', 'quoted', 'declined'] })
      .notNull()
      .default('new'),
    /** A SHA-256 of the sender's address (never the address), for the per-address limit. */
    clientKey: text('client_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('enquiries_created_idx').on(table.createdAt),
    index('enquiries_client_idx').on(table.clientKey, table.createdAt),
  ],
);

/** An enquiry's thread: what was asked, acknowledged, quoted, withdrawn, expired, paid, declined, noted. */
export const enquiryEvents = pgTable(
  'enquiry_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    enquiryId: text('enquiry_id')
      .notNull()
      .references(() => enquiries.id),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('enquiry_events_enquiry_idx').on(table.enquiryId)],
);

/**
 * The owner's offer, paid by the guest through `/quote/{id}?key=…`. Only src/server/enquiries/ writes it; the
 * stay it holds or becomes is the bookings module's (`stay_id`). Paid is read from that stay (confirmed).
 */
export const quotes = pgTable(
  'quotes',
  {
    /** Unguessable (a random UUID), and the link also carries `key`. */
    id: text('id').primaryKey(),
    /** 64 random hex digits, compared in constant time. */
    key: text('key').notNull(),
    enquiryId: text('enquiry_id').references(() => enquiries.id),
    kind: text('kind', { enum: ['stay', 'day_hire'] }).notNull(),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    dayHireHours: text('day_hire_hours'),
    nightBookable: boolean('night_bookable').notNull().default(false),
    guestCount: integer('guest_count').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    totalPence: integer('total_pence').notNull(),
    included: text('included').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    holdDates: boolean('hold_dates').notNull().default(false),
    status: text('status', { enum: ['open', 'withdrawn', 'expired'] })
      .notNull()
      .default('open'),
    stayId: text('stay_id').references(() => stays.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('quotes_dates_order', sql`${table.checkOut} > ${table.checkIn}`),
    index('quotes_status_expiry_idx').on(table.status, table.expiresAt),
    index('quotes_enquiry_idx').on(table.enquiryId),
  ],
);

/**
 * Each lapsed checkout the follow-up job has decided about, once (docs/decisions/032-checkout-follow-ups.md): sent,
 * or why not. The address is kept only as a keyed hash: enough for "one per address per week" and the opt-out.
 */
export const checkoutFollowUps = pgTable(
  'checkout_follow_ups',
  {
    stayId: text('stay_id')
      .primaryKey()
      .references(() => stays.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    outcome: text('outcome', {
      enum: [
        'sent',
        'opted_out',
        'recently_followed_up',
        'booked_since',
        'nights_taken',
        'not_bookable',
        'off',
      ],
    }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('checkout_follow_ups_address_idx').on(table.addressHash, table.decidedAt)],
);

/** Addresses that asked for no follow-up e-mails, as the same keyed hash (never the address itself). */
export const followUpOptOuts = pgTable('follow_up_opt_outs', {
  addressHash: text('address_hash').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull(),
});

/**
 * Receipts and credit notes (src/server/documents/, their one writer; docs/decisions/026-receipts-and-credit-notes.md).
 * A row is issued once, in the transaction that records its payment or refund, and never changed: `content` is
 * everything the document says (names, lines of the stored quote, amounts), so its PDF is the same whenever it is
 * made. `number` is `{year}-{seq}` for a receipt and `CN-{year}-{seq}` for a credit note.
 */
export const documents = pgTable(
  'documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['receipt', 'credit_note'] }).notNull(),
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    /** The booking (no foreign key: a document is kept for the accounts whatever becomes of its stay's row). */
    stayId: text('stay_id').notNull(),
    /** What was paid or refunded: 'full', 'deposit', 'balance', 'damage_deposit' or 'refund'. */
    payment: text('payment', { enum: ['full', 'deposit', 'balance', 'damage_deposit', 'refund'] }).notNull(),
    /** The payment or refund it is for (the provider's id): a payment gets one receipt, a refund one credit note. */
    sourceRef: text('source_ref').notNull(),
    /** The day of issue on the property's clock. */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    amountPence: integer('amount_pence').notNull(),
    /** The payment provider's fee for a receipt's payment, where it reports one (the owner's accounts only). */
    providerFeePence: integer('provider_fee_pence'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('documents_series_idx').on(table.kind, table.year, table.seq),
    uniqueIndex('documents_source_idx').on(table.kind, table.sourceRef),
    index('documents_stay_idx').on(table.stayId),
    index('documents_issued_idx').on(table.issuedOn),
  ],
);

/**
 * The last number issued in each series and year: the row is locked by the upsert that takes the next number
 * until its transaction ends, so two processes never share a number and a rolled-back transaction gives its
 * number back (docs/decisions/026).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text('kind', { enum: ['receipt', 'credit_note'] }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.year] })],
);

/** The company a guest asks their documents to be made out to (corporate stays), from the manage page. */
export const invoiceDetails = pgTable('invoice_details', {
  stayId: text('stay_id').primaryKey(),
  companyName: text('company_name').notNull(),
  companyAddress: text('company_address').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Reviews (src/server/reviews/, the one writer; docs/decisions/029-reviews.md): a verified guest's review of their
 * stay (one per stay, `stay_id`), or one the owner copied from Airbnb or Booking.com (`stay_id` null). A verified
 * review is published at `publish_at` (48 hours after it was written) by the `review-publication` job; one from
 * elsewhere when it is added. A withheld review keeps its row and its reason, which the pages count.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    source: text('source', { enum: ['verified', 'airbnb', 'booking'] }).notNull(),
    stayId: text('stay_id').references(() => stays.id),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    displayName: text('display_name').notNull(),
    /** When the guest wrote it (its 48 hours and 14 days count from here); from elsewhere, the date it bears. */
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    withheldReason: text('withheld_reason', {
      enum: ['offensive', 'personal_data', 'not_about_stay', 'spam'],
    }),
    withheldAt: timestamp('withheld_at', { withTimezone: true }),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('reviews_one_per_stay_idx').on(table.stayId),
    index('reviews_publish_at_idx').on(table.publishAt).where(sql`${table.publishedAt} is null`),
    check('reviews_rating', sql`${table.rating} between 1 and 5`),
    check(
      'reviews_withheld_reason',
      sql`${table.withheldReason} is null or ${table.withheldReason} in ('offensive', 'personal_data', 'not_about_stay', 'spam')`,
    ),
  ],
);

/**
 * The damage deposit of a stay (docs/decisions/031-damage-deposit-hold.md): one row per authorisation or charge
 * on the guest's card, `sequence` 1 for the first and 2 for a renewal. Written only by src/server/damage-holds/.
 * A row is claimed by its insert (or by a status change in one statement) before the provider is called, and
 * each call has its own idempotency key, so no process ever holds, captures, releases or refunds it twice.
 */
export const damageHolds = pgTable(
  'damage_holds',
  {
    id: text('id').primaryKey(),
    stayId: text('stay_id')
      .notNull()
      .references(() => stays.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    /** A hold (manual capture, released or captured) or a charge (refunded, or part kept). */
    method: text('method', { enum: ['hold', 'charge'] }).notNull(),
    amountPence: integer('amount_pence').notNull(),
    status: text('status', {
      enum: [
        'placing',
        'held',
        'charged',
        'needs_authorisation',
        'releasing',
        'released',
        'refunded',
        'claiming',
        'claimed',
        'replaced',
        'canceled',
      ],
    }).notNull(),
    paymentIntentId: text('payment_intent_id'),
    /** The key of the off-session call that placed it. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Links the guest opened to authorise it on-session (each its own intent and key). */
    authorisations: integer('authorisations').notNull().default(0),
    placeAt: timestamp('place_at', { withTimezone: true }).notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** When a provider call was last claimed: a call still in flight long after (its process died) is asked again. */
    lastCallAt: timestamp('last_call_at', { withTimezone: true }),
    failureCode: text('failure_code'),
    lastError: text('last_error'),
    claimedPence: integer('claimed_pence'),
    claimReason: text('claim_reason'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('damage_holds_stay_sequence_idx').on(table.stayId, table.sequence),
    index('damage_holds_status_idx').on(table.status, table.releaseAt),
  ],
);
