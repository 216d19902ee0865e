import { z } from 'zod';
import { textField } from './input-fields.ts';
import { MAX_GUESTS } from './property.ts';

/**
 * The guest's contact details and party size, one schema for the booking form, the booking page's API and the
 * owner's phone booking (spec section 5; at most MAX_GUESTS guests, spec README).
 */
export const contactName = textField().trim().min(2, 'Name is required').max(200, 'Name is too long');
export const contactEmail = z
  .string()
  .trim()
  .pipe(z.email('Valid email is required').max(254, 'Valid email is required'));
export const contactPhone = textField().trim().max(40, 'Phone number is too long');
export const specialRequests = textField({ multiline: true })
  .trim()
  .max(2000, 'Special requests are too long');

const guests = {
  type: { error: `Give the number of guests (1 to ${MAX_GUESTS})` },
  whole: 'Give a whole number of guests',
  min: 'At least 1 guest',
  max: `At most ${MAX_GUESTS} guests`,
};

/** The number of guests. */
export const guestCount = () =>
  z.number(guests.type).int(guests.whole).min(1, guests.min).max(MAX_GUESTS, guests.max);
/** The number of guests where it may arrive as text (the owner's form). */
export const guestCountText = () =>
  z.coerce.number(guests.type).int(guests.whole).min(1, guests.min).max(MAX_GUESTS, guests.max);

export const ContactDetailsSchema = z.object({
  contactName,
  contactEmail,
  contactPhone,
  specialRequests,
  guestCount: guestCount(),
});
export type ContactDetails = z.infer<typeof ContactDetailsSchema>;
