/**
 * The site content the page was rendered with (src/domain/site-content.ts): the root route's loader answers it
 * (at build time the defaults; on the server, the owner's current values), React Router writes it into the
 * page, and components read it with `useSiteContent()` so the hydrated page says what the HTML said.
 */
import { createContext as createReactContext, useContext } from 'react';
import { createContext } from 'react-router';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '../../domain/site-content.ts';
import { siteEmail } from './runtime-config.ts';

/** The key the server renders the pages with: `context.set(siteContentContext, content)`. */
export const siteContentContext = createContext<SiteContent>(DEFAULT_SITE_CONTENT);

const SiteContentReactContext = createReactContext<SiteContent>(DEFAULT_SITE_CONTENT);

export const SiteContentProvider = SiteContentReactContext.Provider;

/** The current site content (the defaults outside a rendered page, e.g. in a component test). */
export const useSiteContent = (): SiteContent => useContext(SiteContentReactContext);

/** The enquiries address the pages print: the owner's (Property tab), else the server's SITE_EMAIL. */
export const useEnquiriesEmail = (): string => useSiteContent().property.enquiriesEmail ?? siteEmail();
