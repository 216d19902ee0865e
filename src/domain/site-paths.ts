/**
 * The site's routes (spec section 2), shared by the router, the pre-renderer, the server's sitemap and robots.txt,
 * and the tests. In the domain because the web and the server both need them (web → domain ← server).
 */

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
  '/reviews',
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

/** Pages only the browser renders (they depend on a parameter): never indexed. */
export const CLIENT_ONLY_PATHS = ['/checkout', '/booking/', '/quote/'] as const;

/**
 * What robots.txt keeps out: every private page (a page under another private one is covered by it), the
 * browser-only pages and the API.
 */
export const ROBOTS_DISALLOW = [
  ...PRIVATE_PATHS.filter((path) => !PRIVATE_PATHS.some((other) => path.startsWith(`${other}/`))),
  ...CLIENT_ONLY_PATHS,
  '/api/',
];
