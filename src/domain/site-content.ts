/**
 * The site's content that the owner runs from the admin rather than from code: what the pre-rendered public
 * pages print about prices, the property's facts, the owner's texts and the photos. The server keeps the current
 * values (each part loaded by the capability that owns it) and renders the public pages with them; the browser
 * reads the same values from the page. The defaults below are what a fresh install shows until the owner has
 * given their own. See docs/decisions/012-site-content.md.
 */
import { NO_SITE_PHOTOS, type SitePhotos } from './photos.ts';
import { serviceFeeGbp } from './pricing.ts';
import {
  CLEANING_FEE_GBP,
  MAX_GUESTS,
  MAX_NIGHTS,
  MIN_NIGHTS,
  SERVICE_FEE_PERCENT,
  WEEKDAY_RATE_GBP,
  WEEKEND_RATE_GBP,
} from './property.ts';

/** The figures the public pages and their structured data print (whole pounds). */
export type PublicPrices = {
  weekdayGbp: number;
  weekendGbp: number;
  cleaningFeeGbp: number;
  serviceFeePercent: number;
  minNights: number;
  maxNights: number;
  /** An all-in example shown beside the rates: a Friday-and-Saturday weekend (2 nights at the weekend rate). */
  exampleWeekend: { accommodation: number; cleaningFee: number; serviceFee: number; total: number };
};

/** The property's facts as the public pages state them; a fact the owner has not given is absent. */
export type PropertyFacts = {
  /** Scottish short-term let licence: shown on every page. */
  licenceNumber?: string;
  /** Energy Performance Certificate rating. */
  epcRating?: string;
  maxOccupancy: number;
  address: { street?: string; locality: string; postcode?: string; region: string; country: string };
  hashtags: readonly string[];
  social: { facebook?: string; instagram?: string; tiktok?: string };
  /** Arrival and departure: 12-hour for people, 24-hour for schema.org. */
  stayTimes: { checkIn: string; checkOut: string; checkIn24h: string; checkOut24h: string };
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

/** The owner's own words on the home page. */
export type OwnerTexts = {
  /** 'The Tower Experience': the about text, a paragraph each. */
  experienceText: readonly string[];
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
};

/** The public figures of a set of rates: the example weekend is priced exactly as the booking prices it. */
export function publicPrices(rates: Omit<PublicPrices, 'exampleWeekend'>): PublicPrices {
  const accommodation = 2 * rates.weekendGbp;
  const serviceFee = serviceFeeGbp(accommodation);
  return {
    ...rates,
    exampleWeekend: {
      accommodation,
      cleaningFee: rates.cleaningFeeGbp,
      serviceFee,
      total: accommodation + rates.cleaningFeeGbp + serviceFee,
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

export const DEFAULT_SITE_CONTENT: SiteContent = {
  prices: publicPrices({
    weekdayGbp: WEEKDAY_RATE_GBP,
    weekendGbp: WEEKEND_RATE_GBP,
    cleaningFeeGbp: CLEANING_FEE_GBP,
    serviceFeePercent: SERVICE_FEE_PERCENT,
    minNights: MIN_NIGHTS,
    maxNights: MAX_NIGHTS,
  }),
  property: {
    licenceNumber: 'AC-123456-F (placeholder)',
    epcRating: 'C (placeholder)',
    maxOccupancy: MAX_GUESTS,
    address: {
      street: 'Kirk Court, Union Street (placeholder)',
      locality: 'Aberdeen',
      postcode: 'AB10 1AA (placeholder)',
      region: 'Scotland',
      country: 'GB',
    },
    hashtags: ['#TheTowerAberdeen', '#ChurchConversion', '#AberdeenStays'],
    social: {
      facebook: 'https://www.facebook.com/thetoweraberdeen',
      instagram: 'https://www.instagram.com/thetoweraberdeen',
      tiktok: 'https://www.tiktok.com/@thetoweraberdeen',
    },
    stayTimes: { checkIn: '4:00 PM', checkOut: '11:00 AM', checkIn24h: '16:00', checkOut24h: '11:00' },
  },
  texts: {
    experienceText: [
      'The Tower is a former church in the Granite City, converted with patience and care into a home over five floors. Stone arches, stained glass and the old roof timbers sit alongside a modern kitchen, deep beds and good showers.',
      'Arrive, climb the stairs and the city falls away. Cook together at the kitchen table, sweat out a long drive in the sauna, soak in the cast iron bath, then take a glass up to the tower room and watch the lights come on across Aberdeen.',
      'It suits a couple wanting somewhere memorable, a family, or a small group of friends here for the golf, the river or the hills: three bedrooms and three bathrooms for up to 4 guests.',
    ],
    features: DEFAULT_FEATURES,
    uniquePoints: DEFAULT_UNIQUE_POINTS,
  },
  photos: NO_SITE_PHOTOS,
};
