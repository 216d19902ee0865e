/**
 * The owner's content: texts, rates, addresses, links, photos and facts shown across the site. Edit here, not in
 * components. Values marked PLACEHOLDER are not yet supplied by the owner (spec README, "Owner facts not in the
 * spec"); replace them before going live.
 *
 * Photos: every gallery and feature entry has an `id`. Drop the real photo in `media/photos/<id>.jpg` (or .png,
 * .webp) and rebuild; until then the build draws a placeholder. See the README, "Photos and video".
 */
import { serviceFeeGbp } from '../../domain/pricing.ts';
import {
  BATHROOMS,
  BEDROOMS,
  CLEANING_FEE_GBP,
  MAX_GUESTS,
  SERVICE_FEE_PERCENT,
  SIZE_M2,
  WEEKDAY_RATE_GBP,
  WEEKEND_RATE_GBP,
} from '../../domain/property.ts';

export const SITE = {
  name: 'The Tower',
  tagline: 'The most unique and interesting short-term let in Aberdeen',
  city: 'Aberdeen',
  /** PLACEHOLDER until the owner supplies them. */
  hashtags: ['#TheTowerAberdeen', '#ChurchConversion', '#AberdeenStays'],
  /** PLACEHOLDER profile addresses. */
  social: {
    facebook: 'https://www.facebook.com/thetoweraberdeen',
    instagram: 'https://www.instagram.com/thetoweraberdeen',
    tiktok: 'https://www.tiktok.com/@thetoweraberdeen',
  },
  /** Scottish short-term let licence: shown on every page (PLACEHOLDER number). */
  licenceNumber: 'AC-123456-F (placeholder)',
  maxOccupancy: MAX_GUESTS,
  /** Energy Performance Certificate rating (PLACEHOLDER). */
  epcRating: 'C (placeholder)',
  /** PLACEHOLDER street address: the contact page and the structured data show it. */
  address: {
    street: 'Kirk Court, Union Street (placeholder)',
    locality: 'Aberdeen',
    postcode: 'AB10 1AA (placeholder)',
    region: 'Scotland',
    country: 'GB',
  },
  /** PLACEHOLDER map position (centre of Aberdeen) for search engines. */
  geo: { latitude: 57.1465, longitude: -2.0975 },
  /** Who signs the site's messages. */
  owners: 'Kirsty and Alan',
} as const;

export const ACTIVITY_LINKS = [
  { to: '/golf-stays-aberdeen', label: 'Golf Stays Aberdeen' },
  { to: '/trump-golf-aberdeen', label: 'Trump Golf Aberdeen' },
  { to: '/royal-deeside-activities', label: 'Royal Deeside Activities' },
] as const;

function weekendExample() {
  const accommodation = 2 * WEEKEND_RATE_GBP;
  const serviceFee = serviceFeeGbp(accommodation);
  return {
    accommodation,
    cleaningFee: CLEANING_FEE_GBP,
    serviceFee,
    total: accommodation + CLEANING_FEE_GBP + serviceFee,
  };
}

/** Rates and fees come from the domain, so the site shows exactly what the booking charges. */
export const RATES = {
  weekdayGbp: WEEKDAY_RATE_GBP,
  weekendGbp: WEEKEND_RATE_GBP,
  cleaningFeeGbp: CLEANING_FEE_GBP,
  serviceFeePercent: SERVICE_FEE_PERCENT,
  /** An all-in example shown beside the rates: a Friday-and-Saturday weekend (2 nights at the weekend rate). */
  exampleWeekend: weekendExample(),
} as const;

/** Arrival and departure times: the terms, the contact page, the Book Now section and the structured data. */
export const STAY_TIMES = {
  checkIn: '4:00 PM',
  checkOut: '11:00 AM',
  /** The same times for schema.org (24-hour clock). */
  checkIn24h: '16:00',
  checkOut24h: '11:00',
} as const;

export const PROPERTY_FACTS = {
  floors: 5,
  bedrooms: BEDROOMS,
  bathrooms: BATHROOMS,
  sizeM2: SIZE_M2,
  maxGuests: MAX_GUESTS,
  bedroomConfiguration: '1 king size, 1 double, 1 twin',
} as const;

export type GalleryPhoto = { id: string; alt: string };

