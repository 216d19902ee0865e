/**
 * Deployment settings reach the pre-rendered pages at server start, never at build time (spec README): the
 * build writes these placeholders, the server replaces them in every page it serves, and the browser reads the
 * filled-in values from the page's `runtime-config` data block so hydration matches.
 */
export type RuntimeConfig = { siteUrl: string; siteEmail: string };

export const RUNTIME_PLACEHOLDERS: RuntimeConfig = { siteUrl: '__SITE_URL__', siteEmail: '__SITE_EMAIL__' };

export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

let cached: RuntimeConfig | undefined;

export function getRuntimeConfig(): RuntimeConfig {
  if (typeof document === 'undefined') return RUNTIME_PLACEHOLDERS; // pre-rendering at build time
  if (cached) return cached;
  try {
    const text = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent ?? '';
    const parsed = JSON.parse(text) as Partial<RuntimeConfig>;
    const isFilled = (value: string | undefined) => value && !value.startsWith('__');
    cached = {
      siteUrl: isFilled(parsed.siteUrl) ? parsed.siteUrl! : window.location.origin,
      siteEmail: isFilled(parsed.siteEmail) ? parsed.siteEmail! : RUNTIME_PLACEHOLDERS.siteEmail,
    };
  } catch {
    cached = { siteUrl: window.location.origin, siteEmail: RUNTIME_PLACEHOLDERS.siteEmail };
  }
  return cached;
}

/** The site's public origin for canonical links and social tags. */
export const siteUrl = () => getRuntimeConfig().siteUrl;
/** The owner's enquiries address ({email} in the spec). */
export const siteEmail = () => getRuntimeConfig().siteEmail;
