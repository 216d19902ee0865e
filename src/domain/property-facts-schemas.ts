import { z } from 'zod';
import { textField } from './input-fields.ts';
import { MAX_GUESTS } from './property.ts';
import {
  EPC_RATINGS,
  LICENCE_NUMBER_MAX,
  MAX_HASHTAGS,
  SOCIAL_NETWORK_LABELS,
  type SocialNetwork,
} from './property-facts.ts';

/**
 * The Property tab's schemas: the owner's facts as entered, as stored and as the admin reads them back. The facts
 * themselves, what the pages print of them and a fresh install's are in property-facts.ts (docs/decisions/014).
 */

/** The hosts a profile link of each network may point to (its own site, never a look-alike). */
const SOCIAL_HOSTS: Record<SocialNetwork, readonly string[]> = {
  facebook: ['facebook.com', 'fb.com'],
  instagram: ['instagram.com'],
  tiktok: ['tiktok.com'],
};
const SOCIAL_EXAMPLES: Record<SocialNetwork, string> = {
  facebook: 'https://www.facebook.com/yourpage',
  instagram: 'https://www.instagram.com/yourname',
  tiktok: 'https://www.tiktok.com/@yourname',
};

/** Blank (after trimming) or null: the fact is not given. */
const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** An optional one-line text: blank means not given. */
const optionalLine = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    textField({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .nullable(),
  );

/**
 * A UK postcode (outward code, a space, inward code), written the Royal Mail's way: capitals and one space, so
 * 'ab101aa' is stored as 'AB10 1AA'.
 */
const UK_POSTCODE = /^([A-Z]{1,2}[0-9][A-Z0-9]?) ?([0-9][A-Z]{2})$/;
const postcode = z.preprocess(
  blankToNull,
  z
    .string({ error: 'The postcode must be text' })
    .transform((value) => value.trim().toUpperCase().replace(/\s+/g, ' '))
    .pipe(z.string().regex(UK_POSTCODE, 'The postcode is not a UK postcode (for example AB10 1AA)'))
    .transform((value) => value.replace(UK_POSTCODE, '$1 $2'))
    .nullable(),
);

const epcRating = z.preprocess(
  (value) => (typeof value === 'string' ? blankToNull(value.trim().toUpperCase()) : blankToNull(value)),
  z
    .enum(EPC_RATINGS, { error: 'The EPC rating is a band from A to G, as printed on the certificate' })
    .nullable(),
);

const occupancyMessage = `The maximum occupancy must be a whole number of guests from 1 to ${MAX_GUESTS}`;
const maxOccupancy = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : blankToNull(value)),
  z
    .number({ error: occupancyMessage })
    .int(occupancyMessage)
    .min(1, occupancyMessage)
    .max(MAX_GUESTS, occupancyMessage)
    .nullable(),
);

function socialLink(network: SocialNetwork) {
  const label = SOCIAL_NETWORK_LABELS[network];
  const message = `The ${label} link must be the address of a profile on ${SOCIAL_HOSTS[network][0]}, such as ${SOCIAL_EXAMPLES[network]}`;
  return z.preprocess(
    blankToNull,
    textField({ error: message })
      .trim()
      .max(300, `The ${label} link must be at most 300 characters`)
      .refine((value) => {
        try {
          const url = new URL(value);
          const host = url.hostname.toLowerCase();
          return (
            url.protocol === 'https:' &&
            url.username === '' &&
            url.password === '' &&
            url.pathname.length > 1 &&
            SOCIAL_HOSTS[network].some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
          );
        } catch {
          return false;
        }
      }, message)
      .nullable(),
  );
}

/** A hashtag: '#' (added when left out) and letters, digits or underscores, as the networks accept them. */
const hashtag = textField({ error: 'Each hashtag must be text' })
  .trim()
  .transform((value) => (value.startsWith('#') ? value : `#${value}`))
  .pipe(
    z
      .string()
      .max(50, 'A hashtag must be at most 50 characters')
      .regex(
        /^#[\p{L}\p{N}_]+$/u,
        'A hashtag is # followed by letters, digits or underscores, without spaces',
      ),
  );

/** The owner's facts as the Property tab sends them (PUT /api/admin/property-facts); blank fields are "not given". */
export const PropertyFactsInputSchema = z.object({
  licenceNumber: optionalLine('The licence number', LICENCE_NUMBER_MAX),
  epcRating,
  maxOccupancy,
  streetAddress: optionalLine('The street address', 200),
  postcode,
  addressPublic: z.boolean({ error: 'addressPublic must be true or false' }),
  social: z.object({
    facebook: socialLink('facebook'),
    instagram: socialLink('instagram'),
    tiktok: socialLink('tiktok'),
  }),
  hashtags: z
    .array(hashtag, { error: 'The hashtags must be a list' })
    .max(MAX_HASHTAGS, `At most ${MAX_HASHTAGS} hashtags`)
    .transform((tags) => [...new Set(tags)]),
  enquiriesEmail: z.preprocess(
    blankToNull,
    z
      .string({ error: 'The enquiries e-mail must be text' })
      .trim()
      .pipe(z.email('The enquiries e-mail is not a valid e-mail address').max(254))
      .nullable(),
  ),
});
export type PropertyFactsInput = z.input<typeof PropertyFactsInputSchema>;

/** The stored facts as the admin reads them back. */
export const PropertyFactsRecordSchema = z.object({
  licenceNumber: z.string().nullable(),
  epcRating: z.enum(EPC_RATINGS).nullable(),
  maxOccupancy: z.number().int().nullable(),
  streetAddress: z.string().nullable(),
  postcode: z.string().nullable(),
  addressPublic: z.boolean(),
  social: z.object({
    facebook: z.string().nullable(),
    instagram: z.string().nullable(),
    tiktok: z.string().nullable(),
  }),
  hashtags: z.array(z.string()),
  enquiriesEmail: z.string().nullable(),
});

/** GET and PUT /api/admin/property-facts: the stored facts, and what the Property tab shows beside them. */
export const PropertyFactsResponseSchema = z.object({
  facts: PropertyFactsRecordSchema,
  /** Fixed by the terms: shown read-only. */
  stayTimes: z.object({ checkIn: z.string(), checkOut: z.string() }),
  /** The server's SITE_EMAIL: the enquiries address while the owner has given none. */
  defaultEnquiriesEmail: z.string(),
});
export type PropertyFactsResponse = z.infer<typeof PropertyFactsResponseSchema>;
