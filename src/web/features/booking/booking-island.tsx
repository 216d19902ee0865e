import { QueryClientProvider } from '@tanstack/react-query';
import { Component, type ReactNode, startTransition, useEffect } from 'react';
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
 * The Book Now card on a root of its own (docs/decisions/034-the-book-now-card-on-its-own.md): rendered into the
 * element the page keeps for it, with its own query cache and the site content the page wrote beside it, without
 * React Router. The site's build has it on Preact, in a build of its own (vite.card.config.ts,
 * docs/decisions/035-the-book-now-card-on-preact.md); in development and in tests it runs on React. The page
 * mounts it when the guest nears the card; when the guest opens the page at the card, the page's head asks for
 * this module first and it mounts itself, before the page has hydrated (src/server/web/defer-hydration.ts), which
 * then waits for it.
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

/**
 * A card that failed to render must not hold the page's hydration, which waits for it: it says so on `<html>`
 * and renders nothing (the placeholder stays). A boundary rather than React's root option, which Preact's
 * `createRoot` does not take.
 */
class CardFailed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    document.documentElement.setAttribute(CARD_STATE_ATTRIBUTE, 'failed');
    console.error(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Renders the card into `container` (once: a second call for the same element does nothing). */
export function mountBookingCard(container: Element): void {
  if (roots.has(container)) return;
  const root = createRoot(container);
  roots.set(container, root);
  // The card's days are buttons its root handles: the card is usable (the bench and the browser tests read it).
  const onReady = () => container.setAttribute(CARD_READY_ATTRIBUTE, 'true');
  // A transition: React renders the card in small slices, so input and paint are not held up.
  startTransition(() =>
    root.render(
      <CardFailed>
        <SiteContentProvider value={{ ...DEFAULT_SITE_CONTENT, ...readContent() }}>
          <QueryClientProvider client={cardQueryClient()}>
            <BookingCard onReady={onReady} />
            <Shown />
          </QueryClientProvider>
        </SiteContentProvider>
      </CardFailed>,
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

/**
 * Renders the card into the page's element for it, as soon as the document has it; says `failed` on `<html>` when
 * there is none. The page's head calls it when the guest heads for the card after the page has begun hydrating
 * (src/server/web/defer-hydration.ts).
 */
export function mountInPage(): void {
  const mount = () => {
    const container = document.querySelector(`[${CARD_ROOT_ATTRIBUTE}]`);
    if (container) mountBookingCard(container);
    else document.documentElement.setAttribute(CARD_STATE_ATTRIBUTE, 'failed');
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount, { once: true });
  else mount();
}

// The page's head asked for this module because the guest heads for the card before the page is interactive:
// nothing else will mount the card until the page has hydrated, and the page waits for it. No root on the document
// first, as React needed to leave the page's listeners to the page (decision 034): this root is Preact's, which
// listens on the elements it renders and never marks the document
// (docs/decisions/035-the-book-now-card-on-preact.md).
if (document.documentElement.getAttribute(CARD_STATE_ATTRIBUTE) === 'wanted') mountInPage();
