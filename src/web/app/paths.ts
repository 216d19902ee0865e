/** The site's routes (spec section 2), shared by the router, the pre-renderer, the sitemap and the tests. */

export const SEO_LANDING_PATHS = [
  '/aberdeen-holiday-rentals',
  '/aberdeen-accommodation',
  '/luxury-holiday-lets-aberdeen',
  '/scotland-holiday-rentals',
  '/penthouse-accommodation-aberdeen',
] as const;

export const ACTIVITY_PATHS = [
  '/golf-stays-aberdeen',
  '/trump-golf-aberdeen',
  '/royal-deeside-activities',
] as const;

/** Public pages a search engine should find. */
export const PUBLIC_PATHS = [
  '/',
  '/contact',
  '/terms-and-conditions',
  '/privacy-policy',
  ...SEO_LANDING_PATHS,
  ...ACTIVITY_PATHS,
] as const;

/** Pages kept out of search engines (noindex, not in the sitemap). */
export const PRIVATE_PATHS = [
  '/booking-success',
  '/admin',
  '/admin/calendar-sync',
  '/download',
  '/files',
] as const;

/** Rendered at build time; /404 is the not-found page the server sends with status 404. */
export const PRERENDERED_PATHS = [...PUBLIC_PATHS, ...PRIVATE_PATHS, '/404'];
