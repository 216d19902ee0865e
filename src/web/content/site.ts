/**
 * The site's fixed content: headings, the landing and activity pages, links. What the owner runs from the admin
 * (prices, the property's facts, the home page's texts and the photos) is the site content of
 * src/domain/site-content.ts, read in components with `useSiteContent()`.
 */

import { PLACEHOLDER_GALLERY } from '../../domain/photos.ts';
import { BATHROOMS, BEDROOMS, MAX_GUESTS, SIZE_M2 } from '../../domain/property.ts';
import { DEFAULT_SITE_CONTENT, type GalleryPhoto } from '../../domain/site-content.ts';

export const SITE = {
  name: 'The Tower',
  tagline: 'The most unique and interesting short-term let in Aberdeen',
  city: 'Aberdeen',
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

export const PROPERTY_FACTS = {
  floors: 5,
  bedrooms: BEDROOMS,
  bathrooms: BATHROOMS,
  sizeM2: SIZE_M2,
  maxGuests: MAX_GUESTS,
  bedroomConfiguration: '1 king size, 1 double, 1 twin',
} as const;

/** The alt text of a photo of the slideshow by id ('' when it has none). */
export const galleryAlt = (gallery: readonly GalleryPhoto[], id: string) =>
  gallery.find((photo) => photo.id === id)?.alt ?? '';

/** Content the build and the tests read without a page: the fresh install's photos and texts. */
export const DEFAULT_GALLERY = PLACEHOLDER_GALLERY;
export const DEFAULT_FEATURES = DEFAULT_SITE_CONTENT.texts.features;

export const HOME = {
  heroHeading: 'The Tower',
  heroText:
    'A converted church penthouse over five floors in the centre of Aberdeen, with a private sauna, a roof terrace and a tower room above the rooftops. For up to 4 guests.',
  experienceHeading: 'The Tower Experience',
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
} as const;

/** A content card: a heading, a paragraph and, where the facts read better one per line, a list. */
export type PageSection = { heading: string; text: string; items?: readonly string[] };

/** A public page with a hero photo: its head (title, description, keywords) and its opening words. */
type HeroPage = {
  /** Gallery photo id of the page's hero. */
  photo: string;
  title: string;
  description: string;
  keywords: string;
  heading: string;
  intro: string;
};

export type LandingPage = HeroPage & {
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

export type ActivityPage = HeroPage & {
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
