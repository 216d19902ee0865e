/**
 * Zod compiles object parsers with `new Function` when it may, and finds out by trying it once. The site's
 * Content Security Policy forbids eval, so in the browser that probe only produces a CSP violation report (a
 * DevTools "issue", which costs the Lighthouse Best Practices score). Jitless parsing skips the probe; the
 * server keeps the compiled parsers.
 *
 * Zod keeps its global configuration on `globalThis.__zod_globalConfig` (shared by every copy of zod, see
 * `z.config()`); setting it here, before zod loads, keeps zod itself out of the pages that never validate
 * anything. root.tsx imports this module first, so it runs before any schema is built. zod-browser.test.ts
 * checks that zod still reads it.
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
