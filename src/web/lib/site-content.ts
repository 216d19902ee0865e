/**
 * The site content the page was rendered with (src/domain/site-content.ts): the root route's loader answers it
 * (at build time the defaults; on the server, the owner's current values, under the key of
 * site-content-context.ts), React Router writes it into the page, and components read it with `useSiteContent()`
 * so the hydrated page says what the HTML said. No React Router here: the Book Now card's own build reads it too.
 */
import { createContext as createReactContext, useContext } from 'react';
import { HOME_PAGE_REVIEWS } from '../../domain/reviews.ts';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '../../domain/site-content.ts';
import { siteEmail } from './runtime-config.ts';

/**
 * The content every page carries: all of it but the reviews' list, cut to the home page's newest few (their
 * average, count and withheld counts stay whole). The reviews page's own loader gives it every review, so the
 * other pages do not carry them all (docs/decisions/029-reviews.md).
 */
export function contentForEveryPage(content: SiteContent): SiteContent {
  const { reviews } = content;
  return { ...content, reviews: { ...reviews, reviews: reviews.reviews.slice(0, HOME_PAGE_REVIEWS) } };
}

const SiteContentReactContext = createReactContext<SiteContent>(DEFAULT_SITE_CONTENT);

export const SiteContentProvider = SiteContentReactContext.Provider;

/** The current site content (the defaults outside a rendered page, e.g. in a component test). */
export const useSiteContent = (): SiteContent => useContext(SiteContentReactContext);

/** The enquiries address the pages print: the owner's (Property tab), else the server's SITE_EMAIL. */
export const useEnquiriesEmail = (): string => useSiteContent().property.enquiriesEmail ?? siteEmail();
