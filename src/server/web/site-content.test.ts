import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { PropertyFacts } from '../../domain/property-facts.ts';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '../../domain/site-content.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { FALLBACK, type PageRenderer } from './render-pages.ts';
import { createPage, type Site } from './site.ts';

/**
 * The public pages follow the site content: rendered again when it changes (decision 012). React Router's server
 * build is exercised by the browser tests; here a stand-in renderer writes the content it was given into each page.
 */
const shell = (title: string) => `<!doctype html><title>${title}</title><p>__SITE_URL__</p>`;

async function builtSite(): Promise<Site> {
  return {
    pages: new Map([
      ['/', await createPage(shell('Home (build)'))],
      ['/contact', await createPage(shell('Contact (build)'))],
    ]),
    data: new Map([['/contact.data', await createPage('[build data]')]]),
    fallback: await createPage(shell('Shell (build)')),
    notFound: await createPage(shell('Not found (build)')),
    root: process.cwd(),
  };
}

/** Writes the licence it was given into every document, and counts its runs. */
function recordingRenderer() {
  const runs: SiteContent[] = [];
  const renderer: PageRenderer = async (content, paths) => {
    runs.push(content);
    const licence = content.property.licenceNumber ?? 'no licence';
    const html = new Map(paths.map((path) => [path, shell(`${path} ${licence}`)]));
    html.set(FALLBACK, shell(`shell ${licence}`));
    const data = new Map(paths.map((path) => [`${path === '/' ? '/_' : path}.data`, `[${licence}]`]));
    return { html, data };
  };
  return { renderer, runs };
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The default facts with this licence number. */
const factsWith = (licenceNumber: string): PropertyFacts => ({
  ...DEFAULT_SITE_CONTENT.property,
  licenceNumber,
});

async function appWithFacts(facts: () => PropertyFacts, renderer: PageRenderer) {
  t = await createTestApp({
    env: { SITE_URL: 'https://thetower.example' },
    overrides: {
      site: await builtSite(),
      pageRenderer: renderer,
      siteContentSources: { property: async () => facts() },
    },
  });
  return t;
}

const text = (response: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
  response.headers['content-encoding'] === 'gzip'
    ? gunzipSync(response.rawPayload).toString()
    : response.rawPayload.toString();

describe('the public pages and the site content', () => {
  it("keeps the build's pages when the content is the fresh install's", async () => {
    const { renderer, runs } = recordingRenderer();
    const { app } = await appWithFacts(() => DEFAULT_SITE_CONTENT.property, renderer);
    expect(runs).toHaveLength(0);
    expect((await app.inject({ url: '/' })).body).toContain('Home (build)');
  });

  it("renders every page with the owner's content before it answers, runtime values filled in", async () => {
    const { renderer } = recordingRenderer();
    const facts = { ...DEFAULT_SITE_CONTENT.property, licenceNumber: 'AC-000111-F' };
    const { app } = await appWithFacts(() => facts, renderer);
    const home = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(text(home)).toContain('/ AC-000111-F');
    expect(text(home)).toContain('https://thetower.example');
    expect((await app.inject({ url: '/contact' })).body).toContain('/contact AC-000111-F');
    expect((await app.inject({ url: '/checkout/abc' })).body).toContain('shell AC-000111-F');
    expect((await app.inject({ url: '/nowhere' })).body).toContain('/404 AC-000111-F');
    const data = await app.inject({ url: '/contact.data' });
    expect(data.headers['content-type']).toContain('text/x-script');
    expect(data.body).toBe('[AC-000111-F]');
  });

  it('renders the pages again after a change, and answers the new content at /api/site-content', async () => {
    const { renderer, runs } = recordingRenderer();
    let facts: PropertyFacts = { ...DEFAULT_SITE_CONTENT.property, licenceNumber: 'AC-1' };
    const { app } = await appWithFacts(() => facts, renderer);
    facts = { ...facts, licenceNumber: 'AC-2' };
    expect((await app.inject({ url: '/' })).body).toContain('AC-1');

    app.siteContent.changed();
    await app.siteContent.settled();
    expect((await app.inject({ url: '/' })).body).toContain('/ AC-2');
    expect((await app.inject({ url: '/contact.data' })).body).toBe('[AC-2]');
    const api = await app.inject({ url: '/api/site-content' });
    expect(api.json<SiteContent>().property.licenceNumber).toBe('AC-2');
    expect(runs.map((content) => content.property.licenceNumber)).toEqual(['AC-1', 'AC-2']);
  });

  it('runs one render at a time: changes during a run are published once, after it', async () => {
    const { renderer, runs } = recordingRenderer();
    let licence = 'AC-1';
    let release: () => void = () => {};
    let started: () => void = () => {};
    // The second run has begun (the content is read from the database first: not within one tick).
    const secondRun = new Promise<void>((done) => (started = done));
    const slow: PageRenderer = async (content, paths) => {
      if (content.property.licenceNumber === 'AC-2')
        await new Promise<void>((done) => {
          release = done;
          started();
        });
      return renderer(content, paths);
    };
    const { app } = await appWithFacts(() => factsWith(licence), slow);
    licence = 'AC-2';
    app.siteContent.changed();
    await secondRun;
    licence = 'AC-3';
    app.siteContent.changed();
    licence = 'AC-4';
    app.siteContent.changed();
    release();
    await app.siteContent.settled();
    expect(runs.map((content) => content.property.licenceNumber)).toEqual(['AC-1', 'AC-2', 'AC-4']);
    expect((await app.inject({ url: '/' })).body).toContain('/ AC-4');
  });

  it('keeps the pages it has when a render fails, and renders after the next change', async () => {
    const { renderer } = recordingRenderer();
    let licence = 'AC-1';
    const failing: PageRenderer = async (content, paths) => {
      if (content.property.licenceNumber === 'AC-broken') throw new Error('render failed');
      return renderer(content, paths);
    };
    const { app } = await appWithFacts(() => factsWith(licence), failing);
    licence = 'AC-broken';
    app.siteContent.changed();
    await app.siteContent.settled();
    expect((await app.inject({ url: '/' })).body).toContain('/ AC-1');
    licence = 'AC-5';
    app.siteContent.changed();
    await app.siteContent.settled();
    expect((await app.inject({ url: '/' })).body).toContain('/ AC-5');
  });
});
