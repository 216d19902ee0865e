import { z } from 'zod';
import { TwoFactorCodeField } from './admin-account.ts';
import { ATTENTION_CODES } from './attention.ts';
import {
  contactEmail,
  contactName,
  contactPhone,
  guestCount,
  guestCountText,
  specialRequests,
} from './contact-details.ts';
import { dateField, PG_INTEGER_MAX, textField, wholeNumber } from './input-fields.ts';
import { MAX_PAYMENT_GBP } from './property.ts';
import { PROMO_KINDS, RatePlanSchema } from './rate-plan.ts';

/**
 * Schemas of the API's requests and responses (spec section 7), shared by the server's routes and the browser's
 * fetch calls and forms: one schema, three uses. Every text of a request is a `textField` (no control
 * characters) and every number a bounded one, so hostile input gets a 400 with a sentence, never a 500.
 */

export const ApiErrorSchema = z.object({ error: z.string(), message: z.string() });
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const PropertySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pricePerNight: z.number().int(),
  weekendPrice: z.number().int(),
  cleaningFee: z.number().int(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  maxGuests: z.number().int(),
  sizeM2: z.number().int(),
  description: z.string(),
});
export type Property = z.infer<typeof PropertySchema>;

/**
 * Login form and payload (spec sections 3 and 5): both fields required. The password is any text: it is only
 * ever hashed, never stored, so the owner's ADMIN_PASSWORD may hold any character.
 */