/** The alt text of a gallery photo by id. */
export const galleryAlt = (id: string) => GALLERY.find((photo) => photo.id === id)?.alt ?? '';

/** The 18 photos of the home page slideshow, in order; the first is the main image (spec sections 2 and 4). */
export const GALLERY: readonly GalleryPhoto[] = [
  { id: 'exterior', alt: 'The Tower from the street: a granite church with its spire rising above Aberdeen' },
  { id: 'living-room', alt: 'Open-plan living room under the old church roof timbers, with deep sofas' },
  { id: 'kitchen', alt: 'Modern kitchen with a long island, oak worktops and pendant lights' },
  { id: 'kitchen-table', alt: 'Kitchen table laid for four beside a tall arched church window' },
  { id: 'master-bedroom', alt: 'Master bedroom with a king size bed beneath exposed stone and timber' },
  { id: 'double-bedroom', alt: 'Double bedroom with soft linen and a lancet window' },
  { id: 'twin-bedroom', alt: 'Twin bedroom with two single beds, ideal for friends or children' },
  { id: 'staircase', alt: 'The staircase winding up through five floors of the tower' },
  { id: 'tower-room', alt: 'Tower viewing room with windows on every side and armchairs for two' },
  { id: 'tower-view', alt: 'View from the tower room across the rooftops of Aberdeen to the North Sea' },
  { id: 'bathroom', alt: 'Bathroom with a walk-in rainfall shower and slate tiles' },
  { id: 'cast-iron-bath', alt: 'Freestanding cast iron bath beneath a gothic arched window' },
  { id: 'entrance-hall', alt: 'Entrance hall with the original church door and a flagstone floor' },
  { id: 'living-space', alt: 'Reading corner in the living space with a record player and bookshelves' },
  { id: 'roof-terrace', alt: 'Private roof terrace with outdoor seating and views over the city' },
  { id: 'sauna', alt: 'Private cedar sauna with warm low lighting' },
  {
    id: 'architectural-feature',
    alt: 'Restored stone tracery and stained glass, one of the church’s original features',
  },
  { id: 'exterior-dusk', alt: 'The Tower lit up at dusk, its spire against an evening sky' },
];

export type Feature = {
  id: string;
  title: string;
  text: string;
  alt: string;
  /** A short looping clip in public/video/<id>.mp4 and .mov; the photo is its poster. */
  video?: boolean;
};

