import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OWNER_TEXTS, type OwnerTextsRecord } from '../../domain/owner-texts.ts';
import { DEFAULT_PROPERTY_FACTS } from '../../domain/property-facts.ts';
import type { PropertyFactsInput } from '../../domain/property-facts-schemas.ts';
import { auditLog } from '../db/schema.ts';
import { signedInTestApp } from '../test/per-file.ts';

const t = signedInTestApp();

const auth = t.auth;
const request = (
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = auth(),
) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const FILLED: PropertyFactsInput = {
  licenceNumber: 'AC-00123-F',
  epcRating: 'c',
  maxOccupancy: 4,
  streetAddress: '12 Kirk Court, Union Street',
  postcode: 'ab10 1aa',
  addressPublic: false,
  social: {
    facebook: 'https://www.facebook.com/thetower',
    instagram: '',
    tiktok: null,
  },
  hashtags: ['TheTowerAberdeen', '#ChurchConversion'],
  enquiriesEmail: 'hello@thetower.example',
};

const latestAudit = async (action: string) =>
  (
    await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id))
  )[0];

describe('the property facts (Property tab)', () => {
  it('answers 401 without the admin token, for reading and for saving', async () => {
    expect((await request('GET', '/api/admin/property-facts', undefined, {})).statusCode).toBe(401);
    const put = await request('PUT', '/api/admin/property-facts', FILLED, {});
    expect(put.statusCode).toBe(401);
    expect(put.json().error).toBe('unauthorized');
    expect(
      (await request('GET', '/api/admin/property-facts', undefined, { authorization: 'Bearer nope' }))
        .statusCode,
    ).toBe(401);
  });

  it('starts from a fresh install’s facts: no licence, no EPC, no address, occupancy 4, the fixed stay times', async () => {
    const response = await request('GET', '/api/admin/property-facts');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      facts: DEFAULT_PROPERTY_FACTS,
      stayTimes: { checkIn: '4:00 PM', checkOut: '11:00 AM' },
      defaultEnquiriesEmail: 'stay@example.test',
    });
    expect(JSON.stringify(response.json())).not.toMatch(/placeholder/i);
  });

  it('saves the facts written the owner’s way and stored the standard way, and reads them back', async () => {
    const saved = await request('PUT', '/api/admin/property-facts', FILLED);
    expect(saved.statusCode).toBe(200);
    const expected = {
      licenceNumber: 'AC-00123-F',
      epcRating: 'C',
      maxOccupancy: 4,
      streetAddress: '12 Kirk Court, Union Street',
      postcode: 'AB10 1AA',
      addressPublic: false,
      social: { facebook: 'https://www.facebook.com/thetower', instagram: null, tiktok: null },
      hashtags: ['#TheTowerAberdeen', '#ChurchConversion'],
      enquiriesEmail: 'hello@thetower.example',
    };
    expect(saved.json().facts).toEqual(expected);
    expect((await request('GET', '/api/admin/property-facts')).json().facts).toEqual(expected);
  });

  it('writes one audit entry per change, naming each changed fact with its old and new value', async () => {
    const response = await request('PUT', '/api/admin/property-facts', { ...FILLED, epcRating: 'B' });
    expect(response.statusCode).toBe(200);
    const entry = await latestAudit('property.facts_changed');
    expect(entry?.actor).toBe('owner');
    expect(entry?.details).toEqual({ changed: { epcRating: { from: 'C', to: 'B' } } });
  });

  it('writes no audit entry when nothing changed', async () => {
    const before = await latestAudit('property.facts_changed');
    await request('PUT', '/api/admin/property-facts', { ...FILLED, epcRating: 'B' });
    expect((await latestAudit('property.facts_changed'))?.id).toBe(before?.id);
  });

  it('clears a fact given as blank: it is not given any more', async () => {
    const response = await request('PUT', '/api/admin/property-facts', { ...FILLED, licenceNumber: '   ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().facts.licenceNumber).toBeNull();
    const entry = await latestAudit('property.facts_changed');
    expect(entry?.details).toEqual({
      changed: {
        licenceNumber: { from: 'AC-00123-F', to: null },
        epcRating: { from: 'B', to: 'C' },
      },
    });
  });

  it.each([
    [{ epcRating: 'H' }, 'epcRating: The EPC rating is a band from A to G, as printed on the certificate'],
    [{ maxOccupancy: 0 }, 'maxOccupancy: The maximum occupancy must be a whole number of guests from 1 to 4'],
    [
      { maxOccupancy: 2.5 },
      'maxOccupancy: The maximum occupancy must be a whole number of guests from 1 to 4',
    ],
    [
      { maxOccupancy: 'four' },
      'maxOccupancy: The maximum occupancy must be a whole number of guests from 1 to 4',
    ],
    [{ postcode: '12345' }, 'postcode: The postcode is not a UK postcode (for example AB10 1AA)'],
    [{ licenceNumber: 'x'.repeat(61) }, 'licenceNumber: The licence number must be at most 60 characters'],
    [{ licenceNumber: 'AC\u0000123' }, 'licenceNumber: Remove the control characters from this field.'],
    [
      { social: { ...FILLED.social, facebook: 'https://faceb00k.example/thetower' } },
      'social.facebook: The Facebook link must be the address of a profile on facebook.com, such as https://www.facebook.com/yourpage',
    ],
    [
      { social: { ...FILLED.social, instagram: 'http://instagram.com/thetower' } },
      'social.instagram: The Instagram link must be the address of a profile on instagram.com, such as https://www.instagram.com/yourname',
    ],
    [
      { hashtags: ['#two words'] },
      'hashtags.0: A hashtag is # followed by letters, digits or underscores, without spaces',
    ],
    [{ hashtags: Array.from({ length: 11 }, (_, i) => `#tag${i}`) }, 'hashtags: At most 10 hashtags'],
    [
      { enquiriesEmail: 'not an address' },
      'enquiriesEmail: The enquiries e-mail is not a valid e-mail address',
    ],
    [{ addressPublic: 'yes' }, 'addressPublic: addressPublic must be true or false'],
  ])('answers 400 with a sentence for %j', async (change, message) => {
    const before = (await request('GET', '/api/admin/property-facts')).json();
    const response = await request('PUT', '/api/admin/property-facts', { ...FILLED, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message });
    expect((await request('GET', '/api/admin/property-facts')).json()).toEqual(before);
  });

  it('answers 400 for a body that is not the facts at all', async () => {
    const response = await request('PUT', '/api/admin/property-facts', ['nope']);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_input');
  });
});

