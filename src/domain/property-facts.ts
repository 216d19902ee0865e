import { CHECK_IN_TIME, CHECK_OUT_TIME, COUNTRY, MAX_GUESTS } from './property.ts';

/**
 * The owner's facts about The Tower that the public pages print (the footer's licence line, the contact page's
 * address, the structured data): entered in the admin's Property tab and stored in the database. A fact the owner
 * has not given is null here and absent from every page, never a placeholder (docs/decisions/014). The Property
 * tab's schemas are in property-facts-schemas.ts: this module needs no zod, so the Book Now card's first view,
 * which reads the site content's defaults, does without it (docs/decisions/037-the-book-now-cards-first-view.md).
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
