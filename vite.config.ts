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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
          ],
        },
      },
    },
  },
});