/** The unique features grid of 6 on the home page (photos and muted looping videos). */
export const FEATURES: readonly Feature[] = [
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

/** The 'What Makes The Tower Unique' grid of 8. */
export const UNIQUE_POINTS: readonly { title: string; text: string }[] = [
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

export const HOME = {
  heroHeading: 'The Tower',
  heroText:
    'A converted church penthouse over five floors in the centre of Aberdeen, with a private sauna, a roof terrace and a tower room above the rooftops. For up to 4 guests.',
  experienceHeading: 'The Tower Experience',
  experienceText: [
    'The Tower is a former church in the Granite City, converted with patience and care into a home over five floors. Stone arches, stained glass and the old roof timbers sit alongside a modern kitchen, deep beds and good showers.',
    'Arrive, climb the stairs and the city falls away. Cook together at the kitchen table, sweat out a long drive in the sauna, soak in the cast iron bath, then take a glass up to the tower room and watch the lights come on across Aberdeen.',
    'It suits a couple wanting somewhere memorable, a family, or a small group of friends here for the golf, the river or the hills: three bedrooms and three bathrooms for up to 4 guests.',
  ],
  renovationBadge: '18 Months of Careful Renovation',
  renovationText:
    'Every stone was cleaned, every window restored and every room rebuilt over eighteen months, so the building’s history and your comfort share the same space.',
  featuresHeading: 'Unique Features',
  uniqueHeading: 'What Makes The Tower Unique',
} as const;

export const CONTACT = {
  heading: 'Contact Us',
  intro:
    'Questions about dates, the building or what to do in Aberdeen? We are happy to help, and we know the area well.',
  responseTime: 'We typically respond within 24 hours',
  helpCards: {
    holiday: {
      title: 'Holiday Bookings',
      text: 'Check availability, see the full price and book your stay directly with us.',
    },
    corporate: {
      title: 'Corporate Events',
      text: 'The Tower can be hired for the day for meetings, away days, photo shoots and small receptions, by enquiry.',
      subject: 'Corporate Venue Hire',
    },
    special: {
      title: 'Special Requests',
      text: 'Looking for a single-night stay, a longer visit or another arrangement? Tell us what you have in mind.',
      subject: 'Special Request',
    },
  },
  aboutHeading: 'About The Tower',
  about: [
    'The Tower is a family-run holiday let: we converted the church ourselves over eighteen months and look after every stay personally.',
    'Please note that The Tower is spread over five floors with stairs throughout and no lift, so it is not suitable for wheelchair users or guests who find stairs difficult.',
  ],
} as const;

/** A content card: a heading, a paragraph and, where the facts read better one per line, a list. */
export type PageSection = { heading: string; text: string; items?: readonly string[] };

export type LandingPage = {
  /** Gallery photo id of the page's hero. */
  photo: string;
  title: string;
  description: string;
  keywords: string;
  heading: string;
  intro: string;
  sections: readonly PageSection[];
  cta: string;
};

/** The five SEO landing pages: each has a hero and a call to action to the home page. */
export const LANDING_PAGES: Record<string, LandingPage> = {
  '/aberdeen-holiday-rentals': {
    photo: 'exterior',
    title: 'Aberdeen Holiday Rentals | The Tower, a Converted Church Penthouse',
    description:
      'Holiday rental in the centre of Aberdeen: a converted church over five floors with a sauna, roof terrace and tower room, for up to 4 guests. Book direct.',
    keywords:
      'Aberdeen holiday rentals, holiday let Aberdeen, self-catering Aberdeen, Aberdeen city centre rental',
    heading: 'Aberdeen Holiday Rentals',
    intro:
      'Make The Tower your base for a holiday in Aberdeen: a converted church in the city centre with three bedrooms, a private sauna and views from the top of its own tower.',
    sections: [
      {
        heading: 'A holiday home with a story',
        text: 'Instead of a standard flat, stay somewhere you will talk about for years: stained glass, stone arches and a staircase that winds up through five floors.',
      },
      {
        heading: 'Everything within reach',
        text: 'Walk to Union Street, the Art Gallery, the harbour and the beach; drive to championship golf in 15 minutes and Royal Deeside in 45.',
      },
      {
        heading: 'Book directly with the owners',
        text: 'Choose your dates on our calendar and pay securely online. You deal with us, not a booking site, from your first question to check-out.',
      },
    ],
    cta: 'See the photos and check availability',
  },
  '/aberdeen-accommodation': {
    photo: 'living-room',
    title: 'Aberdeen Accommodation | Self-Catering Church Conversion | The Tower',
    description:
      'Self-catering accommodation in Aberdeen city centre for up to 4 guests: three bedrooms, three bathrooms, a modern kitchen, a sauna and a roof terrace.',
    keywords: 'Aberdeen accommodation, self-catering accommodation Aberdeen, places to stay in Aberdeen',
    heading: 'Accommodation in Aberdeen',
    intro:
      'Looking for somewhere to stay in Aberdeen with more space and character than a hotel? The Tower gives up to 4 guests a whole converted church to themselves.',
    sections: [
      {
        heading: 'Room to spread out',
        text: 'A king size bedroom, a double and a twin, three bathrooms, a modern kitchen and living spaces on five floors: 250 m² in all.',
      },
      {
        heading: 'For work or for pleasure',
        text: 'Fast Wi-Fi, a quiet room to work from and the city on the doorstep make The Tower as good for a working visit as for a holiday.',
      },
      {
        heading: 'Clear prices',
        text: 'The nightly rate, the cleaning fee and the service fee are shown up front, and you see the full total before you pay.',
      },
    ],
    cta: 'Check dates and prices',
  },
  '/luxury-holiday-lets-aberdeen': {
    photo: 'cast-iron-bath',
    title: 'Luxury Holiday Lets Aberdeen | Private Sauna and Roof Terrace | The Tower',
    description:
      'A luxury holiday let in Aberdeen: a church penthouse with a private sauna, cast iron bath, roof terrace and tower viewing room. Up to 4 guests.',
    keywords: 'luxury holiday lets Aberdeen, luxury accommodation Aberdeen, sauna holiday let Scotland',
    heading: 'Luxury Holiday Lets in Aberdeen',
    intro:
      'Luxury at The Tower means space, quiet and details you will not find elsewhere: your own sauna, a cast iron bath beneath an arched window and a room at the top of a church tower.',
    sections: [
      {
        heading: 'Made for slowing down',
        text: 'Sink into the sauna, run a deep bath, then take a drink up to the roof terrace. Nothing is shared with anyone else.',
      },
      {
        heading: 'Finished with care',
        text: 'Eighteen months of careful renovation brought back the stonework and the stained glass and added a modern kitchen, good beds and proper showers.',
      },
      {
        heading: 'Personal service',
        text: 'We look after every stay ourselves and are happy to recommend restaurants, book tee times or arrange a day on the river.',
      },
    ],
    cta: 'Discover The Tower',
  },
  '/scotland-holiday-rentals': {
    photo: 'tower-view',
    title: 'Scotland Holiday Rentals | The Tower, Aberdeen | Gateway to Royal Deeside',
    description:
      'A Scottish holiday rental with a difference: a converted church penthouse in Aberdeen, close to golf links, Royal Deeside and the Cairngorms. Up to 4 guests.',
    keywords:
      'Scotland holiday rentals, Scottish holiday let, north-east Scotland holiday, Aberdeenshire holiday',
    heading: 'Scotland Holiday Rentals',
    intro:
      'Explore the north-east of Scotland from a home like no other: The Tower sits in the heart of Aberdeen, between the North Sea coast and the castles and hills of Royal Deeside.',
    sections: [
      {
        heading: 'Coast, castles and mountains',
        text: 'Golf links are 15 minutes away, the castle country of Royal Deeside about 45 minutes and the Cairngorms National Park about an hour.',
      },
      {
        heading: 'City comforts',
        text: 'After a day out, come back to restaurants and bars within a short walk, and a sauna and a deep bath at home.',
      },
      {
        heading: 'All year round',
        text: 'Salmon fishing from February to October, deer stalking from July to February and golf whenever the weather lets you.',
      },
    ],
    cta: 'Plan your stay',
  },
  '/penthouse-accommodation-aberdeen': {
    photo: 'tower-room',
    title: 'Penthouse Accommodation Aberdeen | Church Tower Penthouse | The Tower',
    description:
      'A penthouse in a church tower: five floors in the centre of Aberdeen with a tower viewing room, roof terrace and private sauna, for up to 4 guests.',
    keywords: 'penthouse accommodation Aberdeen, Aberdeen penthouse rental, penthouse holiday let Scotland',
    heading: 'Penthouse Accommodation in Aberdeen',
    intro:
      'Few penthouses come with their own church tower. The Tower rises over five floors above the city centre, with a viewing room at the top and a private roof terrace.',
    sections: [
      {
        heading: 'Views from every level',
        text: 'Look out over the granite rooftops to the harbour and the sea from the tower room, or watch the sunset from the roof terrace.',
      },
      {
        heading: 'Three bedrooms, three bathrooms',
        text: 'A king size bed, a double and a twin sleep up to 4 guests in comfort, with a bathroom for each room.',
      },
      {
        heading: 'Please note',
        text: 'The penthouse is reached by stairs and has no lift, so it is not suitable for wheelchair users.',
      },
    ],
    cta: 'Book your penthouse stay',
  },
};

export type ActivityPage = {
  /** Gallery photo id of the page's hero. */
  photo: string;
  title: string;
  description: string;
  keywords: string;
  heading: string;
  intro: string;
  cards: readonly PageSection[];
  ctaHeading: string;
  ctaText: string;
};

/** The golf courses and their driving times from The Tower (spec section 9). */
export const GOLF_COURSES = [
  { name: 'Royal Aberdeen Golf Club', minutes: 15 },
  { name: 'Murcar Links Golf Club', minutes: 18 },
  { name: 'Trump International Golf Links', minutes: 20 },
  { name: 'Newmachar Golf Club', minutes: 25 },
] as const;

export const ACTIVITY_PAGES: Record<string, ActivityPage> = {
  '/golf-stays-aberdeen': {
    photo: 'roof-terrace',
    title: 'Golf Stays Aberdeen | Four Championship Courses Within 25 Minutes | The Tower',
    description:
      'Golf breaks in Aberdeen: stay at The Tower, 15 to 25 minutes from Royal Aberdeen, Murcar Links, Trump International and Newmachar. Up to 4 golfers.',
    keywords:
      'golf stays Aberdeen, Aberdeen golf break, golf accommodation Aberdeen, Royal Aberdeen, Murcar Links',
    heading: 'Golf Stays in Aberdeen',
    intro:
      'Four fine courses within 25 minutes of the front door, and a sauna waiting when you get back. The Tower sleeps a four-ball in comfort.',
    cards: [
      {
        heading: 'Driving times',
        text: 'From the front door of The Tower by car:',
        items: GOLF_COURSES.map((course) => `${course.name}: ${course.minutes} minutes`),
      },
      {
        heading: 'Links golf at its best',
        text: 'The north-east coast is lined with true links: firm, fast fairways, dunes and the wind off the North Sea.',
      },
      {
        heading: 'Made for a four-ball',
        text: 'Three bedrooms and three bathrooms for up to 4 golfers, space for clubs and kit, and a sauna for tired legs.',
      },
      {
        heading: 'Tee times arranged',
        text: 'Tell us your dates and the courses you want to play and we will help book your tee times.',
      },
    ],
    ctaHeading: 'Plan your golf break',
    ctaText: 'Choose your dates and book The Tower directly with the owners.',
  },
  '/trump-golf-aberdeen': {
    photo: 'exterior-dusk',
    title: 'Trump Golf Aberdeen | Stay 20 Minutes From Trump International | The Tower',
    description:
      'Playing Trump International Golf Links? Stay at The Tower in Aberdeen, 20 minutes away: par 72, 7,428 yards of dunes links. Up to 4 guests.',
    keywords: 'Trump golf Aberdeen, Trump International Golf Links, Menie golf, Balmedie golf accommodation',
    heading: 'Trump Golf Aberdeen',
    intro:
      'Trump International Golf Links winds through some of the tallest dunes in Britain, just 20 minutes north of The Tower.',
    cards: [
      {
        heading: 'The course',
        text: 'A par 72 championship links of 7,428 yards from the back tees, laid out through towering dunes beside the North Sea.',
      },
      {
        heading: 'Getting there',
        text: 'About 20 minutes by car up the coast road. Royal Aberdeen (15 minutes) and Murcar Links (18 minutes) are on the way.',
      },
      {
        heading: 'Make a week of it',
        text: 'Add Newmachar, 25 minutes away, and you have four memorable rounds without a long drive between them.',
      },
      {
        heading: 'We help with bookings',
        text: 'We are happy to help arrange tee times and recommend where to eat after your round.',
      },
    ],
    ctaHeading: 'Book your Trump golf stay',
    ctaText: 'Check availability for your dates and book directly.',
  },
  '/royal-deeside-activities': {
    photo: 'architectural-feature',
    title: 'Royal Deeside Activities | Castles, Fishing and Deer Stalking | The Tower',
    description:
      'Royal Deeside from Aberdeen: castles 45 minutes away, the Cairngorms in an hour, salmon fishing February to October and deer stalking July to February.',
    keywords:
      'Royal Deeside activities, River Dee fishing, deer stalking Aberdeenshire, Cairngorms from Aberdeen',
    heading: 'Royal Deeside Activities',
    intro:
      'The valley of the River Dee runs west from Aberdeen into the hills: castles, famous salmon beats, grouse moors and the Cairngorms, all within easy reach of The Tower.',
    cards: [
      {
        heading: 'Castles and royal country',
        text: 'The royal castle area of Deeside is about 45 minutes by car, with Crathes, Drum and more along the way.',
      },
      {
        heading: 'The Cairngorms',
        text: 'The Cairngorms National Park is about an hour away: hill walking, wildlife and some of the emptiest country in Britain.',
      },
      {
        heading: 'Salmon fishing',
        text: 'The Dee is one of Scotland’s great salmon rivers. The fishing season runs from February to October.',
      },
      {
        heading: 'Deer stalking',
        text: 'Stalking on the Deeside estates runs from July to February, with experienced stalkers guiding every outing.',
      },
      {
        heading: 'Permits and bookings',
        text: 'We can help you arrange fishing permits, ghillies, stalking days and estate bookings before you arrive.',
      },
    ],
    ctaHeading: 'Make The Tower your base',
    ctaText: 'Book directly and tell us what you would like to do: we will help you plan it.',
  },
};
