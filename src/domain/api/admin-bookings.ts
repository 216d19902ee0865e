import { z } from 'zod';
import { ATTENTION_CODES } from '../attention.ts';
import { BOOKING_STATUSES } from '../booking-lifecycle.ts';
import { contactEmail, contactName, guestCountText } from '../contact-details.ts';
import { dateField, textField, wholeNumber } from '../input-fields.ts';
import { ARRIVAL_STEPS } from './arrival.ts';
import { propertyIdField } from './availability.ts';
import { calendarDay, pence, stayDates, timestamp } from './fields.ts';

/**
 * The owner's bookings, owner blocks, cancellations and audit log (spec sections 3, 4 and 7):
 * src/server/admin-bookings/.
 * One schema for the route, the browser's fetch call and its form (docs/architecture.md).
 */

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
  ...stayDates,
  guestCount: z.number().int(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  specialRequests: z.string(),
  /** Owner blocks: the owner's reason. */
  reason: z.string(),
  /** A day hire's hours ('09:00–17:00'), null for a stay of nights; `holdsNight` false: its night stays bookable. */
  dayHireHours: z.string().nullable(),
  holdsNight: z.boolean(),
  /** Pounds, as the spec shows it. */
  totalPrice: z.number(),
  status: z.enum(BOOKING_STATUSES),
  /** Pending only: when the hold on the nights lapses (ISO timestamp). */
  holdExpiresAt: timestamp.nullable(),
  /** Why the owner must look at it (a code), and `flag`, the same as a sentence for the owner. */
  attention: z.enum(ATTENTION_CODES).nullable(),
  flag: z.string().nullable(),
  paidPence: pence,
  refundedPence: pence,
  /** A refund owed that the payment provider has not yet accepted (retry with Cancel). */
  refundDuePence: pence,
  createdAt: timestamp,
  confirmedAt: timestamp.nullable(),
  canceledAt: timestamp.nullable(),
  /** Deposit now, balance later (docs/decisions/016). 'full' bookings have no balance. */
  scheduleKind: z.enum(['full', 'deposit']),
  depositPence: pence,
  balancePence: pence,
  /** The day the balance is (or was) charged automatically. */
  balanceDueOn: calendarDay.nullable(),
  balanceStatus: z.enum(['none', 'scheduled', 'processing', 'succeeded', 'failed', 'canceled']),
  /** 'authentication_required' or 'declined' after a failed charge, with the provider's words. */
  balanceFailureCode: z.string().nullable(),
  balanceLastError: z.string().nullable(),
  balanceLastAttemptAt: timestamp.nullable(),
  /** Still owed by the guest on a standing booking (pence): the balance until it is paid. */
  duePence: pence,
  /**
   * A guest's stay whose arrival e-mail will give an access code: its own, or the owner's default (owner blocks:
   * false). Without one the stay is not ready for its guest (the owner is warned 36 hours before arrival).
   */
  hasAccessCode: z.boolean(),
  /**
   * A confirmed guest stay's online check-in steps still open before its access code is sent ([]: ready;
   * docs/decisions/025-online-check-in.md); null for any other stay.
   */
  checkInMissing: z.enum(ARRIVAL_STEPS).array().nullable(),
});

export type AdminBooking = z.infer<typeof AdminBookingSchema>;

/** The refund the terms give for cancelling a booking now (the same function previews and issues it). */
export const RefundPreviewSchema = z.object({
  bookingId: z.string(),
  amountPence: pence,
  paidPence: pence,
  feePence: pence,
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
  refundPence: pence,
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
  createdAt: timestamp,
});

export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** Nights a channel's feed blocks (Airbnb, Booking.com), for the owner's month view. */
export const ImportedEventSchema = z.object({
  sourceId: z.string(),
  uid: z.string(),
  ...stayDates,
  summary: z.string(),
  conflict: z.boolean(),
});

export type ImportedEvent = z.infer<typeof ImportedEventSchema>;

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
  ...stayDates,
  contactName: z.literal(OWNER_BLOCK_NAME),
  reason: z.string(),
});

/** `?limit` of the audit log. */
export const AuditQuerySchema = z.object({
  limit: wholeNumber('limit', { min: 1, max: 500, coerce: true }).default(100),
});

/** `?byOwner` of the refund preview. */
export const RefundPreviewQuerySchema = z.object({ byOwner: z.enum(['true', 'false']).optional() });
