import { z } from 'zod';
import { BOOKING_STATUSES } from '../booking-lifecycle.ts';
import { contactEmail, contactName, contactPhone, guestCount, specialRequests } from '../contact-details.ts';
import { dateField, PG_INTEGER_MAX, textField, wholeNumber } from '../input-fields.ts';
import { MAX_PAYMENT_GBP } from '../property.ts';
import { DamageHoldConfigSchema } from './damage-holds.ts';
import { calendarDay, stayDates, timestamp } from './fields.ts';

/**
 * Payments, holds and the guest's booking before it is paid (spec section 7): src/server/payments/.
 * One schema for the route, the browser's fetch call and its form (docs/architecture.md).
 */

/** GET /api/config: what the browser needs to know at run time (never baked into the build). */
export const ClientConfigSchema = z.object({
  /** `off`: a public site whose owner has not entered Stripe's keys yet takes no payment (decision 024). */
  payments: z.enum(['demo', 'stripe', 'off']),
  stripePublishableKey: z.string().optional(),
  /** The damage deposit the booking card announces before payment (docs/decisions/031); null: none. */
  damageHold: DamageHoldConfigSchema,
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
  /** The promo code the guest applied (decision 013); the server checks it again when it holds the nights. */
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
   * The guest agreed to the card being saved for the balance: required when the owner's payment
   * schedule makes this booking a deposit now and the balance later (else 409 `card_consent_required`).
   * See docs/decisions/016-deposit-now-balance-later.md.
   */
  saveCardConsent: z.boolean().optional(),
  /**
   * The guest asked for no reminder if they leave before paying: their address is never followed up
   * (docs/decisions/032-checkout-follow-ups.md).
   */
  noFollowUp: z.boolean().optional(),
});

export type BookingPageIntentRequest = z.input<typeof BookingPageIntentRequestSchema>;

/** POST /api/create-payment-intent from the checkout page: amount in pounds (spec section 7). */
export const CheckoutIntentRequestSchema = z.object({
  amount: z.number().positive().max(MAX_PAYMENT_GBP, `amount must be at most ${MAX_PAYMENT_GBP} pounds`),
  bookingId: textField().min(1).max(100),
  /**
   * The guest agreed to the card being saved for the balance of a deposit plan and for the owner's damage deposit:
   * required for the booking's first payment when either applies, as on the booking page (else 409
   * `card_consent_required` with the `plan` and the `damageHold`). See docs/decisions/016-deposit-now-balance-later.md
   * and docs/decisions/031-damage-deposit-hold.md.
   */
  saveCardConsent: z.boolean().optional(),
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
    noFollowUp: z.unknown().optional(),
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
  holdExpiresAt: timestamp.nullable(),
  /**
   * The key of the guest's own page (`/booking/{reference}`, docs/decisions/017-after-paying.md), for the browser
   * placing the hold of the stay's first payment: it opens that page from the success page. Null for the
   * balance of a confirmed booking (its checkout link travels in e-mails and addresses).
   */
  manageKey: z.string().nullable(),
});

export type CreatePaymentIntentResponse = z.infer<typeof CreatePaymentIntentResponseSchema>;

const pence = z.number().int();

/**
 * The 409 `card_consent_required` of POST /api/create-payment-intent: what the guest is asked to agree to before
 * paying, the booking's plan (`PaymentPlan`, a deposit's balance: docs/decisions/016-deposit-now-balance-later.md)
 * and the owner's damage deposit (docs/decisions/031-damage-deposit-hold.md), each shown with its own box.
 */
export const CardConsentRequiredSchema = z.object({
  plan: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('full'), todayPence: pence, totalPence: pence }),
      z.object({
        kind: z.literal('deposit'),
        todayPence: pence,
        totalPence: pence,
        balancePence: pence,
        balanceDueOn: calendarDay,
      }),
    ])
    .optional(),
  damageHold: DamageHoldConfigSchema.optional(),
});

export type CardConsentRequired = z.infer<typeof CardConsentRequiredSchema>;

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
  ...stayDates,
  guestCount: z.number().int(),
  contactName: z.string(),
  /** Pounds. */
  totalPrice: z.number(),
  status: z.enum(BOOKING_STATUSES),
  holdExpiresAt: timestamp.nullable(),
  /** How the booking is paid (docs/decisions/016): 'full', or 'deposit' now and the balance later. Pounds. */
  scheduleKind: z.enum(['full', 'deposit']),
  depositPrice: z.number().nullable(),
  balancePrice: z.number().nullable(),
  balanceDueOn: calendarDay.nullable(),
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
    'requires_capture',
    'succeeded',
    'canceled',
  ]),
  /** The decline message of the last attempt ('Your card was declined.'), else null. */
  error: z.string().nullable(),
  nextAction: z.enum(['authenticate']).nullable(),
});

export type DemoIntentStatus = z.infer<typeof DemoIntentStatusSchema>;

/** The Stripe keys the server's environment may set (PAYMENTS, STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY, …). */
export const STRIPE_SETTING_FIELDS = ['payments', 'publishableKey', 'secretKey', 'webhookSecret'] as const;

/**
 * GET /api/admin/settings/stripe: the payments the site takes now. Secrets are never sent back, only their last
 * four characters; a field in `fromEnvironment` is set by the server's environment, which wins (read-only).
 */
export const StripeSettingsSchema = z.object({
  mode: z.enum(['demo', 'stripe', 'off']),
  publishableKey: z.string().nullable(),
  secretKeyLast4: z.string().nullable(),
  webhookSecretLast4: z.string().nullable(),
  fromEnvironment: z.array(z.enum(STRIPE_SETTING_FIELDS)),
});
export type StripeSettings = z.infer<typeof StripeSettingsSchema>;

const stripeKey = (prefixes: RegExp, sentence: string) =>
  textField({ error: sentence }).trim().max(500, sentence).regex(prefixes, sentence);

/**
 * PUT /api/admin/settings/stripe: checked with Stripe (its account endpoint) before anything is stored. A blank
 * secret keeps the stored one; the publishable and secret keys must be of the same mode (test or live).
 */
export const SaveStripeSettingsSchema = z.object({
  publishableKey: stripeKey(
    /^pk_(test|live)_[A-Za-z0-9_]+$/,
    'The publishable key starts with pk_live_ (or pk_test_ for Stripe’s test mode).',
  ),
  secretKey: z
    .literal('')
    .or(
      stripeKey(
        /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
        'The secret key starts with sk_live_ (or sk_test_ for Stripe’s test mode).',
      ),
    )
    .optional(),
  webhookSecret: z
    .literal('')
    .or(stripeKey(/^whsec_[A-Za-z0-9_]+$/, 'The webhook signing secret starts with whsec_.'))
    .optional(),
});
export type SaveStripeSettings = z.infer<typeof SaveStripeSettingsSchema>;
