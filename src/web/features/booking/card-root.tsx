import type { QueryClient } from '@tanstack/react-query';
import type { MouseEvent, ReactNode } from 'react';
import type { SiteContent } from '../../../domain/site-content.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { sharedState } from '../../lib/shared-state.ts';

/*
 * What the Book Now card's own root (booking-island.tsx) and the page around it (book-now-section.tsx) share: the
 * card is rendered by a root of its own, so that a guest who opens /#booking can use it before React Router has
 * hydrated the whole page (docs/decisions/034-the-book-now-card-on-its-own.md), and that root is built apart, on
 * Preact (docs/decisions/035-the-book-now-card-on-preact.md). Each build has its own copy of this module: what
 * both must hold once (the query cache, the page's navigation) lives in lib/shared-state.ts. Light on purpose:
 * the page imports it, and the card's code is fetched only when the guest heads for the card.
 */

/** The element the card's root renders into (the page's hydration leaves its content alone). */
export const CARD_ROOT_ATTRIBUTE = 'data-book-now-root';
/** Set on the card's root element once its days are buttons its root handles: the card is usable. */
export const CARD_READY_ATTRIBUTE = 'data-ready';
/**
 * The attribute of `<html>` through which the page's head and the card's root speak before the page is
 * interactive: `wanted` when the head has asked for the card's module (the guest heads for the card), `shown`
 * once the card's root has rendered, `failed` when its module could not be fetched. The page hydrates after
 * `wanted` has given way (src/server/web/defer-hydration.ts reads the name from the card's slot).
 */
export const CARD_STATE_ATTRIBUTE = 'data-book-now';
/** The id of the JSON block with the site content the card needs, written by the page beside the card. */
export const CARD_CONTENT_ID = 'book-now-content';

/** What the card reads of the site content: its rates and fees, and the enquiries address it prints. */
export type CardContent = Pick<SiteContent, 'prices' | 'property'>;

/** The JSON block's text: `<` escaped, so that no content can close the script element. */
export const cardContentJson = (content: SiteContent): string =>
  JSON.stringify({ prices: content.prices, property: content.property } satisfies CardContent).replaceAll(
    '<',
    '\\u003c',
  );

/**
 * The card's query cache: one for the page's life, so that the reads the page fetches in the background before
 * the card is wanted, and the card's own, are the same entries (the page's root has a cache of its own). Created
 * by whichever build asks first; both run the same version of TanStack Query.
 */
export const cardQueryClient = (): QueryClient => sharedState('book-now-query-client', createQueryClient);

type Navigate = (to: string) => void;
/** The page's router's navigation, once the page has handed it over. */
const navigation = sharedState('book-now-navigation', () => ({
  navigate: undefined as Navigate | undefined,
}));

/**
 * Lets the card move to another page through the page's router once the page is interactive (a navigation
 * within the site, as before); returns the function that withdraws it. Until then the card moves by a full load.
 */
export function provideNavigation(navigate: Navigate): () => void {
  navigation.navigate = navigate;
  return () => {
    if (navigation.navigate === navigate) navigation.navigate = undefined;
  };
}

/** Moves to `to` (a path of this site) from the card. */
export function navigateFromCard(to: string): void {
  if (navigation.navigate) navigation.navigate(to);
  else window.location.assign(to);
}

/**
 * A link inside the card: the page's router's navigation for a plain click once the page is interactive, the
 * browser's own otherwise (a new tab, a modified click, before the page is interactive).
 */
export function CardLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const pageNavigate = navigation.navigate;
    if (
      !pageNavigate ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    pageNavigate(to);
  };
  return (
    <a href={to} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
