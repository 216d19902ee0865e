import { ContactDetailsSchema } from './contact-details.ts';

/** The guest's form on the booking card (spec section 5), plus the number of guests (1–4, spec README). */
export const BookingFormSchema = ContactDetailsSchema;
export type BookingForm = import('./contact-details.ts').ContactDetails;
