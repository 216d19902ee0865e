import { z } from 'zod';
import { contactEmail, contactName, contactPhone } from '../contact-details.ts';
import { dateField, textField } from '../input-fields.ts';
import { MAX_GUESTS } from '../property.ts';
import { calendarDay, stayDates, timestamp } from './fields.ts';

/**
 * Enquiries and the owner's quotes (docs/decisions/028-enquiries-and-quotes.md): the Contact page's form, the
 * admin's Enquiries list, the owner's offer and the guest's quote page. One schema for the route, the browser's
 * fetch call and its form.
 */

export const ENQUIRY_KINDS = ['day_hire', 'stay', 'group', 'other'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];
export const ENQUIRY_KIND_LABELS: Record<EnquiryKind, string> = {
  day_hire: 'Corporate day hire',
  stay: 'A stay outside the usual rules (one night, or more than 28)',
  group: 'A group arrangement',
  other: 'Something else',
};

/** The most people a day hire or a group may name (the house sleeps MAX_GUESTS; a day hire may bring more). */
export const MAX_ENQUIRY_PEOPLE = 50;
/** More web addresses than this in a message is how most spam looks; a person is told to describe them. */
export const MAX_MESSAGE_LINKS = 2;
export const TOO_MANY_LINKS_MESSAGE = `Please include at most ${MAX_MESSAGE_LINKS} web addresses in your message: describe the rest in words, and we can exchange links once we reply.`;
/** The hidden field a person never sees: a browser's autofill may still fill it, so they are told what to do. */
export const HONEYPOT_MESSAGE =
  'Please leave the field labelled "Leave this empty" blank: it is there to stop automated messages.';

/** How many web addresses a message holds (http(s)://…, www.…). */
export function countLinks(text: string): number {
  return text.match(/\b(?:https?:\/\/|www\.)\S+/gi)?.length ?? 0;
}

const optionalDate = (name: string) =>
  z.union([z.literal(''), dateField(name, { written: true })]).optional();

const people = z.coerce
  .number({ error: `Give the number of people (1 to ${MAX_ENQUIRY_PEOPLE})` })
  .int('Give a whole number of people')
  .min(1, 'At least 1 person')
  .max(MAX_ENQUIRY_PEOPLE, `At most ${MAX_ENQUIRY_PEOPLE} people`);

const enquiryFields = {
  kind: z.enum(ENQUIRY_KINDS, { error: 'Choose what you would like to ask about' }),
  dateFrom: optionalDate('dateFrom'),
  dateTo: optionalDate('dateTo'),
  people,
  message: textField({ multiline: true, error: 'Tell us a little about what you would like' })
    .trim()
    .min(10, 'Tell us a little more about what you would like (at least 10 characters)')
    .max(5000, 'Your message is too long: please keep it under 5,000 characters')
    .refine((text) => countLinks(text) <= MAX_MESSAGE_LINKS, TOO_MANY_LINKS_MESSAGE),
  name: contactName,
  email: contactEmail,
  phone: contactPhone.optional(),
};

/** The rules between fields: a day hire names its date; the last date is not before the first. */
function enquiryRules(
  value: { kind: EnquiryKind; dateFrom?: string | undefined; dateTo?: string | undefined },
  context: z.RefinementCtx,
) {
  if (value.kind === 'day_hire' && !value.dateFrom) {
    context.addIssue({
      code: 'custom',
      message: 'Give the date you would like to hire The Tower',
      path: ['dateFrom'],
    });
  }
  if (value.dateFrom && value.dateTo && value.dateTo < value.dateFrom) {
    context.addIssue({
      code: 'custom',
      message: 'The last date must be on or after the first',
      path: ['dateTo'],
    });
  }
}

/** The Contact page's enquiry form, as the browser checks it. */
export const EnquiryFormSchema = z.object(enquiryFields).superRefine(enquiryRules);
export type EnquiryForm = z.output<typeof EnquiryFormSchema>;

/**
 * What the server is sent: the form, the hidden field a person leaves empty (`website`), and the token given
 * when the form was shown (`formToken`, for the minimum time).
 */
export const EnquiryRequestSchema = z
  .object({
    ...enquiryFields,
    website: textField().max(500).optional(),
    formToken: textField().max(2000, 'The form token is not valid').optional(),
  })
  .superRefine(enquiryRules);
export type EnquiryRequest = z.output<typeof EnquiryRequestSchema>;

export const EnquiryFormTokenSchema = z.object({ formToken: z.string() });
export const EnquiryReceivedSchema = z.object({ id: z.string(), message: z.string() });

// --- The owner's side ---

