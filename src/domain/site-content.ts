/**
 * The site's content that the owner runs from the admin rather than from code: what the pre-rendered public
 * pages print about prices, the property's facts, the owner's texts and the photos. The server keeps the current
 * values (each part loaded by the capability that owns it) and renders the public pages with them; the browser
 * reads the same values from the page. The defaults below are what a fresh install shows until the owner has
 * given their own. See docs/decisions/012-site-content.md.
 */
import type { SitePhotos } from './photos.ts';
import { priceStay } from './pricing.ts';
import { MAX_NIGHTS, MIN_NIGHTS } from './property.ts';
import { DEFAULT_PROPERTY_FACTS, type PropertyFacts, publicPropertyFacts } from './property-facts.ts';
import type { RatePlan } from './rate-plan.ts';
import { DEFAULT_RATE_PLAN, WEEKDAY_NAMES } from './rate-plan-rules.ts';
import { NO_REVIEWS, type PublicReviews } from './reviews.ts';

/**
 * The figures the public pages and their structured data print, in pounds: the base rates of the owner's rate
 * plan (src/domain/rate-plan.ts, docs/decisions/013) and the range of every nightly price it can charge.
 */
export type PublicPrices = {
  weekdayGbp: number;
  weekendGbp: number;
  /** The lowest and highest price of a night in the plan (seasons and date overrides included): 'from £X'. */
  fromGbp: number;
  toGbp: number;
  /** The nights at the weekend rate, for people: 'Friday and Saturday'. */
  weekendNightsLabel: string;
  cleaningFeeGbp: number;
  serviceFeePercent: number;
  minNights: number;
  maxNights: number;
  /** An all-in example shown beside the rates: a Friday-and-Saturday weekend (2 nights at the weekend rate). */
  exampleWeekend: { accommodation: number; cleaningFee: number; serviceFee: number; total: number };
};

export type Feature = {
  id: string;
  title: string;
  text: string;
  alt: string;
  /** A short looping clip in public/video/<id>.mp4 and .mov; the photo is its poster. */
  video?: boolean;
};

export type UniquePoint = { title: string; text: string };

/** The owner's own words on the home and contact pages (the admin's Texts tab, src/domain/owner-texts.ts). */
export type OwnerTexts = {
  /** 'The Tower Experience': the about text, a paragraph each. */
  experienceText: readonly string[];
  /** The contact page's 'About The Tower', a paragraph each. */
  aboutText: readonly string[];
  /** The unique features grid of 6 on the home page (photos and muted looping videos). */
  features: readonly Feature[];
  /** The 'What Makes The Tower Unique' grid of 8. */
  uniquePoints: readonly UniquePoint[];
};

export type { GalleryPhoto, SitePhotos } from './photos.ts';

export type SiteContent = {
  prices: PublicPrices;
  property: PropertyFacts;
  texts: OwnerTexts;
  photos: SitePhotos;
  /** The published reviews, their verified average and count, and the withheld ones counted (reviews.ts). */
  reviews: PublicReviews;
};

