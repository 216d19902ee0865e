/**
 * The key under which the server renders the pages with the site content (`context.set(siteContentContext,
 * content)`), read by the root route's loader. A module of its own, apart from lib/site-content.ts, because it is
 * React Router's: the Book Now card's own build reads the site content without the router
 * (docs/decisions/035-the-book-now-card-on-preact.md).
 */
import { createContext } from 'react-router';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '../../domain/site-content.ts';

export const siteContentContext = createContext<SiteContent>(DEFAULT_SITE_CONTENT);
