import { z } from 'zod';

/**
 * Schemas of the API's requests and responses (spec section 7), shared by the server's routes and the browser's
 * fetch calls and forms: one schema, three uses.
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

/** Login form and payload (spec sections 3 and 5): both fields required. */
export const AdminLoginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(200),
  password: z.string().min(1, 'Password is required').max(1000),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;
export const AdminLoginResponseSchema = z.object({ token: z.string() });
export const AdminVerifyResponseSchema = z.object({ valid: z.literal(true), username: z.string() });

// ── Payments, holds and the guest's booking (issue 5) ──────────────────────────────────────────────────────

/** GET /api/config: what the browser needs to know at run time (never baked into the build). */
export const ClientConfigSchema = z.object({
  payments: z.enum(['demo', 'stripe']),
  stripePublishableKey: z.string().optional(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

const IsoDateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written yyyy-MM-dd');

/** The guest's stay and contact details as the booking page sends them (spec section 3, "Booking payload"). */
export const GuestBookingSchema = z.object({
  propertyId: z.number().int().positive(),
  checkInDate: IsoDateText,
  checkOutDate: IsoDateText,
  guestCount: z.number().int().min(1, 'at least 1 guest').max(4, 'at most 4 guests').default(1),
  contactName: z.string().trim().min(2, 'Name is required').max(200),
  contactEmail: z.email('Valid email is required').max(320),
  contactPhone: z.string().trim().max(50).default(''),
  specialRequests: z.string().trim().max(2000).default(''),
  /** Pounds, as the page shows it; informative only: the server prices the stay itself. */
  totalPrice: z.number().nonnegative().optional(),
  /** The original page sends 'confirmed'; it never makes a booking confirmed by itself. */
  status: z.string().max(20).optional(),
});
export type GuestBooking = z.input<typeof GuestBookingSchema>;

/** POST /api/create-payment-intent from the booking page: amount in pence (spec section 7). */
export const BookingPageIntentRequestSchema = z.object({
  amount: z.number().int('amount must be whole pence').positive(),
  currency: z.literal('gbp', { error: "currency must be 'gbp'" }).default('gbp'),
  booking: GuestBookingSchema,
  payment_method_types: z.array(z.string().max(40)).max(5).optional(),
  /** Sent back by the page when it retries, so the guest keeps its own hold. */
  holdToken: z.string().max(100).optional(),
});
export type BookingPageIntentRequest = z.input<typeof BookingPageIntentRequestSchema>;

/** POST /api/create-payment-intent from the checkout page: amount in pounds (spec section 7). */
export const CheckoutIntentRequestSchema = z.object({
  amount: z.number().positive(),
  bookingId: z.string().min(1).max(100),
});
export type CheckoutIntentRequest = z.input<typeof CheckoutIntentRequestSchema>;

/** Both request shapes; the route tells them apart by `booking` or `bookingId`. */
export const CreatePaymentIntentRequestSchema = z
  .object({
    amount: z.number(),
    currency: z.string().optional(),
    booking: z.unknown().optional(),
    bookingId: z.string().optional(),
    payment_method_types: z.unknown().optional(),
    holdToken: z.string().optional(),
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
  paymentIntentId: z.string().max(200).optional(),
});

/** POST /api/payment-success (checkout page). */
export const PaymentSuccessRequestSchema = z.object({
  paymentIntentId: z.string().min(1).max(200),
  bookingId: z.string().min(1).max(100),
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
});
export type PublicBooking = z.infer<typeof PublicBookingSchema>;

/** Demo payments: the browser's stand-in for Stripe.js's confirmCardPayment. Only Stripe's test numbers. */
export const DemoCardSchema = z.object({
  number: z.string().trim().min(1, 'Card number is required').max(30),
  expMonth: z.number().int().min(1, 'Expiry month must be 1–12').max(12, 'Expiry month must be 1–12'),
  expYear: z.number().int().min(0).max(9999),
  cvc: z.string().trim().max(4),
});
export type DemoCard = z.infer<typeof DemoCardSchema>;

export const DemoConfirmRequestSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: DemoCardSchema,
  postcode: z.string().trim().max(20).optional(),
});

export const DemoAuthenticateRequestSchema = z.object({
  clientSecret: z.string().min(1).max(200),
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
