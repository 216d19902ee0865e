import { describe, expect, it } from 'vitest';
import { DEFAULT_OWNER_TEXTS } from '../../domain/owner-texts.ts';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '../../domain/site-content.ts';
import { FILLED_PROPERTY_FACTS, FRESH_INSTALL_PUBLIC_PROPERTY } from '../../domain/test-fixtures.ts';
import { signedInTestApp } from '../test/per-file.ts';
import { FALLBACK, type PageRenderer } from './render-pages.ts';
import { createPage } from './site.ts';

/**
 * The owner's facts and texts reach the public pages through the site content (decision 012): the real loaders
 * read the tables the Property and Texts tabs write. A stand-in renderer writes the content it is given into the
 * page as JSON (React Router's server build is exercised by the browser tests).
 */
const renders: SiteContent[] = [];
const renderer: PageRenderer = async (content, paths) => {
  renders.push(content);
  const html = new Map(paths.map((path) => [path, `<!doctype html><pre>${JSON.stringify(content)}</pre>`]));
  html.set(FALLBACK, '<!doctype html><p>shell</p>');
  return { html, data: new Map() };
};

const t = signedInTestApp(async () => ({
  overrides: {
    site: {
      pages: new Map([['/', await createPage('<!doctype html><p>the build</p>')]]),
      data: new Map(),
      fallback: undefined,
      notFound: undefined,
      root: process.cwd(),
    },
    pageRenderer: renderer,
  },
}));

const siteContent = async (): Promise<SiteContent> =>
  (await t.app.inject({ method: 'GET', url: '/api/site-content' })).json();
const FACTS = { ...FILLED_PROPERTY_FACTS, enquiriesEmail: 'hello@thetower.example' };

describe('the property facts and the texts on the public pages', () => {
  it('a fresh install publishes no placeholder and keeps the build’s pages (its content is the default)', async () => {
    expect(renders).toHaveLength(0);
    expect((await t.app.inject({ url: '/' })).body).toContain('the build');
    const content = await siteContent();
    expect(JSON.stringify(content)).not.toMatch(/placeholder/i);
    expect(content.property).toEqual(FRESH_INSTALL_PUBLIC_PROPERTY);
    expect(content.property).toEqual(DEFAULT_SITE_CONTENT.property);
    expect(content.texts).toEqual(DEFAULT_SITE_CONTENT.texts);
  });

  it('renders the pages again with the facts the owner saves', async () => {
    const saved = await t.asOwner('PUT', '/api/admin/property-facts', FACTS);
    expect(saved.statusCode).toBe(200);
    await t.app.siteContent.settled();
    const page = (await t.app.inject({ url: '/' })).body;
    expect(page).toContain('"licenceNumber":"AC-00123-F"');
    expect(page).toContain('"street":"1 Kirk Court, Union Street"');
    const { property } = await siteContent();
    expect(property).toMatchObject({
      licenceNumber: 'AC-00123-F',
      epcRating: 'C',
      address: { street: '1 Kirk Court, Union Street', postcode: 'AB10 1AA', locality: 'Aberdeen' },
      social: { facebook: 'https://www.facebook.com/thetower' },
      hashtags: ['#TheTower'],
      enquiriesEmail: 'hello@thetower.example',
    });
  });

  it('keeps the street and postcode off every public page when the owner gives them to booked guests only', async () => {
    await t.asOwner('PUT', '/api/admin/property-facts', { ...FACTS, addressPublic: false });
    await t.app.siteContent.settled();
    const page = (await t.app.inject({ url: '/' })).body;
    expect(page).not.toContain('Kirk Court');
    expect(page).not.toContain('AB10 1AA');
    expect((await siteContent()).property.address).toEqual({
      locality: 'Aberdeen',
      region: 'Scotland',
      country: 'GB',
    });
    // The owner still has them.
    const admin = await t.asOwner('GET', '/api/admin/property-facts');
    expect(admin.json().facts).toMatchObject({
      streetAddress: '1 Kirk Court, Union Street',
      postcode: 'AB10 1AA',
    });
  });

  it('renders the pages again with the texts the owner saves, each feature keeping its photo’s alt text', async () => {
    const texts = {
      ...DEFAULT_OWNER_TEXTS,
      about: ['Run by the family who converted it.'],
      features: DEFAULT_OWNER_TEXTS.features.map((feature, index) =>
        index === 0 ? { ...feature, title: 'Cedar Sauna' } : feature,
      ),
    };
    expect((await t.asOwner('PUT', '/api/admin/texts', texts)).statusCode).toBe(200);
    await t.app.siteContent.settled();
    expect((await t.app.inject({ url: '/' })).body).toContain('Cedar Sauna');
    const content = await siteContent();
    expect(content.texts.aboutText).toEqual(['Run by the family who converted it.']);
    expect(content.texts.features[0]).toEqual({
      ...DEFAULT_SITE_CONTENT.texts.features[0],
      title: 'Cedar Sauna',
    });
  });

  it('renders nothing again for a save that changes nothing', async () => {
    const before = renders.length;
    await t.asOwner('PUT', '/api/admin/property-facts', { ...FACTS, addressPublic: false });
    await t.app.siteContent.settled();
    expect(renders).toHaveLength(before);
  });
});
