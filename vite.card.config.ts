import path from 'node:path';
import { build, type InlineConfig, type Plugin, type Rolldown } from 'vite';
import { CARD_SOURCE } from './src/server/web/defer-hydration.ts';

/**
 * The Book Now card's own build (docs/decisions/035-the-book-now-card-on-preact.md): its root
 * (booking-island.tsx) and everything it imports, with React resolved to Preact's compatibility layer, so that
 * neither React DOM nor React Router is on the card's path. The card's source stays React's (it type-checks
 * against React and its tests run under React); only this build swaps the library. vite.config.ts runs it before
 * the site's own build, hands the page the URL of the card's root and writes the card's files among the site's
 * (`buildBookNowCard`'s plugin); scripts/finish-build.ts reads its manifest for the page's head.
 */

/**
 * This build's Vite manifest (vite.dev/guide/backend-integration), among the site's built files: scripts/finish-
 * build.ts reads the card's modules from it, then removes it.
 */
export const CARD_MANIFEST = '.vite/book-now-card.json';

/** React's entry points and Preact's stand-ins (preactjs.com/guide/v10/switching-to-preact). */
const TO_PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/** React itself, React DOM and React Router: none of them may be in the card's build. */
const NOT_ON_THE_CARD = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

/**
 * What the card's first view (its calendar, rates and price) must do without: zod, React Hook Form with its
 * resolvers, and Radix with its scroll lock. They serve the guest's form and the dialogs, which come in a chunk of
 * their own right behind it (docs/decisions/037-the-book-now-cards-first-view.md).
 */
const NOT_IN_THE_FIRST_VIEW =
  /[\\/]node_modules[\\/](zod|react-hook-form|@hookform|@radix-ui|react-remove-scroll|react-remove-scroll-bar)[\\/]/;

/** A chunk of the card's build as far as the first view's check needs it. */
type BuiltChunk = {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  moduleIds: readonly string[];
};

/**
 * The modules of the first view's path that it must do without: those of the card's root's chunk and of every
 * chunk it imports statically (what the browser must fetch before the card can render) that match
 * `NOT_IN_THE_FIRST_VIEW`. Chunks imported dynamically (the details, Stripe's panel) are not on that path.
 */
export function firstViewLeaks(chunks: readonly BuiltChunk[]): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const onPath = new Set<BuiltChunk>();
  const visit = (chunk: BuiltChunk | undefined) => {
    if (!chunk || onPath.has(chunk)) return;
    onPath.add(chunk);
    for (const name of chunk.imports) visit(byName.get(name));
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  return [...onPath].flatMap((chunk) => chunk.moduleIds.filter((id) => NOT_IN_THE_FIRST_VIEW.test(id)));
}

export function cardBuildConfig(root: string): InlineConfig {
  return {
    root,
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    mode: 'production',
    resolve: { alias: TO_PREACT, dedupe: ['preact'] },
    build: {
      // Kept in memory: the site's build, which empties the build directory first, writes the files (below).
      write: false,
      assetsInlineLimit: 0,
      manifest: true,
      // The same browsers as the site's build.
      target: 'baseline-widely-available',
      rolldownOptions: {
        input: path.join(root, CARD_SOURCE),
        // The card's root must keep its exports: the page mounts the card through them.
        preserveEntrySignatures: 'exports-only',
        // The libraries' "use client" marks mean nothing to a browser-only build (the site's build drops them too).
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
        output: {
          // The card's root keeps its name (the browser tests and the bench look for it); its chunks are named apart.
          entryFileNames: 'assets/[name]-[hash].js',
          chunkFileNames: 'assets/book-now-card-[hash].js',
        },
      },
    },
  };
}

/**
 * Builds the card and answers the URL of its root's module (what the page imports to mount the card) and a plugin
 * for the site's client build that writes the card's files among its own: `assets/booking-island-*.js`,
 * `assets/book-now-card-*.js` and the manifest.
 */
export async function buildBookNowCard(root: string): Promise<{ entry: string; plugin: Plugin }> {
  const built = await build(cardBuildConfig(root));
  const outputs = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[];
  // The point of this build: a change that brings React's own renderer or React Router back fails it.
  const leaked = outputs
    .flatMap((result) => result.output)
    .flatMap((item) => (item.type === 'chunk' ? item.moduleIds : []))
    .filter((id) => NOT_ON_THE_CARD.test(id));
  if (leaked.length > 0) throw new Error(`The Book Now card's build took in ${leaked.join(', ')}`);
  // The point of the split: a change that brings the form's or the dialogs' libraries onto the first view fails it.
  const firstView = firstViewLeaks(
    outputs.flatMap((result) => result.output).flatMap((item) => (item.type === 'chunk' ? [item] : [])),
  );
  if (firstView.length > 0)
    throw new Error(`The Book Now card's first view took in ${firstView.join(', ')} (decision 037)`);
  const files = outputs.flatMap((result) =>
    result.output.map((item) => ({
      fileName: item.fileName === '.vite/manifest.json' ? CARD_MANIFEST : item.fileName,
      source: item.type === 'chunk' ? item.code : item.source,
    })),
  );
  const manifest = files.find((file) => file.fileName === CARD_MANIFEST);
  const entry = manifest && JSON.parse(String(manifest.source))[CARD_SOURCE]?.file;
  if (!entry) throw new Error(`The Book Now card's build has no ${CARD_SOURCE} in its manifest`);
  return {
    entry: `/${entry}`,
    plugin: {
      name: 'the-tower:book-now-card',
      applyToEnvironment: (environment) => environment.name === 'client',
      generateBundle() {
        for (const file of files) this.emitFile({ type: 'asset', ...file });
      },
    },
  };
}
