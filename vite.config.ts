import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/** The libraries every page needs to hydrate. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|cookie|set-cookie-parser)[\\/]/;
/**
 * The app shell every public page shares: header, footer, content, helpers, the button looks, the price rules,
 * the booking card's pre-rendered parts and Vite's preload helper. Zod's schemas (domain/api/) stay out: only
 * the booking card and the admin area load them; so do the form and dialog primitives (components/ui), which
 * bring Radix Dialog with them.
 */
const SHELL =
  /[\\/]src[\\/](web[\\/](lib[\\/]|content[\\/]|components[\\/](content|layout|media)[\\/]|components[\\/]ui[\\/]button\.tsx)|web[\\/]features[\\/]booking[\\/](booking-card-parts|price-breakdown)\.tsx|domain[\\/](dates|pricing|property|refunds|stay-rules)\.ts)|vite[\\/]preload-helper/;

/**
 * Small pieces the Book Now card loads with it on demand (book-now-section.tsx) and shares with the checkout, the
 * guest's booking page and the admin area: the payment and payment-schedule reads, the field and input
 * primitives, the contact form's rules, the damage deposit's plan on the property's clock (with its time-zone
 * library; docs/decisions/031-damage-deposit-hold.md). Left to themselves they came in four chunks of under 2 kB each, one per
 * set of pages sharing them; on a phone each costs a round trip, six at a time
 * (docs/decisions/021-book-now-on-a-phone.md), so they are one, and those pages load a few kB they do not use.
 * Nothing here imports Radix (the dialog), whose parts every page's notifications share: a group takes its
 * modules' imports with it.
 */
const BOOK_NOW =
  /[\\/]src[\\/](web[\\/](features[\\/]payments[\\/]payment-api|features[\\/]payment-schedule[\\/]payment-schedule-api|components[\\/]ui[\\/](field|input))\.tsx?$|domain[\\/](booking-form|contact-details|damage-hold|property-clock)\.ts$)|[\\/]node_modules[\\/]@date-fns[\\/]tz[\\/]/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  publicDir: 'public',
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    assetsInlineLimit: 0,
    // Kept for scripts/finish-build.ts, which reads the Book Now card's modules from it and then removes it.
    manifest: true,
    rolldownOptions: {
      output: {
        // A few larger chunks instead of two dozen small ones: on a phone every request costs a round trip, and
        // every module the first page preloads counts towards its first paint. Only what the first page needs
        // is grouped (`$initial`); the lazily loaded parts (booking card, notifications, Stripe) keep their own.
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, tags: ['$initial'], priority: 2 },
            { name: 'shell', test: SHELL, tags: ['$initial'], priority: 1 },
            { name: 'book-now', test: BOOK_NOW },
          ],
        },
      },
    },
  },
});