const editedTexts = (): OwnerTextsRecord => ({
  experience: ['A church, a tower, a home.', 'Five floors above Aberdeen.'],
  about: ['Run by the family who converted it.'],
  features: DEFAULT_OWNER_TEXTS.features.map((feature, index) =>
    index === 0 ? { ...feature, title: 'Cedar Sauna', text: 'Warm, quiet and yours.' } : feature,
  ),
  uniquePoints: DEFAULT_OWNER_TEXTS.uniquePoints.map((point, index) =>
    index === 2 ? { title: 'The Tower Room', text: 'Windows on every side.' } : point,
  ),
});

describe('the owner’s texts (Texts tab)', () => {
  it('answers 401 without the admin token', async () => {
    expect((await request('GET', '/api/admin/texts', undefined, {})).statusCode).toBe(401);
    expect((await request('PUT', '/api/admin/texts', editedTexts(), {})).statusCode).toBe(401);
    expect((await request('DELETE', '/api/admin/texts', undefined, {})).statusCode).toBe(401);
  });

  it('starts from the site’s original copy', async () => {
    const response = await request('GET', '/api/admin/texts');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_OWNER_TEXTS);
  });

  it('saves the texts, drops empty paragraphs, and names what changed in the audit log', async () => {
    const texts = editedTexts();
    const response = await request('PUT', '/api/admin/texts', { ...texts, about: [...texts.about, '  '] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(texts);
    expect((await request('GET', '/api/admin/texts')).json()).toEqual(texts);
    const entry = await latestAudit('texts.changed');
    expect(entry?.details).toEqual({
      changed: ['experience', 'about', 'features.feature-sauna', 'uniquePoints.3'],
    });
  });

  it.each([
    [{ experience: [] }, 'experience: Write at least one paragraph of The Tower Experience'],
    [{ about: ['  '] }, 'about: Write at least one paragraph of About The Tower'],
    [
      { experience: Array.from({ length: 7 }, () => 'A paragraph.') },
      'experience: The Tower Experience may have at most 6 paragraphs',
    ],
    [
      { experience: ['x'.repeat(1201)] },
      'experience.0: A paragraph of The Tower Experience must be at most 1200 characters',
    ],
    [
      { features: DEFAULT_OWNER_TEXTS.features.slice(1) },
      'features: features must be the 6 features, in order: feature-sauna, feature-tower-room, feature-roof-terrace, feature-cast-iron-bath, feature-kitchen, feature-master-bedroom',
    ],
    [
      { features: DEFAULT_OWNER_TEXTS.features.map((f, i) => (i === 1 ? { ...f, title: ' ' } : f)) },
      'features.1.title: Give a feature a title',
    ],
    [
      { uniquePoints: DEFAULT_OWNER_TEXTS.uniquePoints.slice(0, 7) },
      "uniquePoints: 'What Makes The Tower Unique' has exactly 8 points",
    ],
    [
      {
        uniquePoints: DEFAULT_OWNER_TEXTS.uniquePoints.map((p, i) =>
          i === 0 ? { ...p, text: 'x'.repeat(301) } : p,
        ),
      },
      'uniquePoints.0.text: The text of a unique point must be at most 300 characters',
    ],
  ])('answers 400 with a sentence for %j', async (change, message) => {
    const before = (await request('GET', '/api/admin/texts')).json();
    const response = await request('PUT', '/api/admin/texts', { ...editedTexts(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message });
    expect((await request('GET', '/api/admin/texts')).json()).toEqual(before);
  });

  it('DELETE puts the original copy back, with an audit entry', async () => {
    const response = await request('DELETE', '/api/admin/texts');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_OWNER_TEXTS);
    expect((await request('GET', '/api/admin/texts')).json()).toEqual(DEFAULT_OWNER_TEXTS);
    expect((await latestAudit('texts.reset'))?.details).toEqual({
      changed: ['experience', 'about', 'features.feature-sauna', 'uniquePoints.3'],
    });
  });
});
