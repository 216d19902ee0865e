import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type UserConfig } from 'vite';
import { buildBookNowCard } from './vite.card.config.ts';

/** The libraries every page needs to hydrate. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|cookie|set-cookie-parser)[\\/]/;
/**
 * The app shell every public page shares: header, footer, content, helpers, the button looks, the price rules,
 * the booking card's pre-rendered parts, its two reads (one request fewer on its path) and what the page and the
 * card's own root share (card-root.tsx), and Vite's preload
 * helper. Zod's schemas (domain/api/) stay out: only the booking card and the admin area load them; so do the form
 * and dialog primitives (components/ui), which bring Radix Dialog with them.
 */
const SHELL =
  /[\\/]src[\\/](web[\\/](lib[\\/]|content[\\/]|components[\\/](content|layout|media)[\\/]|components[\\/]ui[\\/]button\.tsx)|web[\\/]features[\\/]booking[\\/](booking-card-parts\.tsx|card-root\.tsx|price-breakdown\.tsx|booking-api\.ts)|domain[\\/](dates|pricing|property|refunds|stay-rules)\.ts)|vite[\\/]preload-helper/;

/**
 * Radix's shared parts (portal, presence, dismissable layer, …), which every page's notification area (Radix Toast)
 * and the booking card's dialog both use: a chunk of their own, or every page's notifications would load the card's
 * chunk (a group takes its modules' imports with it).
 */
const RADIX_SHARED =
  /[\\/]node_modules[\\/]@radix-ui[\\/](primitive|react-(compose-refs|context|use-[a-z-]+|slot|primitive|dismissable-layer|portal|presence))[\\/]/;

/**
 * The booking card's parts the checkout, the guest's booking page and the admin area load on demand, in one chunk:
 * the calendar, the form (React Hook Form and its rules), the dialog (Radix Dialog and its scroll lock), the
 * payment panel and schedule, the damage deposit's plan on the property's clock with its time-zone library
 * (docs/decisions/031-damage-deposit-hold.md). Left to Rolldown they came in seven chunks; on a phone each costs a
 * round trip of 562 ms, six at a time (docs/decisions/033-the-book-now-card-in-fewer-requests.md). The Book Now
 * card itself is not in this build: its root is built apart on Preact (vite.card.config.ts,
 * docs/decisions/035-the-book-now-card-on-preact.md).
 */
const BOOK_NOW =
  /[\\/]src[\\/](web[\\/](features[\\/](booking[\\/]date-range-picker\.tsx|booking[\\/](calendar-dates|date-selection)\.ts|payments[\\/](?!stripe-)[^\\/]+|payment-schedule[\\/][^\\/]+)|components[\\/]ui[\\/](field|input|dialog)\.tsx)|domain[\\/](booking-form|contact-details|damage-hold|payment-schedule|property-clock|stay-rules)\.ts$)|[\\/]node_modules[\\/](react-hook-form|@hookform[\\/]resolvers|@radix-ui[\\/]react-(dialog|id|focus-scope|focus-guards)|react-remove-scroll(-bar)?|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|aria-hidden|tslib|@date-fns[\\/]tz)[\\/]/;

export default defineConfig(async ({ command }): Promise<UserConfig> => {
  // The Book Now card's own build (Preact) first: the page imports the card's root by its URL
  // (book-now-section.tsx; docs/decisions/035-the-book-now-card-on-preact.md). In development the page imports
  // the card's source instead, under React.
  const card = command === 'build' ? await buildBookNowCard(import.meta.dirname) : undefined;
  return {
    plugins: [tailwindcss(), reactRouter(), ...(card ? [card.plugin] : [])],
    define: card ? { 'import.meta.env.VITE_BOOK_NOW_MODULE': JSON.stringify(card.entry) } : {},
    publicDir: 'public',
    server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
    build: {
      assetsInlineLimit: 0,
      rolldownOptions: {
        output: {
          // A few larger chunks instead of two dozen small ones: on a phone every request costs a round trip, and
          // every module the first page preloads counts towards its first paint. Only what the first page needs
          // is grouped (`$initial`); the lazily loaded parts (booking card, notifications, Stripe) keep their own.
          codeSplitting: {
            groups: [
              { name: 'framework', test: FRAMEWORK, tags: ['$initial'], priority: 2 },
              { name: 'shell', test: SHELL, tags: ['$initial'], priority: 1 },
              { name: 'radix', test: RADIX_SHARED, priority: 1 },
              { name: 'book-now', test: BOOK_NOW },
            ],
          },
        },
      },
    },
  };
});
