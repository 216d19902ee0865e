import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** The Content Security Policy's directives; a page adds the hashes of its inline scripts to `script-src`. */
function policyDirectives(
  config: Config,
  stripe: boolean,
  scriptHashes: string[] = [],
): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...(stripe ? ['https://js.stripe.com'] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(stripe ? ['https://*.stripe.com'] : [])],
    'font-src': ["'self'"],
    'media-src': ["'self'"],
    'connect-src': ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
    'frame-src': stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': [],
  };
  if (!config.siteUrl.startsWith('https:')) delete directives['upgrade-insecure-requests'];
  return directives;
}

/** A page's own policy: the site's, with the hashes of the page's inline scripts (written as helmet writes it). */
export function pagePolicy(config: Config, stripe: boolean, scriptHashes: string[]): string {
  return Object.entries(policyDirectives(config, stripe, scriptHashes))
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/**
 * Browser features the site never uses are switched off for it and anything it embeds. `payment` (the Payment
 * Request API) only for Stripe's frames, which offer Apple Pay and Google Pay; demo mode offers no wallet.
 */
function permissionsPolicy(stripe: boolean): string {
  return [
    'camera=()',
    'microphone=()',
    'geolocation=()',
    'usb=()',
    stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()',
  ].join(', ');
}

/**
 * Security headers on every answer: helmet's defaults with our Content Security Policy (pages send their own,
 * with their scripts' hashes: `pagePolicy`), without COEP (Stripe's frames are cross-origin), and
 * X-Frame-Options DENY, as the policy's frame-ancestors 'none' says. Strict-Transport-Security only when the
 * site is served over HTTPS: a browser ignores it over plain HTTP, and on localhost it would pin the name to
 * HTTPS for a year. Helmet's middleware is built once, when the server starts, and sets the values it worked
 * out then on each answer: @fastify/helmet builds it again for every request, which cost a fifth of the health
 * answer's throughput (decision 018).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, { config, stripeOn }: SecurityHeadersOptions) => {
    // Built once for each payment mode; the mode is asked per answer, as Stripe may be switched on in the admin
    // while the server runs (decision 024).
    const headersFor = (stripe: boolean) => ({
      setHelmetHeaders: helmet({
        contentSecurityPolicy: { useDefaults: false, directives: policyDirectives(config, stripe) },
        crossOriginEmbedderPolicy: false,
        xFrameOptions: { action: 'deny' },
        ...(config.siteUrl.startsWith('https:') ? {} : { strictTransportSecurity: false }),
      }),
      permissions: permissionsPolicy(stripe),
    });
    const demo = headersFor(false);
    const stripe = headersFor(true);
    app.addHook('onRequest', (request, reply, done) => {
      const { setHelmetHeaders, permissions } = stripeOn() ? stripe : demo;
      reply.header('permissions-policy', permissions);
      setHelmetHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);

export type SecurityHeadersOptions = {
  config: Config;
  /** Whether Stripe takes the payments now (its script, frames and API are then allowed). */
  stripeOn: () => boolean;
};
