import { z } from 'zod';
import { textField } from './input-fields.ts';
import { CHECK_IN_TIME, CHECK_OUT_TIME, COUNTRY, MAX_GUESTS } from './property.ts';

/**
 * The owner's facts about The Tower that the public pages print (the footer's licence line, the contact page's
 * address, the structured data): entered in the admin's Property tab and stored in the database. A fact the owner
 * has not given is null here and absent from every page, never a placeholder (docs/decisions/014).
 */

/** Energy Performance Certificate bands, as printed on a Scottish EPC. */
export const EPC_RATINGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type EpcRating = (typeof EPC_RATINGS)[number];

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'tiktok'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
};
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

export const MAX_HASHTAGS = 10;
export const LICENCE_NUMBER_MAX = 60;

/**
 * The property's facts as the public pages state them (publicPropertyFacts): a fact the owner has not given is
 * absent, and so is the street address the owner keeps for booked guests.
 */
export type PropertyFacts = {
  /** Scottish short-term let licence: shown on every page. */
  licenceNumber?: string;
  /** Energy Performance Certificate rating. */
  epcRating?: string;
  maxOccupancy?: number;
  address: { street?: string; locality: string; postcode?: string; region: string; country: string };
  hashtags: readonly string[];
  social: { facebook?: string; instagram?: string; tiktok?: string };
  /** Arrival and departure: 12-hour for people, 24-hour for schema.org (fixed by the terms). */
  stayTimes: { checkIn: string; checkOut: string; checkIn24h: string; checkOut24h: string };
  /** The owner's enquiries address; absent: the server's SITE_EMAIL (`siteEmail()`). */
  enquiriesEmail?: string;
};

/** The facts as stored and as the admin reads them: null is "not given". */
export type PropertyFactsRecord = {
  licenceNumber: string | null;
  epcRating: EpcRating | null;
  maxOccupancy: number | null;
  streetAddress: string | null;
  postcode: string | null;
  /** false: the street and postcode are shown only to booked guests, never on a public page. */
  addressPublic: boolean;
  social: Record<SocialNetwork, string | null>;
  hashtags: string[];
  /** The enquiries address shown on the site; null: the server's SITE_EMAIL. */
  enquiriesEmail: string | null;
};

/**
 * The facts of a fresh install: today's content (src/web/content/site.ts) without the values that were only
 * placeholders (licence number, EPC rating, street address, postcode, social profiles, hashtags).
 */
export const DEFAULT_PROPERTY_FACTS: PropertyFactsRecord = {
  licenceNumber: null,
  epcRating: null,
  maxOccupancy: MAX_GUESTS,
  streetAddress: null,
  postcode: null,
  addressPublic: true,
  social: { facebook: null, instagram: null, tiktok: null },
  hashtags: [],
  enquiriesEmail: null,
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

/**
 * Check-in and check-out as the pages print them. They are part of the terms (spec section 9) and of the nights
 * rule (a channel's event that ends by check-in leaves that night free), so they are fixed in the code, not
 * owner-editable: the Property tab shows them read-only (docs/decisions/014).
 */
export const STAY_TIMES = {
  checkIn: CHECK_IN_TIME.label,
  checkOut: CHECK_OUT_TIME.label,
  /** The same times for schema.org (24-hour clock). */
  checkIn24h: `${String(CHECK_IN_TIME.hour).padStart(2, '0')}:${String(CHECK_IN_TIME.minute).padStart(2, '0')}`,
  checkOut24h: `${String(CHECK_OUT_TIME.hour).padStart(2, '0')}:${String(CHECK_OUT_TIME.minute).padStart(2, '0')}`,
} as const;

/** GET and PUT /api/admin/property-facts: the stored facts, and what the Property tab shows beside them. */
export const PropertyFactsResponseSchema = z.object({
  facts: PropertyFactsRecordSchema,
  /** Fixed by the terms: shown read-only. */
  stayTimes: z.object({ checkIn: z.string(), checkOut: z.string() }),
  /** The server's SITE_EMAIL: the enquiries address while the owner has given none. */
  defaultEnquiriesEmail: z.string(),
});
export type PropertyFactsResponse = z.infer<typeof PropertyFactsResponseSchema>;

/** Where The Tower is, as every public page may say it (the street and postcode are the owner's to give). */
export const PUBLIC_LOCALITY = { locality: 'Aberdeen', region: 'Scotland', country: COUNTRY } as const;

/** The house's full address for a booked guest ('Kirk Court, Aberdeen, AB10 1AA'), or null without a street. */
export function guestAddress(facts: Pick<PropertyFactsRecord, 'streetAddress' | 'postcode'>): string | null {
  return facts.streetAddress
    ? [facts.streetAddress, PUBLIC_LOCALITY.locality, facts.postcode].filter(Boolean).join(', ')
    : null;
}

/**
 * The facts the public pages print (the site content's `property` part): only those given, and the street and
 * postcode only when the owner shows the address publicly.
 */
export function publicPropertyFacts(facts: PropertyFactsRecord): PropertyFacts {
  const given = <K extends string, V>(key: K, value: V | null) =>
    (value === null ? {} : { [key]: value }) as Partial<Record<K, V>>;
  const social = {
    ...given('facebook', facts.social.facebook),
    ...given('instagram', facts.social.instagram),
    ...given('tiktok', facts.social.tiktok),
  };
  return {
    ...given('licenceNumber', facts.licenceNumber),
    ...given('epcRating', facts.epcRating),
    ...given('maxOccupancy', facts.maxOccupancy),
    address: {
      ...(facts.addressPublic ? given('street', facts.streetAddress) : {}),
      locality: PUBLIC_LOCALITY.locality,
      ...(facts.addressPublic ? given('postcode', facts.postcode) : {}),
      region: PUBLIC_LOCALITY.region,
      country: PUBLIC_LOCALITY.country,
    },
    hashtags: facts.hashtags,
    social,
    stayTimes: { ...STAY_TIMES },
    ...given('enquiriesEmail', facts.enquiriesEmail),
  };
}

/**
 * The licence line every page carries (the Scottish licence scheme asks for the licence number, the maximum
 * occupancy and the EPC rating on every listing), of the facts given: 'Short-term let licence AC-1 · …'.
 */
export function listingFacts(property: PropertyFacts): string[] {
  return [
    property.licenceNumber === undefined ? undefined : `Short-term let licence ${property.licenceNumber}`,
    property.maxOccupancy === undefined ? undefined : `Maximum occupancy ${property.maxOccupancy} guests`,
    property.epcRating === undefined ? undefined : `EPC rating ${property.epcRating}`,
  ].filter((fact) => fact !== undefined);
}
