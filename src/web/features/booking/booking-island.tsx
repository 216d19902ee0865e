import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { DEFAULT_SITE_CONTENT } from '../../../domain/site-content.ts';
import { SiteContentProvider } from '../../lib/site-content.ts';
import { BookingCard } from './booking-card.tsx';
import {
  CARD_CONTENT_ID,
  CARD_READY_ATTRIBUTE,
  CARD_ROOT_ATTRIBUTE,
  CARD_STATE_ATTRIBUTE,
  type CardContent,
  cardQueryClient,
} from './card-root.tsx';

/**
 * The Book Now card on a React root of its own (docs/decisions/034-the-book-now-card-on-its-own.md): rendered
 * into the element the page keeps for it, with its own query cache and the site content the page wrote beside
 * it, without React Router. The page mounts it when the guest nears the card; when the guest opens the page at
 * the card, the page's head asks for this module first and it mounts itself, before the page has hydrated
 * (src/server/web/defer-hydration.ts), which then waits for it.
 */

const roots = new WeakMap<Element, Root>();

function readContent(): CardContent {
  const text = document.getElementById(CARD_CONTENT_ID)?.textContent;
  return text ? (JSON.parse(text) as CardContent) : DEFAULT_SITE_CONTENT;
}

/** Says on `<html>` that the card is on screen: the page's hydration, held for it, may go. */
function Shown() {
  useEffect(() => {
    document.documentElement.setAttribute(CARD_STATE_ATTRIBUTE, 'shown');
  }, []);
  return null;
}

/** Renders the card into `container` (once: a second call for the same element does nothing). */
export function mountBookingCard(container: Element): void {
  if (roots.has(container)) return;
  const root = createRoot(container, {
    // A card that failed to render must not hold the page's hydration, which waits for it.
    onUncaughtError: (error) => {
      document.documentElement.setAttribute(CARD_STATE_ATTRIBUTE, 'failed');
      console.error(error);
    },
  });
  roots.set(container, root);
  // The card's days are buttons React handles: the card is usable (the bench and the browser tests read it).
  const onReady = () => container.setAttribute(CARD_READY_ATTRIBUTE, 'true');
  // A transition: React renders the card in small slices, so input and paint are not held up.
  startTransition(() =>
    root.render(
      <SiteContentProvider value={{ ...DEFAULT_SITE_CONTENT, ...readContent() }}>
        <QueryClientProvider client={cardQueryClient()}>
          <BookingCard onReady={onReady} />
          <Shown />
        </QueryClientProvider>
      </SiteContentProvider>,
    ),
  );
}

/** Takes the card off `container` (the page is leaving it), once the page's own render has finished. */
export function unmountBookingCard(container: Element): void {
  const root = roots.get(container);
  if (!root) return;
  roots.delete(container);
  queueMicrotask(() => root.unmount());
}

// The page's head asked for this module because the guest heads for the card before the page is interactive:
// nothing else will mount the card until the page has hydrated, and the page waits for it.
if (document.documentElement.getAttribute(CARD_STATE_ATTRIBUTE) === 'wanted') {
  // React listens for a root's events on its container and, once per document, marks the document as listened
  // to: the page's root, hydrated later on the document itself, would find it marked and attach none of its own
  // listeners (no click of the page's would reach React). A root created on the document and never rendered
  // attaches them first, as the page's would (React dispatches by the container, not by the root). Safe: the
  // page has not started hydrating while the card is `wanted` (it waits for it).
  createRoot(document);
  const mount = () => {
    const container = document.querySelector(`[${CARD_ROOT_ATTRIBUTE}]`);
    if (container) mountBookingCard(container);
    else document.documentElement.setAttribute(CARD_STATE_ATTRIBUTE, 'failed');
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount, { once: true });
  else mount();
}