export const ENQUIRY_STATUSES = ['new', 'quoted', 'booked', 'declined'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const QUOTE_STATUSES = ['open', 'paid', 'withdrawn', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** What a quote offers, as the owner and the guest read it. */
const QuoteOfferSchema = z.object({
  id: z.string(),
  kind: z.enum(['stay', 'day_hire']),
  ...stayDates,
  dayHireHours: z.string().nullable(),
  nightBookable: z.boolean(),
  guestCount: z.number().int(),
  contactName: z.string(),
  totalPrice: z.number(),
  included: z.string(),
  expiresAt: timestamp,
  holdDates: z.boolean(),
  status: z.enum(QUOTE_STATUSES),
  bookingId: z.string().nullable(),
});

export const AdminQuoteSchema = QuoteOfferSchema.extend({
  enquiryId: z.string().nullable(),
  contactEmail: z.string(),
  /** The guest's link: `/quote/{id}?key=…`. */
  quoteUrl: z.string(),
  createdAt: timestamp,
});
export type AdminQuote = z.infer<typeof AdminQuoteSchema>;

export const EnquiryEventSchema = z.object({ kind: z.string(), text: z.string(), at: timestamp });

export const AdminEnquirySchema = z.object({
  id: z.string(),
  kind: z.enum(ENQUIRY_KINDS),
  dateFrom: calendarDay.nullable(),
  dateTo: calendarDay.nullable(),
  people: z.number().int().nullable(),
  message: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  createdAt: timestamp,
  thread: z.array(EnquiryEventSchema),
  quotes: z.array(AdminQuoteSchema),
});
export type AdminEnquiry = z.infer<typeof AdminEnquirySchema>;
export const AdminEnquiriesSchema = z.object({
  enquiries: z.array(AdminEnquirySchema),
  /** Quotes made from scratch, with no enquiry. */
  quotes: z.array(AdminQuoteSchema),
});

/** The owner's offer: a stay of 1 to 90 nights, or a day hire on one date. */
export const MAX_QUOTE_NIGHTS = 90;
export const DAY_HIRE_HOURS_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (name: string) =>
  textField({ error: `Give the ${name} time (hh:mm)` }).regex(
    DAY_HIRE_HOURS_PATTERN,
    `Give the ${name} time as hh:mm, e.g. 09:00`,
  );

export const QuoteFormSchema = z
  .object({
    enquiryId: textField().max(100).optional(),
    kind: z.enum(['stay', 'day_hire'], { error: 'Choose a stay or a day hire' }),
    checkInDate: dateField('checkInDate', { written: true }),
    /** A stay's check-out; a day hire's is the next day. */
    checkOutDate: z.union([z.literal(''), dateField('checkOutDate', { written: true })]).optional(),
    startTime: z.union([z.literal(''), time('start')]).optional(),
    endTime: z.union([z.literal(''), time('end')]).optional(),
    nightBookable: z.boolean().optional(),
    guestCount: z.coerce
      .number({ error: `Give the number of people (1 to ${MAX_ENQUIRY_PEOPLE})` })
      .int('Give a whole number of people')
      .min(1, 'At least 1 person')
      .max(MAX_ENQUIRY_PEOPLE, `At most ${MAX_ENQUIRY_PEOPLE} people`),
    contactName,
    contactEmail,
    contactPhone: contactPhone.optional(),
    totalPrice: z.coerce
      .number({ error: 'Give the price for the whole, in pounds' })
      .min(1, 'The price must be at least £1')
      .max(100_000, 'The price must be at most £100,000')
      .refine(
        (pounds) => Math.abs(pounds * 100 - Math.round(pounds * 100)) < 1e-6,
        'Give the price in pounds and pence',
      ),
    included: textField({ multiline: true }).trim().max(2000, 'Keep what is included under 2,000 characters'),
    validDays: z.coerce
      .number({ error: 'Give how many days the quote stays open (1 to 30)' })
      .int('Give a whole number of days')
      .min(1, 'Keep the quote open at least 1 day')
      .max(30, 'Keep the quote open at most 30 days'),
    holdDates: z.boolean().optional(),
  })
  .refine((value) => value.kind !== 'stay' || Boolean(value.checkOutDate), {
    message: 'Give the check-out date',
    path: ['checkOutDate'],
  })
  .refine((value) => value.kind !== 'stay' || value.guestCount <= MAX_GUESTS, {
    message: `A stay is for at most ${MAX_GUESTS} guests`,
    path: ['guestCount'],
  })
  .refine((value) => value.kind !== 'day_hire' || Boolean(value.startTime && value.endTime), {
    message: 'Give the hours of the day hire',
    path: ['endTime'],
  })
  .refine(
    (value) =>
      value.kind !== 'day_hire' || !value.startTime || !value.endTime || value.endTime > value.startTime,
    { message: 'The day hire must end after it starts', path: ['endTime'] },
  );
export type QuoteForm = z.output<typeof QuoteFormSchema>;

// --- The guest's quote page ---

export const QuoteKeyQuerySchema = z.object({
  key: textField({ error: 'The link is missing its key' }).max(200, 'The link is not valid'),
});

export const PublicQuoteSchema = QuoteOfferSchema.extend({
  /** Why it cannot be paid (withdrawn, expired, paid), or null while it can. */
  closedReason: z.string().nullable(),
});
export type PublicQuote = z.infer<typeof PublicQuoteSchema>;

export const AcceptQuoteResponseSchema = z.object({ bookingId: z.string(), checkoutPath: z.string() });
