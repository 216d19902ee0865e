import { z } from 'zod';
import { BOOKING_STATUSES } from '../booking-lifecycle.ts';
import { contactEmail } from '../contact-details.ts';
import { dateField, textField } from '../input-fields.ts';
import { RefundPreviewSchema } from './admin-bookings.ts';
import { calendarDay, pence, stayDates, timestamp } from './fields.ts';

/**
 * Schemas of the guest's journey after paying: the 'manage my booking' page's API, the owner's guest
 * message settings, a stay's access code, scheduled messages and the guest's data (UK GDPR).
 * See docs/decisions/017-after-paying.md.
 */

/** `:reference` of `/api/manage/:reference` ('TWR-8D38-6281'); any other text is the same 404. */
export const ManageParamsSchema = z.object({ reference: textField().max(40) });
/** The key of the guest's link: missing or wrong answers the same 404 as a missing booking. */
export const ManageKeyQuerySchema = z.object({ key: textField().max(200).optional() });

/** Who owes what for a stay: a deposit booking owes its balance until it is paid (docs/decisions/016). */
export const StayMoneySchema = z.object({
  totalPence: pence,
  paidPence: pence,
  refundedPence: pence,
  /** What is still to pay: a deposit booking's balance until it is paid. */
  duePence: pence,
  /** When the balance is charged to the saved card (yyyy-MM-dd), while it is still to be charged. */
  balanceDueOn: calendarDay.nullable(),
  /**
   * Where the guest pays the balance themselves (the checkout page, which then takes the balance), when the
   * automatic charge failed; null otherwise.
   */
  payBalancePath: z.string().nullable(),
});
export type StayMoney = z.infer<typeof StayMoneySchema>;

/** What the guest's manage page shows. Never the guest's contact details beyond their name. */
export const ManagedBookingSchema = z.object({
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  ...stayDates,
  nights: z.number().int(),
  guestCount: z.number().int(),
  contactName: z.string(),
  accommodationPence: pence,
  cleaningFeePence: pence,
  serviceFeePence: pence,
  money: StayMoneySchema,
  checkInTime: z.string(),
  checkOutTime: z.string(),
  /** The owner allows the street address on this page (guest message settings). */
  showAddress: z.boolean(),
  /**
   * The house's address as the owner gave it in the Property tab (street, city, postcode), when shown; a booked
   * guest sees it even when the owner keeps it off the public pages.
   */
  address: z.string().nullable(),
  /** The refund the terms give if the guest cancels today; null when the stay cannot be cancelled. */
  refund: RefundPreviewSchema.nullable(),
  canceledAt: timestamp.nullable(),
});
export type ManagedBooking = z.infer<typeof ManagedBookingSchema>;

export const ManageCancelResponseSchema = z.object({
  booking: ManagedBookingSchema,
  refundPence: pence,
  /** The provider refused the refund for now: the owner has been told and will retry it. */
  refundPending: z.boolean(),
});
export type ManageCancelResponse = z.infer<typeof ManageCancelResponseSchema>;

const datesInOrder = <T extends { checkInDate: string; checkOutDate: string }>(value: T) =>
  value.checkOutDate > value.checkInDate;
const DATES_ORDER = {
  message: 'The check-out date must be after the check-in date.',
  path: ['checkOutDate'],
};

/** 'Ask for a change': the dates the guest would like and a message; the owner decides. */
export const ChangeRequestSchema = z
  .object({
    checkInDate: dateField('checkInDate', { written: true }),
    checkOutDate: dateField('checkOutDate', { written: true }),
    message: textField({ multiline: true }).trim().max(2000, 'The message is too long'),
  })
  .refine(datesInOrder, DATES_ORDER);
export type ChangeRequest = z.infer<typeof ChangeRequestSchema>;

/** The owner moves a stay's dates (the stored price stays; the owner settles any difference with the guest). */
export const ChangeDatesSchema = z
  .object({
    checkInDate: dateField('checkInDate', { written: true }),
    checkOutDate: dateField('checkOutDate', { written: true }),
  })
  .refine(datesInOrder, DATES_ORDER);
export type ChangeDates = z.infer<typeof ChangeDatesSchema>;

const accessCode = textField().trim().max(100, 'The access code is too long');

/** The owner's standing settings for the messages guests get before and after their stay. */
export const GuestMessageSettingsSchema = z.object({
  checkInInstructions: textField({ multiline: true })
    .trim()
    .max(5000, 'The check-in instructions are too long'),
  /** Used for every stay that has no code of its own; empty: none. */
  defaultAccessCode: accessCode,
  /** Put in the thank-you e-mail when set. */
  reviewUrl: z
    .string()
    .trim()
    .max(500, 'The review link is too long')
    .refine((value) => value === '' || /^https?:\/\/\S+$/.test(value), 'Give the review link as https://…'),
  /** Show the street address on the guest's manage page. */
  showAddress: z.boolean(),
});
export type GuestMessageSettings = z.infer<typeof GuestMessageSettingsSchema>;

/** A stay's own access code; empty clears it (the default code applies again). */
export const StayAccessCodeSchema = z.object({ accessCode });

/** The messages scheduled for a stay: what goes when, and what went. */
export const SCHEDULED_MESSAGE_KINDS = [
  'arrival',
  'access_code_missing',
  'thank_you',
  // Online check-in (docs/decisions/025-online-check-in.md).
  'arrival_steps_missing',
  'check_in_reminder',
  'not_ready',
] as const;
export type ScheduledMessageKind = (typeof SCHEDULED_MESSAGE_KINDS)[number];

export const StayMessageSchema = z.object({
  /** The outbox kind ('guest.arrival'), or the scheduled kind before it is queued. */
  kind: z.string(),
  label: z.string(),
  to: z.string(),
  /** scheduled: waiting for its time; canceled: the stay was cancelled first; queued/sent/failed: the outbox's. */
  status: z.enum(['scheduled', 'canceled', 'queued', 'sent', 'failed']),
  /** When it is due (scheduled) or was queued. */
  at: timestamp,
  sentAt: timestamp.nullable(),
  subject: z.string().nullable(),
});
export type StayMessage = z.infer<typeof StayMessageSchema>;

export const StayDetailsSchema = z.object({
  id: z.string(),
  reference: z.string(),
  accessCode: z.string().nullable(),
  defaultAccessCode: z.string(),
  /** The guest's manage page, key included. */
  manageUrl: z.string(),
  messages: StayMessageSchema.array(),
});
export type StayDetails = z.infer<typeof StayDetailsSchema>;

export const TemplatePreviewSchema = z.object({
  kind: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export const TemplatePreviewListSchema = TemplatePreviewSchema.array();
export type TemplatePreview = z.infer<typeof TemplatePreviewSchema>;

export const GuestEmailQuerySchema = z.object({ email: contactEmail });
export const GuestEraseSchema = z.object({ email: contactEmail });
export const GuestEraseResponseSchema = z.object({
  erasedStays: z.number().int(),
  erasedMessages: z.number().int(),
  /** Their enquiries and quotes (docs/decisions/028-enquiries-and-quotes.md). */
  erasedEnquiries: z.number().int(),
  erasedQuotes: z.number().int(),
});
export type GuestEraseResponse = z.infer<typeof GuestEraseResponseSchema>;
