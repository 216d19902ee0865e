import { z } from 'zod';
import { textField } from './input-fields.ts';

/** The guest's form on the booking card (spec section 5), plus the number of guests (1–4, spec README). */
export const BookingFormSchema = z.object({
  contactName: textField().trim().min(2, 'Name is required').max(200, 'Name is too long'),
  contactEmail: z
    .string()
    .trim()
    .pipe(z.email('Valid email is required').max(254, 'Valid email is required')),
  contactPhone: textField().trim().max(40, 'Phone number is too long'),
  specialRequests: textField({ multiline: true }).trim().max(2000, 'Special requests are too long'),
  guestCount: z
    .number({ error: 'Choose from 1 to 4 guests' })
    .int('Choose from 1 to 4 guests')
    .min(1, 'Choose from 1 to 4 guests')
    .max(4, 'Choose from 1 to 4 guests'),
});
export type BookingForm = z.infer<typeof BookingFormSchema>;
