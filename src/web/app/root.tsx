import '../lib/zod-browser.ts';
import headingFont from '@fontsource-variable/eb-garamond/files/eb-garamond-latin-wght-normal.woff2?url';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { preload } from 'react-dom';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
} from 'react-router';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_PLACEHOLDERS } from '../lib/runtime-config.ts';
import { contentForEveryPage, SiteContentProvider } from '../lib/site-content.ts';
import { siteContentContext } from '../lib/site-content-context.ts';
import { hasToasts, subscribeToasts } from '../lib/toast.ts';
import { whenIdle } from '../lib/when-idle.ts';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';

// The notification area (Radix Toast) is only needed once something is announced: it loads when the browser is
// idle after the page has loaded, or at once when the first notification comes.
const Toaster = lazy(() =>
  import('../components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })),
);

/**
 * The site content every page is rendered with (decision 012): the defaults when the build pre-renders, the
 * owner's current values when the server renders the pages again. Exported so the server sets it by this key.
 */
export { siteContentContext };

export function loader({ context }: Route.LoaderArgs) {
  return contentForEveryPage(context.get(siteContentContext));
}

/** The content came with the page; moving between pages never asks for it again. */
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: ReactNode }) {
  // The headings' typeface (app.css): fetched with the stylesheet rather than once the page is laid out.
  preload(headingFont, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1917" />
        {/* A stylesheet resource with a precedence: React writes it before the script preloads, so the
            render-blocking CSS is the first request after the document. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {/* Filled in by the server at start (deployment settings never need a rebuild). Not executed. */}
        <script
          type="application/json"
          id={RUNTIME_CONFIG_ELEMENT_ID}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a JSON data block of fixed placeholders
          dangerouslySetInnerHTML={{ __html: JSON.stringify(RUNTIME_PLACEHOLDERS) }}
        />
      </head>
      <body className="flex min-h-screen flex-col bg-stone-50 font-sans text-stone-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The app shell: sticky header, the routed page, footer and the notification area (spec section 2). */
export default function App() {
  const [queryClient] = useState(createQueryClient);
  // Marks the moment the pre-rendered page becomes interactive (for styles and for the browser tests, which
  // wait for it so that a click or key press is never sent to HTML that React has not yet taken over).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const toasterWanted = useToasterWanted();
  const content = useLoaderData<typeof loader>();
  return (
    <SiteContentProvider value={content}>
      <QueryClientProvider client={queryClient}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <SiteFooter />
        {toasterWanted ? (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        ) : null}
      </QueryClientProvider>
    </SiteContentProvider>
  );
}

function useToasterWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    if (hasToasts()) {
      setWanted(true);
      return;
    }
    const want = () => setWanted(true);
    const unsubscribe = subscribeToasts(want);
    const cancel = whenIdle(want);
    return () => {
      unsubscribe();
      cancel();
    };
  }, [wanted]);
  return wanted;
}

export function HydrateFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <span className="text-stone-600">Loading…</span>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong';
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="font-serif text-3xl">{title}</h1>
      <p className="mt-4 text-stone-700">Please try again, or return to the home page.</p>
      <a className="mt-6 inline-block underline" href="/">
        Return Home
      </a>
    </main>
  );
}