/** 'Friday and Saturday', 'Thursday, Friday and Saturday' ('none' when the owner has no weekend nights). */
function nightsLabel(days: readonly number[]): string {
  const names = [...days].sort().map((day) => WEEKDAY_NAMES[day]!);
  if (names.length === 0) return 'none';
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * What the public pages print of a rate plan: its base rates, the range of its nightly prices and the example
 * weekend (a Friday and a Saturday night at the base rates), priced by the booking's own quote function.
 */
export function publicPricesFromPlan(plan: RatePlan): PublicPrices {
  const nightly = [
    plan.weekdayPence,
    plan.weekendPence,
    ...plan.seasons.flatMap((season) => [season.weekdayPence, season.weekendPence]),
    ...plan.overrides.flatMap((override) => (override.pricePence === null ? [] : [override.pricePence])),
  ];
  // The example is a base-rate weekend: a Friday-to-Sunday stay outside any season, override or levy.
  const example = priceStay(
    { checkIn: '2027-03-05', checkOut: '2027-03-07' },
    { ...plan, seasons: [], overrides: [], discounts: [], levy: null },
  );
  return {
    weekdayGbp: plan.weekdayPence / 100,
    weekendGbp: plan.weekendPence / 100,
    fromGbp: Math.min(...nightly) / 100,
    toGbp: Math.max(...nightly) / 100,
    weekendNightsLabel: nightsLabel(plan.weekendNights),
    cleaningFeeGbp: plan.cleaningFeePence / 100,
    serviceFeePercent: plan.serviceFeePercent,
    minNights: MIN_NIGHTS,
    maxNights: MAX_NIGHTS,
    exampleWeekend: {
      accommodation: example.accommodation,
      cleaningFee: example.cleaningFee,
      serviceFee: example.serviceFee,
      total: example.total,
    },
  };
}

const DEFAULT_FEATURES: readonly Feature[] = [
  {
    id: 'feature-sauna',
    title: 'Private Sauna',
    text: 'Your own cedar sauna, tucked inside the tower: the best end to a day on the links or the hills.',
    alt: 'Steam rising in the private cedar sauna',
    video: true,
  },
  {
    id: 'feature-tower-room',
    title: 'Tower Viewing Room',
    text: 'Climb to the top of the tower for a room with windows on every side and the whole city at your feet.',
    alt: 'Clouds drifting past the windows of the tower viewing room',
    video: true,
  },
  {
    id: 'feature-roof-terrace',
    title: 'Roof Terrace',
    text: 'Morning coffee or an evening glass above the granite rooftops, in one of the city’s most private spots.',
    alt: 'Table and chairs on the roof terrace at sunset',
  },
  {
    id: 'feature-cast-iron-bath',
    title: 'Cast Iron Bath',
    text: 'A deep freestanding roll-top bath beneath an arched church window. Bring a good book.',
    alt: 'The cast iron roll-top bath with candles on a stool beside it',
  },
  {
    id: 'feature-kitchen',
    title: 'Modern Kitchen',
    text: 'Everything a keen cook needs, from a proper range to a coffee machine, around a table for four.',
    alt: 'The modern kitchen with its island and range cooker',
  },
  {
    id: 'feature-master-bedroom',
    title: 'Master Bedroom',
    text: 'A king size bed under the original roof timbers, with blackout blinds for long northern summer days.',
    alt: 'The master bedroom with its king size bed and timber beams',
  },
];

const DEFAULT_UNIQUE_POINTS: readonly UniquePoint[] = [
  {
    title: 'A Real Church Tower',
    text: 'Sleep inside a landmark: a former city-centre church, carefully converted into a home.',
  },
  {
    title: 'Five Floors of Living',
    text: 'From the entrance hall to the tower room, every floor has its own character and its own view.',
  },
  {
    title: 'Tower Viewing Room',
    text: 'A room at the very top with windows all round: sunrise over the North Sea, sunset over the hills.',
  },
  {
    title: 'Private Sauna',
    text: 'Warm up after a round of golf, a day on the river or a wet walk along the beach.',
  },
  {
    title: 'Roof Terrace',
    text: 'Fresh air and open sky in the middle of the city, yours alone for the length of your stay.',
  },
  {
    title: 'Cast Iron Bath',
    text: 'A freestanding roll-top bath in a bathroom lit by a gothic arched window.',
  },
  {
    title: 'Three Bedrooms, Three Bathrooms',
    text: 'A king size, a double and a twin, each with its own bathroom close by, for up to 4 guests.',
  },
  {
    title: 'In the Heart of Aberdeen',
    text: 'Restaurants, galleries, the harbour and the beach are all within a walk of the front door.',
  },
];

/** A fresh install's photos: none uploaded (the pages show the build's drawn stand-ins). */
export const NO_SITE_PHOTOS: SitePhotos = { gallery: [], features: {} };

export const DEFAULT_SITE_CONTENT: SiteContent = {
  prices: publicPricesFromPlan(DEFAULT_RATE_PLAN),
  property: publicPropertyFacts(DEFAULT_PROPERTY_FACTS),
  texts: {
    experienceText: [
      'The Tower is a former church in the Granite City, converted with patience and care into a home over five floors. Stone arches, stained glass and the old roof timbers sit alongside a modern kitchen, deep beds and good showers.',
      'Arrive, climb the stairs and the city falls away. Cook together at the kitchen table, sweat out a long drive in the sauna, soak in the cast iron bath, then take a glass up to the tower room and watch the lights come on across Aberdeen.',
      'It suits a couple wanting somewhere memorable, a family, or a small group of friends here for the golf, the river or the hills: three bedrooms and three bathrooms for up to 4 guests.',
    ],
    aboutText: [
      'The Tower is a family-run holiday let: we converted the church ourselves over eighteen months and look after every stay personally.',
      'Please note that The Tower is spread over five floors with stairs throughout and no lift, so it is not suitable for wheelchair users or guests who find stairs difficult.',
    ],
    features: DEFAULT_FEATURES,
    uniquePoints: DEFAULT_UNIQUE_POINTS,
  },
  photos: NO_SITE_PHOTOS,
  reviews: NO_REVIEWS,
};
