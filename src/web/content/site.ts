/**
 * The owner's content: texts, links and facts shown across the site. Edit here, not in components.
 * Values marked PLACEHOLDER are not yet supplied by the owner (spec README, "Owner facts not in the spec").
 */
export const SITE = {
  name: 'The Tower',
  tagline: 'The most unique and interesting short-term let in Aberdeen',
  city: 'Aberdeen',
  /** PLACEHOLDER until the owner supplies them. */
  hashtags: ['#TheTowerAberdeen', '#ChurchConversion', '#AberdeenStays'],
  social: {
    facebook: 'https://www.facebook.com/thetoweraberdeen',
    instagram: 'https://www.instagram.com/thetoweraberdeen',
    tiktok: 'https://www.tiktok.com/@thetoweraberdeen',
  },
  /** Scottish short-term let licence: shown on every page (PLACEHOLDER number). */
  licenceNumber: 'AC-123456-F (placeholder)',
  maxOccupancy: 4,
  /** Energy Performance Certificate rating (PLACEHOLDER). */
  epcRating: 'C (placeholder)',
} as const;

export const ACTIVITY_LINKS = [
  { to: '/golf-stays-aberdeen', label: 'Golf Stays Aberdeen' },
  { to: '/trump-golf-aberdeen', label: 'Trump Golf Aberdeen' },
  { to: '/royal-deeside-activities', label: 'Royal Deeside Activities' },
] as const;
