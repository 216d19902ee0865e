import type { Quote } from '../../../domain/pricing.ts';

/** What the booking card hands to the payment step once dates, total, name and e-mail are set. */
export type PaymentPanelProps = {
  stay: { propertyId: number; checkInDate: string; checkOutDate: string; guestCount: number };
  contact: { contactName: string; contactEmail: string; contactPhone: string; specialRequests: string };
  quote: Quote;
  /** Called once the server has confirmed the booking; the card then resets and the guest moves on. */
  onPaid(bookingId: string): void;
};

/** The card and wallet payment buttons of the booking card (spec section 4, steps 3–7). */
export function PaymentPanel(_props: PaymentPanelProps) {
  return null;
}
