/**
 * The machine codes the server writes to a stay's `flag` when the owner must look at it. The admin area shows
 * each as a sentence (src/web/features/admin/flag-sentence.ts), never as the code. Other flags are sentences
 * already ('Refund of £50 pending.', 'Refund of £50 failed: …') and are shown as they are.
 */
export const STAY_FLAGS = {
  /** A channel's imported event (Airbnb, Booking.com) overlaps this confirmed direct booking. */
  calendarConflict: 'calendar_conflict',
  /** Paid after the hold lapsed and the nights were taken meanwhile: no booking, refunded in full. */
  paidAfterNightsTaken: 'paid_after_nights_taken',
  /** Paid after the owner cancelled the booking: refunded in full. */
  paidAfterCancellation: 'paid_after_cancellation',
} as const;

export type StayFlagCode = (typeof STAY_FLAGS)[keyof typeof STAY_FLAGS];