export const AdminLoginSchema = z.object({
  username: textField().trim().min(1, 'Username is required').max(200),
  password: z.string().min(1, 'Password is required').max(1000),
  /** With two-step sign-in on: the authenticator app's 6 digits, or one of the recovery codes. */
  code: TwoFactorCodeField.optional(),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;
export const AdminLoginResponseSchema = z.object({ token: z.string() });
export const AdminVerifyResponseSchema = z.object({ valid: z.literal(true), username: z.string() });

/**
 * E-mail setup (spec sections 5 and 7): the server checks "non-blank after trimming" itself (400). The password
 * goes into the mail server's login, whose AUTH PLAIN separates its parts with NUL: no control characters.
 */
export const SetEmailPasswordSchema = z.object({ password: textField().max(1000) });
export type SetEmailPassword = z.infer<typeof SetEmailPasswordSchema>;
/**
 * The Email tab's status (spec section 7: `configured`, `email`). `email` is the sending account (SMTP_USER, else
 * SMTP_FROM), null when the server has none configured. `mailServer` adds whether the server knows its mail
 * server (SMTP_HOST and SMTP_USER), so the tab can say so before the owner types a password in vain.
 */
export const EmailStatusSchema = z.object({
  configured: z.boolean(),
  email: z.string().nullable(),
  mailServer: z.boolean(),
});
export type EmailStatus = z.infer<typeof EmailStatusSchema>;

/** POST /api/admin/email/test-message: the owner's test message went to `to` (OWNER_EMAIL). */
export const EmailTestResultSchema = z.object({ to: z.string(), message: z.string() });
export type EmailTestResult = z.infer<typeof EmailTestResultSchema>;

/** Messages of the e-mail outbox that the owner should see: waiting to be sent, or given up on. */
export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
export const OutboxListSchema = z.object({
  queued: z.number().int(),
  failed: z.number().int(),
  messages: z.array(OutboxMessageSchema),
});
export type OutboxList = z.infer<typeof OutboxListSchema>;
/** Calendar sync (spec sections 3, 5 and 7). The channels whose iCal feeds are imported. */
export const CALENDAR_SOURCE_IDS = ['airbnb', 'booking'] as const;
export type CalendarSourceId = (typeof CALENDAR_SOURCE_IDS)[number];
export const CALENDAR_SOURCE_LABELS: Record<CalendarSourceId, string> = {
  airbnb: 'Airbnb',
  booking: 'Booking.com',
};

const IcalUrlSchema = textField()
  .trim()
  .min(1, 'Please enter an iCal URL')
  .max(2000, 'The iCal URL is too long')
  .pipe(z.url({ protocol: /^https?$/, error: 'The iCal URL must be a web address starting with https://' }));
/** The combined call sends empty URLs as absent (spec section 5); an empty string counts as absent too. */
const OptionalIcalUrlSchema = z.preprocess(
  (value) => (typeof value === 'string' && !value.trim() ? undefined : value),
  IcalUrlSchema.optional(),
);

export const SyncCalendarRequestSchema = z.object({ icalUrl: IcalUrlSchema });
export const SyncCalendarResponseSchema = z.object({ events: z.number().int(), message: z.string() });
export type SyncCalendarResponse = z.infer<typeof SyncCalendarResponseSchema>;

export const SyncAllRequestSchema = z.object({
  airbnbUrl: OptionalIcalUrlSchema,
  bookingUrl: OptionalIcalUrlSchema,
});
export const SyncAllResponseSchema = z.object({
  total: z.number().int(),
  airbnb: z.number().int(),
  booking: z.number().int(),
  message: z.string(),
});
export type SyncAllResponse = z.infer<typeof SyncAllResponseSchema>;

export const CalendarSourceStatusSchema = z.object({
  id: z.enum(CALENDAR_SOURCE_IDS),
  label: z.string(),
  /** The saved feed URL, null until a sync succeeded. */
  url: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastEventCount: z.number().int().nullable(),
  stale: z.boolean(),
  /** Why the feed is unhealthy, for the owner; null when it is fine. */
  staleReason: z.string().nullable(),
  conflictCount: z.number().int(),
});
export const ImportedConflictSchema = z.object({
  sourceId: z.enum(CALENDAR_SOURCE_IDS),
  uid: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  summary: z.string(),
});
export const CalendarSourcesResponseSchema = z.object({
  sources: z.array(CalendarSourceStatusSchema),
  /** Minutes between automatic syncs; 0 when automatic sync is off. */
  intervalMinutes: z.number().int(),
  conflicts: z.array(ImportedConflictSchema),
});
export type CalendarSourcesResponse = z.infer<typeof CalendarSourcesResponseSchema>;

export const IcalExportResponseSchema = z.object({ url: z.string() });
/* ---------- Admin: bookings (spec sections 3, 4 and 7; issue 6) ---------- */

export const BOOKING_STATUSES = ['pending', 'confirmed', 'canceled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** The fixed contactName of an owner block (spec section 3). */
export const OWNER_BLOCK_NAME = 'Owner Block';

/** One row of the owner's bookings list: a guest booking or an owner block. Money named by its unit. */
export const AdminBookingSchema = z.object({
  id: z.string(),
  /** The short reference people read and type ('TWR-8D38-6281'), derived from the id (booking-reference.ts). */
  reference: z.string(),
  propertyId: z.number().int(),
  kind: z.enum(['guest', 'block']),
  /** 'web' (a guest online) or 'owner' (taken by the owner by phone or e-mail). */
  source: z.enum(['web', 'owner']),
  checkInDate: z.string(),
  checkOutDate: z.string(),
  guestCount: z.number().int(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  specialRequests: z.string(),
  /** Owner blocks: the owner's reason. */
  reason: z.string(),
  /** Pounds, as the spec shows it. */
  totalPrice: z.number(),
  status: z.enum(BOOKING_STATUSES),
  /** Pending only: when the hold on the nights lapses (ISO timestamp). */
  holdExpiresAt: z.string().nullable(),
  /** A problem the owner must look at. */
  /** Why the owner must look at it (a code), and `flag`, the same as a sentence for the owner. */
  attention: z.enum(ATTENTION_CODES).nullable(),
  flag: z.string().nullable(),
  paidPence: z.number().int(),
  refundedPence: z.number().int(),
  /** A refund owed that the payment provider has not yet accepted (retry with Cancel). */
  refundDuePence: z.number().int(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  /** Deposit now, balance later (issue 15). 'full' bookings have no balance. */
  scheduleKind: z.enum(['full', 'deposit']),
  depositPence: z.number().int(),
  balancePence: z.number().int(),
  /** The day the balance is (or was) charged automatically. */
  balanceDueOn: z.string().nullable(),
  balanceStatus: z.enum(['none', 'scheduled', 'processing', 'succeeded', 'failed', 'canceled']),
  /** 'authentication_required' or 'declined' after a failed charge, with the provider's words. */
  balanceFailureCode: z.string().nullable(),
  balanceLastError: z.string().nullable(),
  balanceLastAttemptAt: z.string().nullable(),
  /** Still owed by the guest on a standing booking (pence): the balance until it is paid. */
  duePence: z.number().int(),
});
export type AdminBooking = z.infer<typeof AdminBookingSchema>;

/** The refund the terms give for cancelling a booking now (the same function previews and issues it). */
export const RefundPreviewSchema = z.object({
  bookingId: z.string(),
  amountPence: z.number().int(),
  paidPence: z.number().int(),
  feePence: z.number().int(),
  percent: z.number().int(),
  rule: z.string(),
  daysBeforeCheckIn: z.number().int(),
  cancelledByOwner: z.boolean(),
});
export type RefundPreview = z.infer<typeof RefundPreviewSchema>;

/**
 * Cancel: the body may be empty (spec section 7). `byOwner` true when the owner cancels on their own account:
 * the guest then gets everything back (spec README); otherwise the cancellation terms apply.
 */
export const CancelBookingSchema = z.object({ byOwner: z.boolean().optional() });
export type CancelBooking = z.infer<typeof CancelBookingSchema>;

export const CancelBookingResponseSchema = z.object({
  booking: AdminBookingSchema,
  refundPence: z.number().int(),
});

/** A booking the owner takes by phone or e-mail: pending, held for `holdDays`, paid through its checkout link. */
export const OwnerBookingSchema = z
  .object({
    checkInDate: dateField('checkInDate', { written: true }),
    checkOutDate: dateField('checkOutDate', { written: true }),
    guestCount: guestCountText(),
    contactName,
    contactEmail,
    holdDays: z.coerce
      .number({ error: 'Give the number of days to hold the dates for payment (1 to 30)' })
      .int('Give a whole number of days')
      .min(1, 'Hold for at least 1 day')
      .max(30, 'Hold for at most 30 days'),
  })
  .refine((value) => value.checkOutDate > value.checkInDate, {
    message: 'The check-out date must be after the check-in date.',
    path: ['checkOutDate'],
  });
export type OwnerBooking = z.infer<typeof OwnerBookingSchema>;

export const OwnerBookingResponseSchema = z.object({
  booking: AdminBookingSchema,
  /** The page the guest pays on: `/checkout/{bookingId}`. */
  checkoutPath: z.string(),
  checkoutUrl: z.string(),
});

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** Nights a channel's feed blocks (Airbnb, Booking.com), for the owner's month view. */
export const ImportedEventSchema = z.object({
  sourceId: z.string(),
  uid: z.string(),
  checkInDate: z.string(),
  checkOutDate: z.string(),
  summary: z.string(),
  conflict: z.boolean(),
});
export type ImportedEvent = z.infer<typeof ImportedEventSchema>;
/** The download helpers (/download, /files): archives built by `npm run package`, with their real sizes. */
export const DOWNLOAD_ARCHIVE_IDS = ['website', 'full', 'server'] as const;
export type DownloadArchiveId = (typeof DOWNLOAD_ARCHIVE_IDS)[number];
export const DownloadArchiveSchema = z.object({
  id: z.enum(DOWNLOAD_ARCHIVE_IDS),
  file: z.string(),
  url: z.string(),
  /** null while the archive has not been built. */
  bytes: z.number().int().nullable(),
  builtAt: z.string().nullable(),
});
export type DownloadArchive = z.infer<typeof DownloadArchiveSchema>;
export const DownloadsResponseSchema = z.object({ archives: z.array(DownloadArchiveSchema) });

// ── Payments, holds and the guest's booking (issue 5) ──────────────────────────────────────────────────────

/** GET /api/config: what the browser needs to know at run time (never baked into the build). */
export const ClientConfigSchema = z.object({
  payments: z.enum(['demo', 'stripe']),
  stripePublishableKey: z.string().optional(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

/** The guest's stay and contact details as the booking page sends them (spec section 3, "Booking payload"). */
export const GuestBookingSchema = z.object({
  propertyId: wholeNumber('propertyId', { min: 1, max: PG_INTEGER_MAX }),
  checkInDate: dateField('checkInDate', { written: true }),
  checkOutDate: dateField('checkOutDate', { written: true }),
  guestCount: guestCount().default(1),
  contactName,
  contactEmail,
  contactPhone: contactPhone.default(''),
  specialRequests: specialRequests.default(''),
  /** Pounds, as the page shows it; informative only: the server prices the stay itself. */
  totalPrice: z
    .number()
    .nonnegative()
    .max(MAX_PAYMENT_GBP, `totalPrice must be at most ${MAX_PAYMENT_GBP} pounds`)
    .optional(),
  /** The original page sends 'confirmed'; it never makes a booking confirmed by itself. */
  status: textField().max(20).optional(),
  /** The promo code the guest applied (issue 14); the server checks it again when it holds the nights. */
  promoCode: textField().trim().max(40, 'A promo code is at most 40 characters.').optional(),
});
export type GuestBooking = z.input<typeof GuestBookingSchema>;

/** POST /api/create-payment-intent from the booking page: amount in pence (spec section 7). */
export const BookingPageIntentRequestSchema = z.object({
  amount: z
    .number()
    .int('amount must be whole pence')
    .positive()
    .max(MAX_PAYMENT_GBP * 100, `amount must be at most ${MAX_PAYMENT_GBP * 100} pence`),
  currency: z.literal('gbp', { error: "currency must be 'gbp'" }).default('gbp'),
  booking: GuestBookingSchema,
  payment_method_types: z.array(textField().max(40)).max(5).optional(),
  /** Sent back by the page when it retries, so the guest keeps its own hold. */
  holdToken: textField().max(100).optional(),
  /**
   * The guest agreed to the card being saved for the balance (issue 15): required when the owner's payment
   * schedule makes this booking a deposit now and the balance later (else 409 `card_consent_required`).
   */
  saveCardConsent: z.boolean().optional(),
});
export type BookingPageIntentRequest = z.input<typeof BookingPageIntentRequestSchema>;

/** POST /api/create-payment-intent from the checkout page: amount in pounds (spec section 7). */
export const CheckoutIntentRequestSchema = z.object({
  amount: z.number().positive().max(MAX_PAYMENT_GBP, `amount must be at most ${MAX_PAYMENT_GBP} pounds`),
  bookingId: textField().min(1).max(100),
});
export type CheckoutIntentRequest = z.input<typeof CheckoutIntentRequestSchema>;

/** Both request shapes; the route tells them apart by `booking` or `bookingId`. */
export const CreatePaymentIntentRequestSchema = z
  .object({
    amount: z.number(),
    currency: textField().optional(),
    booking: z.unknown().optional(),
    bookingId: textField().optional(),
    payment_method_types: z.unknown().optional(),
    holdToken: textField().optional(),
    saveCardConsent: z.unknown().optional(),
  })
  .refine((body) => body.booking !== undefined || body.bookingId !== undefined, {
    message: 'Send either booking (from the booking page) or bookingId (from the checkout page).',
  });

export const CreatePaymentIntentResponseSchema = z.object({
  client_secret: z.string(),
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  bookingId: z.string(),
  /** Pence. */
  amount: z.number().int(),
  currency: z.literal('gbp'),
  holdToken: z.string().nullable(),
  holdExpiresAt: z.string().nullable(),
});
export type CreatePaymentIntentResponse = z.infer<typeof CreatePaymentIntentResponseSchema>;

/** POST /api/bookings: the booking page's payload after a successful payment. */
export const CreateBookingRequestSchema = GuestBookingSchema.extend({
  paymentIntentId: textField().max(200).optional(),
});

/** POST /api/payment-success (checkout page). */
export const PaymentSuccessRequestSchema = z.object({
  paymentIntentId: textField().min(1).max(200),
  bookingId: textField().min(1).max(100),
});

/** GET /api/bookings/{id}: public (ids are random UUIDs), so it carries only what the checkout page shows. */
export const PublicBookingSchema = z.object({
  id: z.string(),
  checkInDate: z.string(),
  checkOutDate: z.string(),
  guestCount: z.number().int(),
  contactName: z.string(),
  /** Pounds. */
  totalPrice: z.number(),
  status: z.enum(['pending', 'confirmed', 'canceled', 'expired']),
  holdExpiresAt: z.string().nullable(),
  /** How the booking is paid (issue 15): 'full', or 'deposit' now and the balance later. Pounds. */
  scheduleKind: z.enum(['full', 'deposit']),
  depositPrice: z.number().nullable(),
  balancePrice: z.number().nullable(),
  balanceDueOn: z.string().nullable(),
  paidPrice: z.number(),
  /** The balance is still owed: the checkout page then takes the balance, not the total. */
  balanceOutstanding: z.boolean(),
});
export type PublicBooking = z.infer<typeof PublicBookingSchema>;

/** Demo payments: the browser's stand-in for Stripe.js's confirmCardPayment. Only Stripe's test numbers. */
export const DemoCardSchema = z.object({
  number: textField().trim().min(1, 'Card number is required').max(30),
  expMonth: z.number().int().min(1, 'Expiry month must be 1–12').max(12, 'Expiry month must be 1–12'),
  expYear: z.number().int().min(0).max(9999),
  cvc: textField().trim().max(4),
});
export type DemoCard = z.infer<typeof DemoCardSchema>;

export const DemoConfirmRequestSchema = z.object({
  clientSecret: textField().min(1).max(200),
  card: DemoCardSchema,
  postcode: textField().trim().max(20).optional(),
});

export const DemoAuthenticateRequestSchema = z.object({
  clientSecret: textField().min(1).max(200),
  outcome: z.enum(['complete', 'fail']),
});

export const DemoIntentStatusSchema = z.object({
  id: z.string(),
  status: z.enum([
    'requires_payment_method',
    'requires_confirmation',
    'requires_action',
    'processing',
    'succeeded',
    'canceled',
  ]),
  /** The decline message of the last attempt ('Your card was declined.'), else null. */
  error: z.string().nullable(),
  nextAction: z.enum(['authenticate']).nullable(),
});
export type DemoIntentStatus = z.infer<typeof DemoIntentStatusSchema>;

/* ---------- Availability, quotes and owner blocks (issue 4) ---------- */

const propertyIdField = wholeNumber('propertyId', { min: 1, max: PG_INTEGER_MAX, coerce: true });

/** `?propertyId&checkInDate&checkOutDate` of `/api/availability` and `/api/quote`. */
export const StayQuerySchema = z.object({
  propertyId: propertyIdField,
  checkInDate: dateField('checkInDate'),
  checkOutDate: dateField('checkOutDate'),
});
export type StayQuery = z.infer<typeof StayQuerySchema>;

export const PropertyIdParamsSchema = z.object({ propertyId: propertyIdField });

/** `?promoCode` of `/api/quote`, beside the stay: the code the guest typed (any case). */
export const PromoCodeTextSchema = textField().trim().max(40, 'A promo code is at most 40 characters.');
export const QuoteQuerySchema = StayQuerySchema.extend({ promoCode: PromoCodeTextSchema.optional() });

const QuoteNightSchema = z.object({
  date: z.string(),
  pricePence: z.number().int(),
  weekend: z.boolean(),
  season: z.string().nullable(),
  special: z.boolean(),
});

/**
 * The price of a stay: what the page shows and what the payment charges. The first fields are the original
 * contract, in pounds (now with pence when a discount or levy makes them); the rest itemise it in pence
 * (src/domain/pricing.ts, issue 14).
 */
export const QuoteSchema = z.object({
  nights: z.number().int(),
  weekdayNights: z.number().int(),
  weekendNights: z.number().int(),
  weekdayRate: z.number(),
  weekendRate: z.number(),
  accommodation: z.number(),
  cleaningFee: z.number(),
  serviceFee: z.number(),
  total: z.number(),
  currency: z.literal('gbp'),
  nightly: z.array(QuoteNightSchema),
  lines: z.array(
    z.object({
      kind: z.enum(['weekday', 'weekend', 'special']),
      season: z.string().nullable(),
      pricePence: z.number().int(),
      nights: z.number().int(),
    }),
  ),
  nightsPence: z.number().int(),
  discounts: z.array(
    z.object({
      kind: z.enum(['length_of_stay', 'promo']),
      label: z.string(),
      amountPence: z.number().int(),
    }),
  ),
  discountPence: z.number().int(),
  accommodationPence: z.number().int(),
  cleaningFeePence: z.number().int(),
  serviceFeePercent: z.number(),
  serviceFeePence: z.number().int(),
  levy: z.object({ percent: z.number(), nights: z.number().int(), pence: z.number().int() }).nullable(),
  levyPence: z.number().int(),
  totalPence: z.number().int(),
  promoCode: z.string().nullable(),
});

/** GET /api/rate-plan: the plan the booking card and the calendar price with (promo codes stay private). */
export const PublicRatePlanSchema = RatePlanSchema;

export const PromoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  percent: z.number().nullable(),
  amountPence: z.number().int().nullable(),
  bookFrom: z.string().nullable(),
  bookTo: z.string().nullable(),
  stayFrom: z.string().nullable(),
  stayTo: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  active: z.boolean(),
  /** Bookings confirmed with it, or holding their nights with it now. */
  uses: z.number().int(),
});

/** The owner's Prices tab: the plan and every promo code. Every change answers the same. */
export const AdminRatePlanSchema = z.object({ plan: RatePlanSchema, promoCodes: z.array(PromoCodeSchema) });
export type AdminRatePlan = z.infer<typeof AdminRatePlanSchema>;

/**
 * Taken nights from today on (`yyyy-MM-dd`, sorted): confirmed stays, live payment holds, owner blocks and
 * channel events. `bookingsCount` counts the guest stays and channel events among them, `blockedDatesCount`
 * the owner blocks.
 */
export const UnavailableDatesSchema = z.object({
  unavailableDates: z.array(z.string()),
  bookingsCount: z.number().int(),
  blockedDatesCount: z.number().int(),
});
export type UnavailableDates = z.infer<typeof UnavailableDatesSchema>;

export const AvailabilitySchema = z.object({ available: z.boolean() });

/** Block-dates payload (spec section 3): propertyId defaults to 1, reason optional. */
export const BlockDatesSchema = z.object({
  propertyId: propertyIdField.default(1),
  checkInDate: dateField('checkInDate'),
  checkOutDate: dateField('checkOutDate'),
  reason: textField().trim().max(500, 'reason must be at most 500 characters').optional().default(''),
});
export type BlockDatesInput = z.input<typeof BlockDatesSchema>;

/** An owner block as the admin API returns it: a booking of kind 'block' named 'Owner Block'. */
export const OwnerBlockSchema = z.object({
  id: z.string(),
  propertyId: z.number().int(),
  kind: z.literal('block'),
  status: z.literal('confirmed'),
  checkInDate: z.string(),
  checkOutDate: z.string(),
  contactName: z.literal(OWNER_BLOCK_NAME),
  reason: z.string(),
});
export type OwnerBlock = z.infer<typeof OwnerBlockSchema>;

/* ---------- Path parameters and query strings ---------- */

/** `:id` of a stay (the owner's bookings, the public booking look-up) or of a demo payment intent. */
export const RecordIdParamsSchema = z.object({ id: textField().min(1).max(100) });

/** `:id` of an e-mail in the outbox (a bigserial: any whole number JavaScript holds exactly). */
export const OutboxIdParamsSchema = z.object({
  id: wholeNumber('id', { min: 1, max: Number.MAX_SAFE_INTEGER, coerce: true }),
});

/** `?limit` of the audit log. */
export const AuditQuerySchema = z.object({
  limit: wholeNumber('limit', { min: 1, max: 500, coerce: true }).default(100),
});

/** `?byOwner` of the refund preview. */
export const RefundPreviewQuerySchema = z.object({ byOwner: z.enum(['true', 'false']).optional() });

/** `/api/ical/:file?key=` of the export feed. */
export const IcalFeedParamsSchema = z.object({ file: textField().max(100) });
export const IcalFeedQuerySchema = z.object({ key: textField().max(200).optional() });

/** The guest's form on the booking card: in its own module, so the browser loads only this schema with it. */
export { type BookingForm, BookingFormSchema } from './booking-form.ts';
